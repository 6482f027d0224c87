//! Parallel iterators over inclusive ranges of integers and chars: `(a..=b).into_par_iter()`.
//!
//! As in rayon, ranges of `u8`, `u16`, `i8`, `i16` and `char` are indexed; the others are
//! unindexed but report their length through `opt_len` when it fits in a `usize`.

use crate::iter::*;
use crate::plumbing::bridged;
use crate::plumbing::*;
use crate::range::{char_distance, drive_range, CharProducer, OffsetProducer, RangeInteger};
use std::ops::RangeInclusive;

/// A parallel iterator over an inclusive range: what `into_par_iter` gives for
/// `RangeInclusive<T>`.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::range_inclusive::Iter<u8> = (0..=255u8).into_par_iter();
/// assert_eq!(it.count(), 256);
/// ```
#[derive(Clone, Debug)]
pub struct Iter<T> {
    range: RangeInclusive<T>,
}

/// The length of a non-empty inclusive range, `None` when it is 2^128.
fn len_u128<T: RangeInteger>(range: &RangeInclusive<T>) -> Option<u128> {
    if range.is_empty() {
        Some(0)
    } else {
        T::distance(*range.start(), *range.end()).checked_add(1)
    }
}

impl<T: RangeInteger> IntoParallelIterator for RangeInclusive<T> {
    type Iter = Iter<T>;
    type Item = T;

    fn into_par_iter(self) -> Iter<T> {
        Iter { range: self }
    }
}

impl<T: RangeInteger> ParallelIterator for Iter<T> {
    type Item = T;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<T>,
    {
        let start = *self.range.start();
        match len_u128(&self.range) {
            Some(len) => drive_range(start, len, consumer),
            None => {
                // Every 128-bit value: two halves of 2^127 items each.
                let half = 1u128 << 127;
                let reducer = consumer.to_reducer();
                let left = consumer.split_off_left();
                let (a, b) = crate::weight::scope::join(
                    || drive_range(start, half, left),
                    || drive_range(start.offset(half), half, consumer),
                );
                reducer.reduce(a, b)
            }
        }
    }

    fn opt_len(&self) -> Option<usize> {
        len_u128(&self.range).and_then(|len| usize::try_from(len).ok())
    }
}

macro_rules! indexed_range {
    ($($t:ty),*) => {$(
        impl IndexedParallelIterator for Iter<$t> {
            fn len(&self) -> usize {
                // At most 65,536 items for these types.
                len_u128(&self.range).unwrap_or(0) as usize
            }

            fn drive<C: Consumer<$t>>(self, consumer: C) -> C::Result {
                bridge(self, consumer)
            }

            fn with_producer<CB: ProducerCallback<$t>>(self, callback: CB) -> CB::Output {
                let len = self.len();
                callback.callback(OffsetProducer { start: *self.range.start(), offsets: 0..len })
            }
        }
    )*};
}

indexed_range!(u8, u16, i8, i16);

impl IntoParallelIterator for RangeInclusive<char> {
    type Iter = Iter<char>;
    type Item = char;

    fn into_par_iter(self) -> Iter<char> {
        Iter { range: self }
    }
}

bridged! {
    impl[] Iter<char> {
        type Item = char;

        fn len(&self) -> usize {
            if self.range.is_empty() {
                0
            } else {
                char_distance(*self.range.start() as u32, *self.range.end() as u32) + 1
            }
        }

        fn with_producer<CB: ProducerCallback<char>>(self, callback: CB) -> CB::Output {
            let len = self.len();
            callback.callback(CharProducer {
                start: *self.range.start(),
                offsets: 0..len,
            })
        }
    }
}

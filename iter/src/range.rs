//! Parallel iterators over ranges of integers and chars: `(a..b).into_par_iter()`.
//!
//! Ranges of `u8`, `u16`, `u32`, `usize`, their signed twins and `char` are indexed, as in
//! rayon; ranges of 64- and 128-bit integers are unindexed (their length may not fit in a
//! `usize`), but report their length through `opt_len` when it fits and then split by index.

use crate::iter::*;
use crate::plumbing::bridged;
use crate::plumbing::*;
use std::ops::Range;

/// A parallel iterator over a range: what `into_par_iter` gives for `Range<T>`.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::range::Iter<u64> = (0..10u64).into_par_iter();
/// assert_eq!(it.sum::<u64>(), 45);
/// ```
#[derive(Clone, Debug)]
pub struct Iter<T> {
    range: Range<T>,
}

/// An integer a range of which can run in parallel (every primitive integer type; sealed).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::range::RangeInteger;
///
/// fn total<T: RangeInteger + std::iter::Sum<T>>(r: std::ops::Range<T>) -> T {
///     r.into_par_iter().sum()
/// }
/// assert_eq!(total(0..10u64), 45);
/// ```
pub trait RangeInteger: Copy + Send + Sync + Ord + 'static + private::Sealed {
    /// `hi - lo` as a `u128`, for `lo <= hi`.
    #[doc(hidden)]
    fn distance(lo: Self, hi: Self) -> u128;
    /// `self + n`, wrapping.
    #[doc(hidden)]
    fn offset(self, n: u128) -> Self;
}

mod private {
    pub trait Sealed {}
}

macro_rules! range_integer {
    ($($t:ty => $u:ty),*) => {$(
        impl private::Sealed for $t {}
        impl RangeInteger for $t {
            #[inline]
            fn distance(lo: Self, hi: Self) -> u128 {
                hi.wrapping_sub(lo) as $u as u128
            }
            #[inline]
            fn offset(self, n: u128) -> Self {
                self.wrapping_add(n as $t)
            }
        }
    )*};
}

range_integer!(u8 => u8, u16 => u16, u32 => u32, u64 => u64, u128 => u128, usize => usize,
    i8 => u8, i16 => u16, i32 => u32, i64 => u64, i128 => u128, isize => usize);

impl<T: RangeInteger> Iter<T> {
    fn len_u128(&self) -> u128 {
        if self.range.start < self.range.end {
            T::distance(self.range.start, self.range.end)
        } else {
            0
        }
    }
}

/// Items `start + i` for `i` in a range of offsets: the producer of every integer range whose
/// length fits in a `usize`.
#[derive(Debug)]
pub(crate) struct OffsetProducer<T> {
    pub(crate) start: T,
    pub(crate) offsets: Range<usize>,
}

impl<T: RangeInteger> Producer for OffsetProducer<T> {
    type Item = T;
    type IntoIter = OffsetIter<T>;

    fn into_iter(self) -> OffsetIter<T> {
        OffsetIter {
            start: self.start,
            offsets: self.offsets,
        }
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let mid = self.offsets.start + index;
        (
            OffsetProducer {
                start: self.start,
                offsets: self.offsets.start..mid,
            },
            OffsetProducer {
                start: self.start,
                offsets: mid..self.offsets.end,
            },
        )
    }
}

/// The sequential iterator of an [`OffsetProducer`].
#[derive(Debug)]
pub(crate) struct OffsetIter<T> {
    start: T,
    offsets: Range<usize>,
}

impl<T: RangeInteger> Iterator for OffsetIter<T> {
    type Item = T;

    #[inline]
    fn next(&mut self) -> Option<T> {
        self.offsets.next().map(|i| self.start.offset(i as u128))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.offsets.size_hint()
    }

    fn fold<B, F: FnMut(B, T) -> B>(self, init: B, mut f: F) -> B {
        let start = self.start;
        self.offsets
            .fold(init, move |acc, i| f(acc, start.offset(i as u128)))
    }
}

impl<T: RangeInteger> DoubleEndedIterator for OffsetIter<T> {
    #[inline]
    fn next_back(&mut self) -> Option<T> {
        self.offsets
            .next_back()
            .map(|i| self.start.offset(i as u128))
    }
}

impl<T: RangeInteger> ExactSizeIterator for OffsetIter<T> {}

/// A range too long for a `usize`: `len` items from `start`, split in halves.
struct BigRangeProducer<T> {
    start: T,
    len: u128,
}

impl<T: RangeInteger> UnindexedProducer for BigRangeProducer<T> {
    type Item = T;

    fn split(self) -> (Self, Option<Self>) {
        if self.len < 2 {
            return (self, None);
        }
        let half = self.len / 2;
        (
            BigRangeProducer {
                start: self.start,
                len: half,
            },
            Some(BigRangeProducer {
                start: self.start.offset(half),
                len: self.len - half,
            }),
        )
    }

    fn fold_with<F: Folder<T>>(self, folder: F) -> F {
        let start = self.start;
        folder.consume_iter((0..self.len).map(move |i| start.offset(i)))
    }
}

/// Drives `len` items from `start` into `consumer`, by index when `len` fits in a `usize`.
pub(crate) fn drive_range<T, C>(start: T, len: u128, consumer: C) -> C::Result
where
    T: RangeInteger,
    C: UnindexedConsumer<T>,
{
    match usize::try_from(len) {
        Ok(len) => bridge_producer_consumer(
            len,
            OffsetProducer {
                start,
                offsets: 0..len,
            },
            consumer,
        ),
        Err(_) => bridge_unindexed(BigRangeProducer { start, len }, consumer),
    }
}

impl<T: RangeInteger> IntoParallelIterator for Range<T> {
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
        let len = self.len_u128();
        drive_range(self.range.start, len, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        usize::try_from(self.len_u128()).ok()
    }
}

macro_rules! indexed_range {
    ($($t:ty),*) => {$(
        impl IndexedParallelIterator for Iter<$t> {
            fn len(&self) -> usize {
                // The length of a range of these types always fits in a usize.
                self.len_u128() as usize
            }

            fn drive<C: Consumer<$t>>(self, consumer: C) -> C::Result {
                bridge(self, consumer)
            }

            fn with_producer<CB: ProducerCallback<$t>>(self, callback: CB) -> CB::Output {
                let len = self.len();
                callback.callback(OffsetProducer { start: self.range.start, offsets: 0..len })
            }
        }
    )*};
}

indexed_range!(u8, u16, u32, usize, i8, i16, i32, isize);

/// The number of chars from `lo` up to (not including) `hi`, skipping surrogates.
pub(crate) fn char_distance(lo: u32, hi: u32) -> usize {
    const GAP: u32 = 0xE000 - 0xD800;
    let d = hi.saturating_sub(lo);
    let d = if lo < 0xD800 && hi >= 0xE000 {
        d - GAP
    } else {
        d
    };
    d as usize
}

/// Chars from `start`, indexed by offset and skipping the surrogate gap.
#[derive(Debug)]
pub(crate) struct CharProducer {
    pub(crate) start: char,
    pub(crate) offsets: Range<usize>,
}

fn char_at(start: char, offset: usize) -> char {
    let start = start as u32;
    let mut c = start + offset as u32;
    if start < 0xD800 && c >= 0xD800 {
        c += 0xE000 - 0xD800;
    }
    char::from_u32(c).expect("offset stays within the char range")
}

impl Producer for CharProducer {
    type Item = char;
    type IntoIter = CharIter;

    fn into_iter(self) -> CharIter {
        CharIter {
            start: self.start,
            offsets: self.offsets,
        }
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let mid = self.offsets.start + index;
        (
            CharProducer {
                start: self.start,
                offsets: self.offsets.start..mid,
            },
            CharProducer {
                start: self.start,
                offsets: mid..self.offsets.end,
            },
        )
    }
}

/// The sequential iterator of a [`CharProducer`].
#[derive(Debug)]
pub(crate) struct CharIter {
    start: char,
    offsets: Range<usize>,
}

impl Iterator for CharIter {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        self.offsets.next().map(|i| char_at(self.start, i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.offsets.size_hint()
    }
}

impl DoubleEndedIterator for CharIter {
    fn next_back(&mut self) -> Option<char> {
        self.offsets.next_back().map(|i| char_at(self.start, i))
    }
}

impl ExactSizeIterator for CharIter {}

impl IntoParallelIterator for Range<char> {
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
            char_distance(self.range.start as u32, self.range.end as u32)
        }

        fn with_producer<CB: ProducerCallback<char>>(self, callback: CB) -> CB::Output {
            let len = self.len();
            callback.callback(CharProducer {
                start: self.range.start,
                offsets: 0..len,
            })
        }
    }
}

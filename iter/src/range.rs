//! Parallel iterators over ranges of integers and chars: `(a..b).into_par_iter()`.
//!
//! Ranges of `u8`, `u16`, `u32`, `usize`, their signed twins and `char` are indexed, as in
//! rayon; ranges of 64- and 128-bit integers are unindexed (their length may not fit in a
//! `usize`), but report their length through `opt_len` when it fits and then split by index.
//!
//! [`range_inclusive`](crate::range_inclusive) shares the implementation: `Span` measures
//! either kind of range, and `range_iter!` writes each kind's impls.

use crate::iter::*;
use crate::plumbing::*;
use std::ops::{Range, RangeInclusive};

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

/// An item of a range, reached by an offset from the range's first item: every
/// [`RangeInteger`] and `char`.
pub(crate) trait Step: Copy + Send + Sync + 'static {
    /// The item `n` places after `self` (integers wrap; chars skip the surrogate gap).
    fn step(self, n: u128) -> Self;
}

impl<T: RangeInteger> Step for T {
    #[inline]
    fn step(self, n: u128) -> T {
        self.offset(n)
    }
}

impl Step for char {
    #[inline]
    fn step(self, n: u128) -> char {
        let start = self as u32;
        // A char range holds fewer than 2^21 chars: the offset fits in a `u32`.
        let mut c = start + n as u32;
        if start < 0xD800 && c >= 0xD800 {
            c += 0xE000 - 0xD800;
        }
        char::from_u32(c).expect("offset stays within the char range")
    }
}

/// A range as the parallel iterators of both range kinds see it: its first item and how many
/// items it holds.
pub(crate) trait Span {
    /// What the range yields.
    type Item: Step;
    /// The first item; meaningless when the range is empty.
    fn first(&self) -> Self::Item;
    /// How many items the range holds; `None` for 2^128, which only an inclusive range over
    /// every value of a 128-bit type holds.
    fn count(&self) -> Option<u128>;
}

impl<T: RangeInteger> Span for Range<T> {
    type Item = T;

    fn first(&self) -> T {
        self.start
    }

    fn count(&self) -> Option<u128> {
        Some(if self.start < self.end {
            T::distance(self.start, self.end)
        } else {
            0
        })
    }
}

impl<T: RangeInteger> Span for RangeInclusive<T> {
    type Item = T;

    fn first(&self) -> T {
        *self.start()
    }

    fn count(&self) -> Option<u128> {
        if self.is_empty() {
            Some(0)
        } else {
            T::distance(*self.start(), *self.end()).checked_add(1)
        }
    }
}

impl Span for Range<char> {
    type Item = char;

    fn first(&self) -> char {
        self.start
    }

    fn count(&self) -> Option<u128> {
        Some(char_distance(self.start, self.end))
    }
}

impl Span for RangeInclusive<char> {
    type Item = char;

    fn first(&self) -> char {
        *self.start()
    }

    fn count(&self) -> Option<u128> {
        Some(if self.is_empty() {
            0
        } else {
            char_distance(*self.start(), *self.end()) + 1
        })
    }
}

/// The number of chars from `lo` up to (not including) `hi`, skipping surrogates.
fn char_distance(lo: char, hi: char) -> u128 {
    const GAP: u32 = 0xE000 - 0xD800;
    let (lo, hi) = (lo as u32, hi as u32);
    let d = hi.saturating_sub(lo);
    let d = if lo < 0xD800 && hi >= 0xE000 {
        d - GAP
    } else {
        d
    };
    u128::from(d)
}

/// The length of `span`, if it fits in a `usize`.
pub(crate) fn opt_len(span: &impl Span) -> Option<usize> {
    span.count().and_then(|len| usize::try_from(len).ok())
}

/// The length of a span of an indexed type, every range of which fits in a `usize`.
pub(crate) fn exact_len(span: &impl Span) -> usize {
    opt_len(span).expect("every range of an indexed type fits in a usize")
}

/// Hands `callback` the producer of a span of an indexed type.
pub(crate) fn produce<S, CB>(span: &S, callback: CB) -> CB::Output
where
    S: Span,
    CB: ProducerCallback<S::Item>,
{
    callback.callback(OffsetProducer {
        start: span.first(),
        offsets: 0..exact_len(span),
    })
}

/// Drives every item of `span` into `consumer`, by index where its length fits in a `usize`.
pub(crate) fn drive_span<S, C>(span: &S, consumer: C) -> C::Result
where
    S: Span,
    C: UnindexedConsumer<S::Item>,
{
    let start = span.first();
    match span.count() {
        Some(len) => drive_range(start, len, consumer),
        None => {
            // Every 128-bit value: two halves of 2^127 items each.
            let half = 1u128 << 127;
            let reducer = consumer.to_reducer();
            let left = consumer.split_off_left();
            let (a, b) = crate::weight::scope::join(
                || drive_range(start, half, left),
                || drive_range(start.step(half), half, consumer),
            );
            reducer.reduce(a, b)
        }
    }
}

/// Items `start + i` for `i` in a range of offsets: the producer of every range whose length
/// fits in a `usize`.
#[derive(Debug)]
struct OffsetProducer<T> {
    start: T,
    offsets: Range<usize>,
}

impl<T: Step> Producer for OffsetProducer<T> {
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
struct OffsetIter<T> {
    start: T,
    offsets: Range<usize>,
}

impl<T: Step> Iterator for OffsetIter<T> {
    type Item = T;

    #[inline]
    fn next(&mut self) -> Option<T> {
        self.offsets.next().map(|i| self.start.step(i as u128))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.offsets.size_hint()
    }

    fn fold<B, F: FnMut(B, T) -> B>(self, init: B, mut f: F) -> B {
        let start = self.start;
        self.offsets
            .fold(init, move |acc, i| f(acc, start.step(i as u128)))
    }
}

impl<T: Step> DoubleEndedIterator for OffsetIter<T> {
    #[inline]
    fn next_back(&mut self) -> Option<T> {
        self.offsets.next_back().map(|i| self.start.step(i as u128))
    }
}

impl<T: Step> ExactSizeIterator for OffsetIter<T> {}

/// A range too long for a `usize`: `len` items from `start`, split in halves.
struct BigRangeProducer<T> {
    start: T,
    len: u128,
}

impl<T: Step> UnindexedProducer for BigRangeProducer<T> {
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
                start: self.start.step(half),
                len: self.len - half,
            }),
        )
    }

    fn fold_with<F: Folder<T>>(self, folder: F) -> F {
        let start = self.start;
        folder.consume_iter((0..self.len).map(move |i| start.step(i)))
    }
}

/// Drives `len` items from `start` into `consumer`, by index when `len` fits in a `usize`.
fn drive_range<T, C>(start: T, len: u128, consumer: C) -> C::Result
where
    T: Step,
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

/// The impls of a range iterator `$Iter<T>`, made from a `$Range<T>` kept in its field `range`
/// (a [`Span`]): `IntoParallelIterator` for the range, and the parallel iterator, unindexed for
/// every [`RangeInteger`], indexed for the integer types listed (those every range of which
/// fits in a `usize`) and for `char`.
macro_rules! range_iter {
    ($Iter:ident from $Range:ident, indexed: $($t:ty),*) => {
        impl<T: $crate::range::RangeInteger> IntoParallelIterator for $Range<T> {
            type Iter = $Iter<T>;
            type Item = T;

            fn into_par_iter(self) -> $Iter<T> {
                $Iter { range: self }
            }
        }

        impl IntoParallelIterator for $Range<char> {
            type Iter = $Iter<char>;
            type Item = char;

            fn into_par_iter(self) -> $Iter<char> {
                $Iter { range: self }
            }
        }

        impl<T: $crate::range::RangeInteger> ParallelIterator for $Iter<T> {
            type Item = T;

            fn drive_unindexed<C>(self, consumer: C) -> C::Result
            where
                C: UnindexedConsumer<T>,
            {
                $crate::range::drive_span(&self.range, consumer)
            }

            fn opt_len(&self) -> Option<usize> {
                $crate::range::opt_len(&self.range)
            }
        }

        $(
            impl IndexedParallelIterator for $Iter<$t> {
                // Inline: compiled where used, not once per integer type in this crate.
                #[inline]
                fn len(&self) -> usize {
                    $crate::range::exact_len(&self.range)
                }

                fn drive<C: Consumer<$t>>(self, consumer: C) -> C::Result {
                    bridge(self, consumer)
                }

                fn with_producer<CB: ProducerCallback<$t>>(self, callback: CB) -> CB::Output {
                    $crate::range::produce(&self.range, callback)
                }
            }
        )*

        $crate::plumbing::bridged! {
            impl[] $Iter<char> {
                type Item = char;

                #[inline]
                fn len(&self) -> usize {
                    $crate::range::exact_len(&self.range)
                }

                fn with_producer<CB: ProducerCallback<char>>(self, callback: CB) -> CB::Output {
                    $crate::range::produce(&self.range, callback)
                }
            }
        }
    };
}
pub(crate) use range_iter;

range_iter!(Iter from Range, indexed: u8, u16, u32, usize, i8, i16, i32, isize);

//! Parallel iterators over inclusive ranges of integers and chars: `(a..=b).into_par_iter()`.
//!
//! As in rayon, ranges of `u8`, `u16`, `i8`, `i16` and `char` are indexed; the others are
//! unindexed but report their length through `opt_len` when it fits in a `usize`.

use crate::iter::*;
use crate::plumbing::*;
use crate::range::range_iter;
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

range_iter!(Iter from RangeInclusive, indexed: u8, u16, i8, i16);

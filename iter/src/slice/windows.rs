//! `par_windows`: every overlapping window of a given size.

use super::chunks::indexed_slice_iterator;
use crate::iter::*;
use crate::plumbing::*;

/// A parallel iterator over the overlapping windows of `window_size` elements of a slice.
/// Made by [`ParallelSlice::par_windows`](super::ParallelSlice::par_windows).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let v = [1, 2, 3, 4];
/// let sums: Vec<i32> = v.par_windows(2).map(|w| w[0] + w[1]).collect();
/// assert_eq!(sums, [3, 5, 7]);
/// ```
#[derive(Debug)]
pub struct Windows<'data, T> {
    window_size: usize,
    slice: &'data [T],
}

impl<'data, T> Windows<'data, T> {
    pub(super) fn new(window_size: usize, slice: &'data [T]) -> Self {
        assert!(window_size != 0, "window size must be non-zero");
        Windows { window_size, slice }
    }
}

impl<T> Clone for Windows<'_, T> {
    fn clone(&self) -> Self {
        Windows { ..*self }
    }
}

indexed_slice_iterator!(Windows: Sync, &'data [T],
    len(s) = (s.slice.len() + 1).saturating_sub(s.window_size),
    producer(s) = WindowsProducer { window_size: s.window_size, slice: s.slice });

/// Produces the windows of a slice; its pieces overlap by `window_size - 1` elements.
struct WindowsProducer<'data, T> {
    window_size: usize,
    slice: &'data [T],
}

impl<'data, T: Sync + 'data> Producer for WindowsProducer<'data, T> {
    type Item = &'data [T];
    type IntoIter = std::slice::Windows<'data, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.slice.windows(self.window_size)
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        // The first `index` windows start at 0..index and end by `index + window_size - 1`;
        // the rest start at `index`.
        let left_end = (index + self.window_size - 1).min(self.slice.len());
        let left = &self.slice[..left_end];
        let right = &self.slice[index.min(self.slice.len())..];
        let window_size = self.window_size;
        (
            WindowsProducer {
                window_size,
                slice: left,
            },
            WindowsProducer {
                window_size,
                slice: right,
            },
        )
    }
}

//! `par_windows`: every overlapping window of a given size.

use super::chunks::indexed_slice_iterator;
use crate::plumbing::bridged;
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

/// A parallel iterator over the overlapping windows of `N` elements of a slice, each as an
/// array reference. Made by
/// [`ParallelSlice::par_array_windows`](super::ParallelSlice::par_array_windows).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let v = [1, 2, 3, 4];
/// let sums: Vec<i32> = v.par_array_windows().map(|[a, b]| a + b).collect();
/// assert_eq!(sums, [3, 5, 7]);
/// ```
#[derive(Debug)]
pub struct ArrayWindows<'data, T, const N: usize> {
    slice: &'data [T],
}

impl<'data, T, const N: usize> ArrayWindows<'data, T, N> {
    pub(super) fn new(slice: &'data [T]) -> Self {
        assert!(N != 0, "window size must be non-zero");
        ArrayWindows { slice }
    }
}

impl<T, const N: usize> Clone for ArrayWindows<'_, T, N> {
    fn clone(&self) -> Self {
        ArrayWindows { ..*self }
    }
}

bridged! {
    impl['data, T: Sync + 'data, const N: usize] ArrayWindows<'data, T, N> {
        type Item = &'data [T; N];

        fn len(&self) -> usize {
            (self.slice.len() + 1).saturating_sub(N)
        }

        fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
            callback.callback(ArrayWindowsProducer::<T, N>(WindowsProducer {
                window_size: N,
                slice: self.slice,
            }))
        }
    }
}

/// The windows of [`WindowsProducer`], each seen as an array of `N` (its window size).
struct ArrayWindowsProducer<'data, T, const N: usize>(WindowsProducer<'data, T>);

/// Sees a window of `N` elements as an array.
fn as_array<T, const N: usize>(window: &[T]) -> &[T; N] {
    window
        .try_into()
        .expect("a window holds exactly N elements")
}

impl<'data, T: Sync + 'data, const N: usize> Producer for ArrayWindowsProducer<'data, T, N> {
    type Item = &'data [T; N];
    type IntoIter = std::iter::Map<std::slice::Windows<'data, T>, fn(&'data [T]) -> &'data [T; N]>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter().map(as_array::<T, N>)
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.0.split_at(index);
        (ArrayWindowsProducer(left), ArrayWindowsProducer(right))
    }
}

//! `Vec::par_drain`: a range of a vector moved out in parallel, in place, and the producer
//! that owns the items of a slice while they are handed out.

use std::iter::FusedIterator;
use std::mem;
use std::ops::{DerefMut, Range, RangeBounds};
use std::ptr;
use std::slice;

use super::{range_drain, simplify_range};
use crate::plumbing::bridged;
use crate::plumbing::{Producer, ProducerCallback};

range_drain! {
    /// A parallel iterator that moves a range of items out of a `Vec`; made by
    /// [`ParallelDrainRange::par_drain`](crate::drain::ParallelDrainRange::par_drain). The
    /// range is removed when the iterator is dropped, whether or not it was consumed.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::drain::ParallelDrainRange;
    ///
    /// let mut v = vec![String::from("a"), String::from("b"), String::from("c")];
    /// let drained = v.par_drain(1..);
    /// assert_eq!(drained.len(), 2);
    /// assert_eq!(drained.collect::<Vec<_>>(), ["b", "c"]);
    /// assert_eq!(v, ["a"]);
    /// ```
    Drain<'data, T> of Vec<T>, lent as &'data mut Vec<T> = |vec| vec
}

/// A range of a vector to move out, the vector reached through `V`: the `&mut Vec<T>` itself,
/// or a guard that lends another collection's items as a vector (see [`range_drain!`]). The
/// range is removed when this is dropped, whether or not it was produced. Both kinds of `V`
/// deref to the same vector every time, which the `SAFETY` arguments below rely on (a
/// `DrainGuard` holds its vector until it is dropped, after `RangeDrain::drop`).
#[derive(Debug)]
pub(crate) struct RangeDrain<T, V: DerefMut<Target = Vec<T>>> {
    vec: V,
    range: Range<usize>,
    orig_len: usize,
}

impl<T, V: DerefMut<Target = Vec<T>>> RangeDrain<T, V> {
    pub(crate) fn new(vec: V, range: impl RangeBounds<usize>) -> Self {
        let orig_len = vec.len();
        RangeDrain {
            range: simplify_range(range, orig_len),
            orig_len,
            vec,
        }
    }
}

bridged! {
    impl[T: Send, V: DerefMut<Target = Vec<T>> + Send] RangeDrain<T, V> {
        type Item = T;

        fn len(&self) -> usize {
            self.range.len()
        }

        fn with_producer<CB>(mut self, callback: CB) -> CB::Output
        where
            CB: ProducerCallback<Self::Item>,
        {
            let Range { start, end } = self.range;
            // SAFETY: `start <= orig_len == len` (checked by `simplify_range`), and the items
            // from `start` on stay initialized in the buffer: the vector forgets them (the drained
            // range is now owned by the producer, the tail until `drop` moves it back).
            unsafe { self.vec.set_len(start) };
            // SAFETY: `start..end` is in bounds of the buffer and holds initialized items that
            // nothing else will read or drop: the vector's length stops at `start`, and `drop`
            // (which runs after the callback returns) only touches the tail after `end`.
            let producer = unsafe { DrainProducer::from_vec(&mut self.vec, end - start) };
            callback.callback(producer)
        }
    }
}

impl<T, V: DerefMut<Target = Vec<T>>> Drop for RangeDrain<T, V> {
    fn drop(&mut self) {
        let Range { start, end } = self.range;
        if self.vec.len() == self.orig_len {
            // Never produced (`with_producer` did not run): remove the range sequentially.
            self.vec.drain(start..end);
        } else if start == end {
            // SAFETY: nothing was drained and the tail never moved: every item up to
            // `orig_len` is still initialized in place.
            unsafe { self.vec.set_len(self.orig_len) };
        } else if end < self.orig_len {
            // The producer moved out or dropped every drained item; close the gap by moving
            // the tail down.
            let tail_len = self.orig_len - end;
            // SAFETY: `end..orig_len` holds the initialized tail, `start..` has room for it
            // (`start < end`), `ptr::copy` handles the overlap, and after the copy exactly
            // `start + tail_len` initialized items sit at the front of the buffer.
            unsafe {
                let base = self.vec.as_mut_ptr();
                ptr::copy(base.add(end), base.add(start), tail_len);
                self.vec.set_len(start + tail_len);
            }
        }
    }
}

/// A producer that owns the items of a slice it borrows: it moves them out as it yields
/// them, and drops those it never yields.
pub(crate) struct DrainProducer<'data, T: Send> {
    slice: &'data mut [T],
}

impl<T: Send> DrainProducer<'_, T> {
    /// # Safety
    ///
    /// Every item of `slice` must be initialized and owned by the producer from now on: the
    /// caller must neither read nor drop them again.
    pub(crate) unsafe fn new(slice: &mut [T]) -> DrainProducer<'_, T> {
        DrainProducer { slice }
    }

    /// A producer over the `len` items just past the end of `vec`.
    ///
    /// # Safety
    ///
    /// `vec.len() + len` must not exceed the capacity, those `len` slots must hold
    /// initialized items, and ownership of them passes to the producer (as for [`Self::new`]).
    unsafe fn from_vec(vec: &mut Vec<T>, len: usize) -> DrainProducer<'_, T> {
        let start = vec.len();
        assert!(
            vec.capacity() - start >= len,
            "drain of {len} items past {start} overflows a capacity of {}",
            vec.capacity()
        );
        // SAFETY: `start + len <= capacity` (asserted), the pointer comes from the vector
        // itself (provenance over the whole buffer), and the caller guarantees the items are
        // initialized and handed over.
        unsafe {
            let ptr = vec.as_mut_ptr().add(start);
            DrainProducer::new(slice::from_raw_parts_mut(ptr, len))
        }
    }
}

impl<'data, T: 'data + Send> Producer for DrainProducer<'data, T> {
    type Item = T;
    type IntoIter = SliceDrain<'data, T>;

    fn into_iter(mut self) -> Self::IntoIter {
        // Leave an empty slice behind so that our `drop` has nothing left to drop.
        let slice = mem::take(&mut self.slice);
        SliceDrain {
            iter: slice.iter_mut(),
        }
    }

    fn split_at(mut self, index: usize) -> (Self, Self) {
        let slice = mem::take(&mut self.slice);
        let (left, right) = slice.split_at_mut(index);
        // SAFETY: the two halves are the items this producer owned, handed on exactly once.
        unsafe { (DrainProducer::new(left), DrainProducer::new(right)) }
    }
}

impl<'data, T: 'data + Send> Drop for DrainProducer<'data, T> {
    fn drop(&mut self) {
        let slice: *mut [T] = mem::take::<&mut [T]>(&mut self.slice);
        // SAFETY: the producer owns these initialized items and nothing else will touch them.
        unsafe { ptr::drop_in_place(slice) };
    }
}

impl<T: Send> std::fmt::Debug for DrainProducer<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DrainProducer")
            .field("len", &self.slice.len())
            .finish()
    }
}

/// The sequential iterator of a [`DrainProducer`]: reads items out of the slice, and drops
/// those left when it is dropped (like `vec::Drain` without a vector to update).
pub(crate) struct SliceDrain<'data, T> {
    iter: slice::IterMut<'data, T>,
}

impl<'data, T: 'data> Iterator for SliceDrain<'data, T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        // Take a raw pointer at once: the reference is about to point at a moved-out value.
        let ptr: *const T = self.iter.next()?;
        // SAFETY: the item is initialized and owned by this iterator, and the iterator has
        // stepped past it, so it is read exactly once.
        Some(unsafe { ptr::read(ptr) })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.iter.size_hint()
    }
}

impl<'data, T: 'data> DoubleEndedIterator for SliceDrain<'data, T> {
    fn next_back(&mut self) -> Option<T> {
        let ptr: *const T = self.iter.next_back()?;
        // SAFETY: as in `next`.
        Some(unsafe { ptr::read(ptr) })
    }
}

impl<'data, T: 'data> ExactSizeIterator for SliceDrain<'data, T> {}

impl<'data, T: 'data> FusedIterator for SliceDrain<'data, T> {}

impl<'data, T: 'data> Drop for SliceDrain<'data, T> {
    fn drop(&mut self) {
        let rest: *mut [T] = mem::take(&mut self.iter).into_slice();
        // SAFETY: the items not yet yielded are initialized and owned by this iterator.
        unsafe { ptr::drop_in_place(rest) };
    }
}

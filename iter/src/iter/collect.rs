//! Ordered collection into a `Vec`: items are written straight into the vector's uninitialized
//! spare capacity, each piece into its own slots.

use super::*;
use crate::plumbing::*;
use std::marker::PhantomData;
use std::mem::MaybeUninit;
use std::ptr;

/// Replaces the contents of `target` with the items of the indexed `pi`, in order.
pub(crate) fn collect_into_vec<I, T>(pi: I, target: &mut Vec<T>)
where
    I: IndexedParallelIterator<Item = T>,
    T: Send,
{
    target.truncate(0);
    collect_indexed_tail(pi, target);
}

/// Appends the `len` items of `pi` to `vec`, in order, writing them in place.
pub(crate) fn collect_into_vec_tail<I, T>(pi: I, len: usize, vec: &mut Vec<T>)
where
    I: ParallelIterator<Item = T>,
    T: Send,
{
    collect_with_consumer(vec, len, |consumer| pi.drive_unindexed(consumer));
}

/// Appends the `len` items of the indexed `pi` to `vec`, in order.
pub(crate) fn collect_indexed_tail<I, T>(pi: I, vec: &mut Vec<T>)
where
    I: IndexedParallelIterator<Item = T>,
    T: Send,
{
    let len = pi.len();
    collect_with_consumer(vec, len, |consumer| pi.drive(consumer));
}

/// Reserves `len` slots at the end of `vec`, lets `drive` fill them through a
/// [`CollectConsumer`], checks that every slot was written, and takes them into the vector.
fn collect_with_consumer<T, F>(vec: &mut Vec<T>, len: usize, drive: F)
where
    T: Send,
    F: FnOnce(CollectConsumer<'_, T>) -> CollectResult<'_, T>,
{
    vec.reserve(len);
    let start = vec.len();
    let result = drive(CollectConsumer::new(&mut vec.spare_capacity_mut()[..len]));
    let written = result.initialized_len;
    assert_eq!(
        written, len,
        "expected {len} total writes, but got {written}: the iterator reported a wrong length"
    );
    // The vector now owns the items: the result must not drop them.
    std::mem::forget(result);
    // SAFETY: the `len` slots after `start` were reserved above and all of them were
    // initialized: the merged result covers them, in one contiguous run from the first slot.
    unsafe { vec.set_len(start + len) };
}

/// A consumer writing items into a run of uninitialized slots, in order.
///
/// Every piece's pointer is derived by arithmetic from one pointer to the whole target (not
/// from a reborrowed sub-slice), so that two adjacent pieces' runs, once merged, may be read
/// or dropped through the left piece's pointer without leaving its provenance.
pub(crate) struct CollectConsumer<'c, T> {
    start: *mut T,
    len: usize,
    slots: PhantomData<&'c mut [MaybeUninit<T>]>,
}

// SAFETY: a consumer has exclusive use of its `len` slots from `start` (pieces never overlap),
// and only writes `T`s there, so it may move to another thread when `T` may.
unsafe impl<T: Send> Send for CollectConsumer<'_, T> {}

impl<'c, T: Send> CollectConsumer<'c, T> {
    fn new(target: &'c mut [MaybeUninit<T>]) -> Self {
        CollectConsumer {
            start: target.as_mut_ptr().cast::<T>(),
            len: target.len(),
            slots: PhantomData,
        }
    }
}

/// The items a piece wrote: a run of initialized slots at the start of its part of the target.
/// Dropping it drops those items (a panic elsewhere unwinds through it).
pub(crate) struct CollectResult<'c, T> {
    start: *mut T,
    total_len: usize,
    initialized_len: usize,
    slots: PhantomData<&'c mut [MaybeUninit<T>]>,
}

// SAFETY: a `CollectResult` owns the `T`s it initialized (and borrows their slots exclusively),
// so it may move to another thread when `T` may.
unsafe impl<T: Send> Send for CollectResult<'_, T> {}

impl<T> Drop for CollectResult<'_, T> {
    fn drop(&mut self) {
        // SAFETY: the first `initialized_len` slots from `start` were written by this result's
        // folder (or the folders merged into it) and are owned by nobody else.
        unsafe {
            ptr::drop_in_place(ptr::slice_from_raw_parts_mut(
                self.start,
                self.initialized_len,
            ))
        }
    }
}

impl<'c, T: Send + 'c> Consumer<T> for CollectConsumer<'c, T> {
    type Folder = CollectResult<'c, T>;
    type Reducer = CollectReducer;
    type Result = CollectResult<'c, T>;

    fn split_at(self, index: usize) -> (Self, Self, CollectReducer) {
        assert!(
            index <= self.len,
            "split index {index} past {} slots",
            self.len
        );
        let left = CollectConsumer {
            start: self.start,
            len: index,
            slots: PhantomData,
        };
        let right = CollectConsumer {
            // SAFETY: `index <= len`, so this stays inside (or one past) this piece's slots.
            start: unsafe { self.start.add(index) },
            len: self.len - index,
            slots: PhantomData,
        };
        (left, right, CollectReducer)
    }

    fn into_folder(self) -> Self::Folder {
        CollectResult {
            start: self.start,
            total_len: self.len,
            initialized_len: 0,
            slots: PhantomData,
        }
    }

    fn full(&self) -> bool {
        false
    }
}

impl<'c, T: Send + 'c> UnindexedConsumer<T> for CollectConsumer<'c, T> {
    fn split_off_left(&self) -> Self {
        unreachable!("CollectConsumer is only driven by index (the iterator reported opt_len)")
    }

    fn to_reducer(&self) -> CollectReducer {
        CollectReducer
    }
}

impl<'c, T: Send + 'c> Folder<T> for CollectResult<'c, T> {
    type Result = Self;

    fn consume(mut self, item: T) -> Self {
        assert!(
            self.initialized_len < self.total_len,
            "too many values pushed to consumer: the iterator reported a wrong length"
        );
        // SAFETY: `initialized_len < total_len`, so the slot is inside this piece's part of
        // the target, and it is not initialized yet.
        unsafe { self.start.add(self.initialized_len).write(item) };
        self.initialized_len += 1;
        self
    }

    fn complete(self) -> Self {
        self
    }

    fn full(&self) -> bool {
        false
    }
}

/// Joins the written runs of two adjacent pieces.
pub(crate) struct CollectReducer;

impl<'c, T> Reducer<CollectResult<'c, T>> for CollectReducer {
    fn reduce(
        self,
        mut left: CollectResult<'c, T>,
        right: CollectResult<'c, T>,
    ) -> CollectResult<'c, T> {
        // Merge only when the left piece was filled completely, so the runs are contiguous;
        // otherwise the right items are dropped with `right` and the total check fails.
        // SAFETY: `left.start + left.total_len` is one past the end of the left piece's slots,
        // inside (or at the end of) the original target.
        if unsafe { left.start.add(left.total_len) } == right.start
            && left.initialized_len == left.total_len
        {
            left.total_len += right.total_len;
            left.initialized_len += right.initialized_len;
            std::mem::forget(right);
        }
        left
    }
}

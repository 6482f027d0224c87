//! Merging two sorted runs into a buffer, in parallel pieces split by binary search.
//!
//! Elements move bitwise between the slice and a buffer of the same length. The rule that keeps
//! every element in exactly one place: a merge of `left` and `right` into `dest`, whether it
//! returns or unwinds from a panicking comparator, leaves all of its elements in `dest`.

use crate::weight::Weight;
use std::cmp::Ordering;
use std::{mem, ptr};
use weft_core::join_context;

/// A raw pointer that may cross to another thread with the elements it points to.
pub(super) struct SendPtr<T>(pub(super) *mut T);

impl<T> Clone for SendPtr<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for SendPtr<T> {}

// SAFETY: a `SendPtr` only moves the elements it points to between threads, which `T: Send`
// allows; the sorts that create one give each thread disjoint ranges.
unsafe impl<T: Send> Send for SendPtr<T> {}
// SAFETY: as above; a shared `SendPtr` is only copied, never dereferenced through `&self`.
unsafe impl<T: Send> Sync for SendPtr<T> {}

impl<T> SendPtr<T> {
    /// The pointer. A method, so that closures capture the whole `SendPtr` (which is `Send`)
    /// rather than its raw-pointer field (which is not).
    pub(super) fn get(self) -> *mut T {
        self.0
    }
}

/// Copies `len` elements from `src` to `dst` when dropped: the way a step that may unwind
/// hands its elements on to where its caller expects them.
pub(super) struct CopyOnDrop<T> {
    pub(super) src: *const T,
    pub(super) dst: *mut T,
    pub(super) len: usize,
}

impl<T> Drop for CopyOnDrop<T> {
    fn drop(&mut self) {
        // SAFETY: whoever built the guard promised that `src` and `dst` are valid for `len`
        // elements, do not overlap, and that `dst` is where these elements belong next.
        unsafe { ptr::copy_nonoverlapping(self.src, self.dst, self.len) };
    }
}

/// A sorted run of `len` elements starting at `ptr`, about to be merged.
pub(super) struct Run<T> {
    pub(super) ptr: SendPtr<T>,
    pub(super) len: usize,
}

impl<T> Clone for Run<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Run<T> {}

impl<T> Run<T> {
    /// The run's elements from `at` on.
    ///
    /// # Safety
    ///
    /// `at <= self.len`.
    unsafe fn tail(self, at: usize) -> Self {
        // SAFETY: the caller keeps `at` within the run.
        let ptr = SendPtr(unsafe { self.ptr.get().add(at) });
        Run {
            ptr,
            len: self.len - at,
        }
    }

    /// The run's first `len` elements.
    fn head(self, len: usize) -> Self {
        debug_assert!(len <= self.len, "head of {len} from a run of {}", self.len);
        Run { ptr: self.ptr, len }
    }
}

/// Merges the sorted runs `left` and `right` into `dest`, splitting the merge into parallel
/// pieces while `weight` says so. Stable: of equal elements, those of `left` come first.
///
/// # Safety
///
/// Both runs must be valid for reads of their lengths and `dest` for writes of the sum; `dest`
/// must not overlap either run. The elements are moved: afterwards, and also when `cmp`
/// panics, all of them are in `dest` and the runs hold stale bitwise copies.
pub(super) unsafe fn par_merge<T, F, W>(
    left: Run<T>,
    right: Run<T>,
    dest: SendPtr<T>,
    cmp: &F,
    mut weight: W,
    migrated: bool,
) where
    T: Send,
    F: Fn(&T, &T) -> Ordering + Sync,
    W: Weight,
{
    let len = left.len + right.len;
    if left.len == 0 || right.len == 0 || len <= 2 || !weight.should_split(len, migrated) {
        // SAFETY: the caller's contract is exactly `seq_merge`'s.
        unsafe { seq_merge(left, right, dest.get(), cmp) };
        return;
    }

    // If a comparison below panics, nothing has moved yet: put both runs in `dest` as they are.
    let guard = (
        CopyOnDrop {
            src: left.ptr.get(),
            dst: dest.get(),
            len: left.len,
        },
        CopyOnDrop {
            src: right.ptr.get(),
            // SAFETY: `dest` has room for `len` elements, so `dest + left.len` is in bounds.
            dst: unsafe { dest.get().add(left.len) },
            len: right.len,
        },
    );
    // SAFETY: the caller guarantees both runs are valid for reads of their lengths, and nothing
    // writes to them while these shared slices live (the writes go to `dest`).
    let (l, r) = unsafe {
        (
            std::slice::from_raw_parts(left.ptr.get(), left.len),
            std::slice::from_raw_parts(right.ptr.get(), right.len),
        )
    };
    if cmp(&l[left.len - 1], &r[0]) != Ordering::Greater {
        // Already in order (a presorted input): the guard's copies are the whole merge.
        drop(guard);
        return;
    }
    let (left_mid, right_mid) = split_for_merge(l, r, cmp);
    mem::forget(guard);

    // SAFETY: the split points are within the runs, and `dest_mid` within `dest`. Each half
    // merges disjoint parts of the runs into a disjoint part of `dest`, and together the halves
    // cover all of it, so on return or unwind every element is in `dest` (join waits for both).
    unsafe {
        let (left_hi, right_hi) = (left.tail(left_mid), right.tail(right_mid));
        let dest_hi = SendPtr(dest.get().add(left_mid + right_mid));
        join_context(
            |ctx| {
                let (l, r) = (left.head(left_mid), right.head(right_mid));
                par_merge(l, r, dest, cmp, weight, ctx.migrated())
            },
            |ctx| par_merge(left_hi, right_hi, dest_hi, cmp, weight, ctx.migrated()),
        );
    }
}

/// Split points `(l, r)` such that merging `left[..l]` with `right[..r]`, then `left[l..]` with
/// `right[r..]`, gives the stable merge of the runs. Halves the longer run and binary-searches
/// the other, so each piece holds at least a quarter of the elements.
fn split_for_merge<T, F>(left: &[T], right: &[T], cmp: &F) -> (usize, usize)
where
    F: Fn(&T, &T) -> Ordering,
{
    if left.len() >= right.len() {
        let l = left.len() / 2;
        // Elements of `right` strictly below `left[l]` precede it; equal ones follow it.
        let r = right.partition_point(|x| cmp(x, &left[l]) == Ordering::Less);
        (l, r)
    } else {
        let r = right.len() / 2;
        // Elements of `left` up to and including those equal to `right[r]` precede it.
        let l = left.partition_point(|x| cmp(&right[r], x) != Ordering::Less);
        (l, r)
    }
}

/// Below this many elements, a sequential merge runs as one loop instead of four interleaved.
const INTERLEAVE_MIN: usize = 128;

/// The sequential merge, as `par_merge` describes it.
///
/// A merge is a chain of dependent steps (each step's loads wait for the previous comparison),
/// so one merge leaves most of a core idle. This one cuts the merge in four with
/// `split_for_merge` (halves, then halves of each half) and runs the four pieces in one
/// interleaved loop, four independent chains; whatever is left when the first piece runs out
/// of one run finishes piece by piece: four chains keep more of the core busy than two
/// (the stable sorts of `benches/table.rs`).
///
/// # Safety
///
/// As for [`par_merge`].
pub(super) unsafe fn seq_merge<T, F>(left: Run<T>, right: Run<T>, dest: *mut T, cmp: &F)
where
    F: Fn(&T, &T) -> Ordering,
{
    if left.len == 0 || right.len == 0 || left.len + right.len < INTERLEAVE_MIN {
        // SAFETY: the caller's contract covers the whole merge.
        let mut one = unsafe { Merging::new(left, right, dest) };
        // SAFETY: as above.
        unsafe { one.finish(cmp) };
        return;
    }
    // SAFETY: `dest` has room for both runs, so `dest + left.len` is in bounds.
    let dest_right = unsafe { dest.add(left.len) };
    // Nothing has moved if a binary search panics: put both runs in `dest` as they are.
    let guard = (
        CopyOnDrop {
            src: left.ptr.get(),
            dst: dest,
            len: left.len,
        },
        CopyOnDrop {
            src: right.ptr.get(),
            dst: dest_right,
            len: right.len,
        },
    );
    // SAFETY: the runs are valid for reads and only `dest` is written while these live.
    let (l, r) = unsafe {
        (
            std::slice::from_raw_parts(left.ptr.get(), left.len),
            std::slice::from_raw_parts(right.ptr.get(), right.len),
        )
    };
    let (lm, rm) = split_for_merge(l, r, cmp);
    let (l1, r1) = split_for_merge(&l[..lm], &r[..rm], cmp);
    let (l3, r3) = split_for_merge(&l[lm..], &r[rm..], cmp);
    let (l3, r3) = (lm + l3, rm + r3);
    mem::forget(guard);
    // SAFETY: the split points are ordered within the runs (`l1 <= lm <= l3 <= left.len`,
    // likewise on the right), so the four merges read disjoint parts of the runs and write
    // disjoint parts of `dest` that together cover it. Each `Merging` moves its own remainder
    // to its output when dropped, also on unwind.
    unsafe {
        let mut a = Merging::new(left.head(l1), right.head(r1), dest);
        let mut b = Merging::new(
            left.head(lm).tail(l1),
            right.head(rm).tail(r1),
            dest.add(l1 + r1),
        );
        let mut c = Merging::new(
            left.head(l3).tail(lm),
            right.head(r3).tail(rm),
            dest.add(lm + rm),
        );
        let mut d = Merging::new(left.tail(l3), right.tail(r3), dest.add(l3 + r3));
        // Each step takes one element from one of its two runs, so `safe` steps of each
        // chain leave all eight runs non-empty until the last: the loop needs no bounds check.
        loop {
            let safe = a
                .safe_steps()
                .min(b.safe_steps())
                .min(c.safe_steps())
                .min(d.safe_steps());
            if safe == 0 {
                break;
            }
            for _ in 0..safe {
                a.step(cmp);
                b.step(cmp);
                c.step(cmp);
                d.step(cmp);
            }
        }
        a.finish(cmp);
        b.finish(cmp);
        c.finish(cmp);
        d.finish(cmp);
    }
}

/// The state of one sequential merge; dropping it moves what is left of both runs to the output.
struct Merging<T> {
    left: *const T,
    left_end: *const T,
    right: *const T,
    right_end: *const T,
    out: *mut T,
}

impl<T> Merging<T> {
    /// A merge of `left` and `right` into `out`.
    ///
    /// # Safety
    ///
    /// As for [`par_merge`]; the returned state owns the runs' elements until it has moved them.
    unsafe fn new(left: Run<T>, right: Run<T>, out: *mut T) -> Self {
        // SAFETY: the runs are valid for their lengths, so their ends are in bounds.
        unsafe {
            Merging {
                left: left.ptr.get(),
                left_end: left.ptr.get().add(left.len),
                right: right.ptr.get(),
                right_end: right.ptr.get().add(right.len),
                out,
            }
        }
    }

    /// Whether both runs still have elements.
    #[inline(always)]
    fn both_left(&self) -> bool {
        self.left < self.left_end && self.right < self.right_end
    }

    /// How many elements of each run are not moved yet.
    #[inline]
    fn rest(&self) -> (usize, usize) {
        // SAFETY: each cursor lies within its run (between its start and its end).
        unsafe {
            (
                self.left_end.offset_from(self.left) as usize,
                self.right_end.offset_from(self.right) as usize,
            )
        }
    }

    /// How many steps can run before a run may be empty: the shorter run's length.
    #[inline]
    fn safe_steps(&self) -> usize {
        let (left, right) = self.rest();
        left.min(right)
    }

    /// Moves the smaller head (the left one on a tie) to the output.
    ///
    /// # Safety
    ///
    /// `both_left()`.
    #[inline(always)]
    unsafe fn step<F>(&mut self, cmp: &F)
    where
        F: Fn(&T, &T) -> Ordering,
    {
        // SAFETY: both cursors are below their ends, so they point at unmoved elements; a
        // panic here unwinds before anything moved in this step, and the drop finishes up.
        let take_right = unsafe { cmp(&*self.right, &*self.left) } == Ordering::Less;
        let from = if take_right { self.right } else { self.left };
        // SAFETY: `from` is an unmoved element and `out` the next free output slot; advancing
        // the one cursor that moved keeps the output's room equal to the elements unmoved.
        unsafe {
            ptr::copy_nonoverlapping(from, self.out, 1);
            self.out = self.out.add(1);
            self.right = self.right.add(usize::from(take_right));
            self.left = self.left.add(usize::from(!take_right));
        }
    }

    /// Runs the merge to its end.
    ///
    /// # Safety
    ///
    /// The state came from [`Merging::new`] and its contract still holds.
    unsafe fn finish<F>(&mut self, cmp: &F)
    where
        F: Fn(&T, &T) -> Ordering,
    {
        while self.both_left() {
            // SAFETY: checked just above.
            unsafe { self.step(cmp) };
        }
        // Dropping `self` moves the rest of whichever run is left.
    }
}

impl<T> Drop for Merging<T> {
    fn drop(&mut self) {
        let (left_rest, right_rest) = self.rest();
        // SAFETY: `left..left_end` and `right..right_end` are the elements not yet moved, and
        // `out` has room for exactly their number (the output and the runs advance together);
        // the output does not overlap the runs. Afterwards both runs are empty.
        unsafe {
            ptr::copy_nonoverlapping(self.left, self.out, left_rest);
            ptr::copy_nonoverlapping(self.right, self.out.add(left_rest), right_rest);
            self.left = self.left_end;
            self.right = self.right_end;
            self.out = self.out.add(left_rest + right_rest);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::panic::{catch_unwind, AssertUnwindSafe};
    use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

    /// A key and where the element came from (`id`), so that stability and loss show.
    type Item = (u32, u32);

    /// Two sorted runs with repeated keys, shared between them, long enough for four chains.
    fn runs() -> (Vec<Item>, Vec<Item>) {
        let left = (0..200).map(|i| (i / 3 * 2, i)).collect();
        let right = (0..150).map(|i| (i / 2 * 3, 1_000 + i)).collect();
        (left, right)
    }

    /// Runs `seq_merge` of `runs()` with a comparator that panics at its call number
    /// `panic_at`, if it gets that far; returns what `dest` holds and whether it panicked.
    fn merge_panicking_at(panic_at: usize, calls: &AtomicUsize) -> (Vec<Item>, bool) {
        let (mut left, mut right) = runs();
        let len = left.len() + right.len();
        let mut dest: Vec<Item> = Vec::with_capacity(len);
        let cmp = |a: &Item, b: &Item| {
            if calls.fetch_add(1, Relaxed) == panic_at {
                panic!("comparator panics on purpose");
            }
            a.0.cmp(&b.0)
        };
        let (l, r) = (
            Run {
                ptr: SendPtr(left.as_mut_ptr()),
                len: left.len(),
            },
            Run {
                ptr: SendPtr(right.as_mut_ptr()),
                len: right.len(),
            },
        );
        let dest_ptr = dest.as_mut_ptr();
        // SAFETY: the runs are valid for their lengths, `dest` has room for both and overlaps
        // neither; the items are `Copy`, so the runs' stale copies need no care.
        let panicked = catch_unwind(AssertUnwindSafe(|| unsafe {
            seq_merge(l, r, dest_ptr, &cmp)
        }))
        .is_err();
        // SAFETY: on return and on unwind, `seq_merge` leaves all `len` elements in `dest`.
        unsafe { dest.set_len(len) };
        (dest, panicked)
    }

    #[test]
    fn four_chains_merge_stably() {
        let (left, right) = runs();
        let mut expected: Vec<Item> = left.iter().chain(&right).copied().collect();
        expected.sort_by_key(|item| item.0); // stable: ties keep left before right
        let (merged, panicked) = merge_panicking_at(usize::MAX, &AtomicUsize::new(0));
        assert!(!panicked);
        assert_eq!(merged, expected);
    }

    /// A panic at any comparison (in the binary searches that cut the merge in four, in the
    /// interleaved loop, or in a piece's tail) leaves every element in `dest` exactly once.
    #[test]
    fn a_comparator_panicking_anywhere_leaves_each_element_in_dest_once() {
        let (left, right) = runs();
        let mut all: Vec<Item> = left.iter().chain(&right).copied().collect();
        all.sort_unstable();
        let total = AtomicUsize::new(0);
        merge_panicking_at(usize::MAX, &total);
        let total = total.into_inner();
        assert!(total > all.len() / 2, "only {total} comparisons");
        // Under Miri, where each unwind is slow, every 25th comparison.
        for panic_at in (0..total).step_by(if cfg!(miri) { 25 } else { 1 }) {
            let (mut held, panicked) = merge_panicking_at(panic_at, &AtomicUsize::new(0));
            assert!(panicked, "no panic at comparison {panic_at}");
            held.sort_unstable();
            assert_eq!(held, all, "panic at comparison {panic_at}");
        }
    }
}

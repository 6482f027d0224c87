//! Pivot choice and partitioning for the parallel quicksort, sequential and parallel.
//!
//! A comparator that panics part-way leaves a permutation of the input behind, and one that is
//! not a total order yields some permutation, never undefined behaviour or a loop that does not
//! end: every loop is bounded by the length, never by what the comparator answers.
//!
//! # Partitioning on two threads with two pivots
//!
//! A partition compares every element with one pivot, so two threads partitioning the halves
//! of a slice around the same pivot would both read it at once, which needs `T: Sync`; the
//! sorts only ask for `T: Send`. [`par_partition`] gives each half its own pivot instead: `p`
//! and `q` are neighbours in a sorted sample (`p <= q`), `p` goes to the first slot and `q` to
//! the last, and each half is partitioned around its own pivot, in parallel:
//!
//! ```text
//! [p | A: < p | A: >= p | B: < q | B: >= q | q]
//! ```
//!
//! Swapping the two middle blocks (the shorter one's length, in parallel) gives a left part
//! `[p, A < p, B < q]` and a right part `[A >= p, B >= q, q]`. These are not quite a partition:
//! only elements of the *band* `[p, q)` can be out of place, and the band is small (about
//! `len / samples` elements) because `p` and `q` are neighbours in the sample. Once both parts
//! are sorted, the two sorted runs overlap only on band elements: [`seam`] finds that overlap
//! with two binary searches, and sorting it (as a piece of its own) sorts the whole slice.

use std::cmp::Ordering;
use std::mem::{self, ManuallyDrop};
use std::ops::Range;
use std::ptr;

/// Below this length the pivot is the median of three samples; above it, a recursive
/// pseudo-median of `3^k` samples (the ninther, applied again on each eighth of the slice).
const PSEUDO_MEDIAN_REC_THRESHOLD: usize = 64;

/// The pivot chosen for a slice, and what its samples suggest about the slice's order.
pub(super) struct Pivot {
    /// Index of the chosen pivot.
    pub(super) index: usize,
    /// The three top-level samples were in ascending order: the slice may be sorted.
    pub(super) maybe_ascending: bool,
    /// The three top-level samples were in descending order: the slice may be reversed.
    pub(super) maybe_descending: bool,
}

/// Chooses a pivot for `v` (at least 8 elements): the median of three samples, or for longer
/// slices the recursive pseudo-median of many samples spread over the whole slice.
pub(super) fn choose_pivot<T, F>(v: &[T], cmp: &F) -> Pivot
where
    F: Fn(&T, &T) -> Ordering,
{
    debug_assert!(
        v.len() >= 8,
        "choose_pivot needs 8 elements, got {}",
        v.len()
    );
    let eighth = v.len() / 8;
    let (a, b, c) = (0, eighth * 4, eighth * 7);
    let index = if v.len() < PSEUDO_MEDIAN_REC_THRESHOLD {
        median3(v, a, b, c, cmp)
    } else {
        median3_rec(v, a, b, c, eighth, cmp)
    };
    let ab = cmp(&v[a], &v[b]);
    let bc = cmp(&v[b], &v[c]);
    Pivot {
        index,
        maybe_ascending: ab != Ordering::Greater && bc != Ordering::Greater,
        maybe_descending: ab != Ordering::Less && bc != Ordering::Less,
    }
}

/// The pseudo-median of the regions starting at `a`, `b` and `c`, each `n` elements long.
fn median3_rec<T, F>(v: &[T], mut a: usize, mut b: usize, mut c: usize, n: usize, cmp: &F) -> usize
where
    F: Fn(&T, &T) -> Ordering,
{
    if n * 8 >= PSEUDO_MEDIAN_REC_THRESHOLD {
        let n8 = n / 8;
        a = median3_rec(v, a, a + n8 * 4, a + n8 * 7, n8, cmp);
        b = median3_rec(v, b, b + n8 * 4, b + n8 * 7, n8, cmp);
        c = median3_rec(v, c, c + n8 * 4, c + n8 * 7, n8, cmp);
    }
    median3(v, a, b, c, cmp)
}

/// The index of the median of `v[a]`, `v[b]` and `v[c]`.
fn median3<T, F>(v: &[T], a: usize, b: usize, c: usize, cmp: &F) -> usize
where
    F: Fn(&T, &T) -> Ordering,
{
    let is_less = |x: usize, y: usize| cmp(&v[x], &v[y]) == Ordering::Less;
    let x = is_less(a, b);
    let y = is_less(a, c);
    if x == y {
        // `a` is the smallest or the largest: the median is the middle of `b` and `c`.
        if is_less(b, c) == x {
            b
        } else {
            c
        }
    } else {
        a
    }
}

/// Below this many elements a piece is partitioned on one thread: the sequential partition
/// then takes tens of microseconds, and a parallel one would save less than it costs in
/// sampling, forking and the seam's sort.
pub(super) const PAR_PARTITION_MIN: usize = 1 << 16;

/// Below this many elements a block swap runs on one thread: a few microseconds of copying.
const SWAP_GRAIN: usize = 1 << 14;

/// Partitions `v` (at least [`PAR_PARTITION_MIN`] elements) on two threads with two pivots, as
/// the module's notes describe, and returns the length of the left part.
///
/// Every element of the left part is at most every element of the right part except for
/// elements of a small band; once both parts are sorted, sorting their [`seam`] sorts the
/// whole slice.
pub(super) fn par_partition<T, F>(v: &mut [T], cmp: &F) -> usize
where
    T: Send,
    F: Fn(&T, &T) -> Ordering + Sync,
{
    let len = v.len();
    debug_assert!(
        len >= PAR_PARTITION_MIN,
        "par_partition needs {PAR_PARTITION_MIN} elements, got {len}"
    );
    // About sqrt(len) samples: sorting them and sorting the seam's band (about len / samples
    // elements) then cost about the same, a fraction of a percent of the partition.
    let samples = (1usize << len.ilog2().div_ceil(2)).clamp(64, 4096);
    let step = len / samples;
    for i in 0..samples {
        // `i * step + step / 2 >= i`: the samples gathered so far stay where they are.
        v.swap(i, i * step + step / 2);
    }
    v[..samples].sort_unstable_by(cmp);
    v.swap(0, samples / 2 - 1);
    v.swap(samples / 2, len - 1);

    let half = len / 2;
    let (p, rest) = v.split_at_mut(1);
    let (a, rest) = rest.split_at_mut(half - 1);
    let (b, q) = rest.split_at_mut(rest.len() - 1);
    // Each closure owns its half and its pivot: no element is read by both threads.
    let (a_left, b_left) = weft_core::join(
        move || partition_cyclic(a, &p[0], &|x: &T, p: &T| cmp(x, p) == Ordering::Less),
        move || partition_cyclic(b, &q[0], &|x: &T, q: &T| cmp(x, q) == Ordering::Less),
    );
    // Bring B's left block (`b_left` long, at `half`) before A's right block.
    let a_right = half - 1 - a_left;
    let shorter = a_right.min(b_left);
    let (front, back) = v[1 + a_left..half + b_left].split_at_mut(shorter);
    let back_start = back.len() - shorter;
    par_swap(front, &mut back[back_start..]);
    1 + a_left + b_left
}

/// Swaps the elements of `a` and `b` (the same length), in parallel halves while they are long.
fn par_swap<T: Send>(a: &mut [T], b: &mut [T]) {
    if a.len() <= SWAP_GRAIN {
        a.swap_with_slice(b);
        return;
    }
    let mid = a.len() / 2;
    let (a_lo, a_hi) = a.split_at_mut(mid);
    let (b_lo, b_hi) = b.split_at_mut(mid);
    weft_core::join(|| par_swap(a_lo, b_lo), || par_swap(a_hi, b_hi));
}

/// The seam of `v`, whose first `mid` and last `len - mid` elements are each sorted: the range
/// where the two runs overlap (the left run's elements above the right run's first, and the
/// right run's elements below the left run's last). Sorting it sorts the whole slice; it is
/// empty if the runs are in order.
pub(super) fn seam<T, F>(v: &[T], mid: usize, cmp: &F) -> Range<usize>
where
    F: Fn(&T, &T) -> Ordering,
{
    if mid == 0 || mid == v.len() {
        return mid..mid;
    }
    let (left, right) = v.split_at(mid);
    let (left_last, right_first) = (&left[mid - 1], &right[0]);
    if cmp(left_last, right_first) != Ordering::Greater {
        return mid..mid;
    }
    // Everything before `start` is at most every right element; everything from `end` on is at
    // least every left element; between them lie the overlapping elements of both runs.
    let start = left.partition_point(|x| cmp(x, right_first) != Ordering::Greater);
    let end = mid + right.partition_point(|x| cmp(x, left_last) == Ordering::Less);
    start..end
}

/// Moves the elements for which `goes_left(element, pivot)` holds to the front, the pivot right
/// after them, and returns the pivot's new index.
pub(super) fn partition<T, P>(v: &mut [T], pivot: usize, goes_left: P) -> usize
where
    P: Fn(&T, &T) -> bool,
{
    v.swap(0, pivot);
    let (pivot, rest) = v.split_first_mut().expect("partition of an empty slice");
    let left = partition_cyclic(rest, pivot, &goes_left);
    v.swap(0, left);
    left
}

/// Branchless Lomuto partition with a moving gap (the cyclic variant of Bergdoll and Peters,
/// as in std's sort): returns how many elements of `v` go left, having moved them to the front.
///
/// The first element is lifted out, leaving a gap that walks right one step per element: the
/// first element that does not go left moves into the gap, and the next element into its
/// place. Each step is two moves and no branch on the comparison, so random inputs cause no
/// mispredictions. A panic in `goes_left` happens before the step moves anything; the gap's
/// guard then puts the lifted element back into the gap, so the slice is whole again.
fn partition_cyclic<T, P>(v: &mut [T], pivot: &T, goes_left: &P) -> usize
where
    P: Fn(&T, &T) -> bool,
{
    /// The lifted element and where the gap is; dropping it fills the gap.
    struct Gap<T> {
        pos: *mut T,
        value: ManuallyDrop<T>,
    }
    impl<T> Drop for Gap<T> {
        fn drop(&mut self) {
            // SAFETY: `pos` is the one slot of the slice whose element has moved away, and
            // `value` the one element not in the slice; writing it there makes the slice whole.
            unsafe { ptr::write(self.pos, ManuallyDrop::take(&mut self.value)) };
        }
    }

    let len = v.len();
    if len == 0 {
        return 0;
    }
    let base = v.as_mut_ptr();
    let mut left = 0;
    // SAFETY: `base` is valid for `len` elements. The gap starts at 0 with its element lifted
    // out; each step reads `gap.pos + 1 < len`, moves `base[left]` (with `left <= gap.pos`,
    // an element that does not go left, or the gap itself) into the gap and the scanned
    // element into `base[left]`, and advances the gap onto the scanned slot. So `base[..left]`
    // go left, `base[left..gap.pos]` do not, and exactly one slot, the gap, is empty.
    let last = unsafe {
        let mut gap = Gap {
            pos: base,
            value: ManuallyDrop::new(ptr::read(base)),
        };
        let mut step = || {
            let next = gap.pos.add(1);
            let goes = goes_left(&*next, pivot);
            ptr::copy(base.add(left), gap.pos, 1);
            ptr::copy_nonoverlapping(next, base.add(left), 1);
            gap.pos = next;
            left += usize::from(goes);
        };
        // `len - 1` steps take the gap from the first slot to the last. Small elements take
        // them two at a time, as std's sort does: the loop's own cost is then shared.
        let steps = len - 1;
        if mem::size_of::<T>() <= 16 {
            for _ in 0..steps / 2 {
                step();
                step();
            }
            if steps % 2 == 1 {
                step();
            }
        } else {
            for _ in 0..steps {
                step();
            }
        }
        base.add(len - 1)
        // Dropping `gap` puts the lifted element in the last slot, where the gap ended.
    };
    // The lifted element still has to be classified, as one plain Lomuto step.
    // SAFETY: the slice is whole again and `last` is its last slot.
    let goes = goes_left(unsafe { &*last }, pivot);
    // SAFETY: as above; `base[left..last]` do not go left, so the swap keeps the invariant.
    unsafe { ptr::swap(base.add(left), last) };
    left + usize::from(goes)
}

/// Scatters a few elements of `v` (at least 8 long) to break patterns that made a partition
/// unbalanced (pdqsort's `break_patterns`).
pub(super) fn break_patterns<T>(v: &mut [T]) {
    let len = v.len();
    // A xorshift generator seeded by the length: deterministic, and enough to defeat inputs
    // crafted against the pivot choice.
    let mut random = len as u64 | 1;
    let mut gen = || {
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        random
    };
    let modulus = len.next_power_of_two() as u64;
    let pos = len / 4 * 2;
    for i in 0..3 {
        let mut other = (gen() & (modulus - 1)) as usize;
        if other >= len {
            other -= len;
        }
        v.swap(pos - 1 + i, other);
    }
}

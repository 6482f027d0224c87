//! Pivot choice and partitioning for the parallel quicksort.
//!
//! A comparator that panics part-way leaves a permutation of the input behind, and one that is
//! not a total order yields some permutation, never undefined behaviour or a loop that does not
//! end: every loop is bounded by the length, never by what the comparator answers.

use std::cmp::Ordering;
use std::mem::ManuallyDrop;
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
        let last = base.add(len - 1);
        while gap.pos < last {
            let next = gap.pos.add(1);
            let goes = goes_left(&*next, pivot);
            ptr::copy(base.add(left), gap.pos, 1);
            ptr::copy_nonoverlapping(next, base.add(left), 1);
            gap.pos = next;
            left += usize::from(goes);
        }
        last
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

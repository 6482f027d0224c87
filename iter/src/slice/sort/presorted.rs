//! Inputs already in order: parallel checks for ascending and descending slices, and a
//! parallel reverse, so that sorted and reversed inputs cost a scan instead of a sort.
//!
//! The slices are borrowed mutably, though only read by the checks, so that their halves may
//! go to other threads with `T: Send` alone (a shared `&[T]` would need `T: Sync`).

use std::cmp::Ordering;
use std::mem;
use weft_core::join;

/// Below this many elements a check or reverse runs sequentially: a few microseconds of work.
const PRESORTED_GRAIN: usize = 1 << 15;

/// Whether every pair of neighbours `(a, b)` in `v` satisfies `in_order(cmp(a, b))`.
pub(super) fn par_all_pairs<T, F, P>(v: &mut [T], cmp: &F, in_order: &P) -> bool
where
    T: Send,
    F: Fn(&T, &T) -> Ordering + Sync,
    P: Fn(Ordering) -> bool + Sync,
{
    if v.len() < PRESORTED_GRAIN {
        return all_pairs(v, cmp, in_order);
    }
    let mid = v.len() / 2;
    // Check the seam first: on unsorted data this is often where the answer is.
    if !in_order(cmp(&v[mid - 1], &v[mid])) {
        return false;
    }
    let (left, right) = v.split_at_mut(mid);
    let (l, r) = join(
        || par_all_pairs(left, cmp, in_order),
        || par_all_pairs(right, cmp, in_order),
    );
    l && r
}

/// [`par_all_pairs`], sequentially. Checks blocks of pairs without exiting early inside a
/// block, which lets the compiler vectorize the comparisons of simple types.
fn all_pairs<T, F, P>(v: &[T], cmp: &F, in_order: &P) -> bool
where
    F: Fn(&T, &T) -> Ordering,
    P: Fn(Ordering) -> bool,
{
    const BLOCK: usize = 64;
    let pairs = v.len().saturating_sub(1);
    let mut start = 0;
    while start < pairs {
        let end = (start + BLOCK).min(pairs);
        let (firsts, seconds) = (&v[start..end], &v[start + 1..end + 1]);
        let ok = firsts
            .iter()
            .zip(seconds)
            .fold(true, |ok, (a, b)| ok & in_order(cmp(a, b)));
        if !ok {
            return false;
        }
        start = end;
    }
    true
}

/// Reverses `v` in parallel.
pub(super) fn par_reverse<T: Send>(v: &mut [T]) {
    let half = v.len() / 2;
    let (front, rest) = v.split_at_mut(half);
    let back_start = rest.len() - half;
    swap_mirrored(front, &mut rest[back_start..]);
}

/// Swaps `front[i]` with `back[back.len() - 1 - i]` for every `i` (equal lengths).
fn swap_mirrored<T: Send>(front: &mut [T], back: &mut [T]) {
    debug_assert_eq!(front.len(), back.len(), "mirrored halves differ in length");
    if front.len() < PRESORTED_GRAIN {
        for (a, b) in front.iter_mut().zip(back.iter_mut().rev()) {
            mem::swap(a, b);
        }
        return;
    }
    let mid = front.len() / 2;
    let (front_lo, front_hi) = front.split_at_mut(mid);
    let (back_lo, back_hi) = back.split_at_mut(back.len() - mid);
    join(
        || swap_mirrored(front_lo, back_hi),
        || swap_mirrored(front_hi, back_lo),
    );
}

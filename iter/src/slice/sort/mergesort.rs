//! The stable parallel sort: a merge sort over a buffer of `len` elements, merging in parallel.

use super::leaf;
use super::merge::{par_merge, seq_merge, CopyOnDrop, Run, SendPtr};
use super::presorted::{par_all_pairs, par_reverse};
use crate::weight::Weight;
use std::cmp::Ordering;
use std::mem;
use weft_core::join_context;

/// Sorts `v` stably with `cmp`, splitting while `weight` says so.
///
/// The slice is halved recursively; each piece that does not split is sorted on its thread
/// (`seq_sort`: std's stable `sort_by` on parts of at most [`LEAF_BYTES`], merged), and the
/// halves are merged in parallel (see `merge.rs`), alternating between `v` and one buffer of
/// `v.len()` elements so that each level moves every element once. The buffer is all the
/// memory the sort adds, bar the few hundred KiB of std's scratch per thread. Unsplit, it is
/// std's `sort_by` and allocates what that does.
pub(crate) fn par_mergesort<T, F, W>(v: &mut [T], cmp: &F, mut weight: W)
where
    T: Send,
    F: Fn(&T, &T) -> Ordering + Sync,
    W: Weight,
{
    let len = v.len();
    if mem::size_of::<T>() == 0 || len < 2 || !weight.should_split(len, false) {
        leaf(&weight, len, || v.sort_by(cmp));
        return;
    }
    // Sorted and strictly descending inputs (reversing the latter keeps it stable) cost a scan.
    if par_all_pairs(v, cmp, &|o| o != Ordering::Greater) {
        return;
    }
    if par_all_pairs(v, cmp, &|o| o == Ordering::Greater) {
        par_reverse(v);
        return;
    }
    let mut buffer = Vec::<T>::with_capacity(len);
    let (v, buf) = (SendPtr(v.as_mut_ptr()), SendPtr(buffer.as_mut_ptr()));
    // SAFETY: `v` holds `len` elements and `buf` room for as many, without overlap. The buffer
    // never owns anything its `Vec` would drop (its length stays 0), and `split` returns, or
    // unwinds, with every element back in `v`.
    unsafe { split(v, buf, len, false, cmp, weight) };
}

/// Sorts the `len` elements at `v` into `v` (or into `buf` if `into_buf`), having decided to
/// split them.
///
/// # Safety
///
/// `v` must hold `len` elements and `buf` have room for `len`, without overlap. On return, and
/// on unwind, the elements are in `buf` if `into_buf`, else in `v`; the other side holds stale
/// bitwise copies.
unsafe fn split<T, F, W>(
    v: SendPtr<T>,
    buf: SendPtr<T>,
    len: usize,
    into_buf: bool,
    cmp: &F,
    weight: W,
) where
    T: Send,
    F: Fn(&T, &T) -> Ordering + Sync,
    W: Weight,
{
    let mid = len / 2;
    // The halves land in the storage this level merges from.
    let (src, dest) = if into_buf { (v, buf) } else { (buf, v) };
    // If a half unwinds, both halves are in `src` (join waits for the other): move them to
    // `dest` as they are.
    let guard = CopyOnDrop {
        src: src.get(),
        dst: dest.get(),
        len,
    };
    // SAFETY: the halves `[0, mid)` and `[mid, len)` of `v` and `buf` are disjoint and in
    // bounds, so each call gets its own part of the contract.
    unsafe {
        let (v_hi, buf_hi) = (SendPtr(v.get().add(mid)), SendPtr(buf.get().add(mid)));
        join_context(
            |ctx| sort(v, buf, mid, !into_buf, cmp, weight, ctx.migrated()),
            |ctx| {
                sort(
                    v_hi,
                    buf_hi,
                    len - mid,
                    !into_buf,
                    cmp,
                    weight,
                    ctx.migrated(),
                )
            },
        );
    }
    mem::forget(guard);
    let (left, right) = halves(src, mid, len);
    // SAFETY: both sorted halves are in `src`; `dest` has room for `len` and does not overlap
    // `src`. The merge leaves every element in `dest`, on return and on unwind.
    unsafe { par_merge(left, right, dest, cmp, weight, false) };
}

/// Sorts the `len` elements at `v` into `v` (or `buf` if `into_buf`), splitting while `weight`
/// says so.
///
/// # Safety
///
/// As for [`split`].
unsafe fn sort<T, F, W>(
    v: SendPtr<T>,
    buf: SendPtr<T>,
    len: usize,
    into_buf: bool,
    cmp: &F,
    mut weight: W,
    migrated: bool,
) where
    T: Send,
    F: Fn(&T, &T) -> Ordering + Sync,
    W: Weight,
{
    if len >= 2 && weight.should_split(len, migrated) {
        // SAFETY: the caller's contract is `split`'s.
        unsafe { split(v, buf, len, into_buf, cmp, weight) };
        return;
    }
    // SAFETY: the caller's contract is `seq_sort`'s.
    leaf(&weight, len, || unsafe {
        seq_sort(v, buf, len, into_buf, cmp)
    });
}

/// The most bytes of elements std's `sort_by` sorts in one call here. std allocates scratch
/// of up to a piece's length for each call; capped, that scratch stays a few hundred KiB per
/// thread instead of adding megabytes to the sort's one buffer of `len` elements.
const LEAF_BYTES: usize = 256 << 10;

/// Sorts the `len` elements at `v` into `v` (or `buf` if `into_buf`) on this thread: std's
/// `sort_by` on pieces of at most [`LEAF_BYTES`], merged through `buf` like the parallel levels.
///
/// # Safety
///
/// As for [`split`].
unsafe fn seq_sort<T, F>(v: SendPtr<T>, buf: SendPtr<T>, len: usize, into_buf: bool, cmp: &F)
where
    F: Fn(&T, &T) -> Ordering,
{
    if len < 2 || len.saturating_mul(mem::size_of::<T>()) <= LEAF_BYTES {
        // Moves the piece to the buffer when it is sorted, or when its sort unwinds (std's
        // sort leaves a permutation in place), so that it ends up where the caller expects it.
        let _to_buf = into_buf.then(|| CopyOnDrop {
            src: v.get(),
            dst: buf.get(),
            len,
        });
        // SAFETY: `v` holds `len` elements that nothing else touches during this call.
        let piece = unsafe { std::slice::from_raw_parts_mut(v.get(), len) };
        piece.sort_by(cmp);
        return;
    }
    let mid = len / 2;
    let (src, dest) = if into_buf { (v, buf) } else { (buf, v) };
    // On unwind, every element is moved to `dest`: those already sorted into `src`, and, while
    // the first half sorts, the second half too if it waits in `src` (`src` is `v`).
    let mut guard = CopyOnDrop {
        src: src.get(),
        dst: dest.get(),
        len: if into_buf { len } else { mid },
    };
    // SAFETY: the halves `[0, mid)` and `[mid, len)` of `v` and `buf` are disjoint and in
    // bounds, so each call gets its own part of the contract.
    unsafe {
        seq_sort(v, buf, mid, !into_buf, cmp);
        guard.len = len;
        let (v_hi, buf_hi) = (SendPtr(v.get().add(mid)), SendPtr(buf.get().add(mid)));
        seq_sort(v_hi, buf_hi, len - mid, !into_buf, cmp);
    }
    mem::forget(guard);
    let (left, right) = halves(src, mid, len);
    // SAFETY: as in `split`.
    unsafe { seq_merge(left, right, dest.get(), cmp) };
}

/// The runs `[0, mid)` and `[mid, len)` of the `len` elements at `src` (`mid < len`).
fn halves<T>(src: SendPtr<T>, mid: usize, len: usize) -> (Run<T>, Run<T>) {
    debug_assert!(mid < len, "halves at {mid} of {len}");
    // `wrapping_add` computes the address without a promise; it is in bounds, as `mid < len`.
    let right = SendPtr(src.get().wrapping_add(mid));
    (
        Run { ptr: src, len: mid },
        Run {
            ptr: right,
            len: len - mid,
        },
    )
}

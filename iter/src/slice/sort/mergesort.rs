//! The stable parallel sort: a merge sort over a buffer of `len` elements, merging in parallel.

use super::leaf;
use super::merge::{par_merge, CopyOnDrop, Run, SendPtr};
use super::presorted::{par_all_pairs, par_reverse};
use crate::weight::Weight;
use std::cmp::Ordering;
use std::mem;
use weft_core::join_context;

/// Sorts `v` stably with `cmp`, splitting while `weight` says so.
///
/// The slice is halved recursively; each piece that does not split is sorted by std's stable
/// `sort_by`, and the halves are merged in parallel (see `merge.rs`), alternating between `v`
/// and one buffer of `v.len()` elements so that each level moves every element once. Unsplit,
/// it is std's `sort_by` and allocates nothing more.
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
    let left = Run { ptr: src, len: mid };
    // SAFETY: `mid < len`, within `src`.
    let src_mid = unsafe { src.get().add(mid) };
    let right = Run {
        ptr: SendPtr(src_mid),
        len: len - mid,
    };
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
    // Moves the piece to the buffer when it is sorted, or when its sort unwinds (std's sort
    // leaves a permutation in place), so that it ends up where the caller expects it.
    let _to_buf = into_buf.then(|| CopyOnDrop {
        src: v.get(),
        dst: buf.get(),
        len,
    });
    // SAFETY: `v` holds `len` elements that nothing else touches during this call.
    let piece = unsafe { std::slice::from_raw_parts_mut(v.get(), len) };
    leaf(&weight, len, || piece.sort_by(cmp));
}

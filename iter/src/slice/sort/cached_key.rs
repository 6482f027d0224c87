//! `par_sort_by_cached_key`: each key computed once, in parallel, then (key, index) pairs sorted.

use super::{leaf, par_quicksort};
use crate::weight::Weight;
use std::mem::MaybeUninit;
use std::panic::Location;
use weft_core::join_context;

/// Sorts `v` stably by the key `f` computes, calling `f` once per element.
///
/// The keys are computed in parallel next to each element's index; the pairs are distinct, so
/// the unstable quicksort sorts them stably; then the permutation is applied to `v` in place by
/// following its cycles. Indices are `u32` where they fit, to keep the pairs small.
pub(crate) fn par_sort_by_cached_key<T, K, F, W>(
    v: &mut [T],
    f: &F,
    site: &'static Location<'static>,
) where
    T: Send,
    K: Ord + Send,
    F: Fn(&T) -> K + Sync,
    W: Weight,
{
    if v.len() < 2 {
        return;
    }
    if u32::try_from(v.len()).is_ok() && size_of::<(K, u32)>() < size_of::<(K, usize)>() {
        sort_by_index::<u32, _, _, _, W>(v, f, site);
    } else {
        sort_by_index::<usize, _, _, _, W>(v, f, site);
    }
}

/// An integer type that holds every index of the slice being sorted.
trait Index: Copy + Ord + Send {
    fn from_usize(i: usize) -> Self;
    fn to_usize(self) -> usize;
}

impl Index for u32 {
    fn from_usize(i: usize) -> Self {
        u32::try_from(i).expect("the caller checked that indices fit")
    }
    fn to_usize(self) -> usize {
        self as usize
    }
}

impl Index for usize {
    fn from_usize(i: usize) -> Self {
        i
    }
    fn to_usize(self) -> usize {
        self
    }
}

/// `par_sort_by_cached_key` with indices of type `I`.
fn sort_by_index<I, T, K, F, W>(v: &mut [T], f: &F, site: &'static Location<'static>)
where
    I: Index,
    T: Send,
    K: Ord + Send,
    F: Fn(&T) -> K + Sync,
    W: Weight,
{
    let len = v.len();
    let mut keys = Vec::<(K, I)>::with_capacity(len);
    fill_keys(
        v,
        0,
        &mut keys.spare_capacity_mut()[..len],
        f,
        W::root(len, site),
        false,
    );
    // SAFETY: `fill_keys` returned, so it initialised all `len` slots (had `f` panicked, the
    // length would have stayed 0 and the keys written so far would only leak).
    unsafe { keys.set_len(len) };
    par_quicksort(
        &mut keys,
        &|a: &(K, I), b: &(K, I)| a.cmp(b),
        W::root(len, site),
    );
    // Apply the permutation: position `i` takes the element that was at `keys[i].1`. Earlier
    // positions have already been swapped away, so follow the chain of where each one went.
    for i in 0..len {
        let mut index = keys[i].1;
        while index.to_usize() < i {
            index = keys[index.to_usize()].1;
        }
        keys[i].1 = index;
        v.swap(i, index.to_usize());
    }
}

/// Writes `(f(v[i]), offset + i)` into `out[i]` for every `i`, in parallel pieces. (`v` is
/// borrowed mutably only so that its pieces may go to other threads with `T: Send`.)
fn fill_keys<I, T, K, F, W>(
    v: &mut [T],
    offset: usize,
    out: &mut [MaybeUninit<(K, I)>],
    f: &F,
    mut weight: W,
    migrated: bool,
) where
    I: Index,
    T: Send,
    K: Send,
    F: Fn(&T) -> K + Sync,
    W: Weight,
{
    let len = v.len();
    if len >= 2 && weight.should_split(len, migrated) {
        let mid = len / 2;
        let (v_lo, v_hi) = v.split_at_mut(mid);
        let (out_lo, out_hi) = out.split_at_mut(mid);
        join_context(
            |ctx| fill_keys(v_lo, offset, out_lo, f, weight, ctx.migrated()),
            |ctx| fill_keys(v_hi, offset + mid, out_hi, f, weight, ctx.migrated()),
        );
        return;
    }
    leaf(&weight, len, || {
        for (i, (x, slot)) in v.iter_mut().zip(out).enumerate() {
            slot.write((f(&*x), I::from_usize(offset + i)));
        }
    });
}

//! The unstable parallel sort: a pattern-defeating quicksort whose two sides run under `join`.

use super::leaf;
use super::partition::{
    break_patterns, choose_pivot, par_partition, partition, seam, PAR_PARTITION_MIN,
};
use super::presorted::{par_all_pairs, par_reverse};
use crate::weight::Weight;
use std::cmp::Ordering;
use weft_core::join_context;

/// Pieces shorter than this are never partitioned: std's sort handles them in one go.
const MIN_PARTITION: usize = 16;

/// Sorts `v` with `cmp`, in place and without allocating, splitting while `weight` says so.
///
/// Each split partitions the piece around a pseudo-median pivot and sorts the two sides in
/// parallel; a piece that does not split is sorted by std's `sort_unstable_by`. A piece worth
/// more than one thread's share of the work (the top of the recursion) is partitioned on two
/// threads (see `partition.rs`), so that no thread waits for a partition of the whole slice;
/// its seam is sorted, as a piece of its own, once both sides are. Unbalanced partitions are counted: after
/// `log2(len)` of them on one path, pattern-breaking has failed against an adversarial input
/// and the piece goes to std's sort, whose own heapsort fallback bounds the whole sort at
/// *O*(*n* log *n*) (the seams, one sort each at the top `log2(threads)` levels, at most
/// multiply that by the number of such levels).
pub(crate) fn par_quicksort<T, F, W>(v: &mut [T], cmp: &F, weight: W)
where
    T: Send,
    F: Fn(&T, &T) -> Ordering + Sync,
    W: Weight,
{
    let limit = usize::BITS - v.len().leading_zeros();
    // Pieces longer than one and a half threads' shares get a parallel partition: the top
    // piece on two threads, the top levels on more.
    let shared = v.len() / weft_core::current_num_threads().max(1) * 3 / 2;
    let split = Split { weight, shared };
    recurse(v, cmp, None, limit, split, false);
}

/// How a piece is split: the weight's say, and the length above which a piece is partitioned
/// on several threads.
#[derive(Clone, Copy)]
struct Split<W> {
    weight: W,
    shared: usize,
}

/// Sorts `v`, all of whose elements are at least `pred` when there is one (its left neighbour
/// in the whole slice). `limit` is the number of unbalanced partitions still allowed.
fn recurse<'a, T, F, W>(
    mut v: &'a mut [T],
    cmp: &F,
    mut pred: Option<&'a mut T>,
    mut limit: u32,
    mut split: Split<W>,
    migrated: bool,
) where
    T: Send,
    F: Fn(&T, &T) -> Ordering + Sync,
    W: Weight,
{
    loop {
        let len = v.len();
        if len < MIN_PARTITION || limit == 0 || !split.weight.should_split(len, migrated) {
            leaf(&split.weight, len, || v.sort_unstable_by(cmp));
            return;
        }

        let pivot = choose_pivot(v, cmp);
        if pivot.maybe_ascending && par_all_pairs(v, cmp, &|o| o != Ordering::Greater) {
            return;
        }
        if pivot.maybe_descending && par_all_pairs(v, cmp, &|o| o != Ordering::Less) {
            par_reverse(v);
            return;
        }

        // The pivot equals the predecessor, which no element is below: put everything equal to
        // it on the left, where it is already in place, and go on with the right.
        if let Some(pred) = pred.as_deref() {
            if cmp(pred, &v[pivot.index]) != Ordering::Less {
                let mid = partition(v, pivot.index, |x, p| cmp(p, x) != Ordering::Less);
                v = &mut { v }[mid + 1..];
                continue;
            }
        }

        if len > split.shared && len >= PAR_PARTITION_MIN {
            let mid = par_partition(v, cmp);
            let (left, right) = v.split_at_mut(mid);
            if left.len().min(right.len()) < len / 8 {
                limit -= 1;
                break_patterns_of(left, right);
            }
            // The right part's elements are not all above a pivot: it has no predecessor.
            join_context(
                |ctx| recurse(left, cmp, pred, limit, split, ctx.migrated()),
                |ctx| recurse(right, cmp, None, limit, split, ctx.migrated()),
            );
            // Usually a few thousand elements; nearly all of them if the pivots were far apart,
            // so it is sorted as any piece is, in parallel where the weight says so.
            let seam = seam(v, mid, cmp);
            v = &mut { v }[seam];
            pred = None;
            continue;
        }

        let mid = partition(v, pivot.index, |x, p| cmp(x, p) == Ordering::Less);
        let (left, rest) = v.split_at_mut(mid);
        let (pivot, right) = rest.split_first_mut().expect("the pivot is in the slice");
        if left.len().min(right.len()) < len / 8 {
            limit -= 1;
            break_patterns_of(left, right);
        }
        join_context(
            |ctx| recurse(left, cmp, pred, limit, split, ctx.migrated()),
            |ctx| recurse(right, cmp, Some(pivot), limit, split, ctx.migrated()),
        );
        return;
    }
}

/// After an unbalanced partition: scatters a few elements of each side long enough for it.
fn break_patterns_of<T>(left: &mut [T], right: &mut [T]) {
    if left.len() >= 8 {
        break_patterns(left);
    }
    if right.len() >= 8 {
        break_patterns(right);
    }
}

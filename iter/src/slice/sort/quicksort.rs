//! The unstable parallel sort: a pattern-defeating quicksort whose two sides run under `join`.

use super::leaf;
use super::partition::{break_patterns, choose_pivot, partition};
use super::presorted::{par_all_pairs, par_reverse};
use crate::weight::Weight;
use std::cmp::Ordering;
use weft_core::join_context;

/// Pieces shorter than this are never partitioned: std's sort handles them in one go.
const MIN_PARTITION: usize = 16;

/// Sorts `v` with `cmp`, in place and without allocating, splitting while `weight` says so.
///
/// Each split partitions the piece around a pseudo-median pivot and sorts the two sides in
/// parallel; a piece that does not split is sorted by std's `sort_unstable_by`. Unbalanced
/// partitions are counted: after `log2(len)` of them on one path, pattern-breaking has failed
/// against an adversarial input and the piece goes to std's sort, whose own heapsort fallback
/// bounds the whole sort at *O*(*n* log *n*).
pub(crate) fn par_quicksort<T, F, W>(v: &mut [T], cmp: &F, weight: W)
where
    T: Send,
    F: Fn(&T, &T) -> Ordering + Sync,
    W: Weight,
{
    let limit = usize::BITS - v.len().leading_zeros();
    recurse(v, cmp, None, limit, weight, false);
}

/// Sorts `v`, all of whose elements are at least `pred` when there is one (its left neighbour
/// in the whole slice). `limit` is the number of unbalanced partitions still allowed.
fn recurse<'a, T, F, W>(
    mut v: &'a mut [T],
    cmp: &F,
    pred: Option<&'a mut T>,
    mut limit: u32,
    mut weight: W,
    migrated: bool,
) where
    T: Send,
    F: Fn(&T, &T) -> Ordering + Sync,
    W: Weight,
{
    loop {
        let len = v.len();
        if len < MIN_PARTITION || limit == 0 || !weight.should_split(len, migrated) {
            leaf(&weight, len, || v.sort_unstable_by(cmp));
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

        let mid = partition(v, pivot.index, |x, p| cmp(x, p) == Ordering::Less);
        let (left, rest) = v.split_at_mut(mid);
        let (pivot, right) = rest.split_first_mut().expect("the pivot is in the slice");
        if left.len().min(right.len()) < len / 8 {
            limit -= 1;
            if left.len() >= 8 {
                break_patterns(left);
            }
            if right.len() >= 8 {
                break_patterns(right);
            }
        }
        join_context(
            |ctx| recurse(left, cmp, pred, limit, weight, ctx.migrated()),
            |ctx| recurse(right, cmp, Some(pivot), limit, weight, ctx.migrated()),
        );
        return;
    }
}

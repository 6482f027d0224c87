//! `unzip`, `partition` and `partition_map`: one pass that fills two collections.
//!
//! Each piece folds its items into a pair of vectors; the pieces' vectors are then handed, in
//! order, to each collection's `par_extend`.

use super::*;
use either::Either;

/// Folds the items of `pi` into two sequences with `push`, then extends `FromA` and `FromB`
/// with them, keeping the order.
pub(super) fn split_into<I, L, R, F, FromA, FromB>(pi: I, push: F) -> (FromA, FromB)
where
    I: ParallelIterator,
    F: Fn(&mut Vec<L>, &mut Vec<R>, I::Item) + Sync + Send,
    L: Send,
    R: Send,
    FromA: Default + Send + ParallelExtend<L>,
    FromB: Default + Send + ParallelExtend<R>,
{
    let pieces: Vec<(Vec<L>, Vec<R>)> = pi
        .fold(
            || (Vec::new(), Vec::new()),
            |(mut left, mut right), item| {
                push(&mut left, &mut right, item);
                (left, right)
            },
        )
        .collect();
    let (lefts, rights): (Vec<Vec<L>>, Vec<Vec<R>>) = pieces.into_iter().unzip();
    let mut a = FromA::default();
    let mut b = FromB::default();
    weft_core::join(
        || a.par_extend(lefts.into_par_iter().flatten_iter()),
        || b.par_extend(rights.into_par_iter().flatten_iter()),
    );
    (a, b)
}

/// Pushes an `Either` to the matching side.
pub(super) fn push_either<L, R>(left: &mut Vec<L>, right: &mut Vec<R>, item: Either<L, R>) {
    match item {
        Either::Left(l) => left.push(l),
        Either::Right(r) => right.push(r),
    }
}

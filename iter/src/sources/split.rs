//! `split()`: a parallel iterator over the pieces a splitting function cuts a value into.

use std::fmt;

use crate::plumbing::{bridge_unindexed, Folder, UnindexedConsumer, UnindexedProducer};
use crate::ParallelIterator;

/// Creates a parallel iterator that recursively cuts `data` with `splitter` and yields the
/// pieces.
///
/// `splitter` returns the piece to keep and, if it could cut, a second piece; pieces are cut
/// again while the pool wants more parallelism (the iterator is unindexed). Every piece that is
/// not cut further is yielded once.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::sources::split;
///
/// // Cut a range of numbers in halves and sum each piece sequentially.
/// let total: u64 = split(0..1000u64, |r| {
///     let mid = r.start + (r.end - r.start) / 2;
///     if r.end - r.start < 10 { (r, None) } else { (r.start..mid, Some(mid..r.end)) }
/// })
/// .map(|r| r.sum::<u64>())
/// .sum();
/// assert_eq!(total, 999 * 1000 / 2);
/// ```
pub fn split<D, S>(data: D, splitter: S) -> Split<D, S>
where
    D: Send,
    S: Fn(D) -> (D, Option<D>) + Sync,
{
    Split { data, splitter }
}

/// A parallel iterator over the pieces of a value; made by [`split()`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let s = weft_iter::sources::split(7u32, |n| (n, None));
/// assert_eq!(s.clone().collect::<Vec<_>>(), [7]);
/// assert_eq!(format!("{s:?}"), "Split { data: 7 }");
/// ```
#[derive(Clone)]
pub struct Split<D, S> {
    data: D,
    splitter: S,
}

impl<D: fmt::Debug, S> fmt::Debug for Split<D, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Split").field("data", &self.data).finish()
    }
}

impl<D, S> ParallelIterator for Split<D, S>
where
    D: Send,
    S: Fn(D) -> (D, Option<D>) + Sync + Send,
{
    type Item = D;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<Self::Item>,
    {
        let producer = SplitProducer {
            data: self.data,
            splitter: &self.splitter,
        };
        bridge_unindexed(producer, consumer)
    }
}

/// One piece and the shared splitting function.
struct SplitProducer<'s, D, S> {
    data: D,
    splitter: &'s S,
}

impl<D, S> UnindexedProducer for SplitProducer<'_, D, S>
where
    D: Send,
    S: Fn(D) -> (D, Option<D>) + Sync,
{
    type Item = D;

    fn split(self) -> (Self, Option<Self>) {
        let splitter = self.splitter;
        let (left, right) = splitter(self.data);
        (
            SplitProducer {
                data: left,
                splitter,
            },
            right.map(|data| SplitProducer { data, splitter }),
        )
    }

    fn fold_with<F>(self, folder: F) -> F
    where
        F: Folder<Self::Item>,
    {
        folder.consume(self.data)
    }
}

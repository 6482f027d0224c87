//! `unzip`, `partition` and `partition_map`: one pass over the source feeds two collections.
//!
//! Each collection is extended through its own `par_extend`, which builds the consumer it
//! collects with (a `Vec` writes an indexed source straight into its spare capacity, and an
//! unindexed one into a vector per piece). Both consumers are caught on their way in, so that
//! the source runs once, into a consumer that feeds both:
//!
//! 1. `FromA::par_extend` gets [`LeftItems`]; when it drives them, [`LeftItems`] holds A's
//!    consumer and calls `FromB::par_extend` with [`RightItems`], which carry that consumer.
//! 2. When `FromB` drives [`RightItems`], they hold both consumers: they drive the source once
//!    into a [`SplitConsumer`], whose folders send each item to one side or both as the
//!    [`Route`] says, and whose reducer reduces each side with its own reducer.
//! 3. B's result goes back to `FromB::par_extend`; A's is left in a slot that [`LeftItems`]
//!    return to `FromA::par_extend`.
//!
//! Each side reports the source's length only if every item sends it one item (`unzip`), so
//! that an indexed source is collected in place; `partition` and `partition_map` report none.

use super::*;
use crate::plumbing::*;
use either::Either;

/// How an item is sent on to the two sides.
pub(super) trait Route<T>: Sync + Send {
    /// The items the left collection gets.
    type Left: Send;
    /// The items the right collection gets.
    type Right: Send;
    /// Every item sends exactly one item to each side, so both sides have the source's length.
    const ONE_EACH: bool;

    /// Sends `item` to `left`, to `right`, or (a part) to each.
    fn route<FA, FB>(&self, item: T, left: FA, right: FB) -> (FA, FB)
    where
        FA: Folder<Self::Left>,
        FB: Folder<Self::Right>;
}

/// `unzip`: the first of each pair goes left, the second right.
pub(super) struct Unzip;

impl<A: Send, B: Send> Route<(A, B)> for Unzip {
    type Left = A;
    type Right = B;
    const ONE_EACH: bool = true;

    fn route<FA, FB>(&self, (a, b): (A, B), left: FA, right: FB) -> (FA, FB)
    where
        FA: Folder<A>,
        FB: Folder<B>,
    {
        (left.consume(a), right.consume(b))
    }
}

/// `partition`: items the predicate accepts go left, the others right.
pub(super) struct Partition<P>(pub(super) P);

impl<T: Send, P: Fn(&T) -> bool + Sync + Send> Route<T> for Partition<P> {
    type Left = T;
    type Right = T;
    const ONE_EACH: bool = false;

    fn route<FA, FB>(&self, item: T, left: FA, right: FB) -> (FA, FB)
    where
        FA: Folder<T>,
        FB: Folder<T>,
    {
        if (self.0)(&item) {
            (left.consume(item), right)
        } else {
            (left, right.consume(item))
        }
    }
}

/// `partition_map`: the function's `Left` values go left, its `Right` values right.
pub(super) struct PartitionMap<P>(pub(super) P);

impl<T, L, R, P> Route<T> for PartitionMap<P>
where
    L: Send,
    R: Send,
    P: Fn(T) -> Either<L, R> + Sync + Send,
{
    type Left = L;
    type Right = R;
    const ONE_EACH: bool = false;

    fn route<FA, FB>(&self, item: T, left: FA, right: FB) -> (FA, FB)
    where
        FA: Folder<L>,
        FB: Folder<R>,
    {
        match (self.0)(item) {
            Either::Left(l) => (left.consume(l), right),
            Either::Right(r) => (left, right.consume(r)),
        }
    }
}

/// Runs `source` once, extending `a` with the left items and `b` with the right ones.
fn route_into<I, R, FromA, FromB>(a: &mut FromA, b: &mut FromB, source: I, route: R)
where
    I: ParallelIterator,
    R: Route<I::Item>,
    FromA: Send + ParallelExtend<R::Left>,
    FromB: Send + ParallelExtend<R::Right>,
{
    a.par_extend(LeftItems { source, route, b });
}

/// Runs `source` once into two new collections.
pub(super) fn route_new<I, R, FromA, FromB>(source: I, route: R) -> (FromA, FromB)
where
    I: ParallelIterator,
    R: Route<I::Item>,
    FromA: Default + Send + ParallelExtend<R::Left>,
    FromB: Default + Send + ParallelExtend<R::Right>,
{
    let (mut a, mut b) = (FromA::default(), FromB::default());
    route_into(&mut a, &mut b, source, route);
    (a, b)
}

/// Extends `a` and `b` with the firsts and seconds of the pairs of `source`, in one pass.
pub(crate) fn unzip_into<I, A, B, FromA, FromB>(a: &mut FromA, b: &mut FromB, source: I)
where
    I: ParallelIterator<Item = (A, B)>,
    A: Send,
    B: Send,
    FromA: Send + ParallelExtend<A>,
    FromB: Send + ParallelExtend<B>,
{
    route_into(a, b, source, Unzip);
}

/// Extends `a` with the `Left` values of `source` and `b` with the `Right` ones, in one pass.
pub(crate) fn either_into<I, L, R, FromA, FromB>(a: &mut FromA, b: &mut FromB, source: I)
where
    I: ParallelIterator<Item = Either<L, R>>,
    L: Send,
    R: Send,
    FromA: Send + ParallelExtend<L>,
    FromB: Send + ParallelExtend<R>,
{
    route_into(a, b, source, PartitionMap(|either| either));
}

/// What `FromA::par_extend` is given: the left items, to be driven into A's consumer.
struct LeftItems<'b, I, R, FromB> {
    source: I,
    route: R,
    b: &'b mut FromB,
}

impl<I, R, FromB> ParallelIterator for LeftItems<'_, I, R, FromB>
where
    I: ParallelIterator,
    R: Route<I::Item>,
    FromB: Send + ParallelExtend<R::Right>,
{
    type Item = R::Left;

    fn drive_unindexed<C>(self, left: C) -> C::Result
    where
        C: UnindexedConsumer<R::Left>,
    {
        let mut left_result = None;
        self.b.par_extend(RightItems {
            source: self.source,
            route: self.route,
            left,
            left_result: &mut left_result,
        });
        left_result.expect("the right side's par_extend drives its items exactly once")
    }

    fn opt_len(&self) -> Option<usize> {
        if R::ONE_EACH {
            self.source.opt_len()
        } else {
            None
        }
    }
}

/// What `FromB::par_extend` is given: the right items, carrying A's consumer, to be driven
/// into B's consumer together with it.
struct RightItems<'r, I, R, CA, RA> {
    source: I,
    route: R,
    left: CA,
    left_result: &'r mut Option<RA>,
}

impl<I, R, CA> ParallelIterator for RightItems<'_, I, R, CA, CA::Result>
where
    I: ParallelIterator,
    R: Route<I::Item>,
    CA: UnindexedConsumer<R::Left>,
{
    type Item = R::Right;

    fn drive_unindexed<C>(self, right: C) -> C::Result
    where
        C: UnindexedConsumer<R::Right>,
    {
        let consumer = SplitConsumer {
            route: &self.route,
            left: self.left,
            right,
        };
        let (left, right) = self.source.drive_unindexed(consumer);
        *self.left_result = Some(left);
        right
    }

    fn opt_len(&self) -> Option<usize> {
        if R::ONE_EACH {
            self.source.opt_len()
        } else {
            None
        }
    }
}

/// A consumer that routes each item to one of two consumers, or to both.
struct SplitConsumer<'r, R, CA, CB> {
    route: &'r R,
    left: CA,
    right: CB,
}

impl<'r, T, R, CA, CB> Consumer<T> for SplitConsumer<'r, R, CA, CB>
where
    R: Route<T>,
    CA: Consumer<R::Left>,
    CB: Consumer<R::Right>,
{
    type Folder = SplitFolder<'r, R, CA::Folder, CB::Folder>;
    type Reducer = SplitReducer<CA::Reducer, CB::Reducer>;
    type Result = (CA::Result, CB::Result);

    fn split_at(self, index: usize) -> (Self, Self, Self::Reducer) {
        // With `ONE_EACH`, both sides have the source's indices. Otherwise both sides reported
        // no length, so their consumers do not depend on where they are split.
        let (left_a, right_a, reducer_a) = self.left.split_at(index);
        let (left_b, right_b, reducer_b) = self.right.split_at(index);
        (
            SplitConsumer {
                route: self.route,
                left: left_a,
                right: left_b,
            },
            SplitConsumer {
                route: self.route,
                left: right_a,
                right: right_b,
            },
            SplitReducer {
                left: reducer_a,
                right: reducer_b,
            },
        )
    }

    fn into_folder(self) -> Self::Folder {
        SplitFolder {
            route: self.route,
            left: self.left.into_folder(),
            right: self.right.into_folder(),
        }
    }

    fn full(&self) -> bool {
        // Items keep coming while either side takes them.
        self.left.full() && self.right.full()
    }
}

impl<T, R, CA, CB> UnindexedConsumer<T> for SplitConsumer<'_, R, CA, CB>
where
    R: Route<T>,
    CA: UnindexedConsumer<R::Left>,
    CB: UnindexedConsumer<R::Right>,
{
    fn split_off_left(&self) -> Self {
        SplitConsumer {
            route: self.route,
            left: self.left.split_off_left(),
            right: self.right.split_off_left(),
        }
    }

    fn to_reducer(&self) -> Self::Reducer {
        SplitReducer {
            left: self.left.to_reducer(),
            right: self.right.to_reducer(),
        }
    }
}

/// The folder of [`SplitConsumer`]: a folder of each side.
struct SplitFolder<'r, R, FA, FB> {
    route: &'r R,
    left: FA,
    right: FB,
}

impl<T, R, FA, FB> Folder<T> for SplitFolder<'_, R, FA, FB>
where
    R: Route<T>,
    FA: Folder<R::Left>,
    FB: Folder<R::Right>,
{
    type Result = (FA::Result, FB::Result);

    fn consume(self, item: T) -> Self {
        let (left, right) = self.route.route(item, self.left, self.right);
        SplitFolder {
            route: self.route,
            left,
            right,
        }
    }

    /// Folds with both sides' folders in locals: through `consume`, the loop could write both
    /// back into the folder in memory and read them again for every item (a `partition` of
    /// 10^7 `u64` took twice rayon's user time so, in one build).
    fn consume_iter<I>(self, iter: I) -> Self
    where
        I: IntoIterator<Item = T>,
    {
        let SplitFolder {
            route,
            mut left,
            mut right,
        } = self;
        for item in iter {
            (left, right) = route.route(item, left, right);
            if left.full() && right.full() {
                break;
            }
        }
        SplitFolder { route, left, right }
    }

    fn complete(self) -> Self::Result {
        (self.left.complete(), self.right.complete())
    }

    fn full(&self) -> bool {
        self.left.full() && self.right.full()
    }
}

/// The reducer of [`SplitConsumer`]: each side's reducer on its own results.
struct SplitReducer<RA, RB> {
    left: RA,
    right: RB,
}

impl<A, B, RA, RB> Reducer<(A, B)> for SplitReducer<RA, RB>
where
    RA: Reducer<A>,
    RB: Reducer<B>,
{
    fn reduce(self, left: (A, B), right: (A, B)) -> (A, B) {
        (
            self.left.reduce(left.0, right.0),
            self.right.reduce(left.1, right.1),
        )
    }
}

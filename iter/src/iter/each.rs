//! `EachConsumer`: the consumer, and folder, of every adaptor that does something to each item
//! as it passes — `map`, `filter`, `filter_map`, `flat_map_iter`, `while_some`, and the gates
//! of `take_any` and its kin.
//!
//! Such a consumer splits, reduces and reports `full` exactly like the consumer it wraps; only
//! what happens to one item differs. That is an [`Each`]: a zero-sized kind (`Mapped`,
//! `Kept`, ...) that says, given the adaptor's operation `op`, how an item is folded into the
//! folder downstream, how a run of items is (a run can go to the base folder's own
//! `consume_iter`, which collect and the sums rely on), and whether the operation lets no more
//! items through (so pieces may stop).

use crate::plumbing::*;
use std::marker::PhantomData;

/// What an adaptor of kind `Self` does to each item `T`, given its operation `Op`.
pub(super) trait Each<T, Op: ?Sized> {
    /// The items passed on downstream.
    type Out;

    /// Folds what `item` becomes into `folder`.
    fn fold<F: Folder<Self::Out>>(op: &Op, folder: F, item: T) -> F;

    /// Folds a run of items into `folder`. By default one at a time, stopping once `folder`
    /// is full or the operation lets no more items through ([`closed`](Self::closed): an
    /// endless run must end there); a kind whose items map one to one hands the base folder
    /// the mapped run.
    #[inline]
    fn fold_iter<F, I>(op: &Op, mut folder: F, iter: I) -> F
    where
        F: Folder<Self::Out>,
        I: Iterator<Item = T>,
    {
        for item in iter {
            folder = Self::fold(op, folder, item);
            if folder.full() || Self::closed(op) {
                break;
            }
        }
        folder
    }

    /// Whether `op` lets no more items through, so that every piece may stop.
    fn closed(_op: &Op) -> bool {
        false
    }
}

/// Passes each item through `op` as its kind `K` says, on to `base` (a consumer, or the
/// folder it turned into).
pub(super) struct EachConsumer<'o, C, K, Op: ?Sized> {
    base: C,
    op: &'o Op,
    kind: PhantomData<fn() -> K>,
}

impl<'o, C, K, Op: ?Sized> EachConsumer<'o, C, K, Op> {
    /// `base`, behind `op`.
    pub(super) fn new(base: C, op: &'o Op) -> Self {
        EachConsumer {
            base,
            op,
            kind: PhantomData,
        }
    }

    /// The consumer or folder behind `op`.
    pub(super) fn into_base(self) -> C {
        self.base
    }
}

impl<'o, T, C, K, Op> Consumer<T> for EachConsumer<'o, C, K, Op>
where
    C: Consumer<K::Out>,
    K: Each<T, Op>,
    Op: Sync + ?Sized,
{
    type Folder = EachConsumer<'o, C::Folder, K, Op>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        (Self::new(left, self.op), Self::new(right, self.op), reducer)
    }

    fn into_folder(self) -> Self::Folder {
        EachConsumer::new(self.base.into_folder(), self.op)
    }

    fn full(&self) -> bool {
        K::closed(self.op) || self.base.full()
    }
}

impl<T, C, K, Op> UnindexedConsumer<T> for EachConsumer<'_, C, K, Op>
where
    C: UnindexedConsumer<K::Out>,
    K: Each<T, Op>,
    Op: Sync + ?Sized,
{
    fn split_off_left(&self) -> Self {
        Self::new(self.base.split_off_left(), self.op)
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}

impl<T, F, K, Op> Folder<T> for EachConsumer<'_, F, K, Op>
where
    F: Folder<K::Out>,
    K: Each<T, Op>,
    Op: ?Sized,
{
    type Result = F::Result;

    fn consume(self, item: T) -> Self {
        Self::new(K::fold(self.op, self.base, item), self.op)
    }

    // Asked to inline (with `fold_iter`) into the bridge's leaf: left out of line, the folder
    // goes through memory at every item (filter + collect in `benches/table.rs`).
    #[inline]
    fn consume_iter<I: IntoIterator<Item = T>>(self, iter: I) -> Self {
        Self::new(K::fold_iter(self.op, self.base, iter.into_iter()), self.op)
    }

    fn complete(self) -> F::Result {
        self.base.complete()
    }

    fn full(&self) -> bool {
        K::closed(self.op) || self.base.full()
    }
}

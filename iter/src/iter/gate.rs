//! A consumer that lets items through a shared gate: the machinery of `take_any`, `skip_any`,
//! `take_any_while` and `skip_any_while`.

use super::each::{Each, EachConsumer};
use crate::plumbing::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Shared state that decides, item by item and across threads, which items pass.
pub(super) trait Gate<T>: Sync {
    /// Whether `item` passes (and updates the shared state).
    fn admit(&self, item: &T) -> bool;
    /// Whether no further item can pass, so pieces may stop.
    fn closed(&self) -> bool;
}

/// Passes the items its gate admits on to `base`.
pub(super) type GateConsumer<'g, C, G> = EachConsumer<'g, C, Gated, G>;

/// The kind of [`EachConsumer`] that passes on the items a [`Gate`] admits, and stops every
/// piece once the gate has closed.
pub(super) struct Gated;

impl<T, G: Gate<T>> Each<T, G> for Gated {
    type Out = T;

    fn fold<F: Folder<T>>(gate: &G, folder: F, item: T) -> F {
        if gate.admit(&item) {
            folder.consume(item)
        } else {
            folder
        }
    }

    fn fold_iter<F, I>(gate: &G, folder: F, iter: I) -> F
    where
        F: Folder<T>,
        I: Iterator<Item = T>,
    {
        folder.consume_iter(
            iter.take_while(|_| !gate.closed())
                .filter(|item| gate.admit(item)),
        )
    }

    fn closed(gate: &G) -> bool {
        gate.closed()
    }
}

/// The gate of `take_any_while` (`TAKE`) and `skip_any_while` (`!TAKE`): open while the
/// predicate has held on every item seen, shut for good by the first item it fails on.
/// `take_any_while` passes the items seen while it is open; `skip_any_while` those seen once
/// it is shut, that first item included.
pub(super) struct WhileGate<'p, P, const TAKE: bool> {
    predicate: &'p P,
    open: AtomicBool,
}

impl<'p, P, const TAKE: bool> WhileGate<'p, P, TAKE> {
    pub(super) fn new(predicate: &'p P) -> Self {
        WhileGate {
            predicate,
            open: AtomicBool::new(true),
        }
    }
}

impl<T, P: Fn(&T) -> bool + Sync, const TAKE: bool> Gate<T> for WhileGate<'_, P, TAKE> {
    fn admit(&self, item: &T) -> bool {
        // Relaxed: the flag alone decides; no other memory is published through it. Once shut,
        // the predicate is not called again, and the flag is written once.
        let holds = self.open.load(Ordering::Relaxed) && {
            let holds = (self.predicate)(item);
            if !holds {
                self.open.store(false, Ordering::Relaxed);
            }
            holds
        };
        holds == TAKE
    }

    fn closed(&self) -> bool {
        TAKE && !self.open.load(Ordering::Relaxed)
    }
}

/// Implements `ParallelIterator` for the predicate adaptor `$Name<I, P>` (a `closure_adaptor!`
/// with a `predicate`) that passes its base's items through a [`WhileGate`].
macro_rules! while_gated {
    ($Name:ident, take: $take:literal) => {
        impl<I, P> ParallelIterator for $Name<I, P>
        where
            I: ParallelIterator,
            P: Fn(&I::Item) -> bool + Sync + Send,
        {
            type Item = I::Item;

            fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
                let gate = WhileGate::<_, $take>::new(&self.predicate);
                self.base
                    .drive_unindexed(GateConsumer::new(consumer, &gate))
            }
        }
    };
}
pub(super) use while_gated;

//! A consumer that lets items through a shared gate: the machinery of `take_any`, `skip_any`,
//! `take_any_while` and `skip_any_while`.

use super::each::{Each, EachConsumer};
use crate::plumbing::*;

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

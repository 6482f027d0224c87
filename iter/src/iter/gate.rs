//! A consumer that lets items through a shared gate: the machinery of `take_any`, `skip_any`,
//! `take_any_while` and `skip_any_while`.

use crate::plumbing::*;

/// Shared state that decides, item by item and across threads, which items pass.
pub(super) trait Gate<T>: Sync {
    /// Whether `item` passes (and updates the shared state).
    fn admit(&self, item: &T) -> bool;
    /// Whether no further item can pass, so pieces may stop.
    fn closed(&self) -> bool;
}

/// Passes the items its gate admits on to `base`.
pub(super) struct GateConsumer<'g, C, G> {
    pub(super) base: C,
    pub(super) gate: &'g G,
}

impl<'g, T, C, G> Consumer<T> for GateConsumer<'g, C, G>
where
    C: Consumer<T>,
    G: Gate<T>,
{
    type Folder = GateConsumer<'g, C::Folder, G>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        (
            GateConsumer {
                base: left,
                gate: self.gate,
            },
            GateConsumer {
                base: right,
                gate: self.gate,
            },
            reducer,
        )
    }

    fn into_folder(self) -> Self::Folder {
        GateConsumer {
            base: self.base.into_folder(),
            gate: self.gate,
        }
    }

    fn full(&self) -> bool {
        self.gate.closed() || self.base.full()
    }
}

impl<'g, T, C, G> UnindexedConsumer<T> for GateConsumer<'g, C, G>
where
    C: UnindexedConsumer<T>,
    G: Gate<T>,
{
    fn split_off_left(&self) -> Self {
        GateConsumer {
            base: self.base.split_off_left(),
            gate: self.gate,
        }
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}

impl<T, F, G> Folder<T> for GateConsumer<'_, F, G>
where
    F: Folder<T>,
    G: Gate<T>,
{
    type Result = F::Result;

    fn consume(mut self, item: T) -> Self {
        if self.gate.admit(&item) {
            self.base = self.base.consume(item);
        }
        self
    }

    fn consume_iter<I: IntoIterator<Item = T>>(mut self, iter: I) -> Self {
        let gate = self.gate;
        self.base = self.base.consume_iter(
            iter.into_iter()
                .take_while(|_| !gate.closed())
                .filter(|item| gate.admit(item)),
        );
        self
    }

    fn complete(self) -> F::Result {
        self.base.complete()
    }

    fn full(&self) -> bool {
        self.gate.closed() || self.base.full()
    }
}

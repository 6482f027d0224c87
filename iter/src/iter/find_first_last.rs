//! `find_first` and `find_last`: the leftmost (rightmost) item a predicate accepts; and
//! `find_any`: any such item.
//!
//! Each consumer covers a span of an abstract position space, `0..usize::MAX` at the root,
//! halved at every split; pieces to the left get lower positions. A piece that finds an item
//! publishes its span's start (`find_first`, `find_any`) or end (`find_last`) in `best`; a
//! piece whose whole span is beaten by `best` stops, and for `find_any` every find beats every
//! span. Splitting halves the span, so a piece's span is never
//! empty before about 64 levels of splits, far deeper than any pipeline goes.

use super::ParallelIterator;
use crate::plumbing::*;
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

/// What a search looks for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    /// The leftmost accepted item (`find_first`).
    First,
    /// The rightmost accepted item (`find_last`).
    Last,
    /// Any accepted item (`find_any`).
    Any,
}

/// Finds an item of `pi` that `find_op` accepts: the one `side` asks for.
pub(super) fn find<I, P>(pi: I, find_op: P, side: Side) -> Option<I::Item>
where
    I: ParallelIterator,
    P: Fn(&I::Item) -> bool + Sync,
{
    // Beats no span: past every span's start, before every span's end.
    let best = AtomicUsize::new(match side {
        Side::First | Side::Any => usize::MAX,
        Side::Last => 0,
    });
    pi.drive_unindexed(FindConsumer::new(side, &find_op, &best))
}

struct FindConsumer<'p, P> {
    find_op: &'p P,
    /// Start of this consumer's span (a `Cell`: `split_off_left` moves it through `&self`).
    lower: Cell<usize>,
    /// End of this consumer's span.
    upper: usize,
    side: Side,
    best: &'p AtomicUsize,
}

impl<'p, P> FindConsumer<'p, P> {
    fn new(side: Side, find_op: &'p P, best: &'p AtomicUsize) -> Self {
        FindConsumer {
            find_op,
            lower: Cell::new(0),
            upper: usize::MAX,
            side,
            best,
        }
    }

    /// Splits the span: the left half goes to the returned consumer.
    fn split_span(&self) -> Self {
        let lower = self.lower.get();
        let mid = lower + (self.upper - lower) / 2;
        self.lower.set(mid);
        FindConsumer {
            find_op: self.find_op,
            lower: Cell::new(lower),
            upper: mid,
            side: self.side,
            best: self.best,
        }
    }

    /// Whether an item found elsewhere already beats anything this span could find.
    fn beaten(&self) -> bool {
        // Relaxed: `best` only lets pieces stop early; items come through the reducers.
        let best = self.best.load(Ordering::Relaxed);
        match self.side {
            Side::First => best < self.lower.get(),
            Side::Last => best > self.upper,
            Side::Any => best != usize::MAX,
        }
    }
}

impl<'p, T, P> Consumer<T> for FindConsumer<'p, P>
where
    T: Send,
    P: Fn(&T) -> bool + Sync,
{
    type Folder = FindFolder<'p, T, P>;
    type Reducer = FindReducer;
    type Result = Option<T>;

    fn split_at(self, _index: usize) -> (Self, Self, FindReducer) {
        let left = self.split_span();
        let side = self.side;
        (left, self, FindReducer(side))
    }

    fn into_folder(self) -> Self::Folder {
        FindFolder {
            find_op: self.find_op,
            boundary: match self.side {
                Side::First | Side::Any => self.lower.get(),
                Side::Last => self.upper,
            },
            side: self.side,
            best: self.best,
            item: None,
        }
    }

    fn full(&self) -> bool {
        self.beaten()
    }
}

impl<'p, T, P> UnindexedConsumer<T> for FindConsumer<'p, P>
where
    T: Send,
    P: Fn(&T) -> bool + Sync,
{
    fn split_off_left(&self) -> Self {
        self.split_span()
    }

    fn to_reducer(&self) -> FindReducer {
        FindReducer(self.side)
    }
}

struct FindFolder<'p, T, P> {
    find_op: &'p P,
    boundary: usize,
    side: Side,
    best: &'p AtomicUsize,
    item: Option<T>,
}

impl<T, P: Fn(&T) -> bool> FindFolder<'_, T, P> {
    fn publish(&self) {
        // Relaxed: see `FindConsumer::beaten`.
        match self.side {
            // A span's start is below `usize::MAX`: `find_any`'s pieces see it as found.
            Side::First | Side::Any => self.best.fetch_min(self.boundary, Ordering::Relaxed),
            Side::Last => self.best.fetch_max(self.boundary, Ordering::Relaxed),
        };
    }
}

impl<T, P: Fn(&T) -> bool> Folder<T> for FindFolder<'_, T, P> {
    type Result = Option<T>;

    fn consume(mut self, item: T) -> Self {
        let keep = match self.side {
            // The first match of this piece is its answer: later ones lose to it.
            Side::First | Side::Any => self.item.is_none(),
            Side::Last => true,
        };
        if keep && (self.find_op)(&item) {
            if self.item.is_none() {
                // The span's position is the same for every match: publish it once.
                self.publish();
            }
            self.item = Some(item);
        }
        self
    }

    // The default `consume_iter` (consume, then check `full`, item by item) is the right one:
    // a piece must stop as soon as a better piece publishes, even in the middle of a long run
    // of items that do not match (an octillion-long range).

    fn complete(self) -> Option<T> {
        self.item
    }

    fn full(&self) -> bool {
        // Relaxed: see `FindConsumer::beaten`.
        let best = self.best.load(Ordering::Relaxed);
        match self.side {
            Side::First => self.item.is_some() || best < self.boundary,
            Side::Last => best > self.boundary,
            Side::Any => self.item.is_some() || best != usize::MAX,
        }
    }
}

struct FindReducer(Side);

impl<T> Reducer<Option<T>> for FindReducer {
    fn reduce(self, left: Option<T>, right: Option<T>) -> Option<T> {
        match self.0 {
            Side::First | Side::Any => left.or(right),
            Side::Last => right.or(left),
        }
    }
}

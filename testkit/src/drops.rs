//! Values that count their clones and drops: a test builds them from a [`DropCounter`] and
//! checks afterwards that none leaked and none dropped twice.

use std::cmp::Ordering;
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// Counts the [`Counted`] values made from it (by [`wrap`](DropCounter::wrap) or by a clone)
/// and those dropped. `const`, so that a `static` counter can serve values of `'static`
/// lifetime.
///
/// Memory ordering: the counts are `Relaxed`. A test reads them after the work that made and
/// dropped the values has been joined (a pool's `install` or `join` returned), and that join
/// orders every count before the read.
#[derive(Debug, Default)]
pub struct DropCounter {
    made: AtomicUsize,
    dropped: AtomicUsize,
}

impl DropCounter {
    /// A counter at zero.
    pub const fn new() -> DropCounter {
        DropCounter {
            made: AtomicUsize::new(0),
            dropped: AtomicUsize::new(0),
        }
    }

    /// `value`, counted: dropping it (or a clone of it) counts one drop.
    pub fn wrap<T>(&self, value: T) -> Counted<'_, T> {
        self.made.fetch_add(1, Relaxed);
        Counted {
            value,
            canary: Box::new(CANARY),
            counter: self,
        }
    }

    /// How many counted values were made: wrapped plus cloned.
    pub fn made(&self) -> usize {
        self.made.load(Relaxed)
    }

    /// How many counted values were dropped.
    pub fn dropped(&self) -> usize {
        self.dropped.load(Relaxed)
    }

    /// How many counted values are alive: made and not yet dropped.
    ///
    /// # Panics
    ///
    /// If more values were dropped than made (some value dropped twice).
    #[track_caller]
    pub fn live(&self) -> usize {
        let (made, dropped) = (self.made(), self.dropped());
        made.checked_sub(dropped)
            .unwrap_or_else(|| panic!("{dropped} drops of {made} values: some dropped twice"))
    }
}

/// What a [`Counted`]'s heap canary holds while it is alive.
const CANARY: u64 = 0x0dd_ba11_cafe_f00d;

/// A value that counts its clones and drops in a [`DropCounter`]. Its boxed canary makes a
/// double drop a double free (which the allocator or Miri catches) as well as a wrong count,
/// and a drop of a corrupted value fails. Compares, orders and prints as its `value`.
pub struct Counted<'a, T> {
    /// The value carried.
    pub value: T,
    canary: Box<u64>,
    counter: &'a DropCounter,
}

impl<T: Clone> Clone for Counted<'_, T> {
    fn clone(&self) -> Self {
        self.counter.wrap(self.value.clone())
    }
}

impl<T> Drop for Counted<'_, T> {
    fn drop(&mut self) {
        assert_eq!(*self.canary, CANARY, "a dropped value was corrupted");
        self.counter.dropped.fetch_add(1, Relaxed);
    }
}

impl<T: fmt::Debug> fmt::Debug for Counted<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)
    }
}

impl<T: PartialEq> PartialEq for Counted<'_, T> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl<T: Eq> Eq for Counted<'_, T> {}

impl<T: PartialOrd> PartialOrd for Counted<'_, T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        self.value.partial_cmp(&other.value)
    }
}

impl<T: Ord> Ord for Counted<'_, T> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.value.cmp(&other.value)
    }
}

#[cfg(test)]
mod tests {
    use super::DropCounter;

    #[test]
    fn clones_and_drops_are_counted() {
        let counter = DropCounter::new();
        let a = counter.wrap(String::from("a"));
        let b = a.clone();
        assert_eq!(
            (counter.made(), counter.dropped(), counter.live()),
            (2, 0, 2)
        );
        assert_eq!(a, b);
        drop(a);
        assert_eq!(
            (counter.made(), counter.dropped(), counter.live()),
            (2, 1, 1)
        );
        drop(b);
        assert_eq!(counter.live(), 0);
    }

    #[test]
    #[should_panic(expected = "some dropped twice")]
    fn more_drops_than_values_made_is_reported() {
        let counter = DropCounter::new();
        counter
            .dropped
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        counter.live();
    }
}

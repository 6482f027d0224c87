//! Per-thread values for `map_init` and the methods built on it: each thread reuses the values
//! its pieces made, and a value never leaves the thread that made it.
//!
//! # Protocol
//!
//! A [`ThreadValues`] lives in the frame that drives a `map_init` pipeline and has a key no
//! other instance ever had. Each thread keeps, in a thread-local list, one *lot* per key it
//! is working for: the values idle on this thread and a count of *holders*.
//!
//! * A [`Holder`] is taken by each consumer split (it rides in the split's reducer, which
//!   stays in the splitting thread's frame until both halves are reduced) and by each piece
//!   while it folds (inside its [`Lent`] value). Both types are `!Send`, so a holder is
//!   released on the thread that took it.
//! * A piece [`lend`](ThreadValues::lend)s an idle value of its thread's lot, or calls `init`
//!   when none is idle: the first piece on a thread, or one that runs while this thread's
//!   values are all lent (a piece stolen by a `join` nested in the map function). The piece
//!   gives the value back when it finishes; a piece that unwinds drops its value instead.
//! * When a thread's last holder for a key goes, the lot is removed and its values dropped,
//!   on that thread. Every holder borrows the `ThreadValues`, so this happens before the
//!   pipeline returns: values may borrow what the pipeline borrows.
//!
//! So a thread calls `init` once for the pieces it runs while it holds the pipeline, plus
//! once per nesting level at which pieces overlap. A value is only ever touched by the thread
//! that made it, which is why its type need not be `Send` (a `thread_rng()`, an `Rc`).
//!
//! No user code (`init`, a value's destructor) runs while the thread-local list is borrowed,
//! so both may use parallel iterators themselves. A holder leaked with `mem::forget` leaks its
//! lot (never dropped: its values could outlive what they borrow); keys are never reused, so
//! a leaked lot is never mistaken for another pipeline's.
//!
//! On a thread whose list is already destroyed (a pipeline run from a thread-local's
//! destructor at the thread's exit), holders keep nothing and each piece drops the value it
//! made when it finishes.

use std::cell::RefCell;
use std::marker::PhantomData;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, Ordering};

/// The values of one thread for one pipeline.
struct Lot {
    key: u64,
    /// Live `Holder`s of this key on this thread.
    holders: usize,
    /// Boxed values not lent out, type-erased (`Box<T>` of the pipeline with this key).
    idle: Vec<NonNull<()>>,
    /// Drops one of `idle`'s values.
    drop_value: unsafe fn(NonNull<()>),
}

thread_local! {
    /// This thread's lots; a handful at most (one per `map_init` pipeline it works for).
    static LOTS: RefCell<Vec<Lot>> = const { RefCell::new(Vec::new()) };
}

/// Drops a value a [`Lent`] gave back to its thread's lot.
///
/// # Safety
///
/// `value` must come from `Box::<T>::into_raw` and not have been dropped.
unsafe fn drop_boxed<T>(value: NonNull<()>) {
    // SAFETY: the caller passes a live `Box<T>`'s pointer, given up by its owner.
    drop(unsafe { Box::from_raw(value.as_ptr().cast::<T>()) });
}

/// Where the pieces of one `map_init` pipeline get their values: `init`, and the values each
/// thread made with it.
pub(super) struct ThreadValues<'i, INIT> {
    init: &'i INIT,
    key: u64,
}

impl<'i, T, INIT: Fn() -> T> ThreadValues<'i, INIT> {
    pub(super) fn new(init: &'i INIT) -> Self {
        /// Relaxed: the keys only need to be distinct, which every atomic increment gives.
        static NEXT_KEY: AtomicU64 = AtomicU64::new(0);
        ThreadValues {
            init,
            key: NEXT_KEY.fetch_add(1, Ordering::Relaxed),
        }
    }

    /// Keeps this thread's lot (and the values idle in it) alive while the result lives.
    pub(super) fn hold(&self) -> Holder<'_> {
        // An error: the list is destroyed (module docs); the holder then keeps nothing.
        let _ = LOTS.try_with(|lots| {
            let mut lots = lots.borrow_mut();
            match lots.iter_mut().find(|lot| lot.key == self.key) {
                Some(lot) => lot.holders += 1,
                None => lots.push(Lot {
                    key: self.key,
                    holders: 1,
                    idle: Vec::new(),
                    drop_value: drop_boxed::<T>,
                }),
            }
        });
        Holder {
            key: self.key,
            _values: PhantomData,
            _not_send: PhantomData,
        }
    }

    /// An idle value of this thread, or a new one from `init`.
    pub(super) fn lend(&self) -> Lent<'_, T> {
        let hold = self.hold();
        let idle = LOTS
            .try_with(|lots| {
                lots.borrow_mut()
                    .iter_mut()
                    .find(|lot| lot.key == self.key)
                    .and_then(|lot| lot.idle.pop())
            })
            .ok()
            .flatten();
        let value = match idle {
            // SAFETY: the lots of `self.key` hold only `Box<T>`s given back by `give_back`
            // below (the key is this instance's alone), each owned by the lot until popped.
            Some(ptr) => unsafe { Box::from_raw(ptr.as_ptr().cast::<T>()) },
            None => Box::new((self.init)()),
        };
        Lent {
            value: Some(value),
            hold,
        }
    }
}

/// Keeps a thread's values for one pipeline alive (see the module's protocol).
#[must_use]
pub(super) struct Holder<'v> {
    key: u64,
    /// Borrows the `ThreadValues`, so every holder is gone before the pipeline returns.
    _values: PhantomData<&'v ()>,
    /// Released on the thread that took it.
    _not_send: PhantomData<*const ()>,
}

impl Drop for Holder<'_> {
    fn drop(&mut self) {
        let Ok(Some(lot)) = LOTS.try_with(|lots| {
            let mut lots = lots.borrow_mut();
            let at = lots.iter().position(|lot| lot.key == self.key)?;
            let lot = &mut lots[at];
            lot.holders -= 1;
            (lot.holders == 0).then(|| lots.swap_remove(at))
        }) else {
            return; // other holders remain (or the thread is exiting: leak)
        };
        for value in lot.idle {
            // SAFETY: each idle pointer is a live `Box` of the type `drop_value` was made for,
            // owned by the lot, which we just removed.
            unsafe { (lot.drop_value)(value) };
        }
    }
}

/// A value lent to one piece; given back to its thread's lot when the piece is done.
pub(super) struct Lent<'v, T> {
    /// `None` only while being given back.
    value: Option<Box<T>>,
    hold: Holder<'v>,
}

impl<T> Lent<'_, T> {
    /// The value.
    #[inline]
    pub(super) fn get_mut(&mut self) -> &mut T {
        self.value
            .as_mut()
            .expect("a lent value is present until dropped")
    }
}

impl<T> Drop for Lent<'_, T> {
    fn drop(&mut self) {
        let Some(value) = self.value.take() else {
            return;
        };
        if std::thread::panicking() {
            return; // a value its function unwound from may be half-updated: drop it
        }
        let key = self.hold.key;
        let ptr = NonNull::from(Box::leak(value)).cast::<()>();
        let kept = LOTS.try_with(|lots| {
            let mut lots = lots.borrow_mut();
            // Our own holder keeps the lot present.
            let lot = lots.iter_mut().find(|lot| lot.key == key)?;
            lot.idle.push(ptr);
            Some(())
        });
        if !matches!(kept, Ok(Some(()))) {
            // SAFETY: `ptr` came from `Box::leak` just above and was not stored.
            unsafe { drop_boxed::<T>(ptr) };
        }
    }
}

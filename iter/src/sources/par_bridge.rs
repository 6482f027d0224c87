//! `par_bridge()`: turns any sequential `Iterator + Send` into a parallel iterator whose
//! workers take turns pulling items from it.
//!
//! The protocol: the bridge is one [`UnindexedProducer`] shared by reference. It splits at
//! most once per thread of the pool (`splits_left`), and not at all once the iterator has run
//! dry (`exhausted`). Each piece pulls one item at a time under the iterator's lock and folds
//! it with the lock released. A piece never blocks on the lock: it tries `QUICK_TRIES` times,
//! then `BACKOFF_TRIES` times more with a spin that doubles between tries, and then gives up
//! its turn. That is what keeps a `next()` (or a folder) that re-enters the pool from
//! deadlocking: a piece of the same bridge handed to the thread that holds the lock fails to
//! take it and returns. No item is lost by giving up, because the
//! lock's holder goes on pulling until the iterator is exhausted or its folder is full (and a
//! full folder means the consumer wants no more).

use std::iter::Fuse;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, TryLockError};

use crate::plumbing::{bridge_unindexed, Folder, UnindexedConsumer, UnindexedProducer};
use crate::ParallelIterator;

/// Conversion of a sequential iterator into a parallel one, for iterators that have no
/// parallel counterpart (channels, file lines, ...).
///
/// Items are pulled one at a time under a lock, so order is not kept (sort afterwards if it
/// matters) and the work per item should outweigh a lock hand-off. No thread ever waits for
/// the lock: a piece that finds the iterator taken tries a few times and then leaves the
/// pulling to the holder, so a `next()` that itself uses the pool cannot deadlock.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::par_bridge::ParallelBridge;
/// use std::sync::mpsc::channel;
///
/// let (tx, rx) = channel();
/// for i in 0..100 {
///     tx.send(i).unwrap();
/// }
/// drop(tx);
/// let mut v: Vec<i32> = rx.into_iter().par_bridge().map(|x| x * 2).collect();
/// v.sort();
/// assert_eq!(v, (0..100).map(|x| x * 2).collect::<Vec<_>>());
/// ```
///
/// The iterator moves between threads, so it must be `Send`, and so must its items:
///
/// ```compile_fail,E0277
/// use weft_iter::par_bridge::ParallelBridge;
///
/// let shared = std::rc::Rc::new(1);
/// let _ = std::iter::repeat(shared).take(2).par_bridge();
/// ```
pub trait ParallelBridge: Sized {
    /// Wraps `self` so that the pool's workers share it.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::par_bridge::ParallelBridge;
    ///
    /// let n = "a b c".split(' ').par_bridge().count();
    /// assert_eq!(n, 3);
    /// ```
    fn par_bridge(self) -> IterBridge<Self>;
}

impl<T> ParallelBridge for T
where
    T: Iterator<Item: Send> + Send,
{
    fn par_bridge(self) -> IterBridge<Self> {
        IterBridge { iter: self }
    }
}

/// A sequential iterator shared by the workers of a pool; made by
/// [`ParallelBridge::par_bridge`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::par_bridge::ParallelBridge;
///
/// let b = (0..4).par_bridge();
/// assert_eq!(b.clone().sum::<i32>(), 6);
/// assert_eq!(format!("{b:?}"), "IterBridge { iter: 0..4 }");
/// ```
#[derive(Debug, Clone)]
pub struct IterBridge<Iter> {
    iter: Iter,
}

impl<Iter> ParallelIterator for IterBridge<Iter>
where
    Iter: Iterator<Item: Send> + Send,
{
    type Item = Iter::Item;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<Self::Item>,
    {
        let shared = Shared {
            iter: Mutex::new(self.iter.fuse()),
            splits_left: AtomicUsize::new(weft_core::current_num_threads().max(1)),
            exhausted: AtomicBool::new(false),
        };
        bridge_unindexed(&shared, consumer)
    }
}

/// The state every piece of a bridge shares.
///
/// Memory ordering: the iterator itself is only touched under `iter`'s lock; `splits_left`
/// and `exhausted` are hints that never guard data, so every access is `Relaxed`.
struct Shared<Iter> {
    iter: Mutex<Fuse<Iter>>,
    /// How many more pieces may be split off: one per thread of the pool.
    splits_left: AtomicUsize,
    /// Set once `next()` returned `None`: no use splitting any more.
    exhausted: AtomicBool,
}

/// Tries to take the iterator's lock, one spin apart, before a piece backs off.
const QUICK_TRIES: u32 = 64;

/// Further tries, the spin between them doubling from one to 2,048 (about 4,000 spins in
/// all, a fraction of a millisecond), before a piece gives up. A piece that gives up leaves
/// its thread out of the bridge for good, so the bound is set for the holder that is
/// descheduled for a moment (a virtual CPU preempted), not for the holder's `next()`: with
/// the quick tries alone, a thread of a two-thread pool often gave up for good on a short
/// preemption (`par_bridge` in `benches/table.rs`). The one that never gets the
/// lock, a piece handed to the holder itself, pays the whole bound once.
const BACKOFF_TRIES: u32 = 12;

impl<Iter> Shared<Iter> {
    /// The iterator, if its lock can be had within `QUICK_TRIES + BACKOFF_TRIES` tries
    /// (spinning between them) and is not poisoned.
    fn try_lock(&self) -> Option<MutexGuard<'_, Fuse<Iter>>> {
        for attempt in 0..QUICK_TRIES + BACKOFF_TRIES {
            match self.iter.try_lock() {
                Ok(guard) => return Some(guard),
                Err(TryLockError::Poisoned(_)) => return None,
                Err(TryLockError::WouldBlock) => {
                    for _ in 0..1u32 << attempt.saturating_sub(QUICK_TRIES) {
                        std::hint::spin_loop();
                    }
                }
            }
        }
        None
    }
}

impl<Iter> UnindexedProducer for &Shared<Iter>
where
    Iter: Iterator<Item: Send> + Send,
{
    type Item = Iter::Item;

    fn split(self) -> (Self, Option<Self>) {
        if self.exhausted.load(Ordering::Relaxed) {
            return (self, None);
        }
        let took = self
            .splits_left
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1));
        (self, took.is_ok().then_some(self))
    }

    fn fold_with<F>(self, mut folder: F) -> F
    where
        F: Folder<Self::Item>,
    {
        loop {
            // Never block on the lock: its holder may be this very thread, inside a `next()`
            // that re-entered the pool and was handed this piece. After a short bounded spin
            // the piece gives up; no item is lost, since whoever holds the lock keeps pulling
            // until the iterator is exhausted. A poisoned lock means `next()` panicked on
            // another thread; that panic reaches the caller through the pool.
            let Some(mut iter) = self.try_lock() else {
                return folder;
            };
            let Some(item) = iter.next() else {
                self.exhausted.store(true, Ordering::Relaxed);
                return folder;
            };
            drop(iter);
            folder = folder.consume(item);
            if folder.full() {
                return folder;
            }
        }
    }
}

//! `par_bridge()`: turns any sequential `Iterator + Send` into a parallel iterator whose
//! workers take turns pulling items from it.

use std::iter::Fuse;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::plumbing::{bridge_unindexed, Folder, UnindexedConsumer, UnindexedProducer};
use crate::ParallelIterator;

/// Conversion of a sequential iterator into a parallel one, for iterators that have no
/// parallel counterpart (channels, file lines, ...).
///
/// Items are pulled one at a time under a lock, so order is not kept (sort afterwards if it
/// matters) and the work per item should outweigh a lock hand-off. A worker that finds the
/// iterator taken by another blocks on the lock rather than spinning.
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
        let threads = weft_core::current_num_threads().max(1);
        let shared = Shared {
            iter: Mutex::new(self.iter.fuse()),
            splits_left: AtomicUsize::new(threads),
            exhausted: AtomicBool::new(false),
            pulling: (0..threads).map(|_| AtomicBool::new(false)).collect(),
        };
        bridge_unindexed(&shared, consumer)
    }
}

/// The state every piece of a bridge shares.
///
/// Memory ordering: the iterator itself is only touched under `iter`'s lock; `splits_left`,
/// `exhausted` and `pulling` are hints that never guard data, so every access is `Relaxed`.
struct Shared<Iter> {
    iter: Mutex<Fuse<Iter>>,
    /// How many more pieces may be split off: one per thread of the pool.
    splits_left: AtomicUsize,
    /// Set once `next()` returned `None`: no use splitting any more.
    exhausted: AtomicBool,
    /// Per pool thread (by index, modulo the length): whether that thread is already in the
    /// pull loop of this bridge.
    pulling: Box<[AtomicBool]>,
}

impl<Iter> Shared<Iter> {
    /// Marks the calling thread as pulling until the returned token drops; `None` if it
    /// already was (a nested call on the same thread).
    fn start_pulling(&self) -> Option<PullToken<'_>> {
        let flag = match weft_core::current_thread_index() {
            Some(i) => &self.pulling[i % self.pulling.len()],
            None => return Some(PullToken { flag: None }),
        };
        (!flag.swap(true, Ordering::Relaxed)).then_some(PullToken { flag: Some(flag) })
    }
}

/// Attempts to take the iterator's lock before a piece gives up.
const LOCK_ATTEMPTS: u32 = 64;

impl<Iter> Shared<Iter> {
    /// The iterator, if its lock can be had within `LOCK_ATTEMPTS` tries (spinning between
    /// them) and is not poisoned.
    fn try_lock(&self) -> Option<std::sync::MutexGuard<'_, std::iter::Fuse<Iter>>> {
        for _ in 0..LOCK_ATTEMPTS {
            match self.iter.try_lock() {
                Ok(guard) => return Some(guard),
                Err(std::sync::TryLockError::Poisoned(_)) => return None,
                Err(std::sync::TryLockError::WouldBlock) => std::hint::spin_loop(),
            }
        }
        None
    }
}

/// Proof that the current thread is in a bridge's pull loop; clears its flag on drop
/// (unwinding included).
struct PullToken<'a> {
    flag: Option<&'a AtomicBool>,
}

impl Drop for PullToken<'_> {
    fn drop(&mut self) {
        if let Some(flag) = self.flag {
            flag.store(false, Ordering::Relaxed);
        }
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
        // If `next()` or the folder re-enters the pool while this thread holds or waits for
        // the lock, this thread may be handed another piece of the same bridge: that piece
        // must not take the lock again (deadlock). It returns at once; the outer loop on this
        // thread pulls the rest.
        let Some(_token) = self.start_pulling() else {
            return folder;
        };
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

//! The default weight's small-input probe, and the rule that closures run on pool threads.
//!
//! # The probe
//!
//! A job with no weight chosen does not know what an item costs. Rather than split at once (a
//! fork and a wake-up, microseconds, more than a small sum takes), the bridge folds a prefix
//! on the current worker and times it: one item, then chunks that grow the prefix to
//! [`PROBE_TIMED_ITEMS`] and then double it, up to `len / `[`PROBE_FRACTION`] items and never
//! more than [`PROBE_MAX_ITEMS`]. After each chunk it predicts the rest at the prefix's pace:
//!
//! * at or over [`SEQUENTIAL_BUDGET`], the rest splits as [`Adaptive`](crate::weight::Adaptive)
//!   does, at once;
//! * under it once the prefix is complete, the rest is folded here too.
//!
//! While the probe goes on, a prefix shorter than `PROBE_TIMED_ITEMS` counts as that long (its
//! time is mostly the clock's own, and an early split would lose the small-input win); the
//! final decision to fold the rest uses the prefix's true length.
//!
//! The probe is bounded both ways. By items: at most `PROBE_MAX_ITEMS`. By time: after the
//! first item it goes on only while the prediction is under `SEQUENTIAL_BUDGET`, that is while
//! the prefix took less than `SEQUENTIAL_BUDGET * max(done, PROBE_TIMED_ITEMS) / rest`; the
//! next chunk is at most that long again when items cost alike, so past its first item the
//! probe takes at most about `2 * SEQUENTIAL_BUDGET * PROBE_TIMED_ITEMS / PROBE_MIN_LEN`. A job
//! of a huge number of items (a range of `usize::MAX` numbers) is predicted big after its
//! first item and splits right away. What no probe can bound is one item that runs long: the
//! rest of the job is offered to other threads only once it returns.
//!
//! # Where the job runs
//!
//! [`on_pool_thread`] keeps rayon's rule that every closure of a parallel iterator over two or
//! more items runs on a thread of a pool. On a worker the job (the probe included) runs right
//! there; from outside every pool it is handed to the global pool as one job, and the caller
//! waits for it: one hand-off for the whole job, however it then splits.

use super::{Consumer, Folder, Piece, Producer, Reducer};
use crate::weight::WeightSpec;
use std::time::{Duration, Instant};

/// Indexed jobs shorter than this skip the probe and split as
/// [`Adaptive`](crate::weight::Adaptive) does: a prefix of `len / PROBE_FRACTION` items would be
/// too short to time.
///
/// # Examples
///
/// ```
/// use weft_iter::plumbing::{PROBE_FRACTION, PROBE_MIN_LEN};
///
/// // The shortest probed job still times a few items.
/// assert!(PROBE_MIN_LEN / PROBE_FRACTION >= 4);
/// ```
pub const PROBE_MIN_LEN: usize = 512;

/// The probe folds at most `1 / PROBE_FRACTION` of a job's items before it decides.
///
/// # Examples
///
/// ```
/// use weft_iter::plumbing::{PROBE_FRACTION, PROBE_MAX_ITEMS};
///
/// // A job of 2,000 items is decided after at most 31 of them.
/// assert_eq!((2_000 / PROBE_FRACTION).min(PROBE_MAX_ITEMS), 31);
/// ```
pub const PROBE_FRACTION: usize = 64;

/// The probe folds at most this many items before it decides, however long the job.
///
/// # Examples
///
/// ```
/// use weft_iter::plumbing::{PROBE_FRACTION, PROBE_MAX_ITEMS};
///
/// let len = 10_000_000;
/// assert_eq!((len / PROBE_FRACTION).min(PROBE_MAX_ITEMS), PROBE_MAX_ITEMS);
/// ```
pub const PROBE_MAX_ITEMS: usize = 4096;

/// A prefix of fewer items than this is timed as if it held this many: reading the clock
/// (tens of nanoseconds) would otherwise make a few cheap items look expensive. The probe
/// grows its prefix from one item straight to this many.
const PROBE_TIMED_ITEMS: usize = 16;

/// A job with no weight chosen that is predicted to take less than this runs sequentially on
/// the worker that started it: a fork and a wake-up would cost more than they could save.
///
/// # Examples
///
/// ```
/// use weft_iter::plumbing::SEQUENTIAL_BUDGET;
///
/// assert!(SEQUENTIAL_BUDGET.as_micros() >= 1);
/// ```
pub const SEQUENTIAL_BUDGET: Duration = Duration::from_micros(20);

/// Runs `op` on a thread of a pool: right here on a worker, else handed to the global pool as
/// one job while this thread waits.
#[inline]
pub(super) fn on_pool_thread<R, OP>(op: OP) -> R
where
    OP: FnOnce() -> R + Send,
    R: Send,
{
    if weft_core::current_thread_index().is_some() {
        op()
    } else {
        hand_off(op)
    }
}

/// From outside every pool: one injection into the global pool (a scope's body runs on a
/// worker), the caller parked until it returns.
#[cold]
fn hand_off<R, OP>(op: OP) -> R
where
    OP: FnOnce() -> R + Send,
    R: Send,
{
    weft_core::scope(|_| op())
}

/// What the probe has timed so far.
#[derive(Clone, Copy)]
struct Prefix {
    /// When the first chunk started.
    start: Instant,
    /// Items folded so far.
    done: usize,
    /// The most items the probe folds before it decides.
    cap: usize,
}

impl<P: Producer, C: Consumer<P::Item>> Piece<P, C> {
    /// The probe over a whole job of `len >= PROBE_MIN_LEN` items (see the module docs).
    pub(super) fn probe_then_split(self) -> C::Result {
        let cap = (self.len / PROBE_FRACTION).min(PROBE_MAX_ITEMS);
        debug_assert!(
            cap > 0,
            "probe over {} items (PROBE_MIN_LEN is {PROBE_MIN_LEN})",
            self.len
        );
        let prefix = Prefix {
            start: Instant::now(),
            done: 0,
            cap,
        };
        self.probe_chunk(1, prefix)
    }

    /// Folds the first `chunk` items, then decides about the rest: split it, fold it, or probe
    /// on with a longer prefix.
    fn probe_chunk(self, chunk: usize, mut prefix: Prefix) -> C::Result {
        let (chunk, rest, reducer) = self.split_at(chunk);
        prefix.done += chunk.len;
        let left = chunk.fold();
        let right = if rest.consumer.full() {
            rest.consumer.into_folder().complete()
        } else {
            let elapsed = prefix.start.elapsed().as_nanos();
            let complete = prefix.done >= prefix.cap;
            // While probing, a short prefix gets the benefit of the doubt (its time is mostly
            // the clock's); the final decision, to fold the rest here, uses the true pace.
            let timed = if complete {
                prefix.done
            } else {
                prefix.done.max(PROBE_TIMED_ITEMS)
            };
            let predicted = elapsed * rest.len as u128 / timed as u128;
            if predicted >= SEQUENTIAL_BUDGET.as_nanos() {
                let splitter = WeightSpec::adaptive().root(rest.len);
                rest.split(false, splitter)
            } else if complete {
                rest.fold()
            } else {
                // Twice the prefix, at least `PROBE_TIMED_ITEMS`, at most `cap`.
                let target = (2 * prefix.done).max(PROBE_TIMED_ITEMS).min(prefix.cap);
                let next = target - prefix.done;
                rest.probe_chunk(next, prefix)
            }
        };
        reducer.reduce(left, right)
    }
}

//! [`Autotune`]: a weight that times its leaves and remembers, per call site, the leaf size
//! that runs about [`AUTOTUNE_LEAF_TIME`].

use super::{Adaptive, Weight};
use std::cell::Cell;
use std::fmt;
use std::panic::Location;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// The time [`Autotune`] aims a leaf at.
///
/// # Examples
///
/// ```
/// assert!(weft_iter::weight::AUTOTUNE_LEAF_TIME.as_micros() < 100);
/// ```
pub const AUTOTUNE_LEAF_TIME: Duration = Duration::from_micros(5);

/// Time the leaves, and settle on a leaf size that runs about [`AUTOTUNE_LEAF_TIME`],
/// remembered per call site of `.weight::<Autotune>()`.
///
/// The first run at a call site splits like [`Adaptive`] and times every leaf; each timed leaf
/// updates the site's estimate of the time per item (the fastest recent sample, drifting up by
/// 1/8 per leaf, since timing noise only ever adds time).
/// Later runs split until a piece holds about `AUTOTUNE_LEAF_TIME` of work, and keep refining
/// the estimate. Call sites are told apart by `#[track_caller]` on `.weight()`. Only indexed
/// pieces are timed (an unindexed producer does not say how many items a leaf held), and
/// pipelines of unknown length always split like [`Adaptive`].
///
/// Wins on a call site run many times whose cost per item is unknown when the code is written
/// (a user-supplied closure, data-dependent work).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let v: Vec<f64> = (0..50_000).map(f64::from).collect();
/// for _ in 0..3 {
///     // The first pass measures; later passes split to leaves of a few microseconds.
///     let s: f64 = v.par_iter().weight::<Autotune>().map(|x| x.sqrt()).sum();
///     assert!(s > 0.0);
/// }
/// ```
#[derive(Clone, Copy)]
pub struct Autotune {
    record: &'static SiteRecord,
    /// Items per leaf, or 0 while the site has no estimate yet.
    leaf_len: usize,
    untuned: Adaptive,
}

impl fmt::Debug for Autotune {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Autotune")
            .field("leaf_len", &self.leaf_len)
            .field("untuned", &self.untuned)
            .finish()
    }
}

/// What Autotune remembers about one call site.
struct SiteRecord {
    /// Picoseconds per item (a decaying minimum of leaf samples), or 0 before the first
    /// timed leaf.
    /// Relaxed: a stale or racing estimate only changes a leaf size, never correctness.
    ps_per_item: AtomicU64,
}

/// The record of a call site, created (and leaked: one per site) on first use.
///
/// Each thread remembers the last site it looked up, so a call site run in a loop (or the
/// inner iterators of a `flat_map`) does not take the global lock every time.
fn site_record(site: &'static Location<'static>) -> &'static SiteRecord {
    thread_local! {
        static LAST: Cell<Option<(usize, &'static SiteRecord)>> = const { Cell::new(None) };
    }
    let key = site as *const Location<'static> as usize;
    if let Some((last, record)) = LAST.get() {
        if last == key {
            return record;
        }
    }
    let record = site_record_slow(key);
    LAST.set(Some((key, record)));
    record
}

/// Looks `key` up in the global table of sites, adding it if needed.
#[cold]
fn site_record_slow(key: usize) -> &'static SiteRecord {
    // Sorted by key: a binary search finds a site (a few dozen, usually), and a site is
    // inserted once. (A sorted `Vec` compiles to far less than a `HashMap`.)
    static SITES: Mutex<Vec<(usize, &'static SiteRecord)>> = Mutex::new(Vec::new());
    let mut sites = SITES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    match sites.binary_search_by_key(&key, |&(k, _)| k) {
        Ok(i) => sites[i].1,
        Err(i) => {
            let record = Box::leak(Box::new(SiteRecord {
                ps_per_item: AtomicU64::new(0),
            }));
            sites.insert(i, (key, record));
            record
        }
    }
}

impl Weight for Autotune {
    const TIMED: bool = true;

    fn root(len: usize, site: &'static Location<'static>) -> Self {
        let record = site_record(site);
        let ps = record.ps_per_item.load(Ordering::Relaxed);
        let target = AUTOTUNE_LEAF_TIME.as_nanos() as u64 * 1000;
        // 0 (no estimate yet) when the site has not been timed.
        let leaf_len = target
            .checked_div(ps)
            .map_or(0, |n| usize::try_from(n).unwrap_or(usize::MAX).max(1));
        Autotune {
            record,
            leaf_len,
            untuned: Adaptive::root(len, site),
        }
    }

    fn should_split(&mut self, len: usize, migrated: bool) -> bool {
        if self.leaf_len == 0 || len == usize::MAX {
            self.untuned.should_split(len, migrated)
        } else {
            len > self.leaf_len
        }
    }

    fn leaf_done(&self, len: usize, elapsed: Duration) {
        if len == 0 {
            return;
        }
        let sample = (elapsed.as_nanos() * 1000 / len as u128).clamp(1, u64::MAX as u128) as u64;
        let old = self.record.ps_per_item.load(Ordering::Relaxed);
        // Timing noise only ever adds time (a preempted or interrupted leaf), so track the
        // fastest recent sample, letting the estimate drift up by 1/8 per leaf when items
        // really get costlier. An average would let one preempted leaf shrink every later
        // leaf to a single item.
        let new = if old == 0 {
            sample
        } else {
            sample.min(old.saturating_add(old / 8))
        };
        self.record.ps_per_item.store(new.max(1), Ordering::Relaxed);
    }
}

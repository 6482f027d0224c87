//! Jobs over a huge number of items that short-circuit finish: the default weight's probe is
//! bounded by items and by time, and every folder stops as soon as a better piece has answered
//! (rayon's `tests/octillion.rs` shapes, each behind a watchdog).

use std::time::Duration;
use weft_iter::prelude::*;

const OCTILLION: u128 = 1_000_000_000_000_000_000_000_000_000;

/// Runs `f` on a two-thread pool (short-circuiting needs a second thread to find the better
/// answer) and fails if it has not returned within 30 seconds.
fn within_30s<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
    weft_testkit::within(Duration::from_secs(30), move || {
        let pool = weft_core::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        pool.install(f)
    })
}

/// `0..10²⁴` as `u128` (unindexed: too long for a `usize`) — shorter than rayon's octillion
/// so that the right-most piece, which `find_last` must scan whole, is small in a debug build.
fn huge() -> weft_iter::range::Iter<u128> {
    (0..OCTILLION / 1000).into_par_iter()
}

/// `0..10¹⁵` as a `flat_map` of indexed inner ranges: both levels go through the default
/// weight's probe (no `with_max_len`, unlike rayon's version).
fn huge_flat() -> impl ParallelIterator<Item = u64> {
    (0u32..1_000_000_000)
        .into_par_iter()
        .map(|i| u64::from(i) * 1_000_000)
        .flat_map(|i| {
            (0u32..1_000_000)
                .into_par_iter()
                .map(move |j| i + u64::from(j))
        })
}

#[test]
fn find_first_over_an_indexed_job_of_usize_max_items_finishes() {
    // Indexed and probed: a probe of `len / 64` items would run for decades.
    let x = within_30s(|| (0..usize::MAX).into_par_iter().find_first(|&x| x >= 1_000));
    assert_eq!(x, Some(1_000));
}

#[test]
fn find_last_over_an_indexed_job_of_usize_max_items_finishes() {
    let x = within_30s(|| (0..usize::MAX).into_par_iter().find_last(|_| true));
    assert_eq!(x, Some(usize::MAX - 1));
}

#[test]
fn any_over_an_indexed_job_of_usize_max_items_finishes() {
    // Only the right half matches: its pieces must get a thread while the left ones scan.
    assert!(within_30s(|| (0..usize::MAX)
        .into_par_iter()
        .any(|x| x > usize::MAX / 2)));
}

#[test]
fn find_first_and_last_over_huge_unindexed_ranges_finish() {
    assert_eq!(within_30s(|| huge().find_first(|_| true)), Some(0));
    assert_eq!(
        within_30s(|| huge().find_last(|_| true)),
        Some(OCTILLION / 1000 - 1)
    );
    let end = OCTILLION / 1000;
    assert_eq!(
        within_30s(move || (0..=end).into_par_iter().find_last(|_| true)),
        Some(end)
    );
}

#[test]
fn find_any_after_a_filter_that_rejects_a_long_run_finishes() {
    // The left pieces reject every item; they must notice the right pieces' answer while
    // rejecting, not only when an item reaches the consumer.
    let x = within_30s(|| huge().filter(|&x| x > OCTILLION / 2000).find_any(|_| true));
    assert!(x.is_some_and(|x| x > OCTILLION / 2000));
    let y = within_30s(|| {
        huge()
            .filter_map(|x| (x > OCTILLION / 2000).then_some(x))
            .find_any(|_| true)
    });
    assert!(y.is_some());
}

#[test]
fn nested_flat_maps_of_probed_inner_jobs_finish() {
    assert_eq!(within_30s(|| huge_flat().find_first(|_| true)), Some(0));
    let last = within_30s(|| huge_flat().find_last(|_| true));
    assert_eq!(last, Some(999_999_999_999_999));
    assert!(within_30s(|| huge_flat().find_any(|&x| x > 500_000_000_000_000)).is_some());
}

#[test]
fn an_endless_source_behind_while_some_stops_at_the_first_none() {
    // rayon's tests/clones.rs `clone_repeat`: every piece must stop once a `None` was seen,
    // also while folding a run of items.
    let collected: Vec<i32> = within_30s(|| weft_iter::iter::repeat(None).while_some().collect());
    assert!(collected.is_empty());
    let (some, none) = (Some(7), None);
    let n = within_30s(move || {
        weft_iter::iter::repeat(some)
            .take_any(1000)
            .chain(weft_iter::iter::repeat(none))
            .while_some()
            .count()
    });
    assert!(n <= 1000);
}

/// rayon's `octillion_flat`: three levels of `flat_map`, every level split down to pieces of
/// 1,000 items, so that a worker's forks run some sixty deep.
fn octillion_flat() -> impl ParallelIterator<Item = u128> {
    (0u32..1_000_000_000)
        .into_par_iter()
        .with_max_len(1_000)
        .map(|i| u64::from(i) * 1_000_000_000)
        .flat_map(|i| {
            (0u32..1_000_000_000)
                .into_par_iter()
                .with_max_len(1_000)
                .map(move |j| i + u64::from(j))
        })
        .map(|i| u128::from(i) * 1_000_000_000)
        .flat_map(|i| {
            (0u32..1_000_000_000)
                .into_par_iter()
                .with_max_len(1_000)
                .map(move |j| i + u128::from(j))
        })
}

#[test]
fn the_idle_worker_takes_the_oldest_half_every_time() {
    // Only the root's right half holds a match, so the job ends only if the second worker
    // takes exactly that half: the oldest fork, published or private. A thief that took a
    // younger private fork while the root's half sat published would scan the left half
    // for ever (an intermittent hang of rayon's `filter_find_any_octillion_flat`, about one
    // run in 25, before cold steals deferred to published forks). Many runs, each on a new
    // pool, so that the race between a promotion and a cold steal comes up.
    for _ in 0..60 {
        let x = within_30s(|| {
            octillion_flat()
                .filter(|x| *x > OCTILLION / 2)
                .find_any(|_| true)
        });
        assert!(x.is_some());
    }
}

use super::*;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The name of the thread that registered the process, if one did.
static REGISTRAR: Mutex<Option<Option<String>>> = Mutex::new(None);

/// Called by the registrar before it asks the kernel.
#[cfg(all(target_os = "linux", not(miri)))]
pub(super) fn note_registrar() {
    let name = std::thread::current().name().map(str::to_owned);
    *REGISTRAR.lock().unwrap() = Some(name);
}

/// Waits until the registrar has answered (every test of this binary builds pools, so one
/// has been started by the time a pool ran work).
fn registration_settled() -> u8 {
    let start = Instant::now();
    loop {
        let s = state();
        if s == REGISTERED || s == REFUSED || start.elapsed() > Duration::from_secs(10) {
            return s;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[test]
fn both_fences_can_be_issued() {
    light(false);
    light(true);
    compiler();
    let _ = heavy(mark(), || false);
}

#[test]
fn takers_share_barriers_and_issue_at_most_a_burst() {
    let Some(_pool) = registered_pool() else {
        // No `membarrier` here: nothing to share.
        return;
    };
    // A barrier started after a taker's mark (here our own, standing for another taker's or
    // a cold steal's) serves that taker: it issues none.
    let served = mark();
    assert!(barrier(), "a registered barrier was refused");
    let before = barriers();
    assert_eq!(shared_barrier(served), Heavy::Settled);
    assert_eq!(
        barriers(),
        before,
        "a served taker issued a barrier of its own"
    );
    // Takers with fresh marks, one after another within a gap: the first ones may spend the
    // burst, the others wait for the next (other tests' pools add a few at most).
    let before = barriers();
    for _ in 0..100 {
        match shared_barrier(mark()) {
            Heavy::Settled => {}
            Heavy::NotYet(wait) => assert!(wait <= BARRIER_GAP, "told to wait {wait:?}"),
            Heavy::Refused => panic!("a registered barrier was refused"),
        }
    }
    let issued = barriers() - before;
    assert!(
        issued <= BARRIER_BURST + 10,
        "{issued} barriers for 100 takers within one gap"
    );
}

#[test]
fn no_caller_registers_the_process() {
    let pool = crate::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    assert_eq!(pool.install(|| crate::join(|| 1, || 2)), (1, 2));
    // Only Linux registers, and never under Miri (`fence.rs`).
    if cfg!(target_os = "linux") && !cfg!(miri) {
        let settled = registration_settled();
        assert_ne!(
            settled, UNREGISTERED,
            "no pool thread started a registration"
        );
        let registrar = REGISTRAR.lock().unwrap().clone();
        assert_eq!(
            registrar,
            Some(Some("weft-membarrier".to_string())),
            "registered on a thread other than the registrar"
        );
    }
}

/// A 2-thread pool that ran work, once the process's registration has settled; `None` where
/// the kernel refused it.
fn registered_pool() -> Option<crate::ThreadPool> {
    let pool = crate::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    assert_eq!(pool.install(|| fib(10)), 55);
    (registration_settled() == REGISTERED).then_some(pool)
}

fn fib(n: u64) -> u64 {
    if n < 2 {
        return n;
    }
    let (a, b) = crate::join(|| fib(n - 1), || fib(n - 2));
    a + b
}

#[test]
fn a_busy_pool_switches_to_light_fences() {
    let Some(pool) = registered_pool() else {
        // No `membarrier` here: every stack stays on real fences.
        return;
    };
    let start = Instant::now();
    // The pool's threads fork all the time: one switches at its next slow path.
    let switched = pool.install(|| loop {
        assert_eq!(fib(12), 144);
        if light_stacks() > 0 {
            break true;
        }
        if start.elapsed() > Duration::from_secs(10) {
            break false;
        }
    });
    assert!(switched, "no fork stack switched to light fences");
}

#[test]
fn a_taker_whose_peers_idle_needs_no_barrier() {
    let Some(_pool) = registered_pool() else {
        return;
    };
    // A stack on light fences: a taker that cannot tell its owner idle needs a barrier.
    let _light = crate::worker::fork::ForkStack::with_fences(true);
    let before = barriers();
    assert_eq!(heavy(mark(), || true), Heavy::Settled);
    assert_eq!(
        barriers(),
        before,
        "a taker with idle peers issued a barrier"
    );
    match heavy(mark(), || false) {
        Heavy::Settled => assert!(barriers() > before, "settled with a busy peer, no barrier"),
        Heavy::NotYet(_) => {}
        Heavy::Refused => panic!("a registered barrier was refused"),
    }
}

#[test]
fn a_pool_that_goes_idle_at_once_sleeps_without_barriers() {
    let Some(_registered) = registered_pool() else {
        return;
    };
    let pool = crate::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap();
    let rounds = 10;
    let mut idle_barriers = 0;
    for _ in 0..rounds {
        // Every worker busy forking for a while, then idle together.
        pool.install(|| {
            let start = Instant::now();
            while start.elapsed() < Duration::from_millis(20) {
                assert_eq!(fib(16), 987);
            }
        });
        let before = pool.metrics().heavy_fences;
        std::thread::sleep(Duration::from_millis(30));
        idle_barriers += pool.metrics().heavy_fences - before;
    }
    // The last workers to idle find the others idle, and the first ones find them idle once
    // their timed sleeps end: about none per round (one or more per round if each needed a
    // barrier; other tests' pools may add a few).
    assert!(
        idle_barriers <= 3,
        "{idle_barriers} barriers in {rounds} idle spells after a burst"
    );
}

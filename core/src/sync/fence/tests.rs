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
    let _ = heavy(mark());
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

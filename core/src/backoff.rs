//! How long a thread spins before it parks: one exponential backoff for every waiter.
//!
//! A worker searching for work and a thread waiting on a latch both first spin a little, in
//! case what they wait for is microseconds away (a steal that races, a job about to finish),
//! then park. Round `k` spins `2^k` times with `spin_loop` hints. Never `sched_yield`.
//!
//! How long a waiter keeps at it depends on what parking costs it:
//!
//! * [`Backoff::new`], for a thread waiting on one latch (`latch.rs`): [`SPIN_ROUNDS`] rounds
//!   (about a microsecond), then it parks. It is an outside caller or a passive wait, which
//!   would otherwise take a CPU from the workers doing the work it waits for.
//! * [`Backoff::searching`], for a worker looking for work (`wait.rs`): the same rounds, then
//!   rounds of the longest length until [`SEARCH_FOR`] has passed since the search began.
//!   A worker that parks must be woken by a futex call in the critical path of whoever
//!   publishes the next piece of work, and on some kernels (KVM guests, seen on 2-vCPU VMs)
//!   the woken thread is put on its waker's CPU while the other CPU idles, and stays there for
//!   milliseconds. A searcher that stays up for the gap between two jobs of a busy
//!   computation (a fork published, a dispatch injected) takes the next piece with a steal and
//!   no wake-up at all. An idle pool still parks every worker within about `SEARCH_FOR`, and
//!   a searcher lingers only before its first park: after a wake-up it spins the rounds.
//!
//! The clock is read only after the first [`SPIN_ROUNDS`] rounds, once per longest round
//! (64 `spin_loop` hints, about a microsecond), so a waiter whose wait ends at once never
//! reads it. Under loom every waiter spins one round, whose state space grows with every spin;
//! under loom and Miri a searcher does not linger.

use std::time::{Duration, Instant};

/// Rounds of exponential spinning, the last one the longest (one under loom).
pub(crate) const SPIN_ROUNDS: u32 = if cfg!(weft_loom) { 1 } else { 7 };

/// How long a searching worker keeps looking before it parks (module docs).
pub(crate) const SEARCH_FOR: Duration = Duration::from_micros(20);

/// One waiter's spinning (see the module docs).
#[derive(Debug)]
pub(crate) struct Backoff {
    round: u32,
    /// How long to keep spinning after the exponential rounds, and since when.
    linger: Duration,
    since: Option<Instant>,
}

impl Backoff {
    /// A latch waiter's backoff: [`SPIN_ROUNDS`] rounds.
    pub(crate) fn new() -> Self {
        Self::lingering(Duration::ZERO)
    }

    /// A searching worker's backoff: spins for about [`SEARCH_FOR`].
    pub(crate) fn searching() -> Self {
        Self::lingering(if cfg!(any(weft_loom, miri)) {
            Duration::ZERO
        } else {
            SEARCH_FOR
        })
    }

    fn lingering(linger: Duration) -> Self {
        Backoff {
            round: 0,
            linger,
            since: None,
        }
    }

    /// Spins one more round; false once the backoff is spent (the caller parks then).
    #[inline]
    pub(crate) fn spin(&mut self) -> bool {
        if self.round < SPIN_ROUNDS {
            spin(1 << self.round);
            self.round += 1;
            return true;
        }
        if self.linger.is_zero() {
            return false;
        }
        let now = Instant::now();
        if now.duration_since(*self.since.get_or_insert(now)) >= self.linger {
            return false;
        }
        spin(1 << (SPIN_ROUNDS - 1));
        true
    }

    /// Starts over after the caller parked and woke, with the exponential rounds only: a
    /// searcher lingers before its first park, not after each wake-up (its timed first sleep
    /// would otherwise cost an idle pool another [`SEARCH_FOR`] per worker).
    pub(crate) fn reset(&mut self) {
        self.round = 0;
        self.linger = Duration::ZERO;
    }
}

#[inline]
fn spin(times: u32) {
    for _ in 0..times {
        std::hint::spin_loop();
    }
}

#[cfg(all(test, not(weft_loom), not(miri)))]
mod tests {
    use super::*;

    #[test]
    fn a_latch_waiter_spins_a_bounded_number_of_rounds_then_says_park() {
        let mut b = Backoff::new();
        let rounds = std::iter::from_fn(|| b.spin().then_some(())).count();
        assert_eq!(rounds, SPIN_ROUNDS as usize);
        assert!(!b.spin());
        b.reset();
        assert!(b.spin());
    }

    #[test]
    fn a_searcher_spins_for_about_its_time_then_says_park() {
        let mut b = Backoff::searching();
        let start = Instant::now();
        let rounds = std::iter::from_fn(|| b.spin().then_some(())).count();
        let spent = start.elapsed();
        assert!(rounds > SPIN_ROUNDS as usize, "{rounds} rounds");
        assert!(spent >= SEARCH_FOR, "parked after {spent:?}");
        // Bounded: a descheduled thread may overshoot, but not by seconds.
        assert!(spent < Duration::from_secs(5), "spun for {spent:?}");
        assert!(!b.spin());
        b.reset();
        let rounds = std::iter::from_fn(|| b.spin().then_some(())).count();
        assert_eq!(rounds, SPIN_ROUNDS as usize, "lingered after a park");
    }
}

//! How long a thread spins before it parks: one exponential backoff for every waiter.
//!
//! A worker searching for work and a thread waiting on a latch both first spin a little, in
//! case what they wait for is microseconds away (a steal that races, a job about to finish),
//! then park. Round `k` spins `2^k` times with `spin_loop` hints; after [`SPIN_ROUNDS`]
//! rounds (a few microseconds in all) the caller parks. Never `sched_yield`.

/// Rounds of spinning before a waiter parks (one under loom, whose state space grows with
/// every spin).
pub(crate) const SPIN_ROUNDS: u32 = if cfg!(weft_loom) { 1 } else { 7 };

/// One waiter's spinning (see the module docs).
#[derive(Debug, Default)]
pub(crate) struct Backoff {
    round: u32,
}

impl Backoff {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Spins one more round; false once the rounds are used up (the caller parks then).
    #[inline]
    pub(crate) fn spin(&mut self) -> bool {
        if self.round >= SPIN_ROUNDS {
            return false;
        }
        for _ in 0..1u32 << self.round {
            std::hint::spin_loop();
        }
        self.round += 1;
        true
    }

    /// Starts over (after the caller parked and woke).
    pub(crate) fn reset(&mut self) {
        self.round = 0;
    }
}

#[cfg(all(test, not(weft_loom)))]
mod tests {
    use super::*;

    #[test]
    fn spins_a_bounded_number_of_rounds_then_says_park() {
        let mut b = Backoff::new();
        let rounds = std::iter::from_fn(|| b.spin().then_some(())).count();
        assert_eq!(rounds, SPIN_ROUNDS as usize);
        assert!(!b.spin());
        b.reset();
        assert!(b.spin());
    }
}

//! The packed word that says how many workers search, how many sleep, and how many want
//! forks published for them.

/// How many workers are awake and searching for work, how many sleep, and how many *take
/// forks*, in one `u64` (three fields of [`FIELD_BITS`]) so that a worker moves from one group
/// to another with a single read-modify-write, and so that a fork's slow path learns from one
/// load whether anyone wants its work published (`Sleep::forks_wanted`).
///
/// A taker is a worker that found no public work for longer than a doze (`worker/search.rs`),
/// searching or sleeping, or a worker waiting idle inside an isolated region (`isolate/mod.rs`). It
/// is counted in `takers` besides `searching` or `sleeping`, except an isolated waiter, which
/// takes only its region's work and so counts for no wake decision.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Counters(u64);

/// Width of each field: room for two million threads in each state.
const FIELD_BITS: u32 = 21;
/// The low bits of a field.
const FIELD: u64 = (1 << FIELD_BITS) - 1;
/// Bits of the `searching` field.
const SEARCHING_MASK: u64 = FIELD;
/// Where `sleeping` starts.
const SLEEPING_SHIFT: u32 = FIELD_BITS;
/// Bits of the `sleeping` field.
const SLEEPING_MASK: u64 = FIELD << SLEEPING_SHIFT;
/// Where `takers` starts.
const TAKERS_SHIFT: u32 = 2 * FIELD_BITS;
/// Bits of the `takers` field: a fork tests the word against this mask.
pub(crate) const TAKERS_MASK: u64 = FIELD << TAKERS_SHIFT;

/// Add to the word: one more searching worker.
pub(crate) const ONE_SEARCHING: u64 = 1;
/// Add to the word: one more sleeping worker.
pub(crate) const ONE_SLEEPING: u64 = 1 << SLEEPING_SHIFT;
/// Add to the word: one more worker that takes forks.
pub(crate) const ONE_TAKER: u64 = 1 << TAKERS_SHIFT;
/// Add to the word: one worker moves from searching to sleeping (wrapping arithmetic).
pub(crate) const SEARCHING_TO_SLEEPING: u64 = ONE_SLEEPING.wrapping_sub(ONE_SEARCHING);
/// Add to the word: one worker moves from sleeping to searching (wrapping arithmetic).
pub(crate) const SLEEPING_TO_SEARCHING: u64 = ONE_SEARCHING.wrapping_sub(ONE_SLEEPING);

impl Counters {
    pub(crate) fn from_word(word: u64) -> Self {
        Self(word)
    }

    /// Workers awake and looking for work.
    pub(crate) fn searching(self) -> u32 {
        (self.0 & SEARCHING_MASK) as u32
    }

    /// Workers registered as sleeping.
    pub(crate) fn sleeping(self) -> u32 {
        ((self.0 & SLEEPING_MASK) >> SLEEPING_SHIFT) as u32
    }

    /// Workers that take forks.
    pub(crate) fn takers(self) -> u32 {
        ((self.0 & TAKERS_MASK) >> TAKERS_SHIFT) as u32
    }
}

impl std::fmt::Debug for Counters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Counters")
            .field("searching", &self.searching())
            .field("sleeping", &self.sleeping())
            .field("takers", &self.takers())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_are_disjoint_and_fit_the_word() {
        assert_eq!(SEARCHING_MASK & SLEEPING_MASK, 0);
        assert_eq!(SEARCHING_MASK & TAKERS_MASK, 0);
        assert_eq!(SLEEPING_MASK & TAKERS_MASK, 0);
        assert_eq!(
            (SEARCHING_MASK | SLEEPING_MASK | TAKERS_MASK).count_ones(),
            3 * FIELD_BITS
        );
        assert_eq!(TAKERS_MASK >> TAKERS_SHIFT, FIELD, "takers field truncated");
    }

    #[test]
    fn moves_between_fields() {
        let w = 3 * ONE_SEARCHING + 5 * ONE_SLEEPING;
        let c = Counters::from_word(w.wrapping_add(SEARCHING_TO_SLEEPING));
        assert_eq!((c.searching(), c.sleeping()), (2, 6));
        let c = Counters::from_word(c.0.wrapping_add(SLEEPING_TO_SEARCHING));
        assert_eq!((c.searching(), c.sleeping()), (3, 5));
        let c = Counters::from_word(c.0 + 2 * ONE_TAKER);
        assert_eq!((c.searching(), c.sleeping(), c.takers()), (3, 5, 2));
        assert_eq!(
            format!("{c:?}"),
            "Counters { searching: 3, sleeping: 5, takers: 2 }"
        );
    }
}

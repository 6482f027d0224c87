//! The packed word that says how many workers search, how many sleep, and how many wait
//! idle inside an isolated region.

/// How many workers are awake and searching for work, how many sleep, and how many wait idle
/// inside an isolated region (`isolate.rs`), in one `u64` (three fields of [`FIELD_BITS`]) so
/// that a worker moves from one group to another with a single read-modify-write, and so
/// that a fork learns whether anyone at all is idle from one load (`Sleep::anyone_idle`).
///
/// Isolated waiters are counted only for that hint: they take only their region's work, so
/// no wake decision (`searching`, `sleeping`) counts them.
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
/// Where `isolated` starts.
const ISOLATED_SHIFT: u32 = 2 * FIELD_BITS;
/// Bits of the `isolated` field.
const ISOLATED_MASK: u64 = FIELD << ISOLATED_SHIFT;

/// Set for the word's whole life where a fork's fences must be real ones (`fence.rs`: no
/// `membarrier`). It keeps the word non-zero, so that a fork's one look at the word
/// (`Sleep::fork_must_look`) also sends it down the path that issues the fence. No count
/// reads it.
pub(crate) const REAL_FENCES: u64 = 1 << 63;

/// Add to the word: one more searching worker.
pub(crate) const ONE_SEARCHING: u64 = 1;
/// Add to the word: one more sleeping worker.
pub(crate) const ONE_SLEEPING: u64 = 1 << SLEEPING_SHIFT;
/// Add to the word: one more worker waiting idle inside an isolated region.
pub(crate) const ONE_ISOLATED: u64 = 1 << ISOLATED_SHIFT;
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

    /// Workers waiting idle inside an isolated region.
    pub(crate) fn isolated(self) -> u32 {
        ((self.0 & ISOLATED_MASK) >> ISOLATED_SHIFT) as u32
    }
}

impl std::fmt::Debug for Counters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Counters")
            .field("searching", &self.searching())
            .field("sleeping", &self.sleeping())
            .field("isolated", &self.isolated())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_are_disjoint_and_fit_the_word() {
        assert_eq!(SEARCHING_MASK & SLEEPING_MASK, 0);
        assert_eq!(SEARCHING_MASK & ISOLATED_MASK, 0);
        assert_eq!(SLEEPING_MASK & ISOLATED_MASK, 0);
        assert_eq!(
            (SEARCHING_MASK | SLEEPING_MASK | ISOLATED_MASK) & REAL_FENCES,
            0
        );
        assert_eq!(
            (SEARCHING_MASK | SLEEPING_MASK | ISOLATED_MASK).count_ones(),
            3 * FIELD_BITS
        );
        assert_eq!(
            ISOLATED_MASK >> ISOLATED_SHIFT,
            FIELD,
            "isolated field truncated"
        );
    }

    #[test]
    fn moves_between_fields() {
        let w = 3 * ONE_SEARCHING + 5 * ONE_SLEEPING;
        let c = Counters::from_word(w.wrapping_add(SEARCHING_TO_SLEEPING));
        assert_eq!((c.searching(), c.sleeping()), (2, 6));
        let c = Counters::from_word(c.0.wrapping_add(SLEEPING_TO_SEARCHING));
        assert_eq!((c.searching(), c.sleeping()), (3, 5));
        let c = Counters::from_word(c.0 + 2 * ONE_ISOLATED);
        assert_eq!((c.searching(), c.sleeping(), c.isolated()), (3, 5, 2));
        let flagged = Counters::from_word(c.0 | REAL_FENCES);
        assert_eq!(
            (flagged.searching(), flagged.sleeping(), flagged.isolated()),
            (3, 5, 2)
        );
        assert_eq!(
            format!("{c:?}"),
            "Counters { searching: 3, sleeping: 5, isolated: 2 }"
        );
    }
}

//! The packed word that says how many workers search and how many sleep.

/// How many workers are awake and searching for work, and how many sleep, in one `u64`
/// (searching in the low half, sleeping in the high half) so that a worker moves from one
/// group to the other with a single read-modify-write.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Counters(u64);

/// Bits of the `searching` field.
const SEARCHING_MASK: u64 = 0xFFFF_FFFF;
/// Bits of the `sleeping` field.
const SLEEPING_MASK: u64 = 0xFFFF_FFFF << SLEEPING_SHIFT;
/// Where `sleeping` starts.
const SLEEPING_SHIFT: u32 = 32;

/// Add to the word: one more searching worker.
pub(crate) const ONE_SEARCHING: u64 = 1;
/// Add to the word: one more sleeping worker.
pub(crate) const ONE_SLEEPING: u64 = 1 << SLEEPING_SHIFT;
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
}

impl std::fmt::Debug for Counters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Counters")
            .field("searching", &self.searching())
            .field("sleeping", &self.sleeping())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_are_disjoint_and_cover_the_word() {
        assert_eq!(SEARCHING_MASK & SLEEPING_MASK, 0);
        assert_eq!(SEARCHING_MASK | SLEEPING_MASK, u64::MAX);
    }

    #[test]
    fn moves_between_fields() {
        let w = 3 * ONE_SEARCHING + 5 * ONE_SLEEPING;
        let c = Counters::from_word(w.wrapping_add(SEARCHING_TO_SLEEPING));
        assert_eq!((c.searching(), c.sleeping()), (2, 6));
        let c = Counters::from_word(c.0.wrapping_add(SLEEPING_TO_SEARCHING));
        assert_eq!((c.searching(), c.sleeping()), (3, 5));
        assert_eq!(format!("{c:?}"), "Counters { searching: 3, sleeping: 5 }");
    }
}

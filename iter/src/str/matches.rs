//! `par_matches` and `par_match_indices`: matches of a one-character pattern, found
//! independently in each half of a string.

use super::pattern::Pattern;
use super::split_in_half;
use crate::plumbing::{bridge_unindexed, Folder, UnindexedConsumer, UnindexedProducer};
use crate::ParallelIterator;

/// A parallel iterator over the matches of a pattern; made by
/// [`ParallelString::par_matches`](super::ParallelString::par_matches).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::str::ParallelString;
///
/// let it = "a-b-c".par_matches('-');
/// assert_eq!(it.clone().count(), 2);
/// assert_eq!(format!("{it:?}"), "Matches { chars: \"a-b-c\", pattern: '-' }");
/// ```
#[derive(Debug, Clone)]
pub struct Matches<'ch, P: Pattern> {
    chars: &'ch str,
    pattern: P,
}

/// A parallel iterator over the matches of a pattern and their byte offsets; made by
/// [`ParallelString::par_match_indices`](super::ParallelString::par_match_indices).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::str::ParallelString;
///
/// let it = "a-b".par_match_indices('-');
/// assert_eq!(it.clone().collect::<Vec<_>>(), [(1, "-")]);
/// assert_eq!(format!("{it:?}"), "MatchIndices { chars: \"a-b\", pattern: '-' }");
/// ```
#[derive(Debug, Clone)]
pub struct MatchIndices<'ch, P: Pattern> {
    chars: &'ch str,
    pattern: P,
}

impl<'ch, P: Pattern> Matches<'ch, P> {
    pub(super) fn new(chars: &'ch str, pattern: P) -> Self {
        Matches { chars, pattern }
    }
}

impl<'ch, P: Pattern> MatchIndices<'ch, P> {
    pub(super) fn new(chars: &'ch str, pattern: P) -> Self {
        MatchIndices { chars, pattern }
    }
}

impl<'ch, P: Pattern> ParallelIterator for Matches<'ch, P> {
    type Item = &'ch str;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<Self::Item>,
    {
        let producer = MatchesProducer::<'_, '_, P, false> {
            chars: self.chars,
            offset: 0,
            pattern: &self.pattern,
        };
        bridge_unindexed(producer, consumer)
    }
}

impl<'ch, P: Pattern> ParallelIterator for MatchIndices<'ch, P> {
    type Item = (usize, &'ch str);

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<Self::Item>,
    {
        let producer = MatchesProducer::<'_, '_, P, true> {
            chars: self.chars,
            offset: 0,
            pattern: &self.pattern,
        };
        bridge_unindexed(producer, consumer)
    }
}

/// A piece of the haystack, its byte offset in the whole, and the pattern; `INDICES` tells
/// whether it yields offsets too.
struct MatchesProducer<'ch, 'p, P, const INDICES: bool> {
    chars: &'ch str,
    offset: usize,
    pattern: &'p P,
}

impl<P, const INDICES: bool> MatchesProducer<'_, '_, P, INDICES> {
    fn split_pieces(self) -> (Self, Option<Self>) {
        match split_in_half(self.chars) {
            Some((left, right)) => {
                let right = MatchesProducer {
                    chars: right,
                    offset: self.offset + left.len(),
                    ..self
                };
                (
                    MatchesProducer {
                        chars: left,
                        ..self
                    },
                    Some(right),
                )
            }
            None => (self, None),
        }
    }
}

impl<'ch, P: Pattern> UnindexedProducer for MatchesProducer<'ch, '_, P, false> {
    type Item = &'ch str;

    fn split(self) -> (Self, Option<Self>) {
        self.split_pieces()
    }

    fn fold_with<F>(self, folder: F) -> F
    where
        F: Folder<Self::Item>,
    {
        self.pattern.fold_matches(self.chars, folder)
    }
}

impl<'ch, P: Pattern> UnindexedProducer for MatchesProducer<'ch, '_, P, true> {
    type Item = (usize, &'ch str);

    fn split(self) -> (Self, Option<Self>) {
        self.split_pieces()
    }

    fn fold_with<F>(self, folder: F) -> F
    where
        F: Folder<Self::Item>,
    {
        self.pattern
            .fold_match_indices(self.chars, folder, self.offset)
    }
}

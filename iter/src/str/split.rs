//! `par_split*`, `par_lines` and the whitespace splits: substrings between separators, cut at
//! separators near the middle of the string.
//!
//! A piece is cut at a separator, never inside a substring, so each piece's own sequential
//! `split` yields exactly its share of the whole. Only the last piece knows about the end of
//! the string, which matters for `split_terminator` (a trailing empty substring is dropped).

use super::pattern::{match_len, Pattern};
use crate::plumbing::{bridge_unindexed, Folder, UnindexedConsumer, UnindexedProducer};
use crate::ParallelIterator;

/// Which of std's split methods a piece folds with.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// `str::split`.
    Split,
    /// `str::split_terminator`.
    Terminator,
    /// `str::split_inclusive`.
    Inclusive,
    /// `str::lines` (cut after a `'\n'`, like `Inclusive`).
    Lines,
    /// `str::split_whitespace` (cut at Unicode whitespace).
    Whitespace,
    /// `str::split_ascii_whitespace` (cut at ASCII whitespace).
    AsciiWhitespace,
}

/// Defines a public split iterator over a `&str` and a pattern, driven by a [`SplitProducer`]
/// of the given kind.
macro_rules! split_iterator {
    ($(#[$doc:meta])* $Name:ident, $kind:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone)]
        pub struct $Name<'ch, P: Pattern> {
            chars: &'ch str,
            separator: P,
        }

        impl<'ch, P: Pattern> $Name<'ch, P> {
            pub(super) fn new(chars: &'ch str, separator: P) -> Self {
                $Name { chars, separator }
            }
        }

        impl<'ch, P: Pattern> ParallelIterator for $Name<'ch, P> {
            type Item = &'ch str;

            fn drive_unindexed<C>(self, consumer: C) -> C::Result
            where
                C: UnindexedConsumer<Self::Item>,
            {
                let producer = SplitProducer::new(self.chars, &self.separator, $kind);
                bridge_unindexed(producer, consumer)
            }
        }
    };
}

split_iterator! {
    /// A parallel iterator over the substrings between separators; made by
    /// [`ParallelString::par_split`](super::ParallelString::par_split).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::str::ParallelString;
    ///
    /// let it = "a b".par_split(' ');
    /// assert_eq!(it.clone().collect::<Vec<_>>(), ["a", "b"]);
    /// assert_eq!(format!("{it:?}"), "Split { chars: \"a b\", separator: ' ' }");
    /// ```
    Split, Kind::Split
}

split_iterator! {
    /// A parallel iterator over the substrings between separators, each with the separator
    /// that ends it; made by
    /// [`ParallelString::par_split_inclusive`](super::ParallelString::par_split_inclusive).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::str::ParallelString;
    ///
    /// let it = "a b".par_split_inclusive(' ');
    /// assert_eq!(it.clone().collect::<Vec<_>>(), ["a ", "b"]);
    /// assert_eq!(format!("{it:?}"), "SplitInclusive { chars: \"a b\", separator: ' ' }");
    /// ```
    SplitInclusive, Kind::Inclusive
}

split_iterator! {
    /// A parallel iterator over the substrings between separators, without a trailing empty
    /// one; made by
    /// [`ParallelString::par_split_terminator`](super::ParallelString::par_split_terminator).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::str::ParallelString;
    ///
    /// let it = "a.b.".par_split_terminator('.');
    /// assert_eq!(it.clone().collect::<Vec<_>>(), ["a", "b"]);
    /// assert_eq!(format!("{it:?}"), "SplitTerminator { chars: \"a.b.\", separator: '.' }");
    /// ```
    SplitTerminator, Kind::Terminator
}

/// A parallel iterator over the lines of a string; made by
/// [`ParallelString::par_lines`](super::ParallelString::par_lines).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::str::ParallelString;
///
/// let it = "a\r\nb\n".par_lines();
/// assert_eq!(it.clone().collect::<Vec<_>>(), ["a", "b"]);
/// assert_eq!(format!("{it:?}"), "Lines(\"a\\r\\nb\\n\")");
/// ```
#[derive(Debug, Clone)]
pub struct Lines<'ch>(&'ch str);

impl<'ch> Lines<'ch> {
    pub(super) fn new(chars: &'ch str) -> Self {
        Lines(chars)
    }
}

impl<'ch> ParallelIterator for Lines<'ch> {
    type Item = &'ch str;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<Self::Item>,
    {
        bridge_unindexed(SplitProducer::new(self.0, &'\n', Kind::Lines), consumer)
    }
}

/// A parallel iterator over the substrings separated by Unicode whitespace; made by
/// [`ParallelString::par_split_whitespace`](super::ParallelString::par_split_whitespace).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::str::ParallelString;
///
/// let it = " a  b ".par_split_whitespace();
/// assert_eq!(it.clone().collect::<Vec<_>>(), ["a", "b"]);
/// assert_eq!(format!("{it:?}"), "SplitWhitespace(\" a  b \")");
/// ```
#[derive(Debug, Clone)]
pub struct SplitWhitespace<'ch>(&'ch str);

impl<'ch> SplitWhitespace<'ch> {
    pub(super) fn new(chars: &'ch str) -> Self {
        SplitWhitespace(chars)
    }
}

impl<'ch> ParallelIterator for SplitWhitespace<'ch> {
    type Item = &'ch str;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<Self::Item>,
    {
        let separator: fn(char) -> bool = char::is_whitespace;
        bridge_unindexed(
            SplitProducer::new(self.0, &separator, Kind::Whitespace),
            consumer,
        )
    }
}

/// A parallel iterator over the substrings separated by ASCII whitespace; made by
/// [`ParallelString::par_split_ascii_whitespace`](super::ParallelString::par_split_ascii_whitespace).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::str::ParallelString;
///
/// let it = " a \tb".par_split_ascii_whitespace();
/// assert_eq!(it.clone().collect::<Vec<_>>(), ["a", "b"]);
/// assert_eq!(format!("{it:?}"), "SplitAsciiWhitespace(\" a \\tb\")");
/// ```
#[derive(Debug, Clone)]
pub struct SplitAsciiWhitespace<'ch>(&'ch str);

impl<'ch> SplitAsciiWhitespace<'ch> {
    pub(super) fn new(chars: &'ch str) -> Self {
        SplitAsciiWhitespace(chars)
    }
}

impl<'ch> ParallelIterator for SplitAsciiWhitespace<'ch> {
    type Item = &'ch str;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<Self::Item>,
    {
        let separator = |c: char| c.is_ascii_whitespace();
        bridge_unindexed(
            SplitProducer::new(self.0, &separator, Kind::AsciiWhitespace),
            consumer,
        )
    }
}

/// A piece of the string between two cuts, with what is known about where separators are.
struct SplitProducer<'ch, 'p, P> {
    chars: &'ch str,
    separator: &'p P,
    kind: Kind,
    /// No separator starts at or after this byte offset of `chars`: cut points are searched in
    /// `chars[..tail]` only (and never again where a search already failed).
    tail: usize,
    /// Whether this piece ends the whole string (only then may `Kind::Terminator` drop a
    /// trailing empty substring).
    last: bool,
}

impl<'ch, 'p, P: Pattern> SplitProducer<'ch, 'p, P> {
    fn new(chars: &'ch str, separator: &'p P, kind: Kind) -> Self {
        SplitProducer {
            chars,
            separator,
            kind,
            tail: chars.len(),
            last: true,
        }
    }

    /// A piece of this one's string, not the last.
    fn piece(&self, chars: &'ch str, tail: usize) -> Self {
        SplitProducer {
            chars,
            tail,
            last: false,
            ..*self
        }
    }
}

impl<'ch, P: Pattern> UnindexedProducer for SplitProducer<'ch, '_, P> {
    type Item = &'ch str;

    fn split(self) -> (Self, Option<Self>) {
        let searched = &self.chars[..self.tail];
        let Some(mid) = super::char_midpoint(searched) else {
            return (self, None);
        };
        // Look for the separator nearest the middle: forward first, then backward.
        let (at, forward) = match self.separator.find_in(&searched[mid..]) {
            Some(i) => (mid + i, true),
            None => match self.separator.rfind_in(&searched[..mid]) {
                Some(i) => (i, false),
                None => {
                    // No separator at all before `tail`: this piece is final.
                    return (SplitProducer { tail: 0, ..self }, None);
                }
            },
        };
        let after = at + match_len(self.chars, at);
        let left_end = match self.kind {
            Kind::Inclusive | Kind::Lines => after,
            Kind::Split | Kind::Terminator | Kind::Whitespace | Kind::AsciiWhitespace => at,
        };
        // Forward: `mid..at` held no separator. Backward: nothing after `at` up to `tail` did.
        let (left_tail, right_tail) = if forward {
            (mid, self.tail - after)
        } else {
            (at, 0)
        };
        let left = self.piece(&self.chars[..left_end], left_tail);
        let right = SplitProducer {
            chars: &self.chars[after..],
            tail: right_tail,
            ..self
        };
        (left, Some(right))
    }

    fn fold_with<F>(self, folder: F) -> F
    where
        F: Folder<Self::Item>,
    {
        match self.kind {
            Kind::Split => self.separator.fold_splits(self.chars, folder, false),
            Kind::Terminator => self.separator.fold_splits(self.chars, folder, self.last),
            Kind::Inclusive => self.separator.fold_inclusive_splits(self.chars, folder),
            Kind::Lines => folder.consume_iter(self.chars.lines()),
            Kind::Whitespace => folder.consume_iter(self.chars.split_whitespace()),
            Kind::AsciiWhitespace => folder.consume_iter(self.chars.split_ascii_whitespace()),
        }
    }
}

//! The character patterns that the string methods accept.

use crate::plumbing::Folder;

/// A single-character pattern for [`ParallelString`](super::ParallelString)'s split and match
/// methods: a `char`, a `&[char]`, a `[char; N]` or `&[char; N]` (any of those characters), or
/// a closure `Fn(char) -> bool + Send + Sync`.
///
/// The trait is sealed: its methods are the crate's business. Multi-character (`&str`)
/// patterns are not supported, as in rayon, because a match could straddle a split point.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::str::ParallelString;
///
/// let text = "a1b2c3";
/// assert_eq!(text.par_split('1').count(), 2);
/// assert_eq!(text.par_split(&['1', '2'][..]).count(), 3);
/// assert_eq!(text.par_split(['1', '2', '3']).count(), 4);
/// assert_eq!(text.par_split(|c: char| c.is_ascii_digit()).count(), 4);
/// ```
///
/// A closure pattern runs on several threads at once, so it must be `Sync` (and `Send`):
///
/// ```compile_fail,E0277
/// use weft_iter::str::ParallelString;
///
/// let seen = std::cell::Cell::new(0);
/// let _ = "a,b".par_split(|c: char| {
///     seen.set(seen.get() + 1);
///     c == ','
/// });
/// ```
pub trait Pattern: sealed::Sealed + Sync + Send {}

pub(crate) mod sealed {
    use crate::plumbing::Folder;

    /// The searching half of [`Pattern`](super::Pattern), hidden from users.
    pub trait Sealed {
        /// The byte offset of the first match in `haystack`.
        fn find_in(&self, haystack: &str) -> Option<usize>;

        /// The byte offset of the last match in `haystack`.
        fn rfind_in(&self, haystack: &str) -> Option<usize>;

        /// Folds `haystack.split(self)`, or `haystack.split_terminator(self)` when
        /// `terminator` is set.
        fn fold_splits<'ch, F>(&self, haystack: &'ch str, folder: F, terminator: bool) -> F
        where
            F: Folder<&'ch str>;

        /// Folds `haystack.split_inclusive(self)`.
        fn fold_inclusive_splits<'ch, F>(&self, haystack: &'ch str, folder: F) -> F
        where
            F: Folder<&'ch str>;

        /// Folds `haystack.matches(self)`.
        fn fold_matches<'ch, F>(&self, haystack: &'ch str, folder: F) -> F
        where
            F: Folder<&'ch str>;

        /// Folds `haystack.match_indices(self)`, with `base` added to every offset.
        fn fold_match_indices<'ch, F>(&self, haystack: &'ch str, folder: F, base: usize) -> F
        where
            F: Folder<(usize, &'ch str)>;
    }
}

/// Implements `Sealed` by handing `$pattern` (an expression of `self`) to std's `str` methods.
macro_rules! impl_pattern {
    (&$self:ident => $pattern:expr) => {
        #[inline]
        fn find_in(&$self, haystack: &str) -> Option<usize> {
            haystack.find($pattern)
        }

        #[inline]
        fn rfind_in(&$self, haystack: &str) -> Option<usize> {
            haystack.rfind($pattern)
        }

        fn fold_splits<'ch, F>(&$self, haystack: &'ch str, folder: F, terminator: bool) -> F
        where
            F: Folder<&'ch str>,
        {
            if terminator {
                folder.consume_iter(haystack.split_terminator($pattern))
            } else {
                folder.consume_iter(haystack.split($pattern))
            }
        }

        fn fold_inclusive_splits<'ch, F>(&$self, haystack: &'ch str, folder: F) -> F
        where
            F: Folder<&'ch str>,
        {
            folder.consume_iter(haystack.split_inclusive($pattern))
        }

        fn fold_matches<'ch, F>(&$self, haystack: &'ch str, folder: F) -> F
        where
            F: Folder<&'ch str>,
        {
            folder.consume_iter(haystack.matches($pattern))
        }

        fn fold_match_indices<'ch, F>(&$self, haystack: &'ch str, folder: F, base: usize) -> F
        where
            F: Folder<(usize, &'ch str)>,
        {
            folder.consume_iter(haystack.match_indices($pattern).map(|(i, m)| (base + i, m)))
        }
    };
}

impl sealed::Sealed for char {
    impl_pattern!(&self => *self);
}
impl Pattern for char {}

impl sealed::Sealed for &[char] {
    impl_pattern!(&self => *self);
}
impl Pattern for &[char] {}

impl<const N: usize> sealed::Sealed for [char; N] {
    impl_pattern!(&self => *self);
}
impl<const N: usize> Pattern for [char; N] {}

impl<const N: usize> sealed::Sealed for &[char; N] {
    impl_pattern!(&self => *self);
}
impl<const N: usize> Pattern for &[char; N] {}

impl<FN: Fn(char) -> bool + Sync + Send> sealed::Sealed for FN {
    impl_pattern!(&self => self);
}
impl<FN: Fn(char) -> bool + Sync + Send> Pattern for FN {}

/// The length in bytes of the (single-character) match that starts at `at`.
pub(super) fn match_len(haystack: &str, at: usize) -> usize {
    haystack[at..].chars().next().map_or(0, char::len_utf8)
}

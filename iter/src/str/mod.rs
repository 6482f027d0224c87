//! Parallel iterators over strings: the [`ParallelString`] methods and their iterator types.
//!
//! Patterns ([`Pattern`]) are single characters, as in rayon: a `char`, a slice or array of
//! `char`s, or a closure `Fn(char) -> bool`.

mod chars;
mod matches;
mod pattern;
mod split;

pub use self::chars::{Bytes, CharIndices, Chars, EncodeUtf16};
pub use self::matches::{MatchIndices, Matches};
pub use self::pattern::Pattern;
pub use self::split::{
    Lines, Split, SplitAsciiWhitespace, SplitInclusive, SplitTerminator, SplitWhitespace,
};

/// Parallel versions of `str`'s iterating methods.
///
/// Implemented for `str`, so every method is also available on `String` through `Deref`.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::str::ParallelString;
///
/// let text = "one two  three";
/// let words: Vec<&str> = text.par_split_whitespace().collect();
/// assert_eq!(words, ["one", "two", "three"]);
/// ```
pub trait ParallelString {
    /// The string to iterate over.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::str::ParallelString;
    ///
    /// assert_eq!("abc".as_parallel_string(), "abc");
    /// ```
    fn as_parallel_string(&self) -> &str;

    /// A parallel iterator over the `char`s, like [`str::chars`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::str::ParallelString;
    ///
    /// let upper: String = "héllo".par_chars().map(|c| c.to_ascii_uppercase()).collect();
    /// assert_eq!(upper, "HéLLO");
    /// ```
    fn par_chars(&self) -> Chars<'_> {
        Chars::new(self.as_parallel_string())
    }

    /// A parallel iterator over the `char`s and their byte offsets, like
    /// [`str::char_indices`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::str::ParallelString;
    ///
    /// let v: Vec<(usize, char)> = "aé b".par_char_indices().collect();
    /// assert_eq!(v, [(0, 'a'), (1, 'é'), (3, ' '), (4, 'b')]);
    /// ```
    fn par_char_indices(&self) -> CharIndices<'_> {
        CharIndices::new(self.as_parallel_string())
    }

    /// A parallel iterator over the bytes, like [`str::bytes`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::str::ParallelString;
    ///
    /// let sum: u32 = "abc".par_bytes().map(u32::from).sum();
    /// assert_eq!(sum, 97 + 98 + 99);
    /// ```
    fn par_bytes(&self) -> Bytes<'_> {
        Bytes::new(self.as_parallel_string())
    }

    /// A parallel iterator over the UTF-16 code units, like [`str::encode_utf16`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::str::ParallelString;
    ///
    /// let units: Vec<u16> = "a😀".par_encode_utf16().collect();
    /// assert_eq!(units, "a😀".encode_utf16().collect::<Vec<_>>());
    /// ```
    fn par_encode_utf16(&self) -> EncodeUtf16<'_> {
        EncodeUtf16::new(self.as_parallel_string())
    }

    /// A parallel iterator over the substrings between separators, like [`str::split`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::str::ParallelString;
    ///
    /// let v: Vec<&str> = "a,b,,c".par_split(',').collect();
    /// assert_eq!(v, ["a", "b", "", "c"]);
    /// ```
    fn par_split<P: Pattern>(&self, separator: P) -> Split<'_, P> {
        Split::new(self.as_parallel_string(), separator)
    }

    /// Like [`par_split`](Self::par_split), but each substring keeps the separator that ends
    /// it, like [`str::split_inclusive`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::str::ParallelString;
    ///
    /// let v: Vec<&str> = "a\nb\n".par_split_inclusive('\n').collect();
    /// assert_eq!(v, ["a\n", "b\n"]);
    /// ```
    fn par_split_inclusive<P: Pattern>(&self, separator: P) -> SplitInclusive<'_, P> {
        SplitInclusive::new(self.as_parallel_string(), separator)
    }

    /// Like [`par_split`](Self::par_split), but a trailing empty substring is skipped, like
    /// [`str::split_terminator`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::str::ParallelString;
    ///
    /// let v: Vec<&str> = "a;b;".par_split_terminator(';').collect();
    /// assert_eq!(v, ["a", "b"]);
    /// ```
    fn par_split_terminator<P: Pattern>(&self, terminator: P) -> SplitTerminator<'_, P> {
        SplitTerminator::new(self.as_parallel_string(), terminator)
    }

    /// A parallel iterator over the lines, without their `\n` or `\r\n` endings, like
    /// [`str::lines`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::str::ParallelString;
    ///
    /// let v: Vec<&str> = "one\r\ntwo\n\nthree".par_lines().collect();
    /// assert_eq!(v, ["one", "two", "", "three"]);
    /// ```
    fn par_lines(&self) -> Lines<'_> {
        Lines::new(self.as_parallel_string())
    }

    /// A parallel iterator over the substrings separated by Unicode whitespace, like
    /// [`str::split_whitespace`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::str::ParallelString;
    ///
    /// let v: Vec<&str> = "  a \u{2003}b\tc ".par_split_whitespace().collect();
    /// assert_eq!(v, ["a", "b", "c"]);
    /// ```
    fn par_split_whitespace(&self) -> SplitWhitespace<'_> {
        SplitWhitespace::new(self.as_parallel_string())
    }

    /// A parallel iterator over the substrings separated by ASCII whitespace, like
    /// [`str::split_ascii_whitespace`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::str::ParallelString;
    ///
    /// let v: Vec<&str> = " a\u{2003}b\tc ".par_split_ascii_whitespace().collect();
    /// assert_eq!(v, ["a\u{2003}b", "c"]);
    /// ```
    fn par_split_ascii_whitespace(&self) -> SplitAsciiWhitespace<'_> {
        SplitAsciiWhitespace::new(self.as_parallel_string())
    }

    /// A parallel iterator over the matches of `pattern`, like [`str::matches`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::str::ParallelString;
    ///
    /// let digits: String = "a1b22c".par_matches(|c: char| c.is_ascii_digit()).collect();
    /// assert_eq!(digits, "122");
    /// ```
    fn par_matches<P: Pattern>(&self, pattern: P) -> Matches<'_, P> {
        Matches::new(self.as_parallel_string(), pattern)
    }

    /// A parallel iterator over the matches of `pattern` and their byte offsets, like
    /// [`str::match_indices`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::str::ParallelString;
    ///
    /// let v: Vec<(usize, &str)> = "abcab".par_match_indices(['a', 'c']).collect();
    /// assert_eq!(v, [(0, "a"), (2, "c"), (3, "a")]);
    /// ```
    fn par_match_indices<P: Pattern>(&self, pattern: P) -> MatchIndices<'_, P> {
        MatchIndices::new(self.as_parallel_string(), pattern)
    }
}

impl ParallelString for str {
    #[inline]
    fn as_parallel_string(&self) -> &str {
        self
    }
}

/// The char boundary of `s` nearest to its middle (searching forward first), or `None` when
/// the only boundaries are its ends.
fn char_midpoint(s: &str) -> Option<usize> {
    let mid = s.len() / 2;
    let forward = (mid..s.len()).find(|&i| s.is_char_boundary(i));
    let at = forward.or_else(|| (1..mid).rev().find(|&i| s.is_char_boundary(i)))?;
    (at > 0).then_some(at)
}

/// Cuts `s` in two at its char midpoint (see [`char_midpoint`]).
fn split_in_half(s: &str) -> Option<(&str, &str)> {
    char_midpoint(s).map(|at| s.split_at(at))
}

#[cfg(test)]
mod tests {
    use super::char_midpoint;

    #[test]
    fn midpoint_is_a_char_boundary_inside() {
        assert_eq!(char_midpoint(""), None);
        assert_eq!(char_midpoint("a"), None);
        assert_eq!(char_midpoint("é"), None);
        assert_eq!(char_midpoint("ab"), Some(1));
        assert_eq!(char_midpoint("aé"), Some(1));
        assert_eq!(char_midpoint("éa"), Some(2));
        assert_eq!(char_midpoint("😀😀"), Some(4));
        assert_eq!(char_midpoint("a😀"), Some(1));
    }
}

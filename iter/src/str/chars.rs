//! `par_chars`, `par_char_indices`, `par_bytes` and `par_encode_utf16`: iterators that cut a
//! string at char boundaries near its middle.

use super::split_in_half;
use crate::plumbing::{bridge_unindexed, Folder, UnindexedConsumer, UnindexedProducer};
use crate::ParallelIterator;

/// Defines a public iterator type over a `&str` and its unindexed producer; `$fold` folds one
/// piece (given the piece and its byte offset in the whole string).
macro_rules! char_iterator {
    (
        $(#[$doc:meta])*
        $Name:ident, $Producer:ident, $Item:ty,
        |$piece:ident, $offset:ident, $folder:ident| $fold:expr
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone)]
        pub struct $Name<'ch> {
            chars: &'ch str,
        }

        impl<'ch> $Name<'ch> {
            pub(super) fn new(chars: &'ch str) -> Self {
                $Name { chars }
            }
        }

        impl<'ch> ParallelIterator for $Name<'ch> {
            type Item = $Item;

            fn drive_unindexed<C>(self, consumer: C) -> C::Result
            where
                C: UnindexedConsumer<Self::Item>,
            {
                let producer = $Producer {
                    chars: self.chars,
                    offset: 0,
                };
                bridge_unindexed(producer, consumer)
            }
        }

        /// A piece of the string and its byte offset in the whole.
        struct $Producer<'ch> {
            chars: &'ch str,
            offset: usize,
        }

        impl<'ch> UnindexedProducer for $Producer<'ch> {
            type Item = $Item;

            fn split(self) -> (Self, Option<Self>) {
                match split_in_half(self.chars) {
                    Some((left, right)) => (
                        $Producer {
                            chars: left,
                            offset: self.offset,
                        },
                        Some($Producer {
                            chars: right,
                            offset: self.offset + left.len(),
                        }),
                    ),
                    None => (self, None),
                }
            }

            fn fold_with<F>(self, folder: F) -> F
            where
                F: Folder<Self::Item>,
            {
                let ($piece, $offset, $folder) = (self.chars, self.offset, folder);
                $fold
            }
        }
    };
}

char_iterator! {
    /// A parallel iterator over the `char`s of a string; made by
    /// [`ParallelString::par_chars`](super::ParallelString::par_chars).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::str::ParallelString;
    ///
    /// let it = "abc".par_chars();
    /// assert_eq!(it.clone().count(), 3);
    /// assert_eq!(format!("{it:?}"), "Chars { chars: \"abc\" }");
    /// ```
    Chars, CharsProducer, char,
    |piece, _offset, folder| folder.consume_iter(piece.chars())
}

char_iterator! {
    /// A parallel iterator over the `char`s of a string and their byte offsets; made by
    /// [`ParallelString::par_char_indices`](super::ParallelString::par_char_indices).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::str::ParallelString;
    ///
    /// let it = "ab".par_char_indices();
    /// assert_eq!(it.clone().collect::<Vec<_>>(), [(0, 'a'), (1, 'b')]);
    /// assert_eq!(format!("{it:?}"), "CharIndices { chars: \"ab\" }");
    /// ```
    CharIndices, CharIndicesProducer, (usize, char),
    |piece, offset, folder| {
        folder.consume_iter(piece.char_indices().map(|(i, c)| (offset + i, c)))
    }
}

char_iterator! {
    /// A parallel iterator over the bytes of a string; made by
    /// [`ParallelString::par_bytes`](super::ParallelString::par_bytes).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::str::ParallelString;
    ///
    /// let it = "ab".par_bytes();
    /// assert_eq!(it.clone().collect::<Vec<_>>(), b"ab");
    /// assert_eq!(format!("{it:?}"), "Bytes { chars: \"ab\" }");
    /// ```
    Bytes, BytesProducer, u8,
    |piece, _offset, folder| folder.consume_iter(piece.bytes())
}

char_iterator! {
    /// A parallel iterator over the UTF-16 code units of a string; made by
    /// [`ParallelString::par_encode_utf16`](super::ParallelString::par_encode_utf16).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::str::ParallelString;
    ///
    /// let it = "a".par_encode_utf16();
    /// assert_eq!(it.clone().collect::<Vec<_>>(), [97]);
    /// assert_eq!(format!("{it:?}"), "EncodeUtf16 { chars: \"a\" }");
    /// ```
    EncodeUtf16, EncodeUtf16Producer, u16,
    |piece, _offset, folder| folder.consume_iter(piece.encode_utf16())
}

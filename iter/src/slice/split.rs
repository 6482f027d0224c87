//! `par_split`, `par_split_inclusive` and their `_mut` forms: pieces between separators.

use super::cut::{Cut, CutProducer};
use crate::iter::*;
use crate::plumbing::*;
use std::fmt;
use std::ops::Range;

/// Defines a parallel iterator over the pieces of a slice between separators, driven by the
/// [`Cut`] piece `$piece`.
macro_rules! split_iterator {
    ($(#[$doc:meta])* $iter:ident, $piece:ident, $slice:ty, $bound:ident, $item:ty) => {
        $(#[$doc])*
        pub struct $iter<'data, T, P> {
            slice: $slice,
            separator: P,
        }

        impl<'data, T, P> $iter<'data, T, P> {
            pub(super) fn new(slice: $slice, separator: P) -> Self {
                $iter { slice, separator }
            }
        }

        impl<T: fmt::Debug, P> fmt::Debug for $iter<'_, T, P> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($iter)).field("slice", &self.slice).finish()
            }
        }

        impl<'data, T, P> ParallelIterator for $iter<'data, T, P>
        where
            T: $bound + 'data,
            P: Fn(&T) -> bool + Sync + Send,
        {
            type Item = $item;

            fn drive_unindexed<C>(self, consumer: C) -> C::Result
            where
                C: UnindexedConsumer<Self::Item>,
            {
                let piece = $piece { slice: self.slice, separator: &self.separator };
                bridge_unindexed(CutProducer::new(piece), consumer)
            }
        }
    };
}

split_iterator!(
    /// A parallel iterator over the pieces of a slice between elements that match a separator.
    /// Made by [`ParallelSlice::par_split`](super::ParallelSlice::par_split).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v = [1, 0, 2, 3, 0];
    /// let pieces: Vec<&[i32]> = v.par_split(|x| *x == 0).collect();
    /// assert_eq!(pieces, [&[1][..], &[2, 3], &[]]);
    /// ```
    Split, SplitPiece, &'data [T], Sync, &'data [T]
);

split_iterator!(
    /// A parallel iterator over the pieces of a slice each ended by an element that matches a
    /// separator (the last piece may end without one). Made by
    /// [`ParallelSlice::par_split_inclusive`](super::ParallelSlice::par_split_inclusive).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v = [1, 0, 2, 3, 0];
    /// let pieces: Vec<&[i32]> = v.par_split_inclusive(|x| *x == 0).collect();
    /// assert_eq!(pieces, [&[1, 0][..], &[2, 3, 0]]);
    /// ```
    SplitInclusive, SplitInclusivePiece, &'data [T], Sync, &'data [T]
);

split_iterator!(
    /// A parallel iterator over the mutable pieces of a slice between elements that match a
    /// separator. Made by
    /// [`ParallelSliceMut::par_split_mut`](super::ParallelSliceMut::par_split_mut).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [1, 2, 0, 3, 4];
    /// v.par_split_mut(|x| *x == 0).for_each(|piece| piece.reverse());
    /// assert_eq!(v, [2, 1, 0, 4, 3]);
    /// ```
    SplitMut, SplitMutPiece, &'data mut [T], Send, &'data mut [T]
);

split_iterator!(
    /// A parallel iterator over the mutable pieces of a slice each ended by an element that
    /// matches a separator. Made by
    /// [`par_split_inclusive_mut`](super::ParallelSliceMut::par_split_inclusive_mut).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [1, 2, 0, 3, 4];
    /// v.par_split_inclusive_mut(|x| *x == 0).for_each(|piece| piece.reverse());
    /// assert_eq!(v, [0, 2, 1, 4, 3]);
    /// ```
    SplitInclusiveMut, SplitInclusiveMutPiece, &'data mut [T], Send, &'data mut [T]
);

impl<T: Clone, P: Clone> Clone for Split<'_, T, P> {
    fn clone(&self) -> Self {
        Split {
            slice: self.slice,
            separator: self.separator.clone(),
        }
    }
}

impl<T: Clone, P: Clone> Clone for SplitInclusive<'_, T, P> {
    fn clone(&self) -> Self {
        SplitInclusive {
            slice: self.slice,
            separator: self.separator.clone(),
        }
    }
}

/// Implements [`Cut`] for a piece type: `$cut` splits the slice around separator `i`; a
/// separator among the last `$keep` elements is not a place to cut (an inclusive split cut at
/// its last element would leave the whole slice on the left).
macro_rules! split_piece {
    (
        $piece:ident, $slice:ty, $bound:ident, $iter:ident, $items:ident, $keep:literal,
        |$s:ident, $i:ident| $cut:expr
    ) => {
        struct $piece<'s, 'p, T, P> {
            slice: $slice,
            separator: &'p P,
        }

        impl<'s, 'p, T, P> Cut for $piece<'s, 'p, T, P>
        where
            T: $bound,
            P: Fn(&T) -> bool + Sync,
        {
            type Item = $slice;
            type Iter = std::slice::$iter<'s, T, &'p P>;

            fn len(&self) -> usize {
                self.slice.len()
            }

            fn is_boundary(&self, index: usize) -> bool {
                (self.separator)(&self.slice[index])
            }

            fn boundaries(&self) -> Range<usize> {
                0..self.slice.len().saturating_sub($keep)
            }

            fn cut_at(self, index: usize) -> (Self, Self) {
                let ($s, $i) = (self.slice, index);
                let (left, right) = $cut;
                let separator = self.separator;
                (
                    $piece {
                        slice: left,
                        separator,
                    },
                    $piece {
                        slice: right,
                        separator,
                    },
                )
            }

            fn into_items(self) -> Self::Iter {
                self.slice.$items(self.separator)
            }
        }
    };
}

split_piece!(SplitPiece, &'s [T], Sync, Split, split, 0, |s, i| (
    &s[..i],
    &s[i + 1..]
));
split_piece!(
    SplitInclusivePiece,
    &'s [T],
    Sync,
    SplitInclusive,
    split_inclusive,
    1,
    |s, i| s.split_at(i + 1)
);
split_piece!(
    SplitMutPiece,
    &'s mut [T],
    Send,
    SplitMut,
    split_mut,
    0,
    |s, i| {
        let (left, right) = s.split_at_mut(i);
        (left, &mut right[1..])
    }
);
split_piece!(
    SplitInclusiveMutPiece,
    &'s mut [T],
    Send,
    SplitInclusiveMut,
    split_inclusive_mut,
    1,
    |s, i| s.split_at_mut(i + 1)
);

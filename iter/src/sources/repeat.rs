//! `repeat()` and `repeat_n()`: parallel iterators that clone one element, endlessly or `n`
//! times.

use std::iter;

use crate::iter::Zip;
use crate::plumbing::{
    bridge_unindexed, Consumer, Folder, Producer, ProducerCallback, UnindexedConsumer,
    UnindexedProducer,
};
use crate::{IndexedParallelIterator, IntoParallelIterator, ParallelIterator};

/// Creates a parallel iterator that endlessly repeats `element` (by cloning it).
///
/// The iterator never ends on its own: bound it with a short-circuiting consumer (`find_any`,
/// `take_any`, ...), with [`Repeat::take`], or by zipping it with a finite indexed iterator
/// ([`Repeat::zip`]).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::sources::repeat;
///
/// let v: Vec<(&str, i32)> = repeat("x").zip(vec![1, 2, 3]).collect();
/// assert_eq!(v, [("x", 1), ("x", 2), ("x", 3)]);
/// ```
pub fn repeat<T: Clone + Send>(element: T) -> Repeat<T> {
    Repeat { element }
}

/// An endless parallel iterator over clones of one element; made by [`repeat()`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let r = weft_iter::sources::repeat(1u8);
/// assert_eq!(r.clone().take(4).sum::<u8>(), 4);
/// assert_eq!(format!("{r:?}"), "Repeat { element: 1 }");
/// ```
#[derive(Clone, Debug)]
pub struct Repeat<T> {
    element: T,
}

impl<T: Clone + Send> Repeat<T> {
    /// Bounds the iterator to `n` items, which makes it indexed (the same as [`repeat_n`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<char> = weft_iter::sources::repeat('a').take(2).collect();
    /// assert_eq!(v, ['a', 'a']);
    /// ```
    pub fn take(self, n: usize) -> RepeatN<T> {
        repeat_n(self.element, n)
    }

    /// Pairs each item of `zip_op` with a clone of the element; the length is that of
    /// `zip_op`.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<(i32, u8)> = weft_iter::sources::repeat(0).zip(vec![1u8, 2]).collect();
    /// assert_eq!(v, [(0, 1), (0, 2)]);
    /// ```
    pub fn zip<Z>(self, zip_op: Z) -> Zip<RepeatN<T>, Z::Iter>
    where
        Z: IntoParallelIterator<Iter: IndexedParallelIterator>,
    {
        let other = zip_op.into_par_iter();
        let len = other.len();
        self.take(len).zip(other)
    }
}

impl<T: Clone + Send> ParallelIterator for Repeat<T> {
    type Item = T;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<Self::Item>,
    {
        let producer = RepeatProducer {
            element: self.element,
            depth: 0,
        };
        bridge_unindexed(producer, consumer)
    }
}

/// How many times a [`RepeatProducer`] splits at most, one piece after another: 2^32 pieces
/// are more than any pool can use, and the cap keeps a weight that always splits (such as
/// `FullyParallel`) from recursing without end.
const MAX_SPLIT_DEPTH: u32 = 32;

/// The endless producer behind [`Repeat`]: every split is a clone of itself.
struct RepeatProducer<T> {
    element: T,
    /// How many splits made this piece.
    depth: u32,
}

impl<T: Clone + Send> UnindexedProducer for RepeatProducer<T> {
    type Item = T;

    fn split(self) -> (Self, Option<Self>) {
        if self.depth >= MAX_SPLIT_DEPTH {
            return (self, None);
        }
        let depth = self.depth + 1;
        let left = RepeatProducer {
            element: self.element.clone(),
            depth,
        };
        (left, Some(RepeatProducer { depth, ..self }))
    }

    fn fold_with<F>(self, folder: F) -> F
    where
        F: Folder<Self::Item>,
    {
        // `consume_iter` stops as soon as the folder is full; an endless iterator is only ever
        // consumed by folders that fill up.
        folder.consume_iter(iter::repeat(self.element))
    }
}

/// Creates a parallel iterator that yields `n` clones of `element` (the last one is the
/// element itself, moved rather than cloned).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::sources::repeat_n;
///
/// let v: Vec<String> = repeat_n(String::from("ab"), 3).collect();
/// assert_eq!(v, ["ab", "ab", "ab"]);
/// ```
pub fn repeat_n<T: Clone + Send>(element: T, n: usize) -> RepeatN<T> {
    RepeatN {
        element: (n > 0).then_some(element),
        count: n,
    }
}

/// The old name of [`repeat_n`].
///
/// # Examples
///
/// ```
/// #![allow(deprecated)]
/// use weft_iter::prelude::*;
///
/// assert_eq!(weft_iter::sources::repeatn(2, 3).sum::<i32>(), 6);
/// ```
#[deprecated(note = "use `repeat_n`")]
pub fn repeatn<T: Clone + Send>(element: T, n: usize) -> RepeatN<T> {
    repeat_n(element, n)
}

/// An indexed parallel iterator over `n` clones of one element; made by [`repeat_n()`] or
/// [`Repeat::take`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let r = weft_iter::sources::repeat_n(3, 2);
/// assert_eq!(r.len(), 2);
/// assert_eq!(r.clone().rev().collect::<Vec<_>>(), [3, 3]);
/// assert_eq!(format!("{r:?}"), "RepeatN { element: Some(3), count: 2 }");
/// ```
#[derive(Clone, Debug)]
pub struct RepeatN<T> {
    /// `None` exactly when `count` is zero.
    element: Option<T>,
    count: usize,
}

impl<T: Clone + Send> ParallelIterator for RepeatN<T> {
    type Item = T;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<Self::Item>,
    {
        crate::plumbing::bridge(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.count)
    }
}

impl<T: Clone + Send> IndexedParallelIterator for RepeatN<T> {
    fn drive<C>(self, consumer: C) -> C::Result
    where
        C: Consumer<Self::Item>,
    {
        crate::plumbing::bridge(self, consumer)
    }

    fn len(&self) -> usize {
        self.count
    }

    fn with_producer<CB>(self, callback: CB) -> CB::Output
    where
        CB: ProducerCallback<Self::Item>,
    {
        callback.callback(RepeatNIter {
            element: self.element,
            count: self.count,
        })
    }
}

/// Both the producer and the sequential iterator behind [`RepeatN`]: `count` more copies of
/// `element`, the last one moved out.
struct RepeatNIter<T> {
    /// `None` exactly when `count` is zero.
    element: Option<T>,
    count: usize,
}

impl<T: Clone> Iterator for RepeatNIter<T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        self.count = self.count.checked_sub(1)?;
        if self.count == 0 {
            self.element.take()
        } else {
            self.element.clone()
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.count, Some(self.count))
    }
}

impl<T: Clone> DoubleEndedIterator for RepeatNIter<T> {
    fn next_back(&mut self) -> Option<T> {
        // Every item is the same, so the back is the front.
        self.next()
    }
}

impl<T: Clone> ExactSizeIterator for RepeatNIter<T> {}

impl<T: Clone + Send> Producer for RepeatNIter<T> {
    type Item = T;
    type IntoIter = Self;

    fn into_iter(self) -> Self {
        self
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        debug_assert!(
            index <= self.count,
            "split of {} repeats at {index}",
            self.count
        );
        let right_count = self.count - index;
        let (left_element, right_element) = match (index, right_count) {
            (0, _) => (None, self.element),
            (_, 0) => (self.element, None),
            _ => (self.element.clone(), self.element),
        };
        let left = RepeatNIter {
            element: left_element,
            count: index,
        };
        let right = RepeatNIter {
            element: right_element,
            count: right_count,
        };
        (left, right)
    }
}

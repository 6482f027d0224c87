//! `interleave`: alternates the items of two indexed iterators, then the rest of the longer.

use super::wrap::{with_paired_producers, PairProducers};
use super::*;
use crate::plumbing::bridged;
use crate::plumbing::*;

/// The iterator of [`IndexedParallelIterator::interleave`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::Interleave<_, _> = (0..3).into_par_iter().interleave(10..11);
/// assert_eq!(it.collect::<Vec<_>>(), [0, 10, 1, 2]);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct Interleave<I, J> {
    i: I,
    j: J,
}

impl<I, J> Interleave<I, J> {
    pub(super) fn new(i: I, j: J) -> Self {
        Interleave { i, j }
    }
}

bridged! {
    impl[I, J] Interleave<I, J> where [
        I: IndexedParallelIterator,
        J: IndexedParallelIterator<Item = I::Item>,
    ] {
        type Item = I::Item;

        fn len(&self) -> usize {
            self.i
                .len()
                .checked_add(self.j.len())
                .expect("the length of an interleave overflows a usize")
        }

        fn with_producer<CB: ProducerCallback<I::Item>>(self, callback: CB) -> CB::Output {
            let lens = Interleaved {
                i_len: self.i.len(),
                j_len: self.j.len(),
            };
            with_paired_producers(self.i, self.j, lens, callback)
        }
    }
}

/// Alternates `i` and `j`, starting with `i` when `i_next`.
/// What `interleave` keeps to build its producer: the lengths of both parts.
struct Interleaved {
    i_len: usize,
    j_len: usize,
}

impl<T> PairProducers<T, T> for Interleaved {
    type Item = T;

    fn pair<I, J>(self, i: I, j: J) -> impl Producer<Item = T>
    where
        I: Producer<Item = T>,
        J: Producer<Item = T>,
    {
        InterleaveProducer {
            i,
            j,
            i_len: self.i_len,
            j_len: self.j_len,
            i_next: true,
        }
    }
}

struct InterleaveProducer<I, J> {
    i: I,
    j: J,
    i_len: usize,
    j_len: usize,
    i_next: bool,
}

impl<I, J> Producer for InterleaveProducer<I, J>
where
    I: Producer,
    J: Producer<Item = I::Item>,
{
    type Item = I::Item;
    type IntoIter = InterleaveSeq<I::IntoIter, J::IntoIter>;

    fn into_iter(self) -> Self::IntoIter {
        InterleaveSeq {
            i: self.i.into_iter(),
            j: self.j.into_iter(),
            i_next: self.i_next,
        }
    }

    fn min_len(&self) -> usize {
        self.i.min_len().max(self.j.min_len())
    }

    fn max_len(&self) -> usize {
        self.i.max_len().min(self.j.max_len())
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        // Among the first `index` items, the side that goes first has the extra one of an odd
        // count; a side that runs out leaves the rest to the other.
        let (first, second) = (index - index / 2, index / 2);
        let (mut i_count, mut j_count) = if self.i_next {
            (first, second)
        } else {
            (second, first)
        };
        if i_count > self.i_len {
            i_count = self.i_len;
            j_count = index - i_count;
        } else if j_count > self.j_len {
            j_count = self.j_len;
            i_count = index - j_count;
        }
        let (i_left, i_right) = self.i.split_at(i_count);
        let (j_left, j_right) = self.j.split_at(j_count);
        (
            InterleaveProducer {
                i: i_left,
                j: j_left,
                i_len: i_count,
                j_len: j_count,
                i_next: self.i_next,
            },
            InterleaveProducer {
                i: i_right,
                j: j_right,
                i_len: self.i_len - i_count,
                j_len: self.j_len - j_count,
                i_next: self.i_next ^ (index % 2 == 1),
            },
        )
    }
}

/// The sequential iterator of an `InterleaveProducer`.
struct InterleaveSeq<I, J> {
    i: I,
    j: J,
    i_next: bool,
}

impl<I, J> Iterator for InterleaveSeq<I, J>
where
    I: ExactSizeIterator,
    J: ExactSizeIterator<Item = I::Item>,
{
    type Item = I::Item;

    fn next(&mut self) -> Option<I::Item> {
        if self.i_next {
            self.i_next = false;
            self.i.next().or_else(|| self.j.next())
        } else {
            self.i_next = true;
            self.j.next().or_else(|| self.i.next())
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.i.len() + self.j.len();
        (len, Some(len))
    }
}

impl<I, J> DoubleEndedIterator for InterleaveSeq<I, J>
where
    I: DoubleEndedIterator + ExactSizeIterator,
    J: DoubleEndedIterator + ExactSizeIterator<Item = I::Item>,
{
    fn next_back(&mut self) -> Option<I::Item> {
        let (i_len, j_len) = (self.i.len(), self.j.len());
        // With equal counts the sequence ends on the side that goes second.
        let i_last = match i_len.cmp(&j_len) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal => !self.i_next,
        };
        if i_last {
            self.i.next_back()
        } else {
            self.j.next_back()
        }
    }
}

impl<I, J> ExactSizeIterator for InterleaveSeq<I, J>
where
    I: ExactSizeIterator,
    J: ExactSizeIterator<Item = I::Item>,
{
}

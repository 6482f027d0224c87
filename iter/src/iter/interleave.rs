//! `interleave`: alternates the items of two indexed iterators, then the rest of the longer.

use super::*;
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

impl<I, J> ParallelIterator for Interleave<I, J>
where
    I: IndexedParallelIterator,
    J: IndexedParallelIterator<Item = I::Item>,
{
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.len())
    }
}

impl<I, J> IndexedParallelIterator for Interleave<I, J>
where
    I: IndexedParallelIterator,
    J: IndexedParallelIterator<Item = I::Item>,
{
    fn len(&self) -> usize {
        self.i
            .len()
            .checked_add(self.j.len())
            .expect("the length of an interleave overflows a usize")
    }

    fn drive<C: Consumer<I::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn with_producer<CB: ProducerCallback<I::Item>>(self, callback: CB) -> CB::Output {
        let (i_len, j_len) = (self.i.len(), self.j.len());
        return self.i.with_producer(CallbackI {
            callback,
            i_len,
            j_len,
            j: self.j,
        });

        struct CallbackI<CB, J> {
            callback: CB,
            i_len: usize,
            j_len: usize,
            j: J,
        }

        impl<CB, J> ProducerCallback<J::Item> for CallbackI<CB, J>
        where
            J: IndexedParallelIterator,
            CB: ProducerCallback<J::Item>,
        {
            type Output = CB::Output;

            fn callback<I: Producer<Item = J::Item>>(self, i: I) -> CB::Output {
                self.j.with_producer(CallbackJ {
                    callback: self.callback,
                    i_len: self.i_len,
                    j_len: self.j_len,
                    i,
                })
            }
        }

        struct CallbackJ<CB, I> {
            callback: CB,
            i_len: usize,
            j_len: usize,
            i: I,
        }

        impl<CB, I> ProducerCallback<I::Item> for CallbackJ<CB, I>
        where
            I: Producer,
            CB: ProducerCallback<I::Item>,
        {
            type Output = CB::Output;

            fn callback<J: Producer<Item = I::Item>>(self, j: J) -> CB::Output {
                self.callback.callback(InterleaveProducer {
                    i: self.i,
                    j,
                    i_len: self.i_len,
                    j_len: self.j_len,
                    i_next: true,
                })
            }
        }
    }
}

/// Alternates `i` and `j`, starting with `i` when `i_next`.
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

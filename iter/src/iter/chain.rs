//! `chain`: the items of one iterator, then those of another.

use super::wrap::{with_paired_producers, PairProducers};
use super::*;
use crate::plumbing::*;
use crate::weight::scope;

/// The iterator of [`ParallelIterator::chain`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::Chain<_, _> = (0..2).into_par_iter().chain(2..4);
/// assert_eq!(it.collect::<Vec<_>>(), [0, 1, 2, 3]);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct Chain<A, B> {
    a: A,
    b: B,
}

impl<A, B> Chain<A, B> {
    pub(super) fn new(a: A, b: B) -> Self {
        Chain { a, b }
    }
}

impl<A, B> ParallelIterator for Chain<A, B>
where
    A: ParallelIterator,
    B: ParallelIterator<Item = A::Item>,
{
    type Item = A::Item;

    fn drive_unindexed<C: UnindexedConsumer<A::Item>>(self, consumer: C) -> C::Result {
        let Chain { a, b } = self;
        // With `a`'s length known, split by index: consumers that need indices (collect)
        // keep working.
        let (left, right, reducer) = match a.opt_len() {
            Some(len) => consumer.split_at(len),
            None => {
                let reducer = consumer.to_reducer();
                (consumer.split_off_left(), consumer, reducer)
            }
        };
        // Both sides keep the weight chosen for the chain.
        let (a, b) = scope::join(|| a.drive_unindexed(left), || b.drive_unindexed(right));
        reducer.reduce(a, b)
    }

    fn opt_len(&self) -> Option<usize> {
        self.a.opt_len()?.checked_add(self.b.opt_len()?)
    }
}

impl<A, B> IndexedParallelIterator for Chain<A, B>
where
    A: IndexedParallelIterator,
    B: IndexedParallelIterator<Item = A::Item>,
{
    fn len(&self) -> usize {
        self.a
            .len()
            .checked_add(self.b.len())
            .expect("the length of a chain overflows a usize")
    }

    fn drive<C: Consumer<A::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn with_producer<CB: ProducerCallback<A::Item>>(self, callback: CB) -> CB::Output {
        let a_len = self.a.len();
        with_paired_producers(self.a, self.b, Chained { a_len }, callback)
    }
}

/// What `chain` keeps to build its producer: the length of the first part.
struct Chained {
    a_len: usize,
}

impl<T> PairProducers<T, T> for Chained {
    type Item = T;

    fn pair<A, B>(self, a: A, b: B) -> impl Producer<Item = T>
    where
        A: Producer<Item = T>,
        B: Producer<Item = T>,
    {
        ChainProducer {
            a_len: self.a_len,
            a,
            b,
        }
    }
}

struct ChainProducer<A, B> {
    a_len: usize,
    a: A,
    b: B,
}

impl<A, B> Producer for ChainProducer<A, B>
where
    A: Producer,
    B: Producer<Item = A::Item>,
{
    type Item = A::Item;
    type IntoIter = ChainSeq<A::IntoIter, B::IntoIter>;

    fn into_iter(self) -> Self::IntoIter {
        ChainSeq(self.a.into_iter().chain(self.b.into_iter()))
    }

    fn min_len(&self) -> usize {
        self.a.min_len().max(self.b.min_len())
    }

    fn max_len(&self) -> usize {
        self.a.max_len().min(self.b.max_len())
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        if index <= self.a_len {
            let (a_left, a_right) = self.a.split_at(index);
            let (b_left, b_right) = self.b.split_at(0);
            (
                ChainProducer {
                    a_len: index,
                    a: a_left,
                    b: b_left,
                },
                ChainProducer {
                    a_len: self.a_len - index,
                    a: a_right,
                    b: b_right,
                },
            )
        } else {
            let (a_left, a_right) = self.a.split_at(self.a_len);
            let (b_left, b_right) = self.b.split_at(index - self.a_len);
            (
                ChainProducer {
                    a_len: self.a_len,
                    a: a_left,
                    b: b_left,
                },
                ChainProducer {
                    a_len: 0,
                    a: a_right,
                    b: b_right,
                },
            )
        }
    }

    fn fold_with<F: Folder<A::Item>>(self, folder: F) -> F {
        let folder = self.a.fold_with(folder);
        if folder.full() {
            folder
        } else {
            self.b.fold_with(folder)
        }
    }
}

/// `std::iter::Chain` with an exact size (both halves have one).
struct ChainSeq<A, B>(std::iter::Chain<A, B>);

impl<A, B> Iterator for ChainSeq<A, B>
where
    A: Iterator,
    B: Iterator<Item = A::Item>,
{
    type Item = A::Item;

    fn next(&mut self) -> Option<A::Item> {
        self.0.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }

    fn fold<Acc, G: FnMut(Acc, A::Item) -> Acc>(self, init: Acc, g: G) -> Acc {
        self.0.fold(init, g)
    }
}

impl<A, B> DoubleEndedIterator for ChainSeq<A, B>
where
    A: DoubleEndedIterator,
    B: DoubleEndedIterator<Item = A::Item>,
{
    fn next_back(&mut self) -> Option<A::Item> {
        self.0.next_back()
    }
}

impl<A, B> ExactSizeIterator for ChainSeq<A, B>
where
    A: ExactSizeIterator,
    B: ExactSizeIterator<Item = A::Item>,
{
}

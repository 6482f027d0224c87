//! `zip`: pairs of items from two indexed iterators, as long as the shorter one.

use super::wrap::{with_paired_producers, PairProducers};
use super::*;
use crate::plumbing::bridged;
use crate::plumbing::*;

/// The iterator of [`IndexedParallelIterator::zip`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::Zip<_, _> = (0..3).into_par_iter().zip(10..20);
/// assert_eq!(it.collect::<Vec<_>>(), [(0, 10), (1, 11), (2, 12)]);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct Zip<A, B> {
    a: A,
    b: B,
}

impl<A, B> Zip<A, B> {
    pub(super) fn new(a: A, b: B) -> Self {
        Zip { a, b }
    }
}

bridged! {
    impl[A, B] Zip<A, B> where [
        A: IndexedParallelIterator,
        B: IndexedParallelIterator,
    ] {
        type Item = (A::Item, B::Item);

        fn len(&self) -> usize {
            self.a.len().min(self.b.len())
        }

        fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
            with_paired_producers(self.a, self.b, Zipped, callback)
        }
    }
}

/// What `zip` keeps to build its producer: nothing.
struct Zipped;

impl<TA, TB> PairProducers<TA, TB> for Zipped {
    type Item = (TA, TB);

    fn pair<A, B>(self, a: A, b: B) -> impl Producer<Item = (TA, TB)>
    where
        A: Producer<Item = TA>,
        B: Producer<Item = TB>,
    {
        ZipProducer { a, b }
    }
}

struct ZipProducer<A, B> {
    a: A,
    b: B,
}

impl<A: Producer, B: Producer> Producer for ZipProducer<A, B> {
    type Item = (A::Item, B::Item);
    type IntoIter = std::iter::Zip<A::IntoIter, B::IntoIter>;

    fn into_iter(self) -> Self::IntoIter {
        self.a.into_iter().zip(self.b.into_iter())
    }

    fn min_len(&self) -> usize {
        self.a.min_len().max(self.b.min_len())
    }

    fn max_len(&self) -> usize {
        self.a.max_len().min(self.b.max_len())
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let (a_left, a_right) = self.a.split_at(index);
        let (b_left, b_right) = self.b.split_at(index);
        (
            ZipProducer {
                a: a_left,
                b: b_left,
            },
            ZipProducer {
                a: a_right,
                b: b_right,
            },
        )
    }
}

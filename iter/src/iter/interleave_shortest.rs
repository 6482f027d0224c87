//! `interleave_shortest`: alternates the items of two indexed iterators until one runs out.

use super::*;
use crate::plumbing::bridged;
use crate::plumbing::*;

/// The iterator of [`IndexedParallelIterator::interleave_shortest`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::InterleaveShortest<_, _> = (0..3).into_par_iter().interleave_shortest(10..11);
/// assert_eq!(it.collect::<Vec<_>>(), [0, 10, 1]);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct InterleaveShortest<I, J> {
    interleave: Interleave<Take<I>, Take<J>>,
}

impl<I, J> InterleaveShortest<I, J>
where
    I: IndexedParallelIterator,
    J: IndexedParallelIterator<Item = I::Item>,
{
    pub(super) fn new(i: I, j: J) -> Self {
        let (i_len, j_len) = (i.len(), j.len());
        // `i` goes first, so it may give one more item than `j`.
        let (i_take, j_take) = if i_len <= j_len {
            (i_len, i_len)
        } else {
            (j_len + 1, j_len)
        };
        InterleaveShortest {
            interleave: Interleave::new(i.take(i_take), j.take(j_take)),
        }
    }
}

bridged! {
    impl[I, J] InterleaveShortest<I, J> where [
        I: IndexedParallelIterator,
        J: IndexedParallelIterator<Item = I::Item>,
    ] {
        type Item = I::Item;

        fn len(&self) -> usize {
            self.interleave.len()
        }

        fn with_producer<CB: ProducerCallback<I::Item>>(self, callback: CB) -> CB::Output {
            self.interleave.with_producer(callback)
        }
    }
}

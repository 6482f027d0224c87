//! `take`: the first `n` items.

use super::*;
use crate::bridged::bridged;
use crate::plumbing::*;

/// The iterator of [`IndexedParallelIterator::take`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::Take<_> = (0..5).into_par_iter().take(2);
/// assert_eq!(it.collect::<Vec<_>>(), [0, 1]);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct Take<I> {
    base: I,
    n: usize,
}

impl<I: IndexedParallelIterator> Take<I> {
    pub(super) fn new(base: I, n: usize) -> Self {
        let n = n.min(base.len());
        Take { base, n }
    }
}

bridged! {
    impl[I: IndexedParallelIterator] Take<I> {
        type Item = I::Item;

        fn len(&self) -> usize {
            self.n
        }

        fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
            return self.base.with_producer(Callback {
                callback,
                n: self.n,
            });

            struct Callback<CB> {
                callback: CB,
                n: usize,
            }

            impl<T, CB> ProducerCallback<T> for Callback<CB>
            where
                CB: ProducerCallback<T>,
            {
                type Output = CB::Output;

                fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
                    // The rest is dropped with the right half.
                    let (before, _) = base.split_at(self.n);
                    self.callback.callback(before)
                }
            }
        }
    }
}

//! `skip`: all items but the first `n`.

use super::*;
use crate::bridged::bridged;
use crate::plumbing::*;

/// The iterator of [`IndexedParallelIterator::skip`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::Skip<_> = (0..5).into_par_iter().skip(3);
/// assert_eq!(it.collect::<Vec<_>>(), [3, 4]);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct Skip<I> {
    base: I,
    n: usize,
}

impl<I: IndexedParallelIterator> Skip<I> {
    pub(super) fn new(base: I, n: usize) -> Self {
        let n = n.min(base.len());
        Skip { base, n }
    }
}

bridged! {
    impl[I: IndexedParallelIterator] Skip<I> {
        type Item = I::Item;

        fn len(&self) -> usize {
            self.base.len() - self.n
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
                    // The skipped items are dropped with the left half.
                    let (_, after) = base.split_at(self.n);
                    self.callback.callback(after)
                }
            }
        }
    }
}

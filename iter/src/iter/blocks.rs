//! `by_exponential_blocks` and `by_uniform_blocks`: run an indexed iterator as a sequence of
//! blocks, each in parallel, so that a full consumer skips the blocks after it.

use super::closure_adaptor::base_adaptor;
use super::*;
use crate::plumbing::*;

/// Drives `base` block by block, with block sizes from `sizes` (the last size repeats).
fn drive_blocks<I, C, S>(base: I, consumer: C, sizes: S) -> C::Result
where
    I: IndexedParallelIterator,
    C: UnindexedConsumer<I::Item>,
    S: Iterator<Item = usize>,
{
    let len = base.len();
    return base.with_producer(BlocksCallback {
        consumer,
        sizes,
        len,
    });

    struct BlocksCallback<C, S> {
        consumer: C,
        sizes: S,
        len: usize,
    }

    impl<T, C, S> ProducerCallback<T> for BlocksCallback<C, S>
    where
        C: UnindexedConsumer<T>,
        S: Iterator<Item = usize>,
    {
        type Output = C::Result;

        fn callback<P: Producer<Item = T>>(mut self, mut producer: P) -> C::Result {
            let mut remaining = self.len;
            let mut consumer = self.consumer;
            // An empty first block gives the result to reduce the others into.
            let (empty, rest, _) = consumer.split_at(0);
            let mut result = empty.into_folder().complete();
            consumer = rest;
            let mut size = 0;
            while remaining > 0 && !consumer.full() {
                size = self.sizes.next().unwrap_or(size).max(1);
                let block = remaining.min(size);
                remaining -= block;
                let (block_producer, rest_producer) = producer.split_at(block);
                producer = rest_producer;
                let (block_consumer, rest_consumer, reducer) = consumer.split_at(block);
                consumer = rest_consumer;
                let block_result = bridge_producer_consumer(block, block_producer, block_consumer);
                result = reducer.reduce(result, block_result);
            }
            result
        }
    }
}

base_adaptor! {
    /// The iterator of [`IndexedParallelIterator::by_exponential_blocks`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let it: weft_iter::iter::ExponentialBlocks<_> = (0..100).into_par_iter().by_exponential_blocks();
    /// assert_eq!(it.find_first(|x| *x > 10), Some(11));
    /// ```
    ExponentialBlocks
}

impl<I: IndexedParallelIterator> ParallelIterator for ExponentialBlocks<I> {
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        // The first block feeds every thread once; each next block is twice as big.
        let first = weft_core::current_num_threads();
        let sizes = std::iter::successors(Some(first), |&size| size.checked_mul(2));
        drive_blocks(self.base, consumer, sizes)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.base.len())
    }
}

/// The iterator of [`IndexedParallelIterator::by_uniform_blocks`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::UniformBlocks<_> = (0..100).into_par_iter().by_uniform_blocks(10);
/// assert_eq!(it.find_first(|x| *x > 10), Some(11));
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct UniformBlocks<I> {
    base: I,
    block_size: usize,
}

impl<I> UniformBlocks<I> {
    pub(super) fn new(base: I, block_size: usize) -> Self {
        UniformBlocks { base, block_size }
    }
}

impl<I: IndexedParallelIterator> ParallelIterator for UniformBlocks<I> {
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        drive_blocks(self.base, consumer, std::iter::repeat(self.block_size))
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.base.len())
    }
}

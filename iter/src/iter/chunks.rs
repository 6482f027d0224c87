//! `chunks`: the items in `Vec`s of `chunk_size` (the last may be shorter).
//!
//! The producer here turns each chunk into one item with a [`ChunkFn`]; `fold_chunks` and
//! `fold_chunks_with` share it with a fold instead of a `Vec`.

use super::*;
use crate::plumbing::bridged;
use crate::plumbing::*;

/// The iterator of [`IndexedParallelIterator::chunks`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::Chunks<_> = (0..5).into_par_iter().chunks(2);
/// assert_eq!(it.collect::<Vec<_>>(), [vec![0, 1], vec![2, 3], vec![4]]);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct Chunks<I> {
    base: I,
    size: usize,
}

impl<I> Chunks<I> {
    pub(super) fn new(base: I, size: usize) -> Self {
        assert_chunk_size(size);
        Chunks { base, size }
    }
}

/// Panics on a chunk size of zero.
pub(super) fn assert_chunk_size(size: usize) {
    assert!(size != 0, "chunk_size must not be zero");
}

/// Turns the items of one chunk into one item.
pub(super) trait ChunkFn<T>: Send + Clone {
    /// The item a chunk becomes.
    type Output: Send;
    /// Turns `chunk` into one item.
    fn call<I: Iterator<Item = T>>(&self, chunk: I) -> Self::Output;
}

/// Collects a chunk into a `Vec`.
#[derive(Clone)]
struct CollectChunk;

impl<T: Send> ChunkFn<T> for CollectChunk {
    type Output = Vec<T>;

    fn call<I: Iterator<Item = T>>(&self, chunk: I) -> Vec<T> {
        chunk.collect()
    }
}

bridged! {
    impl[I: IndexedParallelIterator] Chunks<I> {
        type Item = Vec<I::Item>;

        fn len(&self) -> usize {
            self.base.len().div_ceil(self.size)
        }

        fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
            with_chunk_producer(self.base, self.size, CollectChunk, callback)
        }
    }
}

/// Hands `callback` a producer of the chunks of `base`, each turned into an item by `chunk_fn`.
pub(super) fn with_chunk_producer<I, F, CB>(
    base: I,
    size: usize,
    chunk_fn: F,
    callback: CB,
) -> CB::Output
where
    I: IndexedParallelIterator,
    F: ChunkFn<I::Item>,
    CB: ProducerCallback<F::Output>,
{
    let len = base.len();
    return base.with_producer(Callback {
        callback,
        size,
        len,
        chunk_fn,
    });

    struct Callback<CB, F> {
        callback: CB,
        size: usize,
        len: usize,
        chunk_fn: F,
    }

    impl<T, CB, F> ProducerCallback<T> for Callback<CB, F>
    where
        F: ChunkFn<T>,
        CB: ProducerCallback<F::Output>,
    {
        type Output = CB::Output;

        fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
            self.callback.callback(ChunkProducer {
                base,
                size: self.size,
                len: self.len,
                chunk_fn: self.chunk_fn,
            })
        }
    }
}

/// Chunks of `size` of the `len` items of `base`.
struct ChunkProducer<P, F> {
    base: P,
    size: usize,
    len: usize,
    chunk_fn: F,
}

impl<P, F> Producer for ChunkProducer<P, F>
where
    P: Producer,
    F: ChunkFn<P::Item>,
{
    type Item = F::Output;
    type IntoIter = ChunkSeq<P, F>;

    fn into_iter(self) -> Self::IntoIter {
        ChunkSeq {
            rest: (self.len > 0).then_some(self.base),
            size: self.size,
            len: self.len,
            chunk_fn: self.chunk_fn,
        }
    }

    fn min_len(&self) -> usize {
        self.base.min_len().div_ceil(self.size)
    }

    fn max_len(&self) -> usize {
        (self.base.max_len() / self.size).max(1)
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let elem_index = self.len.min(index.saturating_mul(self.size));
        let (left, right) = self.base.split_at(elem_index);
        (
            ChunkProducer {
                base: left,
                size: self.size,
                len: elem_index,
                chunk_fn: self.chunk_fn.clone(),
            },
            ChunkProducer {
                base: right,
                size: self.size,
                len: self.len - elem_index,
                chunk_fn: self.chunk_fn,
            },
        )
    }
}

/// The sequential iterator of a `ChunkProducer`: splits a chunk off the producer per item.
struct ChunkSeq<P, F> {
    rest: Option<P>,
    size: usize,
    len: usize,
    chunk_fn: F,
}

impl<P, F> Iterator for ChunkSeq<P, F>
where
    P: Producer,
    F: ChunkFn<P::Item>,
{
    type Item = F::Output;

    fn next(&mut self) -> Option<F::Output> {
        let producer = self.rest.take()?;
        let chunk = if self.len > self.size {
            let (chunk, rest) = producer.split_at(self.size);
            self.rest = Some(rest);
            self.len -= self.size;
            chunk
        } else {
            self.len = 0;
            producer
        };
        Some(self.chunk_fn.call(chunk.into_iter()))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.len.div_ceil(self.size);
        (n, Some(n))
    }
}

impl<P, F> DoubleEndedIterator for ChunkSeq<P, F>
where
    P: Producer,
    F: ChunkFn<P::Item>,
{
    fn next_back(&mut self) -> Option<F::Output> {
        let producer = self.rest.take()?;
        let last = match self.len % self.size {
            0 => self.size,
            partial => partial,
        };
        let chunk = if self.len > last {
            let (rest, chunk) = producer.split_at(self.len - last);
            self.rest = Some(rest);
            self.len -= last;
            chunk
        } else {
            self.len = 0;
            producer
        };
        Some(self.chunk_fn.call(chunk.into_iter()))
    }
}

impl<P, F> ExactSizeIterator for ChunkSeq<P, F>
where
    P: Producer,
    F: ChunkFn<P::Item>,
{
}

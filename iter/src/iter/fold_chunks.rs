//! `fold_chunks`: folds each chunk of `chunk_size` items into one item, from an identity.

use super::chunks::{assert_chunk_size, with_chunk_producer, ChunkFn};
use super::*;
use crate::plumbing::bridged;
use crate::plumbing::*;
use std::fmt;

/// The iterator of [`IndexedParallelIterator::fold_chunks`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::FoldChunks<_, _, _> = (1..6).into_par_iter().fold_chunks(2, || 0, |a, x| a + x);
/// assert_eq!(it.collect::<Vec<_>>(), [3, 7, 5]);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone)]
pub struct FoldChunks<I, ID, F> {
    base: I,
    size: usize,
    identity: ID,
    fold_op: F,
}

impl<I: fmt::Debug, ID, F> fmt::Debug for FoldChunks<I, ID, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FoldChunks")
            .field("base", &self.base)
            .field("size", &self.size)
            .finish()
    }
}

impl<I, ID, F> FoldChunks<I, ID, F> {
    pub(super) fn new(base: I, size: usize, identity: ID, fold_op: F) -> Self {
        assert_chunk_size(size);
        FoldChunks {
            base,
            size,
            identity,
            fold_op,
        }
    }
}

struct FoldChunk<'a, ID, F> {
    identity: &'a ID,
    fold_op: &'a F,
}

impl<ID, F> Clone for FoldChunk<'_, ID, F> {
    fn clone(&self) -> Self {
        FoldChunk { ..*self }
    }
}

impl<T, U, ID, F> ChunkFn<T> for FoldChunk<'_, ID, F>
where
    ID: Fn() -> U + Sync,
    F: Fn(U, T) -> U + Sync,
    U: Send,
{
    type Output = U;

    fn call<I: Iterator<Item = T>>(&self, chunk: I) -> U {
        chunk.fold((self.identity)(), self.fold_op)
    }
}

bridged! {
    impl[I, ID, U, F] FoldChunks<I, ID, F> where [
        I: IndexedParallelIterator,
        ID: Fn() -> U + Send + Sync,
        F: Fn(U, I::Item) -> U + Send + Sync,
        U: Send,
    ] {
        type Item = U;

        fn len(&self) -> usize {
            self.base.len().div_ceil(self.size)
        }

        fn with_producer<CB: ProducerCallback<U>>(self, callback: CB) -> CB::Output {
            let chunk_fn = FoldChunk {
                identity: &self.identity,
                fold_op: &self.fold_op,
            };
            with_chunk_producer(self.base, self.size, chunk_fn, callback)
        }
    }
}

//! `fold_chunks_with`: folds each chunk of `chunk_size` items into one item, from a clone of
//! a value.

use super::chunks::{assert_chunk_size, with_chunk_producer, ChunkFn};
use super::*;
use crate::plumbing::bridged;
use crate::plumbing::*;
use std::fmt;

/// The iterator of [`IndexedParallelIterator::fold_chunks_with`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::FoldChunksWith<_, _, _> = (1..6).into_par_iter().fold_chunks_with(2, 0, |a, x| a + x);
/// assert_eq!(it.collect::<Vec<_>>(), [3, 7, 5]);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone)]
pub struct FoldChunksWith<I, U, F> {
    base: I,
    size: usize,
    item: U,
    fold_op: F,
}

impl<I: fmt::Debug, U: fmt::Debug, F> fmt::Debug for FoldChunksWith<I, U, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FoldChunksWith")
            .field("base", &self.base)
            .field("size", &self.size)
            .field("item", &self.item)
            .finish()
    }
}

impl<I, U, F> FoldChunksWith<I, U, F> {
    pub(super) fn new(base: I, size: usize, item: U, fold_op: F) -> Self {
        assert_chunk_size(size);
        FoldChunksWith {
            base,
            size,
            item,
            fold_op,
        }
    }
}

struct FoldChunkWith<'a, U, F> {
    item: U,
    fold_op: &'a F,
}

impl<U: Clone, F> Clone for FoldChunkWith<'_, U, F> {
    fn clone(&self) -> Self {
        FoldChunkWith {
            item: self.item.clone(),
            fold_op: self.fold_op,
        }
    }
}

impl<T, U, F> ChunkFn<T> for FoldChunkWith<'_, U, F>
where
    F: Fn(U, T) -> U + Sync,
    U: Send + Clone,
{
    type Output = U;

    fn call<I: Iterator<Item = T>>(&self, chunk: I) -> U {
        chunk.fold(self.item.clone(), self.fold_op)
    }
}

bridged! {
    impl[I, U, F] FoldChunksWith<I, U, F> where [
        I: IndexedParallelIterator,
        F: Fn(U, I::Item) -> U + Send + Sync,
        U: Send + Clone,
    ] {
        type Item = U;

        fn len(&self) -> usize {
            self.base.len().div_ceil(self.size)
        }

        fn with_producer<CB: ProducerCallback<U>>(self, callback: CB) -> CB::Output {
            let chunk_fn = FoldChunkWith {
                item: self.item,
                fold_op: &self.fold_op,
            };
            with_chunk_producer(self.base, self.size, chunk_fn, callback)
        }
    }
}

//! Parallel iterators that take the items out of a `Vec`, and collecting into a `Vec`.

use crate::iter::collect::{collect_indexed_tail, collect_into_vec_tail};
use crate::iter::collect_vec_list::ListVecConsumer;
use crate::iter::*;
use crate::plumbing::*;
use std::fmt;
use std::iter::FusedIterator;
use std::ptr;

/// A parallel iterator that moves the items out of a `Vec` (or a `Box<[T]>`).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::vec::IntoIter<String> = vec!["a".to_string(), "b".into()].into_par_iter();
/// assert_eq!(it.map(|s| s.len()).sum::<usize>(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct IntoIter<T> {
    vec: Vec<T>,
}

impl<T: Send> IntoParallelIterator for Vec<T> {
    type Iter = IntoIter<T>;
    type Item = T;

    fn into_par_iter(self) -> IntoIter<T> {
        IntoIter { vec: self }
    }
}

impl<T: Send> IntoParallelIterator for Box<[T]> {
    type Iter = IntoIter<T>;
    type Item = T;

    fn into_par_iter(self) -> IntoIter<T> {
        IntoIter { vec: self.into() }
    }
}

impl<T: Send> ParallelIterator for IntoIter<T> {
    type Item = T;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<T>,
    {
        bridge(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.vec.len())
    }
}

impl<T: Send> IndexedParallelIterator for IntoIter<T> {
    fn len(&self) -> usize {
        self.vec.len()
    }

    fn drive<C: Consumer<T>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn with_producer<CB: ProducerCallback<T>>(mut self, callback: CB) -> CB::Output {
        let len = self.vec.len();
        // SAFETY: the vector forgets its items (they are handed to the producer, which drops
        // whatever it does not yield); `self.vec` still frees the buffer when it drops, after
        // the callback is done with the slots.
        let slice = unsafe {
            self.vec.set_len(0);
            std::slice::from_raw_parts_mut(self.vec.as_mut_ptr(), len)
        };
        callback.callback(DrainProducer { slice })
    }
}

/// A producer that owns the items of a slice (moved out of their container) and drops the
/// ones it does not yield.
pub(crate) struct DrainProducer<'data, T> {
    slice: &'data mut [T],
}

impl<'data, T: Send> Producer for DrainProducer<'data, T> {
    type Item = T;
    type IntoIter = SliceDrain<'data, T>;

    fn into_iter(mut self) -> SliceDrain<'data, T> {
        let slice = std::mem::take(&mut self.slice);
        SliceDrain {
            iter: slice.iter_mut(),
        }
    }

    fn split_at(mut self, index: usize) -> (Self, Self) {
        let slice = std::mem::take(&mut self.slice);
        let (left, right) = slice.split_at_mut(index);
        (
            DrainProducer { slice: left },
            DrainProducer { slice: right },
        )
    }
}

impl<T> Drop for DrainProducer<'_, T> {
    fn drop(&mut self) {
        let slice = std::mem::take(&mut self.slice);
        // SAFETY: the producer owns the items left in its slice; nobody else reads or drops
        // them.
        unsafe { ptr::drop_in_place::<[T]>(slice) };
    }
}

/// The sequential iterator of a `DrainProducer`: reads items out and drops the rest at the end.
pub(crate) struct SliceDrain<'data, T> {
    iter: std::slice::IterMut<'data, T>,
}

impl<T> Iterator for SliceDrain<'_, T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        let slot = self.iter.next()?;
        // SAFETY: the drain owns the items of its slice; each slot is read once, and the
        // iterator moves past it so that it is not dropped again.
        Some(unsafe { ptr::read(slot) })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.iter.size_hint()
    }
}

impl<T> DoubleEndedIterator for SliceDrain<'_, T> {
    fn next_back(&mut self) -> Option<T> {
        let slot = self.iter.next_back()?;
        // SAFETY: as in `next`.
        Some(unsafe { ptr::read(slot) })
    }
}

impl<T> ExactSizeIterator for SliceDrain<'_, T> {}

impl<T> FusedIterator for SliceDrain<'_, T> {}

impl<T> Drop for SliceDrain<'_, T> {
    fn drop(&mut self) {
        let rest = std::mem::take(&mut self.iter).into_slice();
        // SAFETY: the items not yet read are still owned by the drain.
        unsafe { ptr::drop_in_place::<[T]>(rest) };
    }
}

impl<T> fmt::Debug for DrainProducer<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DrainProducer")
            .field("len", &self.slice.len())
            .finish()
    }
}

/// Collects in order: in place for iterators that know their length, through a list of
/// per-piece vectors otherwise.
impl<T: Send> FromParallelIterator<T> for Vec<T> {
    fn from_par_iter<I>(par_iter: I) -> Self
    where
        I: IntoParallelIterator<Item = T>,
    {
        let mut vec = Vec::new();
        vec.par_extend(par_iter);
        vec
    }
}

/// Appends in order.
impl<T: Send> ParallelExtend<T> for Vec<T> {
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = T>,
    {
        let par_iter = par_iter.into_par_iter();
        match par_iter.opt_len() {
            Some(len) => collect_into_vec_tail(par_iter, len, self),
            None => {
                let list = par_iter.drive_unindexed(ListVecConsumer);
                self.reserve(list.iter().map(Vec::len).sum());
                for mut vec in list {
                    self.append(&mut vec);
                }
            }
        }
    }
}

/// Appends copies, in order.
impl<'a, T: Copy + Send + Sync + 'a> ParallelExtend<&'a T> for Vec<T> {
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = &'a T>,
    {
        self.par_extend(par_iter.into_par_iter().copied())
    }
}

/// Replaces the contents of `target` with the items of the indexed `pi`, in order.
pub(crate) fn collect_into_vec<I, T>(pi: I, target: &mut Vec<T>)
where
    I: IndexedParallelIterator<Item = T>,
    T: Send,
{
    target.truncate(0);
    collect_indexed_tail(pi, target);
}

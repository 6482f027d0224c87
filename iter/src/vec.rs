//! Parallel iterators that take the items out of a `Vec`, and collecting into a `Vec`.

/// The parallel iterator of `Vec::par_drain` (rayon's `rayon::vec::Drain` path for it).
pub use crate::drain::VecDrain as Drain;

use crate::drain::DrainProducer;
use crate::iter::collect::collect_into_vec_tail;
use crate::iter::collect_vec_list::{append_pieces, ListVecConsumer};
use crate::iter::*;
use crate::plumbing::*;

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
        // SAFETY: the items were just handed over (the vector forgot them, see above).
        callback.callback(unsafe { DrainProducer::new(slice) })
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
                append_pieces(self, list);
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

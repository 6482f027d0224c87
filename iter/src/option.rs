//! Parallel iterators over an `Option`: zero or one item.

use crate::iter::*;
use crate::plumbing::*;

/// A parallel iterator over the value of an `Option`, if any.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::option::IntoIter<i32> = Some(3).into_par_iter();
/// assert_eq!(it.sum::<i32>(), 3);
/// ```
#[derive(Clone, Debug)]
pub struct IntoIter<T> {
    opt: Option<T>,
}

/// A parallel iterator over a reference to the value of an `Option`, if any.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::option::Iter<'_, i32> = Some(3).par_iter();
/// assert_eq!(it.count(), 1);
/// ```
#[derive(Debug)]
pub struct Iter<'a, T> {
    inner: IntoIter<&'a T>,
}

impl<T> Clone for Iter<'_, T> {
    fn clone(&self) -> Self {
        Iter {
            inner: self.inner.clone(),
        }
    }
}

/// A parallel iterator over a mutable reference to the value of an `Option`, if any.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let mut x = Some(3);
/// let it: weft_iter::option::IterMut<'_, i32> = x.par_iter_mut();
/// it.for_each(|x| *x += 1);
/// assert_eq!(x, Some(4));
/// ```
#[derive(Debug)]
pub struct IterMut<'a, T> {
    inner: IntoIter<&'a mut T>,
}

impl<T: Send> IntoParallelIterator for Option<T> {
    type Item = T;
    type Iter = IntoIter<T>;

    fn into_par_iter(self) -> IntoIter<T> {
        IntoIter { opt: self }
    }
}

impl<'a, T: Sync> IntoParallelIterator for &'a Option<T> {
    type Item = &'a T;
    type Iter = Iter<'a, T>;

    fn into_par_iter(self) -> Iter<'a, T> {
        Iter {
            inner: self.as_ref().into_par_iter(),
        }
    }
}

impl<'a, T: Send> IntoParallelIterator for &'a mut Option<T> {
    type Item = &'a mut T;
    type Iter = IterMut<'a, T>;

    fn into_par_iter(self) -> IterMut<'a, T> {
        IterMut {
            inner: self.as_mut().into_par_iter(),
        }
    }
}

impl<T: Send> ParallelIterator for IntoIter<T> {
    type Item = T;

    fn drive_unindexed<C: UnindexedConsumer<T>>(self, consumer: C) -> C::Result {
        self.drive(consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.len())
    }
}

impl<T: Send> IndexedParallelIterator for IntoIter<T> {
    fn len(&self) -> usize {
        usize::from(self.opt.is_some())
    }

    fn drive<C: Consumer<T>>(self, consumer: C) -> C::Result {
        let mut folder = consumer.into_folder();
        if let Some(item) = self.opt {
            folder = folder.consume(item);
        }
        folder.complete()
    }

    fn with_producer<CB: ProducerCallback<T>>(self, callback: CB) -> CB::Output {
        callback.callback(OptionProducer { opt: self.opt })
    }
}

/// Delegates every method to the inner `IntoIter` over references.
macro_rules! delegate {
    ($iter:ident, $item:ty, $bound:ident) => {
        impl<'a, T: $bound> ParallelIterator for $iter<'a, T> {
            type Item = $item;

            fn drive_unindexed<C: UnindexedConsumer<$item>>(self, consumer: C) -> C::Result {
                self.inner.drive_unindexed(consumer)
            }

            fn opt_len(&self) -> Option<usize> {
                self.inner.opt_len()
            }
        }

        impl<'a, T: $bound> IndexedParallelIterator for $iter<'a, T> {
            fn len(&self) -> usize {
                self.inner.len()
            }

            fn drive<C: Consumer<$item>>(self, consumer: C) -> C::Result {
                self.inner.drive(consumer)
            }

            fn with_producer<CB: ProducerCallback<$item>>(self, callback: CB) -> CB::Output {
                self.inner.with_producer(callback)
            }
        }
    };
}

delegate!(Iter, &'a T, Sync);
delegate!(IterMut, &'a mut T, Send);

/// Zero or one item.
struct OptionProducer<T> {
    opt: Option<T>,
}

impl<T: Send> Producer for OptionProducer<T> {
    type Item = T;
    type IntoIter = std::option::IntoIter<T>;

    fn into_iter(self) -> Self::IntoIter {
        self.opt.into_iter()
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let none = OptionProducer { opt: None };
        if index == 0 {
            (none, self)
        } else {
            (self, none)
        }
    }
}

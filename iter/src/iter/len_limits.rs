//! `with_min_len` and `with_max_len`: a producer that narrows its base's limits on how many
//! items a piece may hold.

use super::wrap::wrap_producer;
use super::*;
use crate::plumbing::bridged;
use crate::plumbing::*;

/// Declares the adaptor `$Name` (with the doc given), which keeps a `$limit` and narrows its
/// base's pieces to at least `$min` and at most `$max` items (expressions of `$limit`).
macro_rules! len_limit_adaptor {
    ($(#[$attr:meta])* $Name:ident { $limit:ident }, min $min:expr, max $max:expr) => {
        $(#[$attr])*
        #[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
        #[derive(Clone, Debug)]
        pub struct $Name<I> {
            base: I,
            $limit: usize,
        }

        impl<I> $Name<I> {
            pub(super) fn new(base: I, $limit: usize) -> Self {
                $Name { base, $limit }
            }
        }

        bridged! {
            impl[I: IndexedParallelIterator] $Name<I> {
                type Item = I::Item;

                fn len(&self) -> usize {
                    self.base.len()
                }

                fn with_producer<CB>(self, callback: CB) -> CB::Output
                where
                    CB: ProducerCallback<Self::Item>,
                {
                    let $limit = self.$limit;
                    with_len_limits(self.base, $min, $max, callback)
                }
            }
        }
    };
}

len_limit_adaptor! {
    /// The iterator of [`IndexedParallelIterator::with_min_len`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let it: weft_iter::iter::MinLen<_> = (0..100).into_par_iter().with_min_len(10);
    /// assert_eq!(it.sum::<i32>(), 4950);
    /// ```
    MinLen { min }, min min, max usize::MAX
}

len_limit_adaptor! {
    /// The iterator of [`IndexedParallelIterator::with_max_len`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let it: weft_iter::iter::MaxLen<_> = (0..100).into_par_iter().with_max_len(10);
    /// assert_eq!(it.sum::<i32>(), 4950);
    /// ```
    MaxLen { max }, min 0, max max
}

/// Hands `callback` the producer of `base`, wrapped so that its pieces hold at least `min` and
/// at most `max` items (on top of the base's own limits; 0 and `usize::MAX` leave a side as is).
fn with_len_limits<I, CB>(base: I, min: usize, max: usize, callback: CB) -> CB::Output
where
    I: IndexedParallelIterator,
    CB: ProducerCallback<I::Item>,
{
    wrap_producer!(base, callback, [min: usize = min, max: usize = max], |base| {
        LenLimitsProducer { base, min, max }
    })
}

struct LenLimitsProducer<P> {
    base: P,
    min: usize,
    max: usize,
}

impl<P: Producer> Producer for LenLimitsProducer<P> {
    type Item = P::Item;
    type IntoIter = P::IntoIter;

    fn into_iter(self) -> P::IntoIter {
        self.base.into_iter()
    }

    fn min_len(&self) -> usize {
        self.base.min_len().max(self.min)
    }

    fn max_len(&self) -> usize {
        self.base.max_len().min(self.max)
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.base.split_at(index);
        let (min, max) = (self.min, self.max);
        (
            LenLimitsProducer {
                base: left,
                min,
                max,
            },
            LenLimitsProducer {
                base: right,
                min,
                max,
            },
        )
    }

    fn fold_with<F: Folder<P::Item>>(self, folder: F) -> F {
        self.base.fold_with(folder)
    }
}

//! `at_most_one!`: the impls shared by the iterators of zero or one item (`empty`, `once` and
//! `Option`'s), and [`AtMostOne`], the producer behind them.

use crate::plumbing::Producer;

/// Implements `ParallelIterator` and `IndexedParallelIterator` for an iterator of zero or one
/// item: `len(s)` is its length and `item(s)` takes its item out of it, as an `Option`. Both
/// drives fold the item straight into the consumer's folder, and `with_producer` hands it on
/// in an [`AtMostOne`].
///
/// ```text
/// at_most_one! {
///     impl[T: Send] Once<T> {
///         type Item = T;
///         len(_s) = 1;
///         item(s) = Some(s.item);
///     }
/// }
/// ```
macro_rules! at_most_one {
    (
        impl[$($gen:tt)*] $ty:ty {
            type Item = $item:ty;
            len($len_self:ident) = $len:expr;
            item($item_self:ident) = $take:expr;
        }
    ) => {
        impl<$($gen)*> $crate::ParallelIterator for $ty {
            type Item = $item;

            fn drive_unindexed<C>(self, consumer: C) -> C::Result
            where
                C: $crate::plumbing::UnindexedConsumer<Self::Item>,
            {
                $crate::IndexedParallelIterator::drive(self, consumer)
            }

            fn opt_len(&self) -> Option<usize> {
                Some($crate::IndexedParallelIterator::len(self))
            }
        }

        impl<$($gen)*> $crate::IndexedParallelIterator for $ty {
            fn len(&self) -> usize {
                let $len_self = self;
                $len
            }

            fn drive<C>(self, consumer: C) -> C::Result
            where
                C: $crate::plumbing::Consumer<Self::Item>,
            {
                use $crate::plumbing::Folder;
                let $item_self = self;
                let mut folder = consumer.into_folder();
                if let Some(item) = $take {
                    folder = folder.consume(item);
                }
                folder.complete()
            }

            fn with_producer<CB>(self, callback: CB) -> CB::Output
            where
                CB: $crate::plumbing::ProducerCallback<Self::Item>,
            {
                let $item_self = self;
                callback.callback($crate::sources::AtMostOne($take))
            }
        }
    };
}
pub(crate) use at_most_one;

/// Produces zero or one item: holds the item until a split hands it to one side.
pub(crate) struct AtMostOne<T>(pub(crate) Option<T>);

impl<T: Send> Producer for AtMostOne<T> {
    type Item = T;
    type IntoIter = std::option::IntoIter<T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let none = AtMostOne(None);
        if index == 0 {
            (none, self)
        } else {
            debug_assert!(
                index == 1 && self.0.is_some(),
                "split of a producer of at most one item at {index}"
            );
            (self, none)
        }
    }
}

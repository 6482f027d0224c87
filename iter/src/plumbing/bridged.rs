//! `bridged!`: the `ParallelIterator` and `IndexedParallelIterator` impls of an indexed
//! iterator that is driven through its producer; `delegate_indexed!`: those of a wrapper that
//! forwards them to the indexed iterator it wraps; `wrapping_iter!`: such a wrapper whole.
//!
//! Most indexed iterators — sources (ranges, slices, vectors, drains) and the adaptors that
//! wrap a producer (`rev`, `step_by`, `skip`, `chunks`, ...) — drive a consumer the same way:
//! both `drive_unindexed` and `drive` call [`bridge`](crate::plumbing::bridge), which asks the
//! iterator's `with_producer` for a producer, and `opt_len` is the exact `len`. Such an
//! iterator writes only what is its own, `len` and `with_producer`:
//!
//! ```text
//! bridged! {
//!     impl[I: IndexedParallelIterator] Rev<I> {
//!         type Item = I::Item;
//!         fn len(&self) -> usize { self.base.len() }
//!         fn with_producer<CB: ProducerCallback<I::Item>>(self, callback: CB) -> CB::Output {
//!             // ...
//!         }
//!     }
//! }
//! ```
//!
//! `impl[...]` holds the impl's generic parameters, an optional `where [...]` after the type
//! its bounds; the items in the braces go into the `IndexedParallelIterator` impl.

macro_rules! bridged {
    (
        impl[$($gen:tt)*] $ty:ty $(where [$($bound:tt)*])? {
            type Item = $item:ty;
            $($items:tt)*
        }
    ) => {
        impl<$($gen)*> $crate::ParallelIterator for $ty $(where $($bound)*)? {
            type Item = $item;

            fn drive_unindexed<C>(self, consumer: C) -> C::Result
            where
                C: $crate::plumbing::UnindexedConsumer<Self::Item>,
            {
                $crate::plumbing::bridge(self, consumer)
            }

            fn opt_len(&self) -> Option<usize> {
                Some($crate::IndexedParallelIterator::len(self))
            }
        }

        impl<$($gen)*> $crate::IndexedParallelIterator for $ty $(where $($bound)*)? {
            fn drive<C>(self, consumer: C) -> C::Result
            where
                C: $crate::plumbing::Consumer<Self::Item>,
            {
                $crate::plumbing::bridge(self, consumer)
            }

            $($items)*
        }
    };
}
pub(crate) use bridged;

/// Implements `ParallelIterator` and `IndexedParallelIterator` for a wrapper struct with a
/// field `inner` by forwarding every method to it.
macro_rules! delegate_indexed {
    ($Name:ident<$($gen:tt),*> => $Item:ty, impl[$($param:tt)*]) => {
        impl<$($param)*> crate::ParallelIterator for $Name<$($gen),*> {
            type Item = $Item;

            fn drive_unindexed<C>(self, consumer: C) -> C::Result
            where
                C: crate::plumbing::UnindexedConsumer<Self::Item>,
            {
                self.inner.drive_unindexed(consumer)
            }

            fn opt_len(&self) -> Option<usize> {
                self.inner.opt_len()
            }
        }

        impl<$($param)*> crate::IndexedParallelIterator for $Name<$($gen),*> {
            fn drive<C>(self, consumer: C) -> C::Result
            where
                C: crate::plumbing::Consumer<Self::Item>,
            {
                self.inner.drive(consumer)
            }

            fn len(&self) -> usize {
                self.inner.len()
            }

            fn with_producer<CB>(self, callback: CB) -> CB::Output
            where
                CB: crate::plumbing::ProducerCallback<Self::Item>,
            {
                self.inner.with_producer(callback)
            }
        }
    };
}
pub(crate) use delegate_indexed;

/// Declares a parallel iterator that wraps the one a collection's items make (with the doc
/// given): the struct `$Name` with its field `inner: $Inner`, `Debug`, `Clone` where the inner
/// iterator is, `IntoParallelIterator` for `$Coll` (`$make` makes the inner iterator of the
/// collection) under the generic parameters `$cparam`, and the forwarding of every method to
/// `inner` ([`delegate_indexed!`]) under `$param`.
macro_rules! wrapping_iter {
    (
        $(#[$attr:meta])*
        $Name:ident<$($gen:tt),*> => $Item:ty, impl[$($param:tt)*],
        from $Coll:ty, impl[$($cparam:tt)*],
        over $Inner:ty = $make:expr
    ) => {
        $(#[$attr])*
        #[derive(Debug)]
        pub struct $Name<$($gen),*> {
            inner: $Inner,
        }

        impl<$($gen),*> Clone for $Name<$($gen),*>
        where
            $Inner: Clone,
        {
            fn clone(&self) -> Self {
                $Name {
                    inner: self.inner.clone(),
                }
            }
        }

        impl<$($cparam)*> $crate::IntoParallelIterator for $Coll {
            type Item = $Item;
            type Iter = $Name<$($gen),*>;

            fn into_par_iter(self) -> Self::Iter {
                let make: fn($Coll) -> $Inner = $make;
                $Name { inner: make(self) }
            }
        }

        $crate::plumbing::delegate_indexed!($Name<$($gen),*> => $Item, impl[$($param)*]);
    };
}
pub(crate) use wrapping_iter;

//! `panic_fuse`: once any closure panics, every other piece stops as soon as it can.

use super::closure_adaptor::base_adaptor;
use super::wrap::base_len_limits;
use super::*;
use crate::plumbing::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;

base_adaptor! {
    /// The iterator of [`ParallelIterator::panic_fuse`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let it: weft_iter::iter::PanicFuse<_> = (0..10).into_par_iter().panic_fuse();
    /// assert_eq!(it.count(), 10);
    /// ```
    PanicFuse
}

/// Sets the flag if dropped while its thread unwinds.
struct Fuse<'a>(&'a AtomicBool);

impl Drop for Fuse<'_> {
    fn drop(&mut self) {
        if thread::panicking() {
            // Relaxed: the flag only lets pieces stop early; the panic itself travels
            // through `join`.
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

impl Fuse<'_> {
    fn panicked(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl<I: ParallelIterator> ParallelIterator for PanicFuse<I> {
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        let panicked = AtomicBool::new(false);
        self.base.drive_unindexed(PanicFuseConsumer {
            base: consumer,
            fuse: Fuse(&panicked),
        })
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len()
    }
}

impl<I: IndexedParallelIterator> IndexedParallelIterator for PanicFuse<I> {
    fn len(&self) -> usize {
        self.base.len()
    }

    fn drive<C: Consumer<I::Item>>(self, consumer: C) -> C::Result {
        let panicked = AtomicBool::new(false);
        self.base.drive(PanicFuseConsumer {
            base: consumer,
            fuse: Fuse(&panicked),
        })
    }

    fn with_producer<CB: ProducerCallback<I::Item>>(self, callback: CB) -> CB::Output {
        let panicked = AtomicBool::new(false);
        return self.base.with_producer(Callback {
            callback,
            panicked: &panicked,
        });

        struct Callback<'a, CB> {
            callback: CB,
            panicked: &'a AtomicBool,
        }

        impl<T, CB> ProducerCallback<T> for Callback<'_, CB>
        where
            CB: ProducerCallback<T>,
        {
            type Output = CB::Output;

            fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
                self.callback.callback(PanicFuseProducer {
                    base,
                    fuse: Fuse(self.panicked),
                })
            }
        }
    }
}

struct PanicFuseProducer<'a, P> {
    base: P,
    fuse: Fuse<'a>,
}

impl<'a, P: Producer> Producer for PanicFuseProducer<'a, P> {
    type Item = P::Item;
    type IntoIter = PanicFuseIter<'a, P::IntoIter>;

    fn into_iter(self) -> Self::IntoIter {
        // Adaptors above this one (`rev`, `inspect`, `zip`, ...) may fold a piece through its
        // sequential iterator rather than `fold_with`: the iterator carries the fuse too.
        PanicFuseIter {
            base: self.base.into_iter(),
            fuse: self.fuse,
        }
    }

    base_len_limits!();

    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.base.split_at(index);
        (
            PanicFuseProducer {
                base: left,
                fuse: Fuse(self.fuse.0),
            },
            PanicFuseProducer {
                base: right,
                fuse: Fuse(self.fuse.0),
            },
        )
    }

    fn fold_with<F: Folder<P::Item>>(self, folder: F) -> F {
        let folder = PanicFuseConsumer {
            base: folder,
            fuse: Fuse(self.fuse.0),
        };
        self.base.fold_with(folder).base
    }
}

/// A piece's sequential iterator that ends once a panic has been seen anywhere, and sets the
/// flag if it is dropped by a panic (one in a closure of an adaptor that pulls from it).
struct PanicFuseIter<'a, I> {
    base: I,
    fuse: Fuse<'a>,
}

impl<I: Iterator> Iterator for PanicFuseIter<'_, I> {
    type Item = I::Item;

    fn next(&mut self) -> Option<I::Item> {
        if self.fuse.panicked() {
            None
        } else {
            self.base.next()
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.base.size_hint()
    }
}

impl<I: DoubleEndedIterator> DoubleEndedIterator for PanicFuseIter<'_, I> {
    fn next_back(&mut self) -> Option<I::Item> {
        if self.fuse.panicked() {
            None
        } else {
            self.base.next_back()
        }
    }
}

// `len` is the base's: the piece ends early only when a panic elsewhere is about to unwind the
// whole job, and consumers that rely on lengths (`collect`) count what they actually got.
impl<I: ExactSizeIterator> ExactSizeIterator for PanicFuseIter<'_, I> {
    fn len(&self) -> usize {
        self.base.len()
    }
}

struct PanicFuseConsumer<'a, C> {
    base: C,
    fuse: Fuse<'a>,
}

impl<'a, T, C: Consumer<T>> Consumer<T> for PanicFuseConsumer<'a, C> {
    type Folder = PanicFuseConsumer<'a, C::Folder>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        (
            PanicFuseConsumer {
                base: left,
                fuse: Fuse(self.fuse.0),
            },
            PanicFuseConsumer {
                base: right,
                fuse: Fuse(self.fuse.0),
            },
            reducer,
        )
    }

    fn into_folder(self) -> Self::Folder {
        PanicFuseConsumer {
            base: self.base.into_folder(),
            fuse: Fuse(self.fuse.0),
        }
    }

    fn full(&self) -> bool {
        self.fuse.panicked() || self.base.full()
    }
}

impl<'a, T, C: UnindexedConsumer<T>> UnindexedConsumer<T> for PanicFuseConsumer<'a, C> {
    fn split_off_left(&self) -> Self {
        PanicFuseConsumer {
            base: self.base.split_off_left(),
            fuse: Fuse(self.fuse.0),
        }
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}

impl<T, F: Folder<T>> Folder<T> for PanicFuseConsumer<'_, F> {
    type Result = F::Result;

    fn consume(self, item: T) -> Self {
        PanicFuseConsumer {
            base: self.base.consume(item),
            fuse: self.fuse,
        }
    }

    fn consume_iter<I: IntoIterator<Item = T>>(self, iter: I) -> Self {
        let fuse = self.fuse;
        let flag = fuse.0;
        // Relaxed: see `Fuse::drop`.
        let base = self.base.consume_iter(
            iter.into_iter()
                .take_while(|_| !flag.load(Ordering::Relaxed)),
        );
        PanicFuseConsumer { base, fuse }
    }

    fn complete(self) -> F::Result {
        self.base.complete()
    }

    fn full(&self) -> bool {
        self.fuse.panicked() || self.base.full()
    }
}

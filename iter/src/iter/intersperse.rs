//! `intersperse`: a clone of a separator between every two items.
//!
//! Indexed, output position `p` of a piece holds an item when `p + sep_first` is even (and a
//! separator otherwise), so a piece is its base items, whether it opens with a separator, and
//! its output length. Unindexed, every piece but the leftmost opens with a separator, as in
//! rayon: a leftmost piece that turns out empty leaves the separator of the next one leading.

use super::wrap::base_len_limits;
use super::*;
use crate::plumbing::*;
use std::cell::Cell;
use std::fmt;

/// The iterator of [`ParallelIterator::intersperse`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::Intersperse<_> = (1..4).into_par_iter().intersperse(0);
/// assert_eq!(it.collect::<Vec<_>>(), [1, 0, 2, 0, 3]);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone)]
pub struct Intersperse<I: ParallelIterator> {
    base: I,
    item: I::Item,
}

impl<I: ParallelIterator + fmt::Debug> fmt::Debug for Intersperse<I>
where
    I::Item: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Intersperse")
            .field("base", &self.base)
            .field("item", &self.item)
            .finish()
    }
}

impl<I: ParallelIterator> Intersperse<I> {
    pub(super) fn new(base: I, item: I::Item) -> Self {
        Intersperse { base, item }
    }
}

impl<I> ParallelIterator for Intersperse<I>
where
    I: ParallelIterator,
    I::Item: Clone,
{
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        self.base.drive_unindexed(IntersperseConsumer {
            base: consumer,
            item: self.item,
            sep_first: Cell::new(false),
        })
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len().map(output_len)
    }
}

/// Items plus separators: `2n - 1`.
fn output_len(len: usize) -> usize {
    len.checked_add(len.saturating_sub(1))
        .expect("the length of an intersperse overflows a usize")
}

impl<I> IndexedParallelIterator for Intersperse<I>
where
    I: IndexedParallelIterator,
    I::Item: Clone,
{
    fn len(&self) -> usize {
        output_len(self.base.len())
    }

    fn drive<C: Consumer<I::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn with_producer<CB: ProducerCallback<I::Item>>(self, callback: CB) -> CB::Output {
        let len = self.len();
        return self.base.with_producer(Callback {
            callback,
            item: self.item,
            len,
        });

        struct Callback<CB, T> {
            callback: CB,
            item: T,
            len: usize,
        }

        impl<T, CB> ProducerCallback<T> for Callback<CB, T>
        where
            CB: ProducerCallback<T>,
            T: Clone + Send,
        {
            type Output = CB::Output;

            fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
                self.callback.callback(IntersperseProducer {
                    base,
                    item: self.item,
                    len: self.len,
                    sep_first: false,
                })
            }
        }
    }
}

/// Output positions `0..len` of a piece; see the module notes.
struct IntersperseProducer<P, T> {
    base: P,
    item: T,
    len: usize,
    sep_first: bool,
}

/// How many base items the first `index` output positions hold.
fn items_before(index: usize, sep_first: bool) -> usize {
    if sep_first {
        index / 2
    } else {
        index.div_ceil(2)
    }
}

impl<P> Producer for IntersperseProducer<P, P::Item>
where
    P: Producer,
    P::Item: Clone + Send,
{
    type Item = P::Item;
    type IntoIter = IntersperseSeq<P::IntoIter, P::Item>;

    fn into_iter(self) -> Self::IntoIter {
        IntersperseSeq {
            base: self.base.into_iter(),
            item: self.item,
            front: 0,
            back: self.len,
            sep_first: self.sep_first,
        }
    }

    base_len_limits!();

    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.base.split_at(items_before(index, self.sep_first));
        (
            IntersperseProducer {
                base: left,
                item: self.item.clone(),
                len: index,
                sep_first: self.sep_first,
            },
            IntersperseProducer {
                base: right,
                item: self.item,
                len: self.len - index,
                sep_first: self.sep_first ^ (index % 2 == 1),
            },
        )
    }
}

/// The sequential iterator of an `IntersperseProducer`.
struct IntersperseSeq<I, T> {
    base: I,
    item: T,
    front: usize,
    back: usize,
    sep_first: bool,
}

impl<I, T> IntersperseSeq<I, T> {
    fn is_item(&self, position: usize) -> bool {
        (position + usize::from(self.sep_first)) % 2 == 0
    }
}

impl<I: Iterator<Item = T>, T: Clone> Iterator for IntersperseSeq<I, T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        if self.front == self.back {
            return None;
        }
        let position = self.front;
        self.front += 1;
        if self.is_item(position) {
            self.base.next()
        } else {
            Some(self.item.clone())
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.back - self.front;
        (len, Some(len))
    }
}

impl<I: DoubleEndedIterator<Item = T>, T: Clone> DoubleEndedIterator for IntersperseSeq<I, T> {
    fn next_back(&mut self) -> Option<T> {
        if self.front == self.back {
            return None;
        }
        self.back -= 1;
        if self.is_item(self.back) {
            self.base.next_back()
        } else {
            Some(self.item.clone())
        }
    }
}

impl<I: Iterator<Item = T>, T: Clone> ExactSizeIterator for IntersperseSeq<I, T> {}

/// Places the separators. Split by index, a right piece opens with a separator when the left
/// one holds items; split without an index, every piece but the leftmost does.
struct IntersperseConsumer<C, T> {
    base: C,
    item: T,
    sep_first: Cell<bool>,
}

impl<C, T> Consumer<T> for IntersperseConsumer<C, T>
where
    C: Consumer<T>,
    T: Clone + Send,
{
    type Folder = IntersperseFolder<C::Folder, T>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        // `index` base items become `2 * index` outputs, one fewer without a leading
        // separator; an empty left piece leaves the right piece's opening as it was.
        let sep_first = self.sep_first.get();
        let out_index = (2 * index).saturating_sub(usize::from(!sep_first && index > 0));
        let (left, right, reducer) = self.base.split_at(out_index);
        (
            IntersperseConsumer {
                base: left,
                item: self.item.clone(),
                sep_first: Cell::new(sep_first),
            },
            IntersperseConsumer {
                base: right,
                item: self.item,
                sep_first: Cell::new(sep_first || index > 0),
            },
            reducer,
        )
    }

    fn into_folder(self) -> Self::Folder {
        IntersperseFolder {
            base: self.base.into_folder(),
            item: self.item,
            sep_first: self.sep_first.get(),
        }
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}

impl<C, T> UnindexedConsumer<T> for IntersperseConsumer<C, T>
where
    C: UnindexedConsumer<T>,
    T: Clone + Send,
{
    fn split_off_left(&self) -> Self {
        let left = IntersperseConsumer {
            base: self.base.split_off_left(),
            item: self.item.clone(),
            sep_first: Cell::new(self.sep_first.get()),
        };
        self.sep_first.set(true);
        left
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}

struct IntersperseFolder<F, T> {
    base: F,
    item: T,
    sep_first: bool,
}

impl<F, T> Folder<T> for IntersperseFolder<F, T>
where
    F: Folder<T>,
    T: Clone,
{
    type Result = F::Result;

    fn consume(mut self, item: T) -> Self {
        if self.sep_first {
            self.base = self.base.consume(self.item.clone());
            if self.base.full() {
                return self;
            }
        }
        self.sep_first = true;
        self.base = self.base.consume(item);
        self
    }

    fn complete(self) -> F::Result {
        self.base.complete()
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}

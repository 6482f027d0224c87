//! `FromParallelIterator` (what `collect` builds) for std's collections, strings, `Cow`, `()`,
//! `Option` and `Result` (`Vec`'s is in `vec.rs`).

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap, HashMap, HashSet, LinkedList, VecDeque};
use std::ffi::{OsStr, OsString};
use std::hash::{BuildHasher, Hash};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use either::Either;

use crate::plumbing::NoopConsumer;
use crate::{FromParallelIterator, IntoParallelIterator, ParallelExtend, ParallelIterator};

/// Collects through `ParallelExtend` into a default-constructed collection.
fn collect_extended<C, I>(par_iter: I) -> C
where
    I: IntoParallelIterator,
    C: ParallelExtend<I::Item> + Default,
{
    let mut collection = C::default();
    collection.par_extend(par_iter);
    collection
}

/// `FromParallelIterator` impls that go through a `Vec` and convert it.
macro_rules! collect_via_vec {
    ($($(#[$doc:meta])* impl<T> for $Target:ty, where ($($bounds:tt)*);)*) => {$(
        $(#[$doc])*
        impl<T> FromParallelIterator<T> for $Target
        where
            $($bounds)*
        {
            fn from_par_iter<I>(par_iter: I) -> Self
            where
                I: IntoParallelIterator<Item = T>,
            {
                Vec::from_par_iter(par_iter).into()
            }
        }
    )*};
}

collect_via_vec! {
    /// Collects the items, in order, into a boxed slice.
    impl<T> for Box<[T]>, where (T: Send);
    /// Collects the items, in order, into a reference-counted slice.
    impl<T> for Rc<[T]>, where (T: Send);
    /// Collects the items, in order, into an atomically reference-counted slice.
    impl<T> for Arc<[T]>, where (T: Send);
    /// Collects the items, in order, into a deque.
    impl<T> for VecDeque<T>, where (T: Send);
    /// Collects the items into a heap (heapified once, at the end).
    impl<T> for BinaryHeap<T>, where (T: Ord + Send);
}

/// `FromParallelIterator` impls that extend a default-constructed collection.
macro_rules! collect_via_extend {
    ($($(#[$doc:meta])* impl[$($g:tt)*] for $Target:ty, $Item:ty, where ($($bounds:tt)*);)*) => {$(
        $(#[$doc])*
        impl<$($g)*> FromParallelIterator<$Item> for $Target
        where
            $($bounds)*
        {
            fn from_par_iter<I>(par_iter: I) -> Self
            where
                I: IntoParallelIterator<Item = $Item>,
            {
                collect_extended(par_iter)
            }
        }
    )*};
}

collect_via_extend! {
    /// Collects the items, in order, into a list.
    impl[T] for LinkedList<T>, T, where (T: Send);
    /// Collects the entries into a map; of two entries with the same key, the later one wins.
    impl[K, V, S] for HashMap<K, V, S>, (K, V),
        where (K: Eq + Hash + Send, V: Send, S: BuildHasher + Default + Send);
    /// Collects the entries into a map; of two entries with the same key, the later one wins.
    impl[K, V] for BTreeMap<K, V>, (K, V), where (K: Ord + Send, V: Send);
    /// Collects the items into a set.
    impl[T, S] for HashSet<T, S>, T, where (T: Eq + Hash + Send, S: BuildHasher + Default + Send);
    /// Collects the items into a set.
    impl[T] for BTreeSet<T>, T, where (T: Ord + Send);
    /// Concatenates the chars, in order.
    impl[] for String, char, where ();
    /// Concatenates the chars, in order.
    impl['a] for String, &'a char, where ();
    /// Concatenates the string slices, in order.
    impl['a] for String, &'a str, where ();
    /// Concatenates the strings, in order.
    impl[] for String, String, where ();
    /// Concatenates the boxed strings, in order.
    impl[] for String, Box<str>, where ();
    /// Concatenates the strings, in order.
    impl['a] for String, Cow<'a, str>, where ();
    /// Concatenates the OS string slices, in order.
    impl['a] for OsString, &'a OsStr, where ();
    /// Concatenates the OS strings, in order.
    impl[] for OsString, OsString, where ();
    /// Concatenates the OS strings, in order.
    impl['a] for OsString, Cow<'a, OsStr>, where ();
}

/// `FromParallelIterator` impls for `Box<str>`: build a `String`, then box it.
macro_rules! collect_boxed_str {
    ($($(#[$doc:meta])* impl[$($g:tt)*] for $Item:ty;)*) => {$(
        $(#[$doc])*
        impl<$($g)*> FromParallelIterator<$Item> for Box<str> {
            fn from_par_iter<I>(par_iter: I) -> Self
            where
                I: IntoParallelIterator<Item = $Item>,
            {
                String::from_par_iter(par_iter).into_boxed_str()
            }
        }
    )*};
}

collect_boxed_str! {
    /// Concatenates the chars, in order.
    impl[] for char;
    /// Concatenates the chars, in order.
    impl['a] for &'a char;
    /// Concatenates the string slices, in order.
    impl['a] for &'a str;
    /// Concatenates the strings, in order.
    impl[] for String;
    /// Concatenates the boxed strings, in order.
    impl[] for Box<str>;
    /// Concatenates the strings, in order.
    impl['a] for Cow<'a, str>;
}

/// Collects into the owned form of `C` (`Cow::Owned`).
impl<'a, C, T> FromParallelIterator<T> for Cow<'a, C>
where
    C: ToOwned<Owned: FromParallelIterator<T>> + ?Sized,
    T: Send,
{
    fn from_par_iter<I>(par_iter: I) -> Self
    where
        I: IntoParallelIterator<Item = T>,
    {
        Cow::Owned(C::Owned::from_par_iter(par_iter))
    }
}

/// Runs the iterator to completion (for its side effects).
impl FromParallelIterator<()> for () {
    fn from_par_iter<I>(par_iter: I) -> Self
    where
        I: IntoParallelIterator<Item = ()>,
    {
        par_iter.into_par_iter().drive_unindexed(NoopConsumer)
    }
}
/// Collects the `Some` values into `C`, or returns `None` if any item is `None`; items after
/// a `None` may be skipped (the iteration stops early).
impl<C, T> FromParallelIterator<Option<T>> for Option<C>
where
    C: FromParallelIterator<T>,
    T: Send,
{
    fn from_par_iter<I>(par_iter: I) -> Self
    where
        I: IntoParallelIterator<Item = Option<T>>,
    {
        // Relaxed: the flag is read after the iteration, which joins every worker that wrote
        // it (the join is the synchronization).
        let found_none = AtomicBool::new(false);
        let collection = par_iter
            .into_par_iter()
            .inspect(|item| {
                if item.is_none() {
                    found_none.store(true, Ordering::Relaxed);
                }
            })
            .while_some()
            .collect();
        if found_none.load(Ordering::Relaxed) {
            None
        } else {
            Some(collection)
        }
    }
}

/// Collects the `Ok` values into `C`, or returns an error the iterator produced (the first
/// one seen, not necessarily the first in order); items after an error may be skipped (the
/// iteration stops early).
impl<C, T, E> FromParallelIterator<Result<T, E>> for Result<C, E>
where
    C: FromParallelIterator<T>,
    T: Send,
    E: Send,
{
    fn from_par_iter<I>(par_iter: I) -> Self
    where
        I: IntoParallelIterator<Item = Result<T, E>>,
    {
        let saved_error = Mutex::new(None);
        let collection = par_iter
            .into_par_iter()
            .map(|item| match item {
                Ok(item) => Some(item),
                Err(error) => {
                    // A poisoned lock means another thread panicked: that panic wins anyway.
                    if let Ok(mut saved) = saved_error.lock() {
                        saved.get_or_insert(error);
                    }
                    None
                }
            })
            .while_some()
            .collect();
        // Poisoned only if a thread panicked holding the lock, and that panic has already
        // propagated out of `collect`; take the value either way.
        match saved_error
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
        {
            Some(error) => Err(error),
            None => Ok(collection),
        }
    }
}

/// Collects the pairs into two collections, firsts and seconds, in one pass.
impl<A, B, FromA, FromB> FromParallelIterator<(A, B)> for (FromA, FromB)
where
    A: Send,
    B: Send,
    FromA: Send + FromParallelIterator<A>,
    FromB: Send + FromParallelIterator<B>,
{
    fn from_par_iter<I>(par_iter: I) -> Self
    where
        I: IntoParallelIterator<Item = (A, B)>,
    {
        let (a, b): (Collector<FromA>, Collector<FromB>) = par_iter.into_par_iter().unzip();
        (a.into_inner(), b.into_inner())
    }
}

/// Collects the `Left` values into the first collection and the `Right` values into the
/// second, in one pass.
impl<L, R, A, B> FromParallelIterator<Either<L, R>> for (A, B)
where
    L: Send,
    R: Send,
    A: Send + FromParallelIterator<L>,
    B: Send + FromParallelIterator<R>,
{
    fn from_par_iter<I>(par_iter: I) -> Self
    where
        I: IntoParallelIterator<Item = Either<L, R>>,
    {
        let (a, b): (Collector<A>, Collector<B>) =
            par_iter.into_par_iter().partition_map(|either| either);
        (a.into_inner(), b.into_inner())
    }
}

/// A `ParallelExtend` that collects the one parallel iterator it is given: how pairs collect
/// through `unzip` and `partition_map`, which extend each side exactly once.
struct Collector<C>(Option<C>);

impl<C> Collector<C> {
    fn into_inner(self) -> C {
        self.0
            .expect("unzip and partition_map extend each side exactly once")
    }
}

impl<C> Default for Collector<C> {
    fn default() -> Self {
        Collector(None)
    }
}

impl<T: Send, C: FromParallelIterator<T>> ParallelExtend<T> for Collector<C> {
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = T>,
    {
        debug_assert!(self.0.is_none(), "a collector extended twice");
        self.0 = Some(par_iter.into_par_iter().collect());
    }
}

//! `ParallelIterator`: the trait every parallel iterator implements, with its adaptors and
//! consumers as provided methods.

use super::find_first_last::Side;
use super::*;
use crate::plumbing::UnindexedConsumer;
use crate::weight::Weight;
use std::cmp::Ordering;
use std::collections::LinkedList;
use try_trait::Try;

/// A parallel iterator: items handed out to a pool's threads in pieces, as its
/// [`Weight`] decides.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let sum: u64 = (1..=100u64).into_par_iter().map(|x| x * x).sum();
/// assert_eq!(sum, 338_350);
/// ```
pub trait ParallelIterator: Sized + Send {
    /// The type of the items.
    type Item: Send;

    /// Drives every item into `consumer`: the internal entry point adaptors and consumers
    /// build on (see [`crate::plumbing`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// use weft_iter::plumbing::NoopConsumer;
    /// use weft_iter::prelude::*;
    ///
    /// // `NoopConsumer` drops every item; `inspect` shows that each one was driven.
    /// let seen = AtomicUsize::new(0);
    /// (0..10)
    ///     .into_par_iter()
    ///     .inspect(|_| {
    ///         seen.fetch_add(1, Ordering::Relaxed);
    ///     })
    ///     .drive_unindexed(NoopConsumer);
    /// assert_eq!(seen.into_inner(), 10);
    /// ```
    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<Self::Item>;

    /// The number of items, if known in advance.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!((0..10).into_par_iter().opt_len(), Some(10));
    /// assert_eq!((0..10).into_par_iter().filter(|x| x % 2 == 0).opt_len(), None);
    /// ```
    fn opt_len(&self) -> Option<usize> {
        None
    }

    /// Picks the split policy `W` for this pipeline (see [`crate::weight`]).
    ///
    /// The call site is remembered (`#[track_caller]`): [`Autotune`](crate::weight::Autotune)
    /// keys what it learns on it.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<u64> = (0..1000).collect();
    /// let sum: u64 = v.par_iter().weight::<FullyParallel>().map(|x| x * 2).sum();
    /// assert_eq!(sum, 999_000);
    /// ```
    #[track_caller]
    fn weight<W: Weight>(self) -> Weighted<Self, W> {
        Weighted::new(self)
    }

    /// Calls `op` on every item.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// use weft_iter::prelude::*;
    ///
    /// let total = AtomicUsize::new(0);
    /// (0..100usize).into_par_iter().for_each(|x| {
    ///     total.fetch_add(x, Ordering::Relaxed);
    /// });
    /// assert_eq!(total.into_inner(), 4950);
    /// ```
    fn for_each<OP>(self, op: OP)
    where
        OP: Fn(Self::Item) + Sync + Send,
    {
        for_each::for_each(self, &op)
    }

    /// Applies `map_op` to every item.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = (0..4).into_par_iter().map(|x| x * 3).collect();
    /// assert_eq!(v, [0, 3, 6, 9]);
    /// ```
    fn map<F, R>(self, map_op: F) -> Map<Self, F>
    where
        F: Fn(Self::Item) -> R + Sync + Send,
        R: Send,
    {
        Map::new(self, map_op)
    }

    /// Counts the items.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!((0..100).into_par_iter().filter(|x| x % 3 == 0).count(), 34);
    /// ```
    fn count(self) -> usize {
        fn one<T>(_: T) -> usize {
            1
        }
        self.map(one).sum()
    }

    /// Sums the items (`S::sum` per piece, then of the pieces' sums).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!((1..=10).into_par_iter().sum::<i32>(), 55);
    /// ```
    fn sum<S>(self) -> S
    where
        S: Send + std::iter::Sum<Self::Item> + std::iter::Sum<S>,
    {
        sum::sum(self)
    }

    /// Multiplies the items.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!((1..=5).into_par_iter().product::<i32>(), 120);
    /// ```
    fn product<P>(self) -> P
    where
        P: Send + std::iter::Product<Self::Item> + std::iter::Product<P>,
    {
        sum::product(self)
    }

    /// Collects the items into a collection (in order, for indexed iterators and `Vec`).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<char> = ('a'..'e').into_par_iter().collect();
    /// assert_eq!(v, ['a', 'b', 'c', 'd']);
    /// ```
    fn collect<C>(self) -> C
    where
        C: FromParallelIterator<Self::Item>,
    {
        C::from_par_iter(self)
    }

    /// Clones every item, for iterators over references.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v = vec![vec![1], vec![2]];
    /// let w: Vec<Vec<i32>> = v.par_iter().cloned().collect();
    /// assert_eq!(v, w);
    /// ```
    fn cloned<'a, T>(self) -> Cloned<Self>
    where
        T: 'a + Clone + Send,
        Self: ParallelIterator<Item = &'a T>,
    {
        Cloned::new(self)
    }

    /// Copies every item, for iterators over references.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v = vec![1, 2, 3];
    /// let w: Vec<i32> = v.par_iter().copied().collect();
    /// assert_eq!(v, w);
    /// ```
    fn copied<'a, T>(self) -> Copied<Self>
    where
        T: 'a + Copy + Send,
        Self: ParallelIterator<Item = &'a T>,
    {
        Copied::new(self)
    }

    /// Like `for_each`, with a value per piece, cloned from `init`, that `op` may mutate.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::mpsc::channel;
    /// use weft_iter::prelude::*;
    ///
    /// let (tx, rx) = channel();
    /// (0..5).into_par_iter().for_each_with(tx, |tx, x| tx.send(x).unwrap());
    /// let mut got: Vec<_> = rx.iter().collect();
    /// got.sort();
    /// assert_eq!(got, [0, 1, 2, 3, 4]);
    /// ```
    fn for_each_with<OP, T>(self, init: T, op: OP)
    where
        OP: Fn(&mut T, Self::Item) + Sync + Send,
        T: Send + Clone,
    {
        self.map_with(init, op).for_each(drop)
    }

    /// Like `for_each`, with a value made by `init` that `op` may mutate, reused by the pieces
    /// each thread runs: `init` runs about once per thread (see
    /// [`map_init`](ParallelIterator::map_init)).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = vec![0u8; 100];
    /// v.par_iter_mut().for_each_init(|| 7u8, |seven, x| *x = *seven);
    /// assert!(v.iter().all(|&x| x == 7));
    /// ```
    fn for_each_init<OP, INIT, T>(self, init: INIT, op: OP)
    where
        OP: Fn(&mut T, Self::Item) + Sync + Send,
        INIT: Fn() -> T + Sync + Send,
    {
        self.map_init(init, op).for_each(drop)
    }

    /// Calls `op` on every item until one call stops (`None`, `Err`, `Break`); returns one of
    /// the stopping values, or the going-on one.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let r = (0..100).into_par_iter().try_for_each(|x| if x == 42 { Err(x) } else { Ok(()) });
    /// assert_eq!(r, Err(42));
    /// ```
    fn try_for_each<OP, R>(self, op: OP) -> R
    where
        OP: Fn(Self::Item) -> R + Sync + Send,
        R: Try<Output = ()> + Send,
    {
        fn ok<R: Try<Output = ()>>(_: (), _: ()) -> R {
            R::from_output(())
        }
        self.map(op).try_reduce(<()>::default, ok)
    }

    /// `try_for_each` with a value per piece, cloned from `init`.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let r = (0..10).into_par_iter().try_for_each_with(5, |five, x| (x < *five + 10).then_some(()));
    /// assert_eq!(r, Some(()));
    /// ```
    fn try_for_each_with<OP, T, R>(self, init: T, op: OP) -> R
    where
        OP: Fn(&mut T, Self::Item) -> R + Sync + Send,
        T: Send + Clone,
        R: Try<Output = ()> + Send,
    {
        fn ok<R: Try<Output = ()>>(_: (), _: ()) -> R {
            R::from_output(())
        }
        self.map_with(init, op).try_reduce(<()>::default, ok)
    }

    /// `try_for_each` with a value made by `init`, reused by the pieces each thread runs:
    /// `init` runs about once per thread (see [`map_init`](ParallelIterator::map_init)).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use weft_iter::prelude::*;
    ///
    /// let r = (0..10).into_par_iter().try_for_each_init(
    ///     || 3,
    ///     |three, x| if x == *three { ControlFlow::Break(x) } else { ControlFlow::Continue(()) },
    /// );
    /// assert_eq!(r, ControlFlow::Break(3));
    /// ```
    fn try_for_each_init<OP, INIT, T, R>(self, init: INIT, op: OP) -> R
    where
        OP: Fn(&mut T, Self::Item) -> R + Sync + Send,
        INIT: Fn() -> T + Sync + Send,
        R: Try<Output = ()> + Send,
    {
        fn ok<R: Try<Output = ()>>(_: (), _: ()) -> R {
            R::from_output(())
        }
        self.map_init(init, op).try_reduce(<()>::default, ok)
    }

    /// `map` with a value per piece, cloned from `init`, that `map_op` may mutate.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = (0..4).into_par_iter().map_with(10, |ten, x| x + *ten).collect();
    /// assert_eq!(v, [10, 11, 12, 13]);
    /// ```
    fn map_with<F, T, R>(self, init: T, map_op: F) -> MapWith<Self, T, F>
    where
        F: Fn(&mut T, Self::Item) -> R + Sync + Send,
        T: Send + Clone,
        R: Send,
    {
        MapWith::new(self, init, map_op)
    }

    /// `map` with a value made by `init` (which need not be `Send`) that `map_op` may mutate,
    /// reused by the pieces each thread runs.
    ///
    /// `init` is called as needed for the items each job pairs with its value, as in rayon;
    /// but where rayon makes a value for every piece the input is split into (thousands for a
    /// large input, one per item under [`FullyParallel`](crate::weight::FullyParallel)), weft
    /// keeps the values each thread made while it works on this call and hands them to that
    /// thread's next pieces: `init` runs about once per thread, plus once for each piece that
    /// runs while its thread's value is in use (a piece stolen by a `join` inside `map_op`).
    /// A value never leaves the thread that made it, and every value is dropped before the
    /// call returns. (Pieces reached through a producer, as under `zip` or `enumerate` after
    /// `map_init`, reuse a value only within a piece.)
    ///
    /// # Examples
    ///
    /// ```
    /// use std::rc::Rc;
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = (0..4).into_par_iter().map_init(|| Rc::new(1), |one, x| x + **one).collect();
    /// assert_eq!(v, [1, 2, 3, 4]);
    /// ```
    ///
    /// A scratch buffer made about once per thread, not once per piece:
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// use weft_iter::prelude::*;
    ///
    /// let inits = AtomicUsize::new(0);
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// let lens: usize = pool.install(|| {
    ///     (0..100_000u32)
    ///         .into_par_iter()
    ///         .weight::<FullyParallel>() // 100,000 pieces
    ///         .map_init(
    ///             || {
    ///                 inits.fetch_add(1, Ordering::Relaxed);
    ///                 String::with_capacity(16)
    ///             },
    ///             |buf, x| {
    ///                 buf.clear();
    ///                 buf.push_str(&x.to_string());
    ///                 buf.len()
    ///             },
    ///         )
    ///         .sum()
    /// });
    /// assert_eq!(lens, 488_890);
    /// assert!(inits.load(Ordering::Relaxed) < 1_000); // rayon: 100,000
    /// ```
    fn map_init<F, INIT, T, R>(self, init: INIT, map_op: F) -> MapInit<Self, INIT, F>
    where
        F: Fn(&mut T, Self::Item) -> R + Sync + Send,
        INIT: Fn() -> T + Sync + Send,
        R: Send,
    {
        MapInit::new(self, init, map_op)
    }

    /// Calls `inspect_op` on a reference to every item, passing the items on.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// use weft_iter::prelude::*;
    ///
    /// let seen = AtomicUsize::new(0);
    /// let sum: i32 = (0..10).into_par_iter().inspect(|_| { seen.fetch_add(1, Ordering::Relaxed); }).sum();
    /// assert_eq!((sum, seen.into_inner()), (45, 10));
    /// ```
    fn inspect<OP>(self, inspect_op: OP) -> Inspect<Self, OP>
    where
        OP: Fn(&Self::Item) + Sync + Send,
    {
        Inspect::new(self, inspect_op)
    }

    /// Mutates every item with `update_op`, passing it on.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = (0..3).into_par_iter().update(|x| *x *= 2).collect();
    /// assert_eq!(v, [0, 2, 4]);
    /// ```
    fn update<F>(self, update_op: F) -> Update<Self, F>
    where
        F: Fn(&mut Self::Item) + Sync + Send,
    {
        Update::new(self, update_op)
    }

    /// Keeps the items `filter_op` accepts.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = (0..10).into_par_iter().filter(|x| x % 3 == 0).collect();
    /// assert_eq!(v, [0, 3, 6, 9]);
    /// ```
    fn filter<P>(self, filter_op: P) -> Filter<Self, P>
    where
        P: Fn(&Self::Item) -> bool + Sync + Send,
    {
        Filter::new(self, filter_op)
    }

    /// Maps every item to an `Option` and keeps the values in `Some`.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<u32> = ["1", "x", "3"].par_iter().filter_map(|s| s.parse().ok()).collect();
    /// assert_eq!(v, [1, 3]);
    /// ```
    fn filter_map<P, R>(self, filter_op: P) -> FilterMap<Self, P>
    where
        P: Fn(Self::Item) -> Option<R> + Sync + Send,
        R: Send,
    {
        FilterMap::new(self, filter_op)
    }

    /// Maps every item to a parallel iterator and yields their items, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<u32> = (1..4u32).into_par_iter().flat_map(|n| 0..n).collect();
    /// assert_eq!(v, [0, 0, 1, 0, 1, 2]);
    /// ```
    fn flat_map<F, PI>(self, map_op: F) -> FlatMap<Self, F>
    where
        F: Fn(Self::Item) -> PI + Sync + Send,
        PI: IntoParallelIterator,
    {
        FlatMap::new(self, map_op)
    }

    /// Maps every item to a sequential iterator and yields their items, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<u32> = (1..4u32).into_par_iter().flat_map_iter(|n| 0..n).collect();
    /// assert_eq!(v, [0, 0, 1, 0, 1, 2]);
    /// ```
    fn flat_map_iter<F, SI>(self, map_op: F) -> FlatMapIter<Self, F>
    where
        F: Fn(Self::Item) -> SI + Sync + Send,
        SI: IntoIterator,
        SI::Item: Send,
    {
        FlatMapIter::new(self, map_op)
    }

    /// Yields the items of every item (each a parallel iterable), in order.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = vec![vec![1, 2], vec![], vec![3]].into_par_iter().flatten().collect();
    /// assert_eq!(v, [1, 2, 3]);
    /// ```
    fn flatten(self) -> Flatten<Self>
    where
        Self::Item: IntoParallelIterator,
    {
        Flatten::new(self)
    }

    /// Yields the items of every item (each a sequential iterable), in order.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = vec![vec![1, 2], vec![], vec![3]].into_par_iter().flatten_iter().collect();
    /// assert_eq!(v, [1, 2, 3]);
    /// ```
    fn flatten_iter(self) -> FlattenIter<Self>
    where
        Self::Item: IntoIterator,
        <Self::Item as IntoIterator>::Item: Send,
    {
        FlattenIter::new(self)
    }

    /// Reduces the items with the associative `op`, each piece starting from `identity()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let max = (0..100).into_par_iter().reduce(|| 0, |a, b| a.max(b));
    /// assert_eq!(max, 99);
    /// ```
    fn reduce<OP, ID>(self, identity: ID, op: OP) -> Self::Item
    where
        OP: Fn(Self::Item, Self::Item) -> Self::Item + Sync + Send,
        ID: Fn() -> Self::Item + Sync + Send,
    {
        reduce::reduce(self, identity, op)
    }

    /// Reduces the items with the associative `op`; `None` when there are none.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!((1..5).into_par_iter().reduce_with(|a, b| a * b), Some(24));
    /// assert_eq!((1..1).into_par_iter().reduce_with(|a, b| a * b), None);
    /// ```
    fn reduce_with<OP>(self, op: OP) -> Option<Self::Item>
    where
        OP: Fn(Self::Item, Self::Item) -> Self::Item + Sync + Send,
    {
        let fold_op = |acc: Option<Self::Item>, item| {
            Some(match acc {
                Some(acc) => op(acc, item),
                None => item,
            })
        };
        let reduce_op = |a: Option<Self::Item>, b: Option<Self::Item>| match (a, b) {
            (Some(a), Some(b)) => Some(op(a, b)),
            (a, None) => a,
            (None, b) => b,
        };
        self.fold(|| None, fold_op).reduce(|| None, reduce_op)
    }

    /// Reduces `Try` items (`Option`, `Result`, `ControlFlow`) with `op`, stopping at the
    /// first that stops.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let sum = (1..5i32).into_par_iter().map(Some).try_reduce(|| 0, |a, b| a.checked_add(b));
    /// assert_eq!(sum, Some(10));
    /// let err = (0..5).into_par_iter().map(|x| if x == 3 { Err(x) } else { Ok(x) });
    /// assert_eq!(err.try_reduce(|| 0, |a, b| Ok(a + b)), Err(3));
    /// ```
    fn try_reduce<T, OP, ID>(self, identity: ID, op: OP) -> Self::Item
    where
        OP: Fn(T, T) -> Self::Item + Sync + Send,
        ID: Fn() -> T + Sync + Send,
        Self::Item: Try<Output = T>,
    {
        try_reduce::try_reduce(self, identity, op)
    }

    /// `try_reduce` without an identity; `None` when there are no items.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let sum = (1..5i32).into_par_iter().map(Some).try_reduce_with(|a, b| a.checked_add(b));
    /// assert_eq!(sum, Some(Some(10)));
    /// ```
    fn try_reduce_with<T, OP>(self, op: OP) -> Option<Self::Item>
    where
        OP: Fn(T, T) -> Self::Item + Sync + Send,
        Self::Item: Try<Output = T>,
    {
        try_reduce::try_reduce_with(self, op)
    }

    /// Folds the items of each piece into an accumulator from `identity()`; yields one
    /// accumulator per piece (how many depends on the splits).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let s: String = ['a', 'b', 'c'].par_iter()
    ///     .fold(String::new, |mut s, c| { s.push(*c); s })
    ///     .reduce(String::new, |a, b| a + &b);
    /// assert_eq!(s, "abc");
    /// ```
    fn fold<T, ID, F>(self, identity: ID, fold_op: F) -> Fold<Self, ID, F>
    where
        F: Fn(T, Self::Item) -> T + Sync + Send,
        ID: Fn() -> T + Sync + Send,
        T: Send,
    {
        Fold::new(self, identity, fold_op)
    }

    /// `fold` from a clone of `init` per piece.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let sum: i32 = (1..=4).into_par_iter().fold_with(0, |a, x| a + x).sum();
    /// assert_eq!(sum, 10);
    /// ```
    fn fold_with<F, T>(self, init: T, fold_op: F) -> FoldWith<Self, T, F>
    where
        F: Fn(T, Self::Item) -> T + Sync + Send,
        T: Send + Clone,
    {
        FoldWith::new(self, init, fold_op)
    }

    /// `fold` that stops a piece at the first accumulator that stops (`None`, `Err`, `Break`).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let sum = (1..=4u8).into_par_iter()
    ///     .try_fold(|| 0u8, |a, x| a.checked_add(x))
    ///     .try_reduce(|| 0, |a, b| a.checked_add(b));
    /// assert_eq!(sum, Some(10));
    /// ```
    fn try_fold<T, R, ID, F>(self, identity: ID, fold_op: F) -> TryFold<Self, R, ID, F>
    where
        F: Fn(T, Self::Item) -> R + Sync + Send,
        ID: Fn() -> T + Sync + Send,
        R: Try<Output = T> + Send,
    {
        TryFold::new(self, identity, fold_op)
    }

    /// `try_fold` from a clone of `init` per piece.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let sum = (1..=4u8).into_par_iter()
    ///     .try_fold_with(0u8, |a, x| a.checked_add(x))
    ///     .try_reduce(|| 0, |a, b| a.checked_add(b));
    /// assert_eq!(sum, Some(10));
    /// ```
    fn try_fold_with<F, T, R>(self, init: T, fold_op: F) -> TryFoldWith<Self, R, F>
    where
        F: Fn(T, Self::Item) -> R + Sync + Send,
        R: Try<Output = T> + Send,
        T: Clone + Send,
    {
        TryFoldWith::new(self, init, fold_op)
    }

    /// The least item (the first of equal ones is not guaranteed), `None` when empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!([3, 1, 2].par_iter().min(), Some(&1));
    /// ```
    fn min(self) -> Option<Self::Item>
    where
        Self::Item: Ord,
    {
        self.reduce_with(Ord::min)
    }

    /// The least item by `f`.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!([3, 1, 2].par_iter().min_by(|a, b| b.cmp(a)), Some(&3));
    /// ```
    fn min_by<F>(self, f: F) -> Option<Self::Item>
    where
        F: Sync + Send + Fn(&Self::Item, &Self::Item) -> Ordering,
    {
        self.reduce_with(|a, b| match f(&a, &b) {
            Ordering::Greater => b,
            _ => a,
        })
    }

    /// The item with the least key.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!([-3i32, 1, 2].par_iter().min_by_key(|x| x.abs()), Some(&1));
    /// ```
    fn min_by_key<K, F>(self, f: F) -> Option<Self::Item>
    where
        K: Ord + Send,
        F: Sync + Send + Fn(&Self::Item) -> K,
    {
        self.map(|x| (f(&x), x))
            .min_by(|a, b| a.0.cmp(&b.0))
            .map(|(_, x)| x)
    }

    /// The greatest item, `None` when empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!([3, 1, 2].par_iter().max(), Some(&3));
    /// ```
    fn max(self) -> Option<Self::Item>
    where
        Self::Item: Ord,
    {
        self.reduce_with(Ord::max)
    }

    /// The greatest item by `f`.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!([3, 1, 2].par_iter().max_by(|a, b| b.cmp(a)), Some(&1));
    /// ```
    fn max_by<F>(self, f: F) -> Option<Self::Item>
    where
        F: Sync + Send + Fn(&Self::Item, &Self::Item) -> Ordering,
    {
        self.reduce_with(|a, b| match f(&a, &b) {
            Ordering::Greater => a,
            _ => b,
        })
    }

    /// The item with the greatest key.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!([-3i32, 1, 2].par_iter().max_by_key(|x| x.abs()), Some(&-3));
    /// ```
    fn max_by_key<K, F>(self, f: F) -> Option<Self::Item>
    where
        K: Ord + Send,
        F: Sync + Send + Fn(&Self::Item) -> K,
    {
        self.map(|x| (f(&x), x))
            .max_by(|a, b| a.0.cmp(&b.0))
            .map(|(_, x)| x)
    }

    /// The items of `self`, then those of `chain`.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = (0..2).into_par_iter().chain(5..7).collect();
    /// assert_eq!(v, [0, 1, 5, 6]);
    /// ```
    fn chain<C>(self, chain: C) -> Chain<Self, C::Iter>
    where
        C: IntoParallelIterator<Item = Self::Item>,
    {
        Chain::new(self, chain.into_par_iter())
    }

    /// Some item `predicate` accepts (not necessarily the first); stops early.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!((0..100).into_par_iter().find_any(|x| *x == 42), Some(42));
    /// ```
    fn find_any<P>(self, predicate: P) -> Option<Self::Item>
    where
        P: Fn(&Self::Item) -> bool + Sync + Send,
    {
        find_first_last::find(self, predicate, Side::Any)
    }

    /// The first item, in order, that `predicate` accepts.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!((0..100).into_par_iter().find_first(|x| x % 7 == 6), Some(6));
    /// ```
    fn find_first<P>(self, predicate: P) -> Option<Self::Item>
    where
        P: Fn(&Self::Item) -> bool + Sync + Send,
    {
        find_first_last::find(self, predicate, Side::First)
    }

    /// The last item, in order, that `predicate` accepts.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!((0..100).into_par_iter().find_last(|x| x % 7 == 6), Some(97));
    /// ```
    fn find_last<P>(self, predicate: P) -> Option<Self::Item>
    where
        P: Fn(&Self::Item) -> bool + Sync + Send,
    {
        find_first_last::find(self, predicate, Side::Last)
    }

    /// Some `Some` value of `predicate` (not necessarily the first).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let r = ["a", "7", "b"].par_iter().find_map_any(|s| s.parse::<u8>().ok());
    /// assert_eq!(r, Some(7));
    /// ```
    fn find_map_any<P, R>(self, predicate: P) -> Option<R>
    where
        P: Fn(Self::Item) -> Option<R> + Sync + Send,
        R: Send,
    {
        self.filter_map(predicate).find_any(|_| true)
    }

    /// The first `Some` value of `predicate`, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let r = ["a", "7", "8"].par_iter().find_map_first(|s| s.parse::<u8>().ok());
    /// assert_eq!(r, Some(7));
    /// ```
    fn find_map_first<P, R>(self, predicate: P) -> Option<R>
    where
        P: Fn(Self::Item) -> Option<R> + Sync + Send,
        R: Send,
    {
        self.filter_map(predicate).find_first(|_| true)
    }

    /// The last `Some` value of `predicate`, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let r = ["a", "7", "8"].par_iter().find_map_last(|s| s.parse::<u8>().ok());
    /// assert_eq!(r, Some(8));
    /// ```
    fn find_map_last<P, R>(self, predicate: P) -> Option<R>
    where
        P: Fn(Self::Item) -> Option<R> + Sync + Send,
        R: Send,
    {
        self.filter_map(predicate).find_last(|_| true)
    }

    /// Whether `predicate` accepts any item; stops early.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert!((0..100).into_par_iter().any(|x| x == 99));
    /// ```
    fn any<P>(self, predicate: P) -> bool
    where
        P: Fn(Self::Item) -> bool + Sync + Send,
    {
        self.map(predicate).find_any(|&p| p).is_some()
    }

    /// Whether `predicate` accepts every item; stops early.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert!(!(0..100).into_par_iter().all(|x| x < 99));
    /// ```
    fn all<P>(self, predicate: P) -> bool
    where
        P: Fn(Self::Item) -> bool + Sync + Send,
    {
        self.map(predicate).find_any(|&p| !p).is_none()
    }

    /// The values inside `Some` items, until a `None` is seen (pieces stop when they see it).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = (0..10).into_par_iter().map(Some).while_some().collect();
    /// assert_eq!(v.len(), 10);
    /// ```
    fn while_some<T>(self) -> WhileSome<Self>
    where
        Self: ParallelIterator<Item = Option<T>>,
        T: Send,
    {
        WhileSome::new(self)
    }

    /// Stops the other pieces soon after any closure panics (the panic still reaches the
    /// caller).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let r = std::panic::catch_unwind(|| {
    ///     (0..1000).into_par_iter().panic_fuse().for_each(|x| assert!(x != 500));
    /// });
    /// assert!(r.is_err());
    /// ```
    fn panic_fuse(self) -> PanicFuse<Self> {
        PanicFuse::new(self)
    }

    /// Collects the items into a `LinkedList` of one `Vec` per piece, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let list = (0..10).into_par_iter().collect_vec_list();
    /// let v: Vec<i32> = list.into_iter().flatten().collect();
    /// assert_eq!(v, (0..10).collect::<Vec<_>>());
    /// ```
    fn collect_vec_list(self) -> LinkedList<Vec<Self::Item>> {
        self.drive_unindexed(collect_vec_list::ListVecConsumer)
    }

    /// Any `n` items (not necessarily the first ones); stops once it has them.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!((0..100).into_par_iter().take_any(7).count(), 7);
    /// ```
    fn take_any(self, n: usize) -> TakeAny<Self> {
        TakeAny::new(self, n)
    }

    /// All items but any `n` of them.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!((0..100).into_par_iter().skip_any(7).count(), 93);
    /// ```
    fn skip_any(self, n: usize) -> SkipAny<Self> {
        SkipAny::new(self, n)
    }

    /// Items while `predicate` holds; once it fails on some item, pieces stop taking as soon
    /// as they notice.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = (0..100).into_par_iter().take_any_while(|x| *x < 50).collect();
    /// assert!(v.iter().all(|x| *x < 50));
    /// ```
    fn take_any_while<P>(self, predicate: P) -> TakeAnyWhile<Self, P>
    where
        P: Fn(&Self::Item) -> bool + Sync + Send,
    {
        TakeAnyWhile::new(self, predicate)
    }

    /// Skips items while `predicate` holds; once it fails on some item, pieces stop skipping
    /// as soon as they notice.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = (0..100).into_par_iter().skip_any_while(|x| *x < 50).collect();
    /// assert!(v.iter().filter(|x| **x >= 50).count() == 50);
    /// ```
    fn skip_any_while<P>(self, predicate: P) -> SkipAnyWhile<Self, P>
    where
        P: Fn(&Self::Item) -> bool + Sync + Send,
    {
        SkipAnyWhile::new(self, predicate)
    }

    /// Splits pairs into two collections, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let (a, b): (Vec<i32>, Vec<char>) = vec![(1, 'a'), (2, 'b')].into_par_iter().unzip();
    /// assert_eq!((a, b), (vec![1, 2], vec!['a', 'b']));
    /// ```
    fn unzip<A, B, FromA, FromB>(self) -> (FromA, FromB)
    where
        Self: ParallelIterator<Item = (A, B)>,
        FromA: Default + Send + ParallelExtend<A>,
        FromB: Default + Send + ParallelExtend<B>,
        A: Send,
        B: Send,
    {
        unzip::route_new(self, unzip::Unzip)
    }

    /// Splits the items into those `predicate` accepts and the others, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let (even, odd): (Vec<i32>, Vec<i32>) = (0..6).into_par_iter().partition(|x| x % 2 == 0);
    /// assert_eq!((even, odd), (vec![0, 2, 4], vec![1, 3, 5]));
    /// ```
    fn partition<A, B, P>(self, predicate: P) -> (A, B)
    where
        A: Default + Send + ParallelExtend<Self::Item>,
        B: Default + Send + ParallelExtend<Self::Item>,
        P: Fn(&Self::Item) -> bool + Sync + Send,
    {
        unzip::route_new(self, unzip::Partition(predicate))
    }

    /// Splits the items into two collections by the side of the [`Either`]
    /// `predicate` maps them to, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// use either::Either;
    /// use weft_iter::prelude::*;
    ///
    /// let (small, big): (Vec<i32>, Vec<String>) = (0..4).into_par_iter()
    ///     .partition_map(|x| if x < 2 { Either::Left(x) } else { Either::Right(x.to_string()) });
    /// assert_eq!((small, big), (vec![0, 1], vec!["2".to_string(), "3".to_string()]));
    /// ```
    fn partition_map<A, B, P, L, R>(self, predicate: P) -> (A, B)
    where
        A: Default + Send + ParallelExtend<L>,
        B: Default + Send + ParallelExtend<R>,
        P: Fn(Self::Item) -> either::Either<L, R> + Sync + Send,
        L: Send,
        R: Send,
    {
        unzip::route_new(self, unzip::PartitionMap(predicate))
    }

    /// Puts a clone of `element` between every two items.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = (1..4).into_par_iter().intersperse(0).collect();
    /// assert_eq!(v, [1, 0, 2, 0, 3]);
    /// ```
    fn intersperse(self, element: Self::Item) -> Intersperse<Self>
    where
        Self::Item: Clone,
    {
        Intersperse::new(self, element)
    }

    /// Deprecated: use `find_any`, `find_first` or `find_last`.
    #[doc(hidden)]
    #[deprecated(note = "parallel `find` does not search in order -- use `find_any`, \
                         `find_first`, or `find_last`")]
    fn find<P>(self, predicate: P) -> Option<Self::Item>
    where
        P: Fn(&Self::Item) -> bool + Sync + Send,
    {
        self.find_any(predicate)
    }
}

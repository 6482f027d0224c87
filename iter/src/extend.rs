//! `ParallelExtend` for std's collections and strings (`Vec`'s is in `vec.rs`): the items are
//! gathered in parallel, in order, then added to the collection sequentially.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap, HashMap, HashSet, LinkedList, VecDeque};
use std::ffi::{OsStr, OsString};
use std::hash::{BuildHasher, Hash};
use std::marker::PhantomData;

use either::Either;

use crate::plumbing::{Consumer, Folder, NoopConsumer, Reducer, UnindexedConsumer};
use crate::{IntoParallelIterator, ParallelExtend, ParallelIterator};

/// The items of a parallel iterator, gathered in order.
pub(crate) enum Gathered<T> {
    /// An indexed iterator writes every item straight into one vector.
    One(Vec<T>),
    /// An unindexed one fills a vector per piece.
    Pieces(LinkedList<Vec<T>>),
}

impl<T> Gathered<T> {
    /// Gathers the items of `par_iter`.
    pub(crate) fn from_par_iter<I>(par_iter: I) -> Self
    where
        I: IntoParallelIterator<Item = T>,
        T: Send,
    {
        let par_iter = par_iter.into_par_iter();
        if par_iter.opt_len().is_some() {
            Gathered::One(par_iter.collect())
        } else {
            Gathered::Pieces(collect_pieces(par_iter))
        }
    }

    /// The vectors, in order.
    fn into_vecs(self) -> impl Iterator<Item = Vec<T>> {
        let (one, pieces) = match self {
            Gathered::One(vec) => (Some(vec), LinkedList::new()),
            Gathered::Pieces(list) => (None, list),
        };
        one.into_iter().chain(pieces)
    }

    /// The items, by reference, in order.
    fn iter(&self) -> impl Iterator<Item = &T> {
        let (one, pieces) = match self {
            Gathered::One(vec) => (vec.as_slice(), None),
            Gathered::Pieces(list) => (&[][..], Some(list)),
        };
        one.iter().chain(pieces.into_iter().flatten().flatten())
    }

    /// How many items there are.
    fn len(&self) -> usize {
        match self {
            Gathered::One(vec) => vec.len(),
            Gathered::Pieces(list) => list.iter().map(Vec::len).sum(),
        }
    }

    /// Adds every item to `target`, in order.
    fn extend_into<E: Extend<T>>(self, target: &mut E) {
        self.into_vecs().for_each(|vec| target.extend(vec));
    }
}

/// Collects each piece of `par_iter` into an `S` (a `Vec`, a `String`, a `LinkedList`, ...)
/// and links the pieces, in order.
pub(crate) fn collect_pieces<I, S>(par_iter: I) -> LinkedList<S>
where
    I: ParallelIterator,
    S: Default + Extend<I::Item> + Send,
{
    par_iter.drive_unindexed(PiecesConsumer(PhantomData))
}

/// A consumer that folds each piece into an `S` and links the results in order.
struct PiecesConsumer<S>(PhantomData<fn() -> S>);

/// The folder of [`PiecesConsumer`]: the piece being filled.
struct PiecesFolder<S>(S);

/// Joins two lists of pieces, left then right.
struct AppendReducer;

impl<T, S> Consumer<T> for PiecesConsumer<S>
where
    S: Default + Extend<T> + Send,
{
    type Folder = PiecesFolder<S>;
    type Reducer = AppendReducer;
    type Result = LinkedList<S>;

    fn split_at(self, _index: usize) -> (Self, Self, AppendReducer) {
        (PiecesConsumer(PhantomData), self, AppendReducer)
    }

    fn into_folder(self) -> PiecesFolder<S> {
        PiecesFolder(S::default())
    }

    fn full(&self) -> bool {
        false
    }
}

impl<T, S> UnindexedConsumer<T> for PiecesConsumer<S>
where
    S: Default + Extend<T> + Send,
{
    fn split_off_left(&self) -> Self {
        PiecesConsumer(PhantomData)
    }

    fn to_reducer(&self) -> AppendReducer {
        AppendReducer
    }
}

impl<T, S: Extend<T>> Folder<T> for PiecesFolder<S> {
    type Result = LinkedList<S>;

    fn consume(mut self, item: T) -> Self {
        self.0.extend(Some(item));
        self
    }

    fn consume_iter<I>(mut self, iter: I) -> Self
    where
        I: IntoIterator<Item = T>,
    {
        self.0.extend(iter);
        self
    }

    fn complete(self) -> LinkedList<S> {
        LinkedList::from([self.0])
    }

    fn full(&self) -> bool {
        false
    }
}

impl<S> Reducer<LinkedList<S>> for AppendReducer {
    fn reduce(self, mut left: LinkedList<S>, mut right: LinkedList<S>) -> LinkedList<S> {
        left.append(&mut right);
        left
    }
}

/// `ParallelExtend` impls that gather the items, reserve room for them (when `$reserve` is
/// given), and extend sequentially.
macro_rules! extend_gathered {
    ($(
        $(#[$doc:meta])*
        impl[$($g:tt)*] for $Target:ty, $Item:ty, where ($($bounds:tt)*), $reserve:ident
    );* $(;)?) => {$(
        $(#[$doc])*
        impl<$($g)*> ParallelExtend<$Item> for $Target
        where
            $($bounds)*
        {
            fn par_extend<I>(&mut self, par_iter: I)
            where
                I: IntoParallelIterator<Item = $Item>,
            {
                let gathered = Gathered::from_par_iter(par_iter);
                extend_gathered!(@reserve $reserve, self, gathered);
                gathered.extend_into(self);
            }
        }
    )*};
    (@reserve reserve, $target:ident, $gathered:ident) => {
        $target.reserve($gathered.len());
    };
    (@reserve no_reserve, $target:ident, $gathered:ident) => {};
    (@reserve reserve_str, $target:ident, $gathered:ident) => {
        $target.reserve($gathered.iter().map(|s| AsRef::<str>::as_ref(s).len()).sum());
    };
    (@reserve reserve_os_str, $target:ident, $gathered:ident) => {
        $target.reserve($gathered.iter().map(|s| AsRef::<OsStr>::as_ref(s).len()).sum());
    };
}

extend_gathered! {
    /// Adds the items to the heap.
    impl[T] for BinaryHeap<T>, T, where (T: Ord + Send), reserve;
    /// Adds copies of the items to the heap.
    impl['a, T] for BinaryHeap<T>, &'a T, where (T: 'a + Copy + Ord + Send + Sync), reserve;
    /// Inserts the entries, later ones replacing earlier ones with the same key.
    impl[K, V] for BTreeMap<K, V>, (K, V), where (K: Ord + Send, V: Send), no_reserve;
    /// Inserts copies of the entries.
    impl['a, K, V] for BTreeMap<K, V>, (&'a K, &'a V),
        where (K: 'a + Copy + Ord + Send + Sync, V: 'a + Copy + Send + Sync), no_reserve;
    /// Inserts the items.
    impl[T] for BTreeSet<T>, T, where (T: Ord + Send), no_reserve;
    /// Inserts copies of the items.
    impl['a, T] for BTreeSet<T>, &'a T, where (T: 'a + Copy + Ord + Send + Sync), no_reserve;
    /// Inserts the entries, later ones replacing earlier ones with the same key.
    impl[K, V, S] for HashMap<K, V, S>, (K, V),
        where (K: Eq + Hash + Send, V: Send, S: BuildHasher + Send), reserve;
    /// Inserts copies of the entries.
    impl['a, K, V, S] for HashMap<K, V, S>, (&'a K, &'a V),
        where (K: 'a + Copy + Eq + Hash + Send + Sync, V: 'a + Copy + Send + Sync,
               S: BuildHasher + Send), reserve;
    /// Inserts the items.
    impl[T, S] for HashSet<T, S>, T, where (T: Eq + Hash + Send, S: BuildHasher + Send), reserve;
    /// Inserts copies of the items.
    impl['a, T, S] for HashSet<T, S>, &'a T,
        where (T: 'a + Copy + Eq + Hash + Send + Sync, S: BuildHasher + Send), reserve;
    /// Appends the items at the back, in order.
    impl[T] for VecDeque<T>, T, where (T: Send), reserve;
    /// Appends copies of the items at the back, in order.
    impl['a, T] for VecDeque<T>, &'a T, where (T: 'a + Copy + Send + Sync), reserve;
    /// Appends the string slices, in order.
    impl['a] for String, &'a str, where (), reserve_str;
    /// Appends the strings, in order.
    impl[] for String, String, where (), reserve_str;
    /// Appends the boxed strings, in order.
    impl[] for String, Box<str>, where (), reserve_str;
    /// Appends the strings, in order.
    impl['a] for String, Cow<'a, str>, where (), reserve_str;
    /// Appends the OS string slices, in order.
    impl['a] for OsString, &'a OsStr, where (), reserve_os_str;
    /// Appends the OS strings, in order.
    impl[] for OsString, OsString, where (), reserve_os_str;
    /// Appends the OS strings, in order.
    impl['a] for OsString, Cow<'a, OsStr>, where (), reserve_os_str;
}

/// Appends the chars, in order (each piece builds a `String`, not a `Vec<char>`).
impl ParallelExtend<char> for String {
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = char>,
    {
        let pieces: LinkedList<String> = collect_pieces(par_iter.into_par_iter());
        self.reserve(pieces.iter().map(String::len).sum());
        pieces.iter().for_each(|piece| self.push_str(piece));
    }
}

/// Appends copies of the chars, in order.
impl<'a> ParallelExtend<&'a char> for String {
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = &'a char>,
    {
        self.par_extend(par_iter.into_par_iter().copied());
    }
}

/// Appends the items at the back, in order (each piece builds a list; lists are linked).
impl<T: Send> ParallelExtend<T> for LinkedList<T> {
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = T>,
    {
        let pieces: LinkedList<LinkedList<T>> = collect_pieces(par_iter.into_par_iter());
        for mut piece in pieces {
            self.append(&mut piece);
        }
    }
}

/// Appends copies of the items at the back, in order.
impl<'a, T: 'a + Copy + Send + Sync> ParallelExtend<&'a T> for LinkedList<T> {
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = &'a T>,
    {
        self.par_extend(par_iter.into_par_iter().copied());
    }
}

/// Runs the iterator to completion (for its side effects).
impl ParallelExtend<()> for () {
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = ()>,
    {
        par_iter.into_par_iter().drive_unindexed(NoopConsumer);
    }
}

/// Extends the first collection with the firsts of the pairs and the second with the seconds,
/// in one pass.
impl<A, B, ExtendA, ExtendB> ParallelExtend<(A, B)> for (ExtendA, ExtendB)
where
    A: Send,
    B: Send,
    ExtendA: Send + ParallelExtend<A>,
    ExtendB: Send + ParallelExtend<B>,
{
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = (A, B)>,
    {
        crate::iter::unzip::unzip_into(&mut self.0, &mut self.1, par_iter.into_par_iter());
    }
}

/// Extends the first collection with the `Left` values and the second with the `Right` ones,
/// in one pass.
impl<L, R, ExtendA, ExtendB> ParallelExtend<Either<L, R>> for (ExtendA, ExtendB)
where
    L: Send,
    R: Send,
    ExtendA: Send + ParallelExtend<L>,
    ExtendB: Send + ParallelExtend<R>,
{
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = Either<L, R>>,
    {
        crate::iter::unzip::either_into(&mut self.0, &mut self.1, par_iter.into_par_iter());
    }
}

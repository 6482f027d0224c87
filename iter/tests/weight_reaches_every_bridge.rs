//! The weight a `.weight()` chose reaches every bridge it drives: each adaptor, with the
//! weight before it or after it, and each source split exactly as `FullyParallel` and
//! `Fixed<N>` say (both decide from lengths alone, so the number of pieces is known).

use std::collections::{BTreeMap, BTreeSet, BinaryHeap, HashMap, HashSet, LinkedList, VecDeque};
use std::panic::Location;
use std::sync::atomic::{AtomicUsize, Ordering};
use weft_iter::prelude::*;
use weft_iter::weight::Weight;

/// `Fixed<N>`'s bound in these tests: small enough for a tree of many levels on 100 items.
const FIXED: usize = 7;
/// Items in the base vector.
const LEN: u32 = 100;

/// The number of pieces a pipeline ran as: `fold` yields one accumulator per piece.
fn pieces<I: ParallelIterator>(it: I) -> usize {
    it.fold(|| (), |(), _| ()).count()
}

/// The leaves a bridge over `len` items makes when `split(len)` says whether a piece of that
/// many items splits (at the middle), never below `min` items.
fn leaves(len: usize, min: usize, split: fn(usize) -> bool) -> usize {
    if len / 2 >= min && split(len) {
        leaves(len / 2, min, split) + leaves(len - len / 2, min, split)
    } else {
        1
    }
}

/// How the weights under test decide.
fn fully_parallel(_: usize) -> bool {
    true
}

fn fixed(len: usize) -> bool {
    len > FIXED
}

/// The blocks `by_exponential_blocks` cuts `len` items into on a pool of `threads`.
fn exponential_blocks(len: usize, threads: usize) -> Vec<usize> {
    let mut blocks = Vec::new();
    let (mut left, mut size) = (len, threads);
    while left > 0 {
        blocks.push(left.min(size));
        left -= left.min(size);
        size *= 2;
    }
    blocks
}

/// One row per adaptor: `|it, other| pipeline => bridges`, where `it` (and `other`, for the
/// adaptors that take a second iterator) are `v.par_iter()`, and `bridges` lists the lengths
/// of the bridges the pipeline runs (`min` items per piece at least, when not 1). Each row is
/// run with the weight chosen on the inputs, then with it chosen on the adaptor's output.
macro_rules! adaptor_table {
    ($($name:literal: |$it:ident, $other:ident| $body:expr => $bridges:expr $(, min $min:expr)?;)*) => {
        fn check_adaptors<W: Weight>(split: fn(usize) -> bool) {
            let v: Vec<u32> = (0..LEN).collect();
            let v = &v;
            $(
                let min: usize = 1 $(* $min)?;
                let expected: usize = $bridges.iter().map(|&len: &usize| leaves(len, min, split)).sum();
                let before = {
                    let $it = v.par_iter().weight::<W>();
                    let $other = v.par_iter().weight::<W>();
                    let _ = &$other;
                    pieces($body)
                };
                assert_eq!(before, expected, "{} with the weight before it", $name);
                let after = {
                    let $it = v.par_iter();
                    let $other = v.par_iter();
                    let _ = &$other;
                    pieces(($body).weight::<W>())
                };
                assert_eq!(after, expected, "{} with the weight after it", $name);
            )*
        }
    };
}

adaptor_table! {
    "map": |it, o| it.map(|x| x + 1) => [100];
    "map_with": |it, o| it.map_with(1u32, |a, x| x + *a) => [100];
    "map_init": |it, o| it.map_init(|| 1u32, |a, x| x + *a) => [100];
    "cloned": |it, o| it.cloned() => [100];
    "copied": |it, o| it.copied() => [100];
    "inspect": |it, o| it.inspect(|_| ()) => [100];
    "update": |it, o| it.copied().update(|x| *x += 1) => [100];
    "filter": |it, o| it.filter(|x| *x % 2 == 0) => [100];
    "filter_map": |it, o| it.filter_map(|x| (x % 3 == 0).then_some(x)) => [100];
    // Counted downstream, a flat_map makes a piece per inner iterator, however its outer
    // bridge split: see `flat_map_splits_as_its_weight_says` for both bridges.
    "flat_map": |it, o| it.flat_map(|x| vec![*x]) => [1; 100];
    "flat_map_iter": |it, o| it.flat_map_iter(|x| vec![*x, *x]) => [100];
    "flatten": |it, o| it.map(|x| vec![*x]).flatten() => [1; 100];
    "flatten_iter": |it, o| it.map(|x| vec![*x, 1]).flatten_iter() => [100];
    "fold": |it, o| it.fold(|| 0u32, |a, x| a + x) => [100];
    "fold_with": |it, o| it.fold_with(0u32, |a, x| a + x) => [100];
    "try_fold": |it, o| it.try_fold(|| 0u32, |a, x| Some(a + x)) => [100];
    "try_fold_with": |it, o| it.try_fold_with(0u32, |a, x| Some(a + x)) => [100];
    "while_some": |it, o| it.map(Some).while_some() => [100];
    "panic_fuse": |it, o| it.panic_fuse() => [100];
    "take_any": |it, o| it.take_any(1_000) => [100];
    "skip_any": |it, o| it.skip_any(0) => [100];
    "take_any_while": |it, o| it.take_any_while(|_| true) => [100];
    "skip_any_while": |it, o| it.skip_any_while(|_| false) => [100];
    "intersperse": |it, o| it.copied().intersperse(0) => [100];
    "chain": |it, o| it.chain(o) => [100, 100];
    "zip": |it, o| it.zip(o) => [100];
    "zip_eq": |it, o| it.zip_eq(o) => [100];
    "interleave": |it, o| it.interleave(o) => [200];
    "interleave_shortest": |it, o| it.interleave_shortest(o) => [200];
    "enumerate": |it, o| it.enumerate() => [100];
    "rev": |it, o| it.rev() => [100];
    "skip": |it, o| it.skip(10) => [90];
    "take": |it, o| it.take(10) => [10];
    "step_by": |it, o| it.step_by(3) => [34];
    "chunks": |it, o| it.chunks(10) => [10];
    "fold_chunks": |it, o| it.fold_chunks(10, || 0u32, |a, x| a + x) => [10];
    "fold_chunks_with": |it, o| it.fold_chunks_with(10, 0u32, |a, x| a + x) => [10];
    "with_min_len": |it, o| it.with_min_len(4) => [100], min 4;
    "with_max_len": |it, o| it.with_max_len(10) => [100];
    "positions": |it, o| it.positions(|x| x % 2 == 0) => [100];
    // An empty first piece, then one bridge per block.
    "by_uniform_blocks": |it, o| it.by_uniform_blocks(25) => [0, 25, 25, 25, 25];
    "by_exponential_blocks": |it, o| it.by_exponential_blocks()
        => [vec![0], exponential_blocks(100, weft_core::current_num_threads())].concat();
}

/// One row per source: `source => bridges`, the weight chosen right on the source.
macro_rules! source_table {
    ($($name:literal: $source:expr => $bridges:expr;)*) => {
        fn check_sources<W: Weight>(split: fn(usize) -> bool) {
            $(
                let expected: usize = $bridges.iter().map(|&len: &usize| leaves(len, 1, split)).sum();
                let got = pieces($source.weight::<W>());
                assert_eq!(got, expected, "{}", $name);
            )*
        }
    };
}

source_table! {
    "range": (0..100u32).into_par_iter() => [100];
    "range_inclusive": (0..=99u32).into_par_iter() => [100];
    "vec": (0..100u32).collect::<Vec<_>>().into_par_iter() => [100];
    "slice": [7u8; 100][..].par_iter() => [100];
    "slice par_iter_mut": vec![7u8; 100].par_iter_mut() => [100];
    "par_chunks": [7u8; 100].par_chunks(10) => [10];
    "par_chunks_exact": [7u8; 100].par_chunks_exact(10) => [10];
    "par_rchunks": [7u8; 100].par_rchunks(10) => [10];
    "par_windows": [7u8; 100].par_windows(2) => [99];
    "array": [7u8; 100].into_par_iter() => [100];
    "option": Some(1u8).into_par_iter() => [1];
    "result": Ok::<u8, ()>(1).into_par_iter() => [1];
    "repeat_n": weft_iter::iter::repeat_n(1u8, 100) => [100];
    "once": weft_iter::iter::once(1u8) => [1];
    "empty": weft_iter::iter::empty::<u8>() => [0];
    "vec par_drain": (0..100u32).collect::<Vec<_>>().par_drain(..) => [100];
    "VecDeque": (0..100u32).collect::<VecDeque<_>>().into_par_iter() => [100];
    "LinkedList": (0..100u32).collect::<LinkedList<_>>().into_par_iter() => [100];
    "BinaryHeap": (0..100u32).collect::<BinaryHeap<_>>().into_par_iter() => [100];
    "HashMap": (0..100u32).map(|x| (x, x)).collect::<HashMap<_, _>>().into_par_iter() => [100];
    "HashSet": (0..100u32).collect::<HashSet<_>>().into_par_iter() => [100];
    "BTreeMap": (0..100u32).map(|x| (x, x)).collect::<BTreeMap<_, _>>().into_par_iter() => [100];
    "BTreeSet": (0..100u32).collect::<BTreeSet<_>>().into_par_iter() => [100];
    "multizip": ((0..100u32).into_par_iter(), (0..100u32).into_par_iter()).into_par_iter() => [100];
}

fn pool() -> weft_core::ThreadPool {
    weft_core::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap()
}

#[test]
fn every_adaptor_splits_as_fully_parallel_says() {
    pool().install(|| check_adaptors::<FullyParallel>(fully_parallel));
}

#[test]
fn every_adaptor_splits_as_fixed_says() {
    pool().install(|| check_adaptors::<Fixed<FIXED>>(fixed));
}

#[test]
fn every_source_splits_as_fully_parallel_says() {
    pool().install(|| check_sources::<FullyParallel>(fully_parallel));
}

#[test]
fn every_source_splits_as_fixed_says() {
    pool().install(|| check_sources::<Fixed<FIXED>>(fixed));
}

/// `Fixed<FIXED>`'s rule, counting the leaves it makes.
#[derive(Clone, Copy)]
struct CountLeaves;

static LEAVES: AtomicUsize = AtomicUsize::new(0);

impl Weight for CountLeaves {
    fn root(_len: usize, _site: &'static Location<'static>) -> Self {
        CountLeaves
    }

    fn should_split(&mut self, len: usize, _migrated: bool) -> bool {
        let split = fixed(len);
        if !split {
            LEAVES.fetch_add(1, Ordering::SeqCst);
        }
        split
    }
}

#[test]
fn flat_map_splits_as_its_weight_says() {
    let inner = 600usize; // above the default's small-input probe, which would not split
    pool().install(|| {
        // Chosen before it: the outer bridge splits by it, the inner ones do not.
        let n = (0..100u32)
            .into_par_iter()
            .weight::<CountLeaves>()
            .flat_map(|x| vec![x])
            .count();
        assert_eq!(n, 100);
        assert_eq!(LEAVES.load(Ordering::SeqCst), leaves(100, 1, fixed));
        // Chosen after it: the inner iterators split by it too.
        let fp = pieces(
            (0..10u32)
                .into_par_iter()
                .flat_map(|_| (0..inner).into_par_iter())
                .weight::<FullyParallel>(),
        );
        assert_eq!(fp, 10 * inner);
        let fixed_pieces = pieces(
            (0..10u32)
                .into_par_iter()
                .flat_map(|_| (0..inner).into_par_iter())
                .weight::<Fixed<FIXED>>(),
        );
        assert_eq!(fixed_pieces, 10 * leaves(inner, 1, fixed));
    });
}

#[test]
fn unindexed_sources_split_as_fully_parallel_says() {
    pool().install(|| {
        let s = "x".repeat(100);
        assert_eq!(pieces(s.par_chars().weight::<FullyParallel>()), 100);
        let halves = weft_iter::iter::split(0..100u32, |r| {
            if r.len() < 2 {
                (r, None)
            } else {
                let mid = r.start + (r.end - r.start) / 2;
                (r.start..mid, Some(mid..r.end))
            }
        });
        assert_eq!(pieces(halves.weight::<FullyParallel>()), 100);
    });
}

/// Splits to single items, and counts the bridges rooted in it.
#[derive(Clone, Copy)]
struct CountRoots;

static ROOTS: AtomicUsize = AtomicUsize::new(0);

impl Weight for CountRoots {
    fn root(_len: usize, _site: &'static Location<'static>) -> Self {
        ROOTS.fetch_add(1, Ordering::SeqCst);
        CountRoots
    }

    fn should_split(&mut self, _len: usize, _migrated: bool) -> bool {
        true
    }
}

#[test]
fn closures_and_nested_pipelines_do_not_inherit_the_weight() {
    pool().install(|| {
        let v: Vec<u32> = (0..100).collect();
        // Every item, on whichever thread its piece runs (stolen pieces included), starts a
        // pipeline of its own with no weight chosen: none of them may root in `CountRoots`.
        let sums: Vec<u32> = v
            .par_iter()
            .weight::<CountRoots>()
            .map(|&x| (0..x).into_par_iter().map(|y| y % 7).sum::<u32>())
            .collect();
        assert_eq!(sums[99], (0..99).map(|y| y % 7).sum::<u32>());
        assert_eq!(
            ROOTS.load(Ordering::SeqCst),
            1,
            "a nested pipeline took the weight"
        );
    });
}

/// An adaptor written for rayon's plumbing, which knows nothing of weights: it wraps the
/// consumer it is driven with and passes the items on.
struct Passthrough<I>(I);

struct PassthroughConsumer<C>(C);

impl<I: ParallelIterator> ParallelIterator for Passthrough<I> {
    type Item = I::Item;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: weft_iter::plumbing::UnindexedConsumer<I::Item>,
    {
        self.0.drive_unindexed(PassthroughConsumer(consumer))
    }
}

impl<T, C: weft_iter::plumbing::Consumer<T>> weft_iter::plumbing::Consumer<T>
    for PassthroughConsumer<C>
{
    type Folder = C::Folder;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.0.split_at(index);
        (
            PassthroughConsumer(left),
            PassthroughConsumer(right),
            reducer,
        )
    }

    fn into_folder(self) -> C::Folder {
        self.0.into_folder()
    }

    fn full(&self) -> bool {
        self.0.full()
    }
}

impl<T, C: weft_iter::plumbing::UnindexedConsumer<T>> weft_iter::plumbing::UnindexedConsumer<T>
    for PassthroughConsumer<C>
{
    fn split_off_left(&self) -> Self {
        PassthroughConsumer(self.0.split_off_left())
    }

    fn to_reducer(&self) -> C::Reducer {
        self.0.to_reducer()
    }
}

#[test]
fn adaptors_written_for_rayon_keep_the_weight() {
    pool().install(|| {
        let v: Vec<u32> = (0..LEN).collect();
        let before = pieces(Passthrough(v.par_iter().weight::<FullyParallel>()));
        assert_eq!(before, 100);
        let after = pieces(Passthrough(v.par_iter()).weight::<Fixed<FIXED>>());
        assert_eq!(after, leaves(100, 1, fixed));
    });
}

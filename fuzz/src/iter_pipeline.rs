//! `iter_pipeline`: arbitrary chains of adaptors over an arbitrary `Vec<i32>`, weft against
//! std's sequential iterator, under every built-in weight and on pools of 1, 2 and 8 threads.
//!
//! A case is a source vector, up to three segments and a final stage. A segment is two
//! indexed adaptors fused into one weft pipeline (or one indexed and one unindexed adaptor)
//! and collected into a `Vec`, which feeds the next segment; the final stage is one indexed
//! adaptor and a terminal (collect, sum, find_first, reduce, ...). Every item is an `i32`, so
//! adaptors that change the item (enumerate, zip, chunks) map back to `i32` by a fixed mix.
//! The std side runs the same steps on `Vec`s one adaptor at a time: a plain model.
//!
//! The pipelines name one weight type, [`Chosen`], which follows the built-in weight picked
//! for the run (through a global that its `root` reads, see [`POLICY`]), so that they compile
//! once rather than once per built-in. Two small pipelines also name each built-in directly
//! (`.weight::<Adaptive>()`, ...).

use crate::bytes::Bytes;
use either::Either;
use std::fmt::Debug;
use std::num::Wrapping;
use std::panic::Location;
use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
use std::sync::Mutex;
use std::time::Duration;
use weft::prelude::*;
use weft::weight::Weight;
use weft_testkit::{pools, Rng, THREADS};

/// An element-wise function, decoded from bytes.
#[derive(Clone, Copy, Debug)]
pub enum MapOp {
    /// `x + k` (wrapping).
    Add(i32),
    /// `x * k` (wrapping).
    Mul(i32),
    /// `x ^ k`.
    Xor(i32),
    /// `x >> k` (arithmetic).
    Shr(u32),
}

impl MapOp {
    fn decode(b: &mut Bytes<'_>) -> Self {
        let k = i32::from(b.u8() as i8);
        match b.below(4) {
            0 => MapOp::Add(k),
            1 => MapOp::Mul(k),
            2 => MapOp::Xor(k),
            _ => MapOp::Shr(k.unsigned_abs() % 8),
        }
    }

    fn apply(self, x: i32) -> i32 {
        match self {
            MapOp::Add(k) => x.wrapping_add(k),
            MapOp::Mul(k) => x.wrapping_mul(k),
            MapOp::Xor(k) => x ^ k,
            MapOp::Shr(k) => x >> k,
        }
    }
}

/// A predicate on items, decoded from bytes.
#[derive(Clone, Copy, Debug)]
pub enum Pred {
    /// `x` is even.
    Even,
    /// `x < k`.
    Lt(i32),
    /// Bit `k` of `x` is set.
    Bit(u32),
    /// Always false.
    Never,
    /// Always true.
    Always,
}

impl Pred {
    fn decode(b: &mut Bytes<'_>) -> Self {
        let k = b.u8();
        match b.below(5) {
            0 => Pred::Even,
            1 => Pred::Lt(i32::from(k as i8)),
            2 => Pred::Bit(u32::from(k % 32)),
            3 => Pred::Never,
            _ => Pred::Always,
        }
    }

    fn test(self, x: i32) -> bool {
        match self {
            Pred::Even => x % 2 == 0,
            Pred::Lt(k) => x < k,
            Pred::Bit(k) => (x >> k) & 1 == 1,
            Pred::Never => false,
            Pred::Always => true,
        }
    }
}

/// An indexed adaptor whose output is again an indexed iterator of `i32`.
#[derive(Clone, Copy, Debug)]
pub enum Op {
    /// `map(f)`.
    Map(MapOp),
    /// `enumerate().map(enum_mix)`.
    Enumerate,
    /// `skip(n)`.
    Skip(usize),
    /// `take(n)`.
    Take(usize),
    /// `rev()`.
    Rev,
    /// `it.clone().zip(it.rev()).map(zip_mix)`.
    ZipRev,
    /// `it.clone().chain(it)`.
    ChainSelf,
    /// `it.clone().interleave(it.skip(n))`.
    InterleaveSkip(usize),
    /// `step_by(n)`, `n >= 1`.
    StepBy(usize),
    /// `chunks(n).map(wrapping sum)`, `n >= 1`.
    Chunks(usize),
    /// `with_min_len(n)`.
    MinLen(usize),
    /// `with_max_len(n)`, `n >= 1`.
    MaxLen(usize),
}

impl Op {
    fn decode(b: &mut Bytes<'_>) -> Self {
        let n = usize::from(b.u8() % 40);
        match b.below(12) {
            0 => Op::Map(MapOp::decode(b)),
            1 => Op::Enumerate,
            2 => Op::Skip(n),
            3 => Op::Take(n),
            4 => Op::Rev,
            5 => Op::ZipRev,
            6 => Op::ChainSelf,
            7 => Op::InterleaveSkip(n % 4),
            8 => Op::StepBy(1 + n % 5),
            9 => Op::Chunks(1 + n % 7),
            10 => Op::MinLen(n),
            _ => Op::MaxLen(1 + n % 9),
        }
    }
}

/// An adaptor whose output is an unindexed iterator of `i32`.
#[derive(Clone, Copy, Debug)]
pub enum Unindexed {
    /// `filter(p)`.
    Filter(Pred),
    /// `filter_map(|x| p(x).then(|| f(x)))`.
    FilterMap(Pred, MapOp),
    /// `flat_map_iter(|x| repeat(x).take(x & 3))`.
    FlatMapIter,
    /// `flat_map(|x| (0..x & 3).into_par_iter().map(|j| x ^ j))`.
    FlatMap,
    /// `positions(p).map(|i| i as i32)`.
    Positions(Pred),
}

impl Unindexed {
    fn decode(b: &mut Bytes<'_>) -> Self {
        match b.below(5) {
            0 => Unindexed::Filter(Pred::decode(b)),
            1 => Unindexed::FilterMap(Pred::decode(b), MapOp::decode(b)),
            2 => Unindexed::FlatMapIter,
            3 => Unindexed::FlatMap,
            _ => Unindexed::Positions(Pred::decode(b)),
        }
    }
}

/// How a segment of the pipeline ends before it is collected.
#[derive(Clone, Copy, Debug)]
pub enum Segment {
    /// Two indexed adaptors, fused.
    Indexed(Op, Op),
    /// An indexed adaptor, then an unindexed one.
    Unindexed(Op, Unindexed),
}

/// The consumer at the end of the pipeline.
#[derive(Clone, Copy, Debug)]
pub enum Terminal {
    /// `collect::<Vec<_>>()`.
    Collect,
    /// `collect_into_vec` into a vector that held other items.
    CollectIntoVec,
    /// `len()` (indexed length arithmetic).
    Len,
    /// `count()`.
    Count,
    /// `map(Wrapping).sum()`.
    Sum,
    /// `min()`.
    Min,
    /// `max()`.
    Max,
    /// `min_by_key(x & 15)` (ties: the first).
    MinByKey,
    /// `max_by_key(x & 15)` (ties: the last).
    MaxByKey,
    /// `find_first(p)`.
    FindFirst(Pred),
    /// `find_last(p)`.
    FindLast(Pred),
    /// `position_first(p)`.
    PositionFirst(Pred),
    /// `position_last(p)`.
    PositionLast(Pred),
    /// `any(p)`.
    Any(Pred),
    /// `all(p)`.
    All(Pred),
    /// `map(affine).reduce(identity, compose)`: associative, not commutative.
    Reduce,
    /// `fold(identity, push).reduce(identity, compose)`.
    FoldReduce,
    /// `map(|x| (x, x ^ 1)).unzip()`: both sides, one after the other.
    Unzip,
    /// `partition(p)`: the left side's length, then both sides.
    Partition(Pred),
    /// `partition_map(p ? Left(x) : Right(x * 3))`: the left side's length, then both sides.
    PartitionMap(Pred),
}

impl Terminal {
    fn decode(b: &mut Bytes<'_>) -> Self {
        match b.below(20) {
            0 => Terminal::Collect,
            1 => Terminal::CollectIntoVec,
            2 => Terminal::Len,
            3 => Terminal::Count,
            4 => Terminal::Sum,
            5 => Terminal::Min,
            6 => Terminal::Max,
            7 => Terminal::MinByKey,
            8 => Terminal::MaxByKey,
            9 => Terminal::FindFirst(Pred::decode(b)),
            10 => Terminal::FindLast(Pred::decode(b)),
            11 => Terminal::PositionFirst(Pred::decode(b)),
            12 => Terminal::PositionLast(Pred::decode(b)),
            13 => Terminal::Any(Pred::decode(b)),
            14 => Terminal::All(Pred::decode(b)),
            15 => Terminal::Reduce,
            16 => Terminal::FoldReduce,
            17 => Terminal::Unzip,
            18 => Terminal::Partition(Pred::decode(b)),
            _ => Terminal::PartitionMap(Pred::decode(b)),
        }
    }
}

/// A whole case: the source, the segments, and the final adaptor and terminal.
#[derive(Clone, Debug)]
pub struct Case {
    /// The source items.
    pub data: Vec<i32>,
    /// Collected one after another.
    pub segments: Vec<Segment>,
    /// The last adaptor, fused with the terminal.
    pub last: Op,
    /// The terminal.
    pub terminal: Terminal,
}

impl Case {
    /// Decodes a case: the plan first, then the items (random ones past the end of the bytes).
    pub fn decode(data: &[u8]) -> Self {
        let mut b = Bytes::new(data);
        let len = usize::from(b.u8());
        let seed = u64::from(b.u8());
        let segments = (0..b.below(4))
            .map(|_| {
                if b.bool() {
                    Segment::Unindexed(Op::decode(&mut b), Unindexed::decode(&mut b))
                } else {
                    Segment::Indexed(Op::decode(&mut b), Op::decode(&mut b))
                }
            })
            .collect();
        let last = Op::decode(&mut b);
        let terminal = Terminal::decode(&mut b);
        let mut rng = Rng::new(seed);
        let data = (0..len)
            .map(|_| {
                if b.is_empty() {
                    (rng.next_u64() % 201) as i32 - 100
                } else {
                    i32::from(b.u8() as i8)
                }
            })
            .collect();
        Case {
            data,
            segments,
            last,
            terminal,
        }
    }
}

/// What a terminal returned, comparable across weft and std.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A collected vector.
    Items(Vec<i32>),
    /// A number.
    Num(i64),
    /// An optional number.
    Maybe(Option<i64>),
    /// A boolean.
    Bool(bool),
    /// An affine map `(a, b)`.
    Affine(i32, i32),
}

fn enum_mix(i: usize, x: i32) -> i32 {
    x.wrapping_mul(3) ^ (i as i32)
}

fn zip_mix(a: i32, b: i32) -> i32 {
    a.wrapping_sub(b.wrapping_mul(5))
}

fn chunk_sum(c: &[i32]) -> i32 {
    c.iter().fold(0i32, |s, &x| s.wrapping_add(x))
}

fn key(x: &i32) -> i32 {
    x & 15
}

/// The affine map `y -> a*y + b` an item stands for.
fn affine(x: i32) -> (i32, i32) {
    (x | 1, x)
}

/// The affine map "first `f`, then `g`": reducing items in order composes them in order, so
/// a reduction that reorders items gives a different result.
fn compose((a, b): (i32, i32), (c, d): (i32, i32)) -> (i32, i32) {
    (a.wrapping_mul(c), c.wrapping_mul(b).wrapping_add(d))
}

const IDENTITY: (i32, i32) = (1, 0);

/// Continues a weft pipeline once an indexed iterator of `i32` is built.
trait Sink {
    type Out;
    fn run<I>(self, it: I) -> Self::Out
    where
        I: IndexedParallelIterator<Item = i32> + Clone;
}

fn apply<I, S>(it: I, op: Op, sink: S) -> S::Out
where
    I: IndexedParallelIterator<Item = i32> + Clone,
    S: Sink,
{
    match op {
        Op::Map(m) => sink.run(it.map(move |x| m.apply(x))),
        Op::Enumerate => sink.run(it.enumerate().map(|(i, x)| enum_mix(i, x))),
        Op::Skip(n) => sink.run(it.skip(n)),
        Op::Take(n) => sink.run(it.take(n)),
        Op::Rev => sink.run(it.rev()),
        Op::ZipRev => sink.run(it.clone().zip(it.rev()).map(|(a, b)| zip_mix(a, b))),
        Op::ChainSelf => sink.run(it.clone().chain(it)),
        Op::InterleaveSkip(n) => sink.run(it.clone().interleave(it.skip(n))),
        Op::StepBy(n) => sink.run(it.step_by(n)),
        Op::Chunks(n) => sink.run(it.chunks(n).map(|c| chunk_sum(&c))),
        Op::MinLen(n) => sink.run(it.with_min_len(n)),
        Op::MaxLen(n) => sink.run(it.with_max_len(n)),
    }
}

/// Applies a second indexed adaptor, then collects.
struct Then(Op);

impl Sink for Then {
    type Out = Vec<i32>;
    fn run<I>(self, it: I) -> Vec<i32>
    where
        I: IndexedParallelIterator<Item = i32> + Clone,
    {
        apply(it, self.0, Collect)
    }
}

struct Collect;

impl Sink for Collect {
    type Out = Vec<i32>;
    fn run<I>(self, it: I) -> Vec<i32>
    where
        I: IndexedParallelIterator<Item = i32> + Clone,
    {
        it.collect()
    }
}

struct ThenUnindexed(Unindexed);

impl Sink for ThenUnindexed {
    type Out = Vec<i32>;
    fn run<I>(self, it: I) -> Vec<i32>
    where
        I: IndexedParallelIterator<Item = i32> + Clone,
    {
        match self.0 {
            Unindexed::Filter(p) => it.filter(move |&x| p.test(x)).collect(),
            Unindexed::FilterMap(p, m) => it
                .filter_map(move |x| p.test(x).then(|| m.apply(x)))
                .collect(),
            Unindexed::FlatMapIter => it
                .flat_map_iter(|x| std::iter::repeat(x).take((x & 3) as usize))
                .collect(),
            Unindexed::FlatMap => it
                .flat_map(|x| (0..(x & 3)).into_par_iter().map(move |j| x ^ j))
                .collect(),
            Unindexed::Positions(p) => it.positions(move |x| p.test(x)).map(|i| i as i32).collect(),
        }
    }
}

struct Finish(Terminal);

impl Sink for Finish {
    type Out = Outcome;
    fn run<I>(self, it: I) -> Outcome
    where
        I: IndexedParallelIterator<Item = i32> + Clone,
    {
        let opt = |o: Option<i32>| Outcome::Maybe(o.map(i64::from));
        let pos = |o: Option<usize>| Outcome::Maybe(o.map(|i| i as i64));
        match self.0 {
            Terminal::Collect => Outcome::Items(it.collect()),
            Terminal::CollectIntoVec => {
                let mut v = vec![7; 13];
                it.collect_into_vec(&mut v);
                Outcome::Items(v)
            }
            Terminal::Len => Outcome::Num(it.len() as i64),
            Terminal::Count => Outcome::Num(it.count() as i64),
            Terminal::Sum => Outcome::Num(i64::from(it.map(Wrapping).sum::<Wrapping<i32>>().0)),
            Terminal::Min => opt(it.min()),
            Terminal::Max => opt(it.max()),
            Terminal::MinByKey => opt(it.min_by_key(key)),
            Terminal::MaxByKey => opt(it.max_by_key(key)),
            Terminal::FindFirst(p) => opt(it.find_first(move |&x| p.test(x))),
            Terminal::FindLast(p) => opt(it.find_last(move |&x| p.test(x))),
            Terminal::PositionFirst(p) => pos(it.position_first(move |x| p.test(x))),
            Terminal::PositionLast(p) => pos(it.position_last(move |x| p.test(x))),
            Terminal::Any(p) => Outcome::Bool(it.any(move |x| p.test(x))),
            Terminal::All(p) => Outcome::Bool(it.all(move |x| p.test(x))),
            Terminal::Reduce => {
                let (a, b) = it.map(affine).reduce(|| IDENTITY, compose);
                Outcome::Affine(a, b)
            }
            Terminal::FoldReduce => {
                let (a, b) = it
                    .fold(|| IDENTITY, |acc, x| compose(acc, affine(x)))
                    .reduce(|| IDENTITY, compose);
                Outcome::Affine(a, b)
            }
            Terminal::Unzip => {
                let (a, b): (Vec<i32>, Vec<i32>) = it.map(|x| (x, x ^ 1)).unzip();
                Outcome::Items(sides(a, b, false))
            }
            Terminal::Partition(p) => {
                let (a, b): (Vec<i32>, Vec<i32>) = it.partition(move |&x| p.test(x));
                Outcome::Items(sides(a, b, true))
            }
            Terminal::PartitionMap(p) => {
                let (a, b): (Vec<i32>, Vec<i32>) = it.partition_map(move |x| {
                    if p.test(x) {
                        Either::Left(x)
                    } else {
                        Either::Right(x.wrapping_mul(3))
                    }
                });
                Outcome::Items(sides(a, b, true))
            }
        }
    }
}

// ---- The weight ----
//
// Every pipeline starts with `.weight::<Chosen>()`, one weight type that follows, at run time,
// the built-in weight `check` picked. The pipelines are generic over their source, so naming
// each built-in as a type would compile every pipeline four times over (most of this crate's
// build time); `Chosen` compiles them once and still runs each built-in's own splitting code.

/// A built-in weight that [`Chosen`] follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// [`Adaptive`].
    Adaptive,
    /// [`FullyParallel`].
    FullyParallel,
    /// [`Cost<256>`](Cost).
    Cost,
    /// [`Autotune`].
    Autotune,
}

impl Policy {
    /// Every policy, in the order `check` runs them.
    pub const ALL: [Policy; 4] = [
        Policy::Adaptive,
        Policy::FullyParallel,
        Policy::Cost,
        Policy::Autotune,
    ];

    /// The built-in weight's type, for failure messages.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Adaptive => "Adaptive",
            Policy::FullyParallel => "FullyParallel",
            Policy::Cost => "Cost<256>",
            Policy::Autotune => "Autotune",
        }
    }
}

/// The policy of the pipelines now running, as an index into [`Policy::ALL`]: written by
/// [`with_policy`], read by [`Chosen::root`].
///
/// A global, not a thread-local: `root` runs on whichever pool thread starts a bridge (a
/// worker, under `install`, or a thief running half of a `chain`), never on the thread that
/// called `check`. Only the root reads it; the state it makes travels with every split.
static POLICY: AtomicUsize = AtomicUsize::new(0);

/// Held while a check runs pipelines, so that checks on several threads at once (a test
/// harness) never see each other's [`POLICY`].
static RUNNING: Mutex<()> = Mutex::new(());

/// Runs `f` with every `Chosen` weight created meanwhile following `policy`. The caller holds
/// [`RUNNING`].
fn with_policy<R>(policy: Policy, f: impl FnOnce() -> R) -> R {
    // `install` hands `f` to the pool through its queues, which order this store before any
    // `root` that `f` makes.
    POLICY.store(policy as usize, SeqCst);
    f()
}

/// A weight that follows the built-in one picked by [`with_policy`]: its state is that
/// weight's own state, made by that weight's `root` and updated by its `should_split`.
///
/// It is timed (`TIMED = true`) so that `Autotune` learns; for the other policies a leaf is
/// timed and the time thrown away, which runs the same leaf code. The untimed path of the
/// bridge is covered by [`direct`].
#[derive(Clone, Copy, Debug)]
pub enum Chosen {
    /// Follows [`Adaptive`].
    Adaptive(Adaptive),
    /// Follows [`FullyParallel`].
    FullyParallel(FullyParallel),
    /// Follows [`Cost<256>`](Cost).
    Cost(Cost<256>),
    /// Follows [`Autotune`].
    Autotune(Autotune),
}

impl Weight for Chosen {
    const TIMED: bool = true;

    fn root(len: usize, site: &'static Location<'static>) -> Self {
        match Policy::ALL[POLICY.load(SeqCst)] {
            Policy::Adaptive => Chosen::Adaptive(<Adaptive as Weight>::root(len, site)),
            Policy::FullyParallel => {
                Chosen::FullyParallel(<FullyParallel as Weight>::root(len, site))
            }
            Policy::Cost => Chosen::Cost(<Cost<256> as Weight>::root(len, site)),
            Policy::Autotune => Chosen::Autotune(<Autotune as Weight>::root(len, site)),
        }
    }

    fn should_split(&mut self, len: usize, migrated: bool) -> bool {
        match self {
            Chosen::Adaptive(w) => w.should_split(len, migrated),
            Chosen::FullyParallel(w) => w.should_split(len, migrated),
            Chosen::Cost(w) => w.should_split(len, migrated),
            Chosen::Autotune(w) => w.should_split(len, migrated),
        }
    }

    fn leaf_done(&self, len: usize, elapsed: Duration) {
        match self {
            Chosen::Adaptive(w) => w.leaf_done(len, elapsed),
            Chosen::FullyParallel(w) => w.leaf_done(len, elapsed),
            Chosen::Cost(w) => w.leaf_done(len, elapsed),
            Chosen::Autotune(w) => w.leaf_done(len, elapsed),
        }
    }
}

/// Starts a pipeline over `v` with the [`Chosen`] weight.
fn start<S: Sink>(v: &[i32], sink: S) -> S::Out {
    sink.run(v.par_iter().copied().weight::<Chosen>())
}

/// The intermediate vectors and the outcome, by weft (under the policy set by [`with_policy`]).
fn run_weft(case: &Case) -> (Vec<Vec<i32>>, Outcome) {
    let mut stages = vec![case.data.clone()];
    for seg in &case.segments {
        let v = stages.last().unwrap();
        let next = match *seg {
            Segment::Indexed(a, b) => start(v, Then2(a, b)),
            Segment::Unindexed(a, u) => start(v, Then2Unindexed(a, u)),
        };
        stages.push(next);
    }
    let out = start(stages.last().unwrap(), Last(case.last, case.terminal));
    (stages, out)
}

/// `v` collected, and `v` filtered by `p` and collected, with `W` named as the pipeline's
/// weight type: the bridge's untimed leaves and each built-in's `WeightSpec`, which `Chosen`
/// pipelines never use. (Two small pipelines per built-in: each adaptor under each built-in
/// would bring back the compile time that `Chosen` saves.)
fn direct<W: Weight>(v: &[i32], p: Pred) -> (Vec<i32>, Vec<i32>) {
    let it = || v.par_iter().copied().weight::<W>();
    (it().collect(), it().filter(move |&x| p.test(x)).collect())
}

struct Then2(Op, Op);

impl Sink for Then2 {
    type Out = Vec<i32>;
    fn run<I>(self, it: I) -> Vec<i32>
    where
        I: IndexedParallelIterator<Item = i32> + Clone,
    {
        apply(it, self.0, Then(self.1))
    }
}

struct Then2Unindexed(Op, Unindexed);

impl Sink for Then2Unindexed {
    type Out = Vec<i32>;
    fn run<I>(self, it: I) -> Vec<i32>
    where
        I: IndexedParallelIterator<Item = i32> + Clone,
    {
        apply(it, self.0, ThenUnindexed(self.1))
    }
}

struct Last(Op, Terminal);

impl Sink for Last {
    type Out = Outcome;
    fn run<I>(self, it: I) -> Outcome
    where
        I: IndexedParallelIterator<Item = i32> + Clone,
    {
        apply(it, self.0, Finish(self.1))
    }
}

// ---- The sequential model ----

fn model_op(v: &[i32], op: Op) -> Vec<i32> {
    match op {
        Op::Map(m) => v.iter().map(|&x| m.apply(x)).collect(),
        Op::Enumerate => v.iter().enumerate().map(|(i, &x)| enum_mix(i, x)).collect(),
        Op::Skip(n) => v.iter().copied().skip(n).collect(),
        Op::Take(n) => v.iter().copied().take(n).collect(),
        Op::Rev => v.iter().copied().rev().collect(),
        Op::ZipRev => v
            .iter()
            .zip(v.iter().rev())
            .map(|(&a, &b)| zip_mix(a, b))
            .collect(),
        Op::ChainSelf => v.iter().chain(v).copied().collect(),
        Op::InterleaveSkip(n) => {
            let (mut a, mut b) = (v.iter().copied(), v.iter().copied().skip(n));
            let mut out = Vec::new();
            loop {
                match (a.next(), b.next()) {
                    (None, None) => return out,
                    (x, y) => out.extend(x.into_iter().chain(y)),
                }
            }
        }
        Op::StepBy(n) => v.iter().copied().step_by(n).collect(),
        Op::Chunks(n) => v.chunks(n).map(chunk_sum).collect(),
        Op::MinLen(_) | Op::MaxLen(_) => v.to_vec(),
    }
}

fn model_unindexed(v: &[i32], u: Unindexed) -> Vec<i32> {
    let it = v.iter().copied();
    match u {
        Unindexed::Filter(p) => it.filter(|&x| p.test(x)).collect(),
        Unindexed::FilterMap(p, m) => it.filter(|&x| p.test(x)).map(|x| m.apply(x)).collect(),
        Unindexed::FlatMapIter => it
            .flat_map(|x| std::iter::repeat(x).take((x & 3) as usize))
            .collect(),
        Unindexed::FlatMap => it.flat_map(|x| (0..(x & 3)).map(move |j| x ^ j)).collect(),
        Unindexed::Positions(p) => it
            .enumerate()
            .filter(|&(_, x)| p.test(x))
            .map(|(i, _)| i as i32)
            .collect(),
    }
}

fn model_terminal(v: Vec<i32>, t: Terminal) -> Outcome {
    let opt = |o: Option<i32>| Outcome::Maybe(o.map(i64::from));
    let pos = |o: Option<usize>| Outcome::Maybe(o.map(|i| i as i64));
    let it = v.iter().copied();
    match t {
        Terminal::Collect | Terminal::CollectIntoVec => Outcome::Items(v),
        Terminal::Len | Terminal::Count => Outcome::Num(v.len() as i64),
        Terminal::Sum => Outcome::Num(i64::from(it.map(Wrapping).sum::<Wrapping<i32>>().0)),
        Terminal::Min => opt(it.min()),
        Terminal::Max => opt(it.max()),
        Terminal::MinByKey => opt(it.min_by_key(key)),
        Terminal::MaxByKey => opt(it.max_by_key(key)),
        Terminal::FindFirst(p) => opt(it.clone().find(|&x| p.test(x))),
        Terminal::FindLast(p) => opt(it.clone().rev().find(|&x| p.test(x))),
        Terminal::PositionFirst(p) => pos(v.iter().position(|&x| p.test(x))),
        Terminal::PositionLast(p) => pos(v.iter().rposition(|&x| p.test(x))),
        Terminal::Any(p) => Outcome::Bool(v.iter().any(|&x| p.test(x))),
        Terminal::All(p) => Outcome::Bool(v.iter().all(|&x| p.test(x))),
        Terminal::Reduce | Terminal::FoldReduce => {
            let (a, b) = it.map(affine).fold(IDENTITY, compose);
            Outcome::Affine(a, b)
        }
        Terminal::Unzip => Outcome::Items(sides(v.clone(), it.map(|x| x ^ 1).collect(), false)),
        Terminal::Partition(p) => {
            let (a, b) = it.partition(|&x| p.test(x));
            Outcome::Items(sides(a, b, true))
        }
        Terminal::PartitionMap(p) => {
            let a = it.clone().filter(|&x| p.test(x)).collect();
            let b = it
                .filter(|&x| !p.test(x))
                .map(|x| x.wrapping_mul(3))
                .collect();
            Outcome::Items(sides(a, b, true))
        }
    }
}

/// Two collected sides as one vector: `a`, then `b`, after `a`'s length if `with_len`.
fn sides(a: Vec<i32>, b: Vec<i32>, with_len: bool) -> Vec<i32> {
    let len = with_len.then_some(a.len() as i32);
    len.into_iter().chain(a).chain(b).collect()
}

/// The intermediate vectors and the outcome, by std one adaptor at a time.
fn run_model(case: &Case) -> (Vec<Vec<i32>>, Outcome) {
    let mut stages = vec![case.data.clone()];
    for seg in &case.segments {
        let v = stages.last().unwrap();
        let next = match *seg {
            Segment::Indexed(a, b) => model_op(&model_op(v, a), b),
            Segment::Unindexed(a, u) => model_unindexed(&model_op(v, a), u),
        };
        stages.push(next);
    }
    let v = model_op(stages.last().unwrap(), case.last);
    let out = model_terminal(v, case.terminal);
    (stages, out)
}

fn compare(case: &Case, expected: &(Vec<Vec<i32>>, Outcome)) {
    for policy in Policy::ALL {
        for (pool, threads) in pools().iter().zip(THREADS) {
            let got = with_policy(policy, || pool.install(|| run_weft(case)));
            assert_eq_case(&got, expected, case, policy.name(), threads);
        }
    }
}

/// [`direct`] for one weight.
type Direct = fn(&[i32], Pred) -> (Vec<i32>, Vec<i32>);

/// The last stage of `case`, collected and filtered, under each built-in weight named as a
/// type.
fn compare_direct(case: &Case, expected: &(Vec<Vec<i32>>, Outcome)) {
    let v = expected.0.last().unwrap();
    // The terminal's predicate, if it has one.
    let p = match case.terminal {
        Terminal::FindFirst(p)
        | Terminal::FindLast(p)
        | Terminal::PositionFirst(p)
        | Terminal::PositionLast(p)
        | Terminal::Any(p)
        | Terminal::All(p) => p,
        _ => Pred::Even,
    };
    let want = (v.clone(), model_unindexed(v, Unindexed::Filter(p)));
    for (pool, threads) in pools().iter().zip(THREADS) {
        let runs: [(&str, Direct); 4] = [
            ("Adaptive (direct)", direct::<Adaptive>),
            ("FullyParallel (direct)", direct::<FullyParallel>),
            ("Cost<256> (direct)", direct::<Cost<256>>),
            ("Autotune (direct)", direct::<Autotune>),
        ];
        for (name, run) in runs {
            let got = pool.install(|| run(v, p));
            assert_eq_case(&got, &want, case, name, threads);
        }
    }
}

fn assert_eq_case<T: PartialEq + Debug>(
    got: &T,
    want: &T,
    case: &Case,
    weight: &str,
    threads: usize,
) {
    assert!(
        got == want,
        "weft and std differ under {weight} on {threads} threads\n case: {case:?}\n weft: {got:?}\n std:  {want:?}"
    );
}

/// Decodes a case from `data`, runs it with weft under each weight on each pool and with std,
/// and panics if any result differs.
pub fn check(data: &[u8]) {
    let case = Case::decode(data);
    let expected = run_model(&case);
    // A check that failed (panicked) poisons the lock; the next one runs all the same.
    let _running = RUNNING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    compare(&case, &expected);
    compare_direct(&case, &expected);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The leaves a pipeline over 64 items splits into on `pool` (`fold` yields one item per
    /// leaf), with `W` as its weight.
    fn leaves<W: Weight>(pool: usize) -> usize {
        let v: Vec<i32> = (0..64).collect();
        pools()[pool].install(|| {
            v.par_iter()
                .copied()
                .weight::<W>()
                .fold(|| (), |(), _| ())
                .count()
        })
    }

    /// `Chosen` splits as the policy set for the run, whichever thread makes its root.
    #[test]
    fn chosen_follows_the_policy() {
        let _running = RUNNING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let chosen = |policy, pool| with_policy(policy, || leaves::<Chosen>(pool));
        // Single items; leaves of 16 items (16 * 256 = LEAF_COST); one split on one thread.
        assert_eq!(chosen(Policy::FullyParallel, 2), 64);
        assert_eq!(leaves::<FullyParallel>(2), 64);
        assert_eq!(chosen(Policy::Cost, 2), 4);
        assert_eq!(leaves::<Cost<256>>(2), 4);
        assert_eq!(chosen(Policy::Adaptive, 0), 2);
        assert_eq!(leaves::<Adaptive>(0), 2);
    }
}

//! The experiments behind the CPU-time harness and the demo: weft, rayon (and chili, for
//! forks) rounds alternate in one process, medians reported.

use crate::measure::Runs;
use crate::progress::progress;
use crate::results::Record;
use crate::units::{dur, pow10};
use crate::workloads::{chili_w, rayon_w, seq, sorts, weft_w, Block};
use crate::{iters_for, measure, others_cpu_time, u32_input, work, Node, Sample, Shape};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// A weft pool and a rayon pool of the same size, built up front.
#[derive(Debug)]
pub struct Pools {
    /// Threads in each pool.
    pub threads: usize,
    /// weft's pool.
    pub weft: weft_w::Pool,
    /// rayon's pool.
    pub rayon: rayon_w::Pool,
}

impl Pools {
    /// Both pools with `threads` threads.
    pub fn new(threads: usize) -> Pools {
        Pools {
            threads,
            weft: weft_w::pool(threads),
            rayon: rayon_w::pool(threads),
        }
    }
}

/// What a workload stresses, which decides how its figures read (see [`crate::why`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A `join` at every call or node: `forks` joins in all, little work under each.
    Forks {
        /// Joins per run.
        forks: u64,
    },
    /// A sort of `bytes` bytes of data in place.
    Sort {
        /// Size of the data sorted.
        bytes: u64,
    },
    /// One pass over `bytes` bytes of input (and any output), little work per byte.
    Stream {
        /// Bytes read and written per run.
        bytes: u64,
    },
    /// CPU used by a pool sitting idle after a burst; wall time is the idle period.
    Idle,
    /// `dispatches` narrow `install(|| join(a, b))` calls from outside the pool.
    Narrow {
        /// Dispatches per run.
        dispatches: u64,
    },
    /// Blocking tasks mixed with CPU tasks.
    Blocking {
        /// The best wall time possible: max(CPU work / threads, the longest sleep).
        ideal: Duration,
    },
}

/// Medians of one workload for sequential code (where it applies), rayon, weft and chili
/// (for forks).
#[derive(Clone, Debug)]
pub struct Compare {
    /// The workload.
    pub name: String,
    /// What the workload stresses.
    pub kind: Kind,
    /// Threads in the pools.
    pub threads: usize,
    /// Sequential code, where there is such a thing.
    pub seq: Option<Runs>,
    /// rayon.
    pub rayon: Runs,
    /// weft.
    pub weft: Runs,
    /// chili, for the workloads it can run (`join` only).
    pub chili: Option<Runs>,
}

impl Compare {
    /// The figures as records of table `table` (sequential code is recorded at 1 thread).
    pub fn records(&self, table: &str) -> Vec<Record> {
        let (name, t) = (self.name.as_str(), self.threads);
        let mut out = Vec::new();
        if let Some(s) = &self.seq {
            out.push(Record::new(table, name, "seq", t, s));
        }
        out.push(Record::new(table, name, "rayon", t, &self.rayon));
        out.push(Record::new(table, name, "weft", t, &self.weft));
        if let Some(s) = &self.chili {
            out.push(Record::new(table, name, "chili", t, s));
        }
        out
    }
}

/// A variant: runs once, returns its sample.
pub type Variant<'a> = &'a mut dyn FnMut() -> Sample;

/// Runs each variant `rounds` times, rotating which goes first each round; every round of
/// each variant, in the order given.
pub fn alternate(label: &str, rounds: usize, variants: &mut [Variant<'_>]) -> Vec<Runs> {
    let k = variants.len();
    let mut samples = vec![Vec::with_capacity(rounds); k];
    for r in 0..rounds {
        progress(&format!("{label}: round {}/{rounds}", r + 1));
        for i in 0..k {
            let v = (i + r) % k;
            samples[v].push(variants[v]());
        }
    }
    samples.into_iter().map(Runs).collect()
}

/// The implementations of one workload that a [`Compare`] alternates.
pub struct Variants<'a> {
    /// Sequential code, where there is such a thing.
    pub seq: Option<Variant<'a>>,
    /// rayon.
    pub rayon: Variant<'a>,
    /// weft.
    pub weft: Variant<'a>,
    /// chili, where it can run the workload.
    pub chili: Option<Variant<'a>>,
}

/// Alternates the `variants` for `rounds` rounds on pools of `threads`; medians of each.
pub fn compare(
    name: &str,
    kind: Kind,
    threads: usize,
    rounds: usize,
    variants: Variants<'_>,
) -> Compare {
    let Variants {
        seq,
        rayon,
        weft,
        chili,
    } = variants;
    let (has_seq, has_chili) = (seq.is_some(), chili.is_some());
    let mut vs: Vec<Variant<'_>> = vec![rayon, weft];
    vs.extend(seq);
    vs.extend(chili);
    let m = alternate(&format!("{name}, {threads} threads"), rounds, &mut vs);
    let mut m = m.into_iter();
    let (rayon, weft) = (
        m.next().expect("rayon's rounds"),
        m.next().expect("weft's rounds"),
    );
    Compare {
        name: name.to_string(),
        kind,
        threads,
        seq: has_seq.then(|| m.next().expect("sequential rounds")),
        rayon,
        weft,
        chili: has_chili.then(|| m.next().expect("chili's rounds")),
    }
}

/// fib(n) with join at every call; chili too.
pub fn fib(p: &Pools, n: u64, rounds: usize) -> Compare {
    // Built here and dropped on return: a chili pool in use runs a heartbeat thread, whose
    // CPU would otherwise count against the other experiments.
    let chili = chili_w::pool(p.threads);
    compare(
        &format!("fib({n})"),
        Kind::Forks {
            forks: fib_joins(n),
        },
        p.threads,
        rounds,
        Variants {
            seq: Some(&mut || measure(|| seq::fib(n)).1),
            rayon: &mut || measure(|| p.rayon.install(|| rayon_w::fib(n))).1,
            weft: &mut || measure(|| p.weft.install(|| weft_w::fib(n))).1,
            chili: Some(&mut || measure(|| chili_w::fib(n, &mut chili.scope())).1),
        },
    )
}

/// The joins fib(n) makes: one per call with n >= 2, which is fib(n + 1) - 1.
pub fn fib_joins(n: u64) -> u64 {
    let (mut a, mut b) = (0u64, 1u64);
    for _ in 0..=n {
        (a, b) = (b, a + b);
    }
    a - 1
}

/// A balanced tree summed with join at every node; chili too. A small tree is summed many
/// times inside one `install` (and the sample divided), so that the figure is the forks'
/// cost, not the cost of handing a job to the pool.
pub fn tree(p: &Pools, tree: &Node, nodes: usize, rounds: usize) -> Compare {
    let chili = chili_w::pool(p.threads);
    let sums = tree_sums(nodes);
    compare(
        &format!("tree-sum {}", pow10(nodes)),
        Kind::Forks {
            forks: nodes as u64,
        },
        p.threads,
        rounds,
        Variants {
            seq: Some(&mut || sums.time(&|| seq::tree_sum(black_box(tree)))),
            rayon: &mut || p.rayon.install(|| sums.time(&|| rayon_w::tree_sum(tree))),
            weft: &mut || p.weft.install(|| sums.time(&|| weft_w::tree_sum(tree))),
            chili: Some(&mut || sums.time(&|| chili_w::tree_sum(tree, &mut chili.scope()))),
        },
    )
}

/// Repeated sums of a tree of `nodes` nodes, about a million nodes in all, timed per sum.
struct TreeSums {
    reps: usize,
}

fn tree_sums(nodes: usize) -> TreeSums {
    TreeSums {
        reps: (1_000_000 / nodes.max(1)).max(1),
    }
}

impl TreeSums {
    /// Times `reps` calls of `sum` (which must be called where it will run, inside its pool
    /// for weft and rayon); the sample is per call.
    fn time(&self, sum: &dyn Fn() -> u64) -> Sample {
        // `black_box` on each result: the optimiser must not merge repeated sums of one tree.
        let all = || {
            (0..self.reps)
                .map(|_| black_box(sum()))
                .fold(0, u64::wrapping_add)
        };
        let s = measure(all).1;
        Sample {
            wall: s.wall / self.reps as u32,
            cpu: s.cpu / self.reps as u32,
        }
    }
}

/// One workload on 1 thread and on 2, for weft and chili, in one process.
#[derive(Clone, Debug)]
pub struct TwoOverOne {
    /// weft's rounds on 1 thread and on 2.
    pub weft: (Runs, Runs),
    /// chili's.
    pub chili: (Runs, Runs),
}

/// The tree sum of [`tree`] on a 1-thread and a 2-thread pool of weft and of chili, all four
/// alternating round by round: a second thread must not make weft slower than its own
/// 1-thread run (issue 11), which separate tables, minutes apart on a noisy machine, cannot
/// show.
pub fn tree_two_over_one(tree: &Node, nodes: usize, rounds: usize) -> TwoOverOne {
    let (weft1, weft2) = (weft_w::pool(1), weft_w::pool(2));
    let (chili1, chili2) = (chili_w::pool(1), chili_w::pool(2));
    let sums = tree_sums(nodes);
    let weft = |p: &weft_w::Pool| p.install(|| sums.time(&|| weft_w::tree_sum(tree)));
    let chili = |p: &chili::ThreadPool| sums.time(&|| chili_w::tree_sum(tree, &mut p.scope()));
    let m = alternate(
        &format!("tree-sum {}, 1 and 2 threads", pow10(nodes)),
        rounds,
        &mut [
            &mut || weft(&weft1),
            &mut || weft(&weft2),
            &mut || chili(&chili1),
            &mut || chili(&chili2),
        ],
    );
    let [w1, w2, c1, c2]: [Runs; 4] = m.try_into().expect("four variants");
    TwoOverOne {
        weft: (w1, w2),
        chili: (c1, c2),
    }
}

/// One fork workload for weft, chili, and chili forking at every join, on one pool size.
#[derive(Clone, Debug)]
pub struct EveryJoin {
    /// The workload.
    pub name: String,
    /// Threads in each pool.
    pub threads: usize,
    /// weft (a fork recorded at every call).
    pub weft: Runs,
    /// chili's `join` as it comes: most deep calls run sequentially, nothing recorded
    /// (`chili_w::JOIN_EVERY`).
    pub chili: Runs,
    /// chili forking at every call (`join_with_heartbeat_every::<1>`).
    pub chili_every: Runs,
}

/// fib(`fib_n`) and the tree sum of [`tree`] for weft, chili, and chili forking at every
/// join, the three alternating round by round on pools of `threads`: the cost of a fork like
/// for like. chili's own `join` records no fork for 63 calls in 64 once three jobs are
/// queued (`chili_w::JOIN_EVERY`), so its fib and tree rows time mostly sequential calls;
/// weft records every fork, so that a second half stays reachable by another thread when the
/// first blocks on it (`core/src/worker/fork.rs`, "Why every fork is recorded").
pub fn every_join(
    threads: usize,
    fib_n: u64,
    tree: &Node,
    nodes: usize,
    rounds: usize,
) -> Vec<EveryJoin> {
    let weft = weft_w::pool(threads);
    let chili = chili_w::pool(threads);
    let sums = tree_sums(nodes);
    let fib = alternate(
        &format!("fib({fib_n}), every join, {threads} threads"),
        rounds,
        &mut [
            &mut || measure(|| weft.install(|| weft_w::fib(fib_n))).1,
            &mut || measure(|| chili_w::fib(fib_n, &mut chili.scope())).1,
            &mut || measure(|| chili_w::fib_every::<1>(fib_n, &mut chili.scope())).1,
        ],
    );
    let sum = alternate(
        &format!("tree-sum {}, every join, {threads} threads", pow10(nodes)),
        rounds,
        &mut [
            &mut || weft.install(|| sums.time(&|| weft_w::tree_sum(tree))),
            &mut || sums.time(&|| chili_w::tree_sum(tree, &mut chili.scope())),
            &mut || sums.time(&|| chili_w::tree_sum_every::<1>(tree, &mut chili.scope())),
        ],
    );
    [
        (format!("fib({fib_n})"), fib),
        (format!("tree-sum {}", pow10(nodes)), sum),
    ]
    .into_iter()
    .map(|(name, m)| {
        let [weft, chili, chili_every]: [Runs; 3] = m.try_into().expect("three variants");
        EveryJoin {
            name,
            threads,
            weft,
            chili,
            chili_every,
        }
    })
    .collect()
}

/// `join(spin d, spin d)` inside a pool whose other threads are idle: an idle thread must
/// take the second half at once (heartbeat schedulers wait for the next beat: chili#33), so
/// the ideal is `d`, not `2 d`.
pub fn join_spin(p: &Pools, d: Duration, rounds: usize) -> Compare {
    let chili = chili_w::pool(p.threads);
    let spin = move || {
        let t = Instant::now();
        while t.elapsed() < d {
            std::hint::spin_loop();
        }
    };
    compare(
        &format!("join(spin {}, spin {})", dur(d), dur(d)),
        Kind::Blocking { ideal: d },
        p.threads,
        rounds,
        Variants {
            seq: None,
            rayon: &mut || measure(|| p.rayon.install(|| rayon::join(spin, spin))).1,
            weft: &mut || measure(|| p.weft.install(|| weft::join(spin, spin))).1,
            chili: Some(&mut || measure(|| chili.scope().join(|_| spin(), |_| spin())).1),
        },
    )
}

/// A scope that spawns `n` tiny tasks from one thread: the cost of a spawn and of spreading
/// spawned work.
pub fn spawn_loop(p: &Pools, n: usize, rounds: usize) -> Compare {
    compare(
        &format!("scope with {} spawns", pow10(n)),
        Kind::Forks { forks: n as u64 },
        p.threads,
        rounds,
        Variants {
            seq: None,
            rayon: &mut || {
                measure(|| {
                    p.rayon.scope(|s| {
                        for i in 0..n {
                            s.spawn(move |_| {
                                black_box(i);
                            });
                        }
                    })
                })
                .1
            },
            weft: &mut || {
                measure(|| {
                    p.weft.scope(|s| {
                        for i in 0..n {
                            s.spawn(move |_| {
                                black_box(i);
                            });
                        }
                    })
                })
                .1
            },
            chili: None,
        },
    )
}

/// Sorts a copy of `input`: stable (`par_sort` vs `sort`) or unstable.
pub fn sort<T: Ord + Clone + Send>(
    p: &Pools,
    name: &str,
    input: &[T],
    stable: bool,
    rounds: usize,
) -> Compare {
    let run = |f: &dyn Fn(&mut [T])| {
        let mut v = input.to_vec();
        let s = measure(|| f(&mut v)).1;
        debug_assert!(v.windows(2).all(|w| w[0] <= w[1]));
        s
    };
    let [seq_f, rayon_f, weft_f] = sorts::<T>(stable);
    compare(
        name,
        Kind::Sort {
            bytes: std::mem::size_of_val(input) as u64,
        },
        p.threads,
        rounds,
        Variants {
            seq: Some(&mut || run(&seq_f)),
            rayon: &mut || run(&|v| p.rayon.install(|| rayon_f(v))),
            weft: &mut || run(&|v| p.weft.install(|| weft_f(v))),
            chili: None,
        },
    )
}

/// A parallel-iterator workload over `v`, by the three implementations.
pub fn iter<R: Send>(
    p: &Pools,
    name: &str,
    rounds: usize,
    f: [fn(&[u64]) -> R; 3],
    v: &[u64],
) -> Compare {
    let [seq_f, rayon_f, weft_f] = f;
    compare(
        name,
        Kind::Stream {
            bytes: std::mem::size_of_val(v) as u64,
        },
        p.threads,
        rounds,
        Variants {
            seq: Some(&mut || measure(|| seq_f(v)).1),
            rayon: &mut || measure(|| p.rayon.install(|| rayon_f(v))).1,
            weft: &mut || measure(|| p.weft.install(|| weft_f(v))).1,
            chili: None,
        },
    )
}

/// The inputs of the headline workloads, built once for every pool size.
pub struct Headline {
    /// fib's argument.
    pub fib: u64,
    /// The tree summed, and its size.
    pub tree: (Node, usize),
    /// Random `u32` to sort.
    pub sort: Vec<u32>,
    /// `0..len` as `u64`, for the parallel iterators.
    pub numbers: Vec<u64>,
}

impl Headline {
    /// fib(`fib`), a tree of `nodes` nodes, and `len` numbers to sort and to iterate over.
    pub fn new(fib: u64, nodes: usize, len: usize) -> Headline {
        Headline {
            fib,
            tree: (Node::tree(nodes), nodes),
            sort: u32_input(Shape::Random, len),
            numbers: (0..len as u64).collect(),
        }
    }
}

/// The headline workloads on `p`: fib and a tree sum (forks), both sorts, a parallel sum and
/// a map-collect.
pub fn headline(p: &Pools, h: &Headline, rounds: usize) -> Vec<Compare> {
    let n = pow10(h.numbers.len());
    vec![
        fib(p, h.fib, rounds),
        tree(p, &h.tree.0, h.tree.1, rounds),
        sort(
            p,
            &format!("par_sort_unstable {n} u32"),
            &h.sort,
            false,
            rounds,
        ),
        sort(p, &format!("par_sort {n} u32"), &h.sort, true, rounds),
        iter(
            p,
            &format!("par_iter sum {n}"),
            rounds,
            [seq::sum, rayon_w::sum, weft_w::sum],
            &h.numbers,
        ),
        iter(
            p,
            &format!("par_iter map-collect {n}"),
            rounds,
            [seq::map_collect, rayon_w::map_collect, weft_w::map_collect],
            &h.numbers,
        ),
    ]
}

/// CPU the process uses during `idle` after a `burst` of work on each pool (wall = `idle`).
pub fn idle_burn(p: &Pools, burst: Duration, idle: Duration, rounds: usize) -> Compare {
    let after = |run: &dyn Fn()| {
        run();
        let c0 = others_cpu_time();
        std::thread::sleep(idle);
        Sample {
            wall: idle,
            cpu: others_cpu_time().saturating_sub(c0),
        }
    };
    compare(
        "idle burn",
        Kind::Idle,
        p.threads,
        rounds,
        Variants {
            seq: None,
            rayon: &mut || after(&|| rayon_w::burst(&p.rayon, burst)),
            weft: &mut || after(&|| weft_w::burst(&p.weft, burst)),
            chili: None,
        },
    )
}

/// `n` dispatches of `install(|| join(a, b))`, closures of about `closure`; seq runs the
/// closures inline.
pub fn narrow(p: &Pools, n: usize, closure: Duration, rounds: usize) -> Compare {
    let iters = iters_for(closure);
    compare(
        &format!("narrow dispatch {}", pow10(n)),
        Kind::Narrow {
            dispatches: n as u64,
        },
        p.threads,
        rounds,
        Variants {
            seq: Some(&mut || {
                measure(|| {
                    for _ in 0..n {
                        black_box((work(iters), work(iters)));
                    }
                })
                .1
            }),
            rayon: &mut || measure(|| rayon_w::narrow(&p.rayon, n, iters)).1,
            weft: &mut || measure(|| weft_w::narrow(&p.weft, n, iters)).1,
            chili: None,
        },
    )
}

/// The blocking mix and its baselines.
#[derive(Clone, Debug)]
pub struct Mix {
    /// rayon (plain sleeps) against weft (sleeps in `weft::blocking`).
    pub compare: Compare,
    /// weft with plain sleeps (no `blocking` call).
    pub weft_plain: Runs,
    /// rayon's pool for the CPU tasks, a new OS thread per blocking task.
    pub threads: Runs,
    /// max(CPU work / threads, longest chain of sleeps).
    pub ideal: Duration,
}

/// `tasks` blocking sleeps and `tasks` CPU tasks, spawned interleaved in a scope.
pub fn mix(p: &Pools, tasks: usize, sleep: Duration, cpu: Duration, rounds: usize) -> Mix {
    let iters = iters_for(cpu);
    let mut rayon = || measure(|| rayon_w::mix(&p.rayon, tasks, sleep, iters, Block::Plain)).1;
    let mut weft = || measure(|| weft_w::mix(&p.weft, tasks, sleep, iters, Block::Pool)).1;
    let mut weft_plain = || measure(|| weft_w::mix(&p.weft, tasks, sleep, iters, Block::Plain)).1;
    let mut threads = || {
        measure(|| {
            std::thread::scope(|ts| {
                for _ in 0..tasks {
                    ts.spawn(move || std::thread::sleep(sleep));
                }
                p.rayon.scope(|s| {
                    for _ in 0..tasks {
                        s.spawn(move |_| {
                            work(iters);
                        });
                    }
                });
            })
        })
        .1
    };
    let name = format!("blocking mix {tasks}+{tasks}");
    let m = alternate(
        &format!("{name}, {} threads", p.threads),
        rounds,
        &mut [&mut rayon, &mut weft, &mut weft_plain, &mut threads],
    );
    let ideal = (cpu * tasks as u32 / p.threads as u32).max(sleep);
    let [rayon, weft, weft_plain, threads]: [Runs; 4] = m.try_into().expect("four variants");
    Mix {
        compare: Compare {
            name,
            kind: Kind::Blocking { ideal },
            threads: p.threads,
            seq: None,
            rayon,
            weft,
            chili: None,
        },
        weft_plain,
        threads,
        ideal,
    }
}

/// Operations per second of one cats-effect shape, weft's `blocking` against a thread per
/// call, on the same weft pool.
#[derive(Clone, Debug)]
pub struct ShapeResult {
    /// fine, coarse, nested, block-then-yield.
    pub shape: &'static str,
    /// Operations per second with `weft::blocking`.
    pub weft: f64,
    /// Operations per second with a new OS thread per blocking call.
    pub threads: f64,
}

/// The cats-effect blocking shapes with `n` operations each, on a pool of `threads`.
pub fn shapes(threads: usize, n: usize, rounds: usize) -> Vec<ShapeResult> {
    let pool = weft_w::pool(threads);
    let run = |shape: &str, how: Block| -> Sample {
        let b = |f: &(dyn Fn() + Sync)| weft_w::blocking_as(how, f);
        measure(|| {
            pool.install(|| match shape {
                "fine" => (0..n).for_each(|_| b(&|| black_box(()))),
                "coarse" => b(&|| (0..n).for_each(|_| black_box(()))),
                "nested" => (0..n).for_each(|_| b(&|| b(&|| black_box(())))),
                _ => (0..n).for_each(|_| {
                    b(&|| black_box(()));
                    weft::yield_now();
                }),
            })
        })
        .1
    };
    ["fine", "coarse", "nested", "block-then-yield"]
        .into_iter()
        .map(|shape| {
            let m = alternate(
                &format!("blocking shape {shape}"),
                rounds,
                &mut [&mut || run(shape, Block::Pool), &mut || {
                    run(shape, Block::Thread)
                }],
            );
            let ops = |r: &Runs| n as f64 / r.wall().as_secs_f64();
            ShapeResult {
                shape,
                weft: ops(&m[0]),
                threads: ops(&m[1]),
            }
        })
        .collect()
}

/// What `blocking(|| ())` costs per call, in a tight loop of `n`.
#[derive(Clone, Copy, Debug)]
pub struct BlockingCost {
    /// A plain call of the closure on a worker.
    pub plain: Duration,
    /// `weft::blocking(|| ())` on a worker (a spare takes over each time).
    pub on_worker: Duration,
    /// `weft::blocking(|| ())` outside any pool (runs the closure).
    pub outside: Duration,
}

/// Per-call cost of `weft::blocking(|| ())`, medians of `rounds`.
pub fn blocking_cost(n: usize, rounds: usize) -> BlockingCost {
    let pool = weft_w::pool(2);
    let per = |r: &Runs| r.wall() / n as u32;
    let m = alternate(
        "blocking(|| ()) cost",
        rounds,
        &mut [
            &mut || measure(|| pool.install(|| (0..n).for_each(|_| black_box(())))).1,
            &mut || {
                measure(|| pool.install(|| (0..n).for_each(|_| weft::blocking(|| black_box(()))))).1
            },
            &mut || measure(|| (0..n).for_each(|_| weft::blocking(|| black_box(())))).1,
        ],
    );
    BlockingCost {
        plain: per(&m[0]),
        on_worker: per(&m[1]),
        outside: per(&m[2]),
    }
}

#[cfg(test)]
mod tests {
    use super::fib_joins;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    #[test]
    fn fib_joins_counts_the_joins_of_the_recursion() {
        fn count(n: u64, joins: &AtomicU64) {
            if n >= 2 {
                joins.fetch_add(1, Relaxed);
                count(n - 1, joins);
                count(n - 2, joins);
            }
        }
        for n in 0..20 {
            let joins = AtomicU64::new(0);
            count(n, &joins);
            assert_eq!(fib_joins(n), joins.into_inner(), "fib({n})");
        }
    }
}

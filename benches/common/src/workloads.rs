//! Each workload written once: a macro stamps the same code for weft and rayon; sequential and chili versions beside.

use crate::{work, Node};

/// What a blocking call is run through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Block {
    /// Call it where we are: the worker is lost while it blocks (all rayon can do).
    Plain,
    /// `weft::blocking`: a spare thread takes the worker's place (rayon: same as `Plain`).
    Pool,
    /// A new OS thread per call, joined at once (the thread-per-call baseline).
    Thread,
}

/// A sort in place.
pub type SortFn<T> = fn(&mut [T]);

/// std's, rayon's and weft's sorts, in that order: stable (`sort`, `par_sort`) or unstable
/// (`sort_unstable`, `par_sort_unstable`). The parallel ones run in the current pool.
pub fn sorts<T: Ord + Send>(stable: bool) -> [SortFn<T>; 3] {
    if stable {
        [<[T]>::sort, rayon_w::sort::<T>, weft_w::sort::<T>]
    } else {
        [
            <[T]>::sort_unstable,
            rayon_w::sort_unstable::<T>,
            weft_w::sort_unstable::<T>,
        ]
    }
}

/// Sequential code: the baseline every ratio starts from.
pub mod seq {
    use super::Node;

    /// Recursive Fibonacci.
    pub fn fib(n: u64) -> u64 {
        if n < 2 {
            return n;
        }
        fib(n - 1) + fib(n - 2)
    }

    /// Sum of the tree's values, the right subtree first (see [`Node`]: every version of
    /// this workload reads the tree in the same order).
    pub fn tree_sum(node: &Node) -> u64 {
        node.val
            + node.right.as_deref().map_or(0, tree_sum)
            + node.left.as_deref().map_or(0, tree_sum)
    }

    /// Sum of a slice.
    pub fn sum(v: &[u64]) -> u64 {
        v.iter().sum()
    }

    /// `x * 3 + 1` of each element, collected.
    pub fn map_collect(v: &[u64]) -> Vec<u64> {
        v.iter().map(|x| x.wrapping_mul(3) + 1).collect()
    }

    /// Multiples of 3, collected.
    pub fn filter_collect(v: &[u64]) -> Vec<u64> {
        v.iter().copied().filter(|x| x % 3 == 0).collect()
    }

    /// Each element and its successor, collected.
    pub fn flat_map_collect(v: &[u64]) -> Vec<u64> {
        v.iter().flat_map(|&x| x..x + 2).collect()
    }

    /// Index of the first element equal to `target`.
    pub fn find_first(v: &[u64], target: u64) -> Option<u64> {
        v.iter().copied().find(|&x| x == target)
    }

    /// Sum of squares of 0..n through a plain iterator (what par_bridge parallelises).
    pub fn bridge(n: u64) -> u64 {
        (0..n)
            .map(|x| std::hint::black_box(x).wrapping_mul(x))
            .fold(0, u64::wrapping_add)
    }
}

/// The same code for weft and rayon: `$lib` is the crate, the parallel-iterator traits come
/// from the module that invokes the macro.
macro_rules! pool_workloads {
    ($lib:ident) => {
        /// The library's pool type.
        pub type Pool = $lib::ThreadPool;

        /// A pool of `threads` threads.
        pub fn pool(threads: usize) -> Pool {
            $lib::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("pool")
        }

        /// Recursive Fibonacci with `join` at every call.
        pub fn fib(n: u64) -> u64 {
            if n < 2 {
                return n;
            }
            let (a, b) = $lib::join(|| fib(n - 1), || fib(n - 2));
            a + b
        }

        /// Sum of the tree with `join` at every node. `join` runs its first closure first,
        /// so that closure takes the right subtree (see [`Node`]).
        pub fn tree_sum(node: &Node) -> u64 {
            let (r, l) = $lib::join(
                || node.right.as_deref().map_or(0, tree_sum),
                || node.left.as_deref().map_or(0, tree_sum),
            );
            node.val + l + r
        }

        /// `leaves` leaves of `work(iters)` under a tree of joins.
        pub fn spread(leaves: usize, iters: u64) -> u64 {
            if leaves <= 1 {
                return work(iters);
            }
            let (a, b) = $lib::join(
                || spread(leaves / 2, iters),
                || spread(leaves - leaves / 2, iters),
            );
            a ^ b
        }

        /// Keeps every thread of `pool` busy for about `d`.
        pub fn burst(pool: &Pool, d: Duration) {
            let leaf = iters_for(Duration::from_micros(50));
            let leaves = 8 * pool.current_num_threads();
            pool.install(|| {
                let t = Instant::now();
                while t.elapsed() < d {
                    spread(leaves, leaf);
                }
            });
        }

        /// `n` dispatches `install(|| join(work, work))` from outside the pool.
        pub fn narrow(pool: &Pool, n: usize, iters: u64) {
            for _ in 0..n {
                pool.install(|| $lib::join(|| work(iters), || work(iters)));
            }
        }

        /// Runs the blocking call `f` in the manner `how`.
        pub fn blocking_as<R: Send>(how: Block, f: impl FnOnce() -> R + Send) -> R {
            match how {
                Block::Plain => f(),
                Block::Pool => block(f),
                Block::Thread => std::thread::scope(|s| s.spawn(f).join().expect("blocking call")),
            }
        }

        /// `tasks` blocking sleeps interleaved with `tasks` CPU tasks, spawned in a scope.
        pub fn mix(pool: &Pool, tasks: usize, sleep: Duration, cpu_iters: u64, how: Block) {
            pool.scope(|s| {
                for _ in 0..tasks {
                    s.spawn(move |_| blocking_as(how, || std::thread::sleep(sleep)));
                    s.spawn(move |_| {
                        work(cpu_iters);
                    });
                }
            });
        }

        /// Parallel sum.
        pub fn sum(v: &[u64]) -> u64 {
            v.par_iter().sum()
        }

        /// Parallel map-collect.
        pub fn map_collect(v: &[u64]) -> Vec<u64> {
            v.par_iter().map(|x| x.wrapping_mul(3) + 1).collect()
        }

        /// Parallel filter-collect.
        pub fn filter_collect(v: &[u64]) -> Vec<u64> {
            v.par_iter().copied().filter(|x| x % 3 == 0).collect()
        }

        /// Parallel flat_map-collect.
        pub fn flat_map_collect(v: &[u64]) -> Vec<u64> {
            v.par_iter().flat_map(|&x| x..x + 2).collect()
        }

        /// Parallel find_first.
        pub fn find_first(v: &[u64], target: u64) -> Option<u64> {
            v.par_iter().copied().find_first(|&x| x == target)
        }

        /// par_bridge over a sequential iterator.
        pub fn bridge(n: u64) -> u64 {
            (0..n)
                .par_bridge()
                .map(|x| std::hint::black_box(x).wrapping_mul(x))
                .reduce(|| 0, u64::wrapping_add)
        }

        /// Stable parallel sort.
        pub fn sort<T: Ord + Send>(v: &mut [T]) {
            v.par_sort();
        }

        /// Unstable parallel sort.
        pub fn sort_unstable<T: Ord + Send>(v: &mut [T]) {
            v.par_sort_unstable();
        }
    };
}

/// weft's versions.
pub mod weft_w {
    use super::{work, Block, Node};
    use crate::iters_for;
    use std::time::{Duration, Instant};
    use weft::par_bridge::ParallelBridge;
    use weft::prelude::*;
    use weft::slice::ParallelSliceMut;

    /// `weft::blocking`.
    pub fn block<R>(f: impl FnOnce() -> R) -> R {
        weft::blocking(f)
    }

    pool_workloads!(weft);
}

/// rayon's versions.
pub mod rayon_w {
    use super::{work, Block, Node};
    use crate::iters_for;
    use rayon::prelude::*;
    use std::time::{Duration, Instant};

    /// rayon has no blocking call: the closure runs in place.
    pub fn block<R>(f: impl FnOnce() -> R) -> R {
        f()
    }

    pool_workloads!(rayon);
}

/// chili's versions (join only: chili has no iterators or scopes).
pub mod chili_w {
    use super::Node;
    use chili::Scope;
    use std::num::NonZeroUsize;
    use std::time::Duration;

    /// A chili pool of `threads` threads (the caller of `scope().join` is one of them).
    pub fn pool(threads: usize) -> chili::ThreadPool {
        chili::ThreadPool::with_config(chili::Config {
            thread_count: NonZeroUsize::new(threads),
            heartbeat_interval: Duration::from_micros(100),
        })
    }

    /// chili's `join` (0.2): `join_with_heartbeat_every::<64>`, which forks only while the
    /// thread has fewer than three jobs queued, or at one call in 64; every other call runs
    /// its two closures one after the other, recording nothing another thread could take.
    pub const JOIN_EVERY: u8 = 64;

    /// Recursive Fibonacci with `join` at every call.
    pub fn fib(n: u64, s: &mut Scope<'_>) -> u64 {
        fib_every::<JOIN_EVERY>(n, s)
    }

    /// [`fib`] with chili's join forking at one call in `EVERY` beyond three queued jobs
    /// (see [`JOIN_EVERY`]); `EVERY = 1` forks at every call, as weft's and rayon's do.
    pub fn fib_every<const EVERY: u8>(n: u64, s: &mut Scope<'_>) -> u64 {
        if n < 2 {
            return n;
        }
        let (a, b) = s.join_with_heartbeat_every::<EVERY, _, _, _, _>(
            |s| fib_every::<EVERY>(n - 1, s),
            |s| fib_every::<EVERY>(n - 2, s),
        );
        a + b
    }

    /// Sum of the tree with `join` at every node. chili's `join` runs its *second* closure
    /// first, so that closure takes the right subtree (see [`Node`]).
    pub fn tree_sum(node: &Node, s: &mut Scope<'_>) -> u64 {
        tree_sum_every::<JOIN_EVERY>(node, s)
    }

    /// [`tree_sum`] forking as [`fib_every`] does.
    pub fn tree_sum_every<const EVERY: u8>(node: &Node, s: &mut Scope<'_>) -> u64 {
        let (l, r) = s.join_with_heartbeat_every::<EVERY, _, _, _, _>(
            |s| {
                node.left
                    .as_deref()
                    .map_or(0, |n| tree_sum_every::<EVERY>(n, s))
            },
            |s| {
                node.right
                    .as_deref()
                    .map_or(0, |n| tree_sum_every::<EVERY>(n, s))
            },
        );
        node.val + l + r
    }
}

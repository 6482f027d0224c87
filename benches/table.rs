//! The wide throughput table: every iterator and sort workload, weft beside rayon (and
//! sequential std code), with wall-clock medians of alternating rounds and each library's peak
//! memory, printed as a markdown table for BENCHMARKS.md.
//!
//! ```text
//! cargo bench --bench table --no-run          # build ahead (release)
//! cargo bench --bench table -- [--threads N] [--rounds R] [--scale S] [--only SUBSTRING]
//! ```
//!
//! `--scale` multiplies every input length (default 1: 10^7 numbers, 10^6 strings). Each row
//! builds its input once, then alternates seq, rayon and weft rounds in this process (pools
//! built up front, each round inside `install`, the order rotating from round to round), at
//! least `R` rounds (default 9) and more for rows of a few milliseconds, and reports medians of
//! wall time and of process CPU time (`weft_bench::measure`). Every round's result is checked
//! against the sequential one. Peak memory: each row runs once more per library in a child
//! process (this binary with `--rss ROW LIB`), which reports its own high-water mark; the
//! `seq peak MiB` column is the same child building the input and the pools but running
//! nothing. Prints the table and writes `bench-results/table-tN.json` (N threads) in the
//! target folder.

use std::hint::black_box;
use std::time::{Duration, Instant};
use weft_bench::cli::{self, number, Opt};
use weft_bench::experiments::{alternate, Pools};
use weft_bench::results::{Record, ResultFile};
use weft_bench::{iters_for, measure, short_strings, u32_input, work, Runs, Sample, Shape};

/// Writes the same workloads for weft and for rayon: `$lib` is the crate.
macro_rules! workloads {
    ($module:ident, $lib:ident) => {
        mod $module {
            use super::{spin, Input};
            use $lib::prelude::*;

            /// Sorts `v` in parallel, stable or not (checked once the clock stops: `round`).
            fn sort<T: Ord + Send>(v: &mut [T], stable: bool) -> u64 {
                if stable {
                    v.par_sort();
                } else {
                    v.par_sort_unstable();
                }
                super::SORTED
            }

            pub fn run(pool: &$lib::ThreadPool, row: &str, input: &mut Input) -> u64 {
                pool.install(|| match (row, input) {
                    ("sum", Input::U64(v)) => v.par_iter().sum(),
                    ("map + collect", Input::U64(v)) => {
                        let out: Vec<u64> = v.par_iter().map(|x| x.wrapping_mul(3) + 1).collect();
                        super::check_vec(&out)
                    }
                    ("filter + collect", Input::U64(v)) => {
                        let out: Vec<u64> = v.par_iter().copied().filter(|x| x % 3 == 0).collect();
                        super::check_vec(&out)
                    }
                    ("flat_map + collect", Input::U64(v)) => {
                        let out: Vec<u64> = v
                            .par_iter()
                            .flat_map(|&x| (x..x + 2).into_par_iter())
                            .collect();
                        super::check_vec(&out)
                    }
                    ("flat_map_iter + collect", Input::U64(v)) => {
                        let out: Vec<u64> = v.par_iter().flat_map_iter(|&x| x..x + 2).collect();
                        super::check_vec(&out)
                    }
                    ("unzip", Input::U64(v)) => {
                        let (a, b): (Vec<u64>, Vec<u64>) =
                            v.par_iter().map(|&x| (x, x ^ 1)).unzip();
                        super::check_vec(&a) ^ super::check_vec(&b)
                    }
                    ("partition", Input::U64(v)) => {
                        let (a, b): (Vec<u64>, Vec<u64>) = v.par_iter().partition(|&&x| x % 3 == 0);
                        super::check_vec(&a) ^ super::check_vec(&b).rotate_left(1)
                    }
                    ("partition_map", Input::U64(v)) => {
                        let (a, b): (Vec<u64>, Vec<u32>) = v.par_iter().partition_map(|&x| {
                            if x % 3 == 0 {
                                either::Either::Left(x)
                            } else {
                                either::Either::Right(x as u32)
                            }
                        });
                        super::check_vec(&a) ^ super::check_vec(&b).rotate_left(1)
                    }
                    ("find_first", Input::U64(v)) => {
                        let target = v.len() as u64 * 3 / 4;
                        v.par_iter()
                            .copied()
                            .find_first(|&x| x == target)
                            .unwrap_or(u64::MAX)
                    }
                    ("par_bridge", Input::Items(n)) => (0..*n)
                        .par_bridge()
                        .map(spin)
                        .reduce(|| 0, u64::wrapping_add),
                    ("chunks", Input::U64(v)) => {
                        let out: Vec<u64> =
                            v.par_chunks(1000).map(|c| c.iter().sum::<u64>()).collect();
                        super::check_vec(&out)
                    }
                    ("zip", Input::U64(v)) => {
                        let (a, b) = v.split_at(v.len() / 2);
                        a.par_iter().zip(b).map(|(x, y)| x.wrapping_mul(*y)).sum()
                    }
                    ("fold + reduce", Input::U64(v)) => v
                        .par_iter()
                        .fold(|| 0u64, |a, &x| a.wrapping_add(x.wrapping_mul(x)))
                        .reduce(|| 0, u64::wrapping_add),
                    ("par_sort", Input::U32(v)) => sort(v, true),
                    ("par_sort_unstable", Input::U32(v)) => sort(v, false),
                    ("par_sort", Input::Strings(v)) => sort(v, true),
                    ("par_sort_unstable", Input::Strings(v)) => sort(v, false),
                    (row, _) => panic!("no {} workload for row {row}", stringify!($lib)),
                })
            }
        }
    };
}

workloads!(weft_w, weft);
workloads!(rayon_w, rayon);

/// Sequential std code: the reference result and the `seq` column.
fn run_seq(row: &str, input: &mut Input) -> u64 {
    match (row, input) {
        ("sum", Input::U64(v)) => v.iter().sum(),
        ("map + collect", Input::U64(v)) => {
            check_vec(&v.iter().map(|x| x.wrapping_mul(3) + 1).collect::<Vec<_>>())
        }
        ("filter + collect", Input::U64(v)) => {
            check_vec(&v.iter().copied().filter(|x| x % 3 == 0).collect::<Vec<_>>())
        }
        ("flat_map + collect" | "flat_map_iter + collect", Input::U64(v)) => {
            check_vec(&v.iter().flat_map(|&x| x..x + 2).collect::<Vec<_>>())
        }
        ("unzip", Input::U64(v)) => {
            let (a, b): (Vec<u64>, Vec<u64>) = v.iter().map(|&x| (x, x ^ 1)).unzip();
            check_vec(&a) ^ check_vec(&b)
        }
        ("partition", Input::U64(v)) => {
            let (a, b): (Vec<u64>, Vec<u64>) = v.iter().partition(|&&x| x % 3 == 0);
            check_vec(&a) ^ check_vec(&b).rotate_left(1)
        }
        ("partition_map", Input::U64(v)) => {
            let (a, b): (Vec<u64>, Vec<u32>) = (
                v.iter().copied().filter(|x| x % 3 == 0).collect(),
                v.iter()
                    .filter(|&&x| x % 3 != 0)
                    .map(|&x| x as u32)
                    .collect(),
            );
            check_vec(&a) ^ check_vec(&b).rotate_left(1)
        }
        ("find_first", Input::U64(v)) => {
            let target = v.len() as u64 * 3 / 4;
            v.iter().copied().find(|&x| x == target).unwrap_or(u64::MAX)
        }
        ("par_bridge", Input::Items(n)) => (0..*n).map(spin).fold(0, u64::wrapping_add),
        ("chunks", Input::U64(v)) => check_vec(
            &v.chunks(1000)
                .map(|c| c.iter().sum::<u64>())
                .collect::<Vec<_>>(),
        ),
        ("zip", Input::U64(v)) => {
            let (a, b) = v.split_at(v.len() / 2);
            a.iter().zip(b).map(|(x, y)| x.wrapping_mul(*y)).sum()
        }
        ("fold + reduce", Input::U64(v)) => v
            .iter()
            .fold(0u64, |a, &x| a.wrapping_add(x.wrapping_mul(x))),
        ("par_sort", Input::U32(v)) => sort_seq(v, true),
        ("par_sort_unstable", Input::U32(v)) => sort_seq(v, false),
        ("par_sort", Input::Strings(v)) => sort_seq(v, true),
        ("par_sort_unstable", Input::Strings(v)) => sort_seq(v, false),
        (row, _) => panic!("no sequential workload for row {row}"),
    }
}

/// A row's input.
#[derive(Clone)]
enum Input {
    U64(Vec<u64>),
    U32(Vec<u32>),
    Strings(Vec<String>),
    /// A count of items made on the fly (`par_bridge` over a range's sequential iterator).
    Items(u64),
}

/// One row: a workload on one input.
struct Row {
    workload: &'static str,
    input: &'static str,
}

impl Row {
    fn name(&self) -> String {
        format!("{} ({})", self.workload, self.input)
    }

    /// The input's description with its length scaled.
    fn input_at(&self, scale: f64) -> String {
        let n = weft_bench::units::pow10(length(self.input, scale));
        self.input
            .split(' ')
            .map(|w| {
                if w.starts_with("10^") || w == "20000" {
                    n.as_str()
                } else {
                    w
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The rows of the table, in order.
const ROWS: &[Row] = &[
    Row {
        workload: "sum",
        input: "10^7 u64",
    },
    Row {
        workload: "map + collect",
        input: "10^7 u64",
    },
    Row {
        workload: "filter + collect",
        input: "10^7 u64",
    },
    Row {
        workload: "flat_map + collect",
        input: "10^6 u64",
    },
    Row {
        workload: "flat_map_iter + collect",
        input: "10^7 u64",
    },
    Row {
        workload: "unzip",
        input: "10^7 u64",
    },
    Row {
        workload: "partition",
        input: "10^7 u64",
    },
    Row {
        workload: "partition_map",
        input: "10^7 u64",
    },
    Row {
        workload: "find_first",
        input: "10^7 u64",
    },
    Row {
        workload: "par_bridge",
        input: "20000 items",
    },
    Row {
        workload: "chunks",
        input: "10^7 u64",
    },
    Row {
        workload: "zip",
        input: "10^7 u64",
    },
    Row {
        workload: "fold + reduce",
        input: "10^7 u64",
    },
    Row {
        workload: "par_sort",
        input: "random 10^7 u32",
    },
    Row {
        workload: "par_sort_unstable",
        input: "random 10^7 u32",
    },
    Row {
        workload: "par_sort",
        input: "sorted 10^7 u32",
    },
    Row {
        workload: "par_sort_unstable",
        input: "sorted 10^7 u32",
    },
    Row {
        workload: "par_sort",
        input: "reversed 10^7 u32",
    },
    Row {
        workload: "par_sort_unstable",
        input: "reversed 10^7 u32",
    },
    Row {
        workload: "par_sort",
        input: "16 distinct 10^7 u32",
    },
    Row {
        workload: "par_sort_unstable",
        input: "16 distinct 10^7 u32",
    },
    Row {
        workload: "par_sort",
        input: "all equal 10^7 u32",
    },
    Row {
        workload: "par_sort_unstable",
        input: "all equal 10^7 u32",
    },
    Row {
        workload: "par_sort",
        input: "10^6 short strings",
    },
    Row {
        workload: "par_sort_unstable",
        input: "10^6 short strings",
    },
];

/// The options of a run.
struct Options {
    threads: usize,
    rounds: usize,
    scale: f64,
    only: Option<String>,
    /// `--rss ROW LIB`: be the measuring child of [`child_peak_rss`].
    rss: Option<(usize, Option<String>)>,
}

const USAGE: &str = "cargo bench --bench table -- [--threads N] [--rounds R] [--scale S] \
                     [--only SUBSTRING]";

fn options() -> Options {
    let mut o = Options {
        threads: 2,
        rounds: 9,
        scale: 1.0,
        only: None,
        rss: None,
    };
    cli::parse(USAGE, |opt, p| {
        match opt {
            Opt::Long(n) if n == "threads" => o.threads = number(p.value()?)?,
            Opt::Long(n) if n == "rounds" => o.rounds = number(p.value()?)?,
            Opt::Long(n) if n == "scale" => o.scale = number(p.value()?)?,
            Opt::Long(n) if n == "only" => o.only = Some(cli::text(p)?),
            Opt::Long(n) if n == "rss" => o.rss = Some((number(p.value()?)?, None)),
            Opt::Value(lib) if matches!(o.rss, Some((_, None))) => {
                let lib = lib.into_string().map_err(cli::Error::NonUnicodeValue)?;
                o.rss = o.rss.take().map(|(row, _)| (row, Some(lib)));
            }
            other => return Err(other.unexpected()),
        }
        Ok(())
    });
    o
}

/// `10^k` in a row's input description, times the scale.
fn length(input: &str, scale: f64) -> usize {
    let mut words = input.split(' ');
    let word = words
        .clone()
        .find(|w| w.starts_with("10^"))
        .or_else(|| words.find(|w| w.parse::<u64>().is_ok()))
        .expect("a length in the input's name");
    let base = match word.strip_prefix("10^") {
        Some(exp) => 10f64.powi(exp.parse().expect("10^k")),
        None => word.parse::<f64>().expect("a count"),
    };
    (base * scale).round().max(2.0) as usize
}

fn make_input(row: &Row, scale: f64) -> Input {
    let n = length(row.input, scale);
    let shape = row.input.split(' ').next().unwrap_or("");
    if row.input.ends_with("u64") {
        Input::U64((0..n as u64).collect())
    } else if row.input.ends_with("u32") {
        Input::U32(match shape {
            "random" => u32_input(Shape::Random, n),
            "sorted" => u32_input(Shape::Sorted, n),
            "reversed" => u32_input(Shape::Reversed, n),
            "16" => u32_input(Shape::FewDistinct, n),
            "all" => vec![7; n],
            _ => panic!("unknown shape in {}", row.input),
        })
    } else if row.input.ends_with("strings") {
        Input::Strings(short_strings(n))
    } else if row.input.ends_with("items") {
        Input::Items(n as u64)
    } else {
        panic!("unknown input {}", row.input)
    }
}

/// About 200 ns of CPU work on item `i`, for `par_bridge`'s items.
fn spin(i: u64) -> u64 {
    i ^ work(iters_for(Duration::from_nanos(200)))
}

/// A checksum of a vector that depends on its order and length.
fn check_vec<T: Copy + Into<u64>>(v: &[T]) -> u64 {
    let sample = |i: usize| v.get(i).map_or(0, |&x| x.into());
    (v.len() as u64)
        .wrapping_mul(0x9e37_79b9)
        .wrapping_add(sample(0) ^ sample(v.len() / 3).rotate_left(7))
        .wrapping_add(sample(v.len().wrapping_sub(1)).rotate_left(17))
}

/// What a sort workload returns: its result is the sorted slice, checked once the clock
/// stops (`round`), so that a sort row times the sort alone and not a sequential pass over
/// its output.
const SORTED: u64 = 0;

/// Sorts `v` with std's sort, stable or not.
fn sort_seq<T: Ord>(v: &mut [T], stable: bool) -> u64 {
    if stable {
        v.sort();
    } else {
        v.sort_unstable();
    }
    SORTED
}

/// Panics unless the sorted `input` is in order; a checksum of it otherwise.
fn check_sorted(input: &Input) -> u64 {
    fn check<T: Ord + std::hash::Hash>(v: &[T]) -> u64 {
        use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
        assert!(v.windows(2).all(|w| w[0] <= w[1]), "not sorted");
        let h = BuildHasherDefault::<DefaultHasher>::default();
        v.len() as u64 ^ h.hash_one(&v[v.len() / 2]) ^ h.hash_one(&v[v.len() - 1])
    }
    match input {
        Input::U32(v) => check(v),
        Input::Strings(v) => check(v),
        Input::U64(_) | Input::Items(_) => panic!("a sort row sorts u32 or strings"),
    }
}

/// Candidates of a row, in the order rounds alternate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Lib {
    Seq,
    Rayon,
    Weft,
}

impl Lib {
    const ALL: [Lib; 3] = [Lib::Seq, Lib::Rayon, Lib::Weft];

    fn name(self) -> &'static str {
        match self {
            Lib::Seq => "seq",
            Lib::Rayon => "rayon",
            Lib::Weft => "weft",
        }
    }
}

/// Runs `row` once with `lib`: the checksum and the time it took. A sort gets a fresh copy of
/// the input, made before the clock starts, and its result is checked after the clock stops;
/// the other workloads only read `input`, and their checksum is part of the work.
fn round(pools: &Pools, lib: Lib, row: &Row, input: &mut Input) -> (u64, Sample) {
    if !row.workload.starts_with("par_sort") {
        return measure(|| run(pools, lib, row.workload, input));
    }
    let mut copy = input.clone();
    let (sorted, sample) = measure(|| run(pools, lib, row.workload, &mut copy));
    assert_eq!(sorted, SORTED, "{} is a sort row", row.workload);
    (check_sorted(&copy), sample)
}

/// Runs `row` once with `lib` on `input`.
fn run(pools: &Pools, lib: Lib, workload: &str, input: &mut Input) -> u64 {
    match lib {
        Lib::Seq => run_seq(workload, input),
        Lib::Rayon => rayon_w::run(&pools.rayon, workload, input),
        Lib::Weft => weft_w::run(&pools.weft, workload, input),
    }
}

/// The medians of alternating rounds of every candidate on `row`, in [`Lib::ALL`]'s order.
fn race(pools: &Pools, row: &Row, input: &mut Input, min_rounds: usize) -> Vec<Runs> {
    // One round each first: the reference result, and how long a round takes.
    let reference = round(pools, Lib::Seq, row, input).0;
    let check = |lib: Lib, sum: u64| {
        assert_eq!(
            sum,
            reference,
            "{} gave another result on {}",
            lib.name(),
            row.name()
        );
    };
    let slowest = Lib::ALL
        .iter()
        .map(|&lib| {
            let (sum, sample) = round(pools, lib, row, input);
            check(lib, sum);
            sample.wall
        })
        .max()
        .unwrap_or_default();
    // Short rows get more rounds: about 0.3 s of each candidate, at most 41 rounds.
    let wanted = (0.3 / slowest.as_secs_f64().max(1e-6)) as usize;
    let rounds = wanted.clamp(min_rounds, 41.max(min_rounds));
    let input = std::cell::RefCell::new(input);
    let variant = |lib: Lib| {
        let input = &input;
        move || {
            let (sum, sample) = round(pools, lib, row, &mut input.borrow_mut());
            check(lib, sum);
            sample
        }
    };
    let (mut seq, mut rayon, mut weft) =
        (variant(Lib::Seq), variant(Lib::Rayon), variant(Lib::Weft));
    alternate(&row.name(), rounds, &mut [&mut seq, &mut rayon, &mut weft])
}

/// The 1-minute load average, for the table's header and footer.
fn load() -> String {
    weft_bench::cli::load_average().map_or_else(|| "unknown".into(), |l| format!("{l:.2}"))
}

/// The peak resident set of a child process that runs `row` once with `lib` (or, for `None`,
/// only builds the input and the pools), in MiB.
///
/// The child reports its own `VmHWM` (the high-water mark of its address space, which starts
/// afresh at `exec`); `getrusage`'s `ru_maxrss` of a child would not do, as Linux carries the
/// parent's peak over into a child spawned with a shared address space.
fn child_peak_rss(row: usize, lib: Option<Lib>, opts: &Options) -> f64 {
    let exe = std::env::current_exe().expect("this binary's path");
    let lib = lib.map_or("input", Lib::name);
    let out = std::process::Command::new(exe)
        .args(["--rss", &row.to_string(), lib])
        .args(["--threads", &opts.threads.to_string()])
        .args(["--scale", &opts.scale.to_string()])
        .output()
        .expect("run the measuring child");
    assert!(
        out.status.success(),
        "the measuring child for row {row} ({lib}) failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let kib: f64 = String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .expect("the child prints its peak in KiB");
    kib / 1024.0
}

/// The child of [`child_peak_rss`]: runs one row once, or only builds its input, and prints its
/// peak resident set in KiB.
fn rss_child(row: usize, lib: &str, opts: &Options) {
    let pools = Pools::new(opts.threads);
    let row = &ROWS[row];
    let mut input = make_input(row, opts.scale);
    let lib = match lib {
        "input" => None,
        "seq" => Some(Lib::Seq),
        "rayon" => Some(Lib::Rayon),
        "weft" => Some(Lib::Weft),
        other => panic!("unknown library {other}"),
    };
    if let Some(lib) = lib {
        // The sorts sort the input in place here: the copy a timed round makes is not needed.
        black_box(run(&pools, lib, row.workload, &mut input));
    }
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let hwm = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .expect("VmHWM in /proc/self/status");
    println!("{}", hwm.trim().trim_end_matches("kB").trim());
}

fn main() {
    let opts = options();
    if let Some((row, lib)) = &opts.rss {
        rss_child(*row, lib.as_deref().expect("--rss ROW LIB"), &opts);
        return;
    }
    let pools = Pools::new(opts.threads);
    let started = Instant::now();
    println!(
        "{}; {} threads, scale {}, medians of at least {} alternating rounds (seq, rayon, weft); \
         load average at the start: {}",
        weft_bench::machine(),
        opts.threads,
        opts.scale,
        opts.rounds,
        load()
    );
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let command = format!("cargo bench --bench table -- {}", args.join(" "));
    let mut file = ResultFile::new(
        &format!("table-t{}", opts.threads),
        command.trim_end_matches(" -- "),
    );
    file.title(
        "wide",
        "The wide table: every iterator and sort row (seq peak MiB: the input and the pools \
         alone)",
    );
    for (i, row) in ROWS.iter().enumerate() {
        if opts
            .only
            .as_ref()
            .is_some_and(|o| !row.name().contains(o.as_str()))
        {
            continue;
        }
        let mut input = make_input(row, opts.scale);
        let runs = race(&pools, row, &mut input, opts.rounds);
        drop(input);
        let peaks =
            [None, Some(Lib::Rayon), Some(Lib::Weft)].map(|lib| child_peak_rss(i, lib, &opts));
        let name = format!("{} ({})", row.workload, row.input_at(opts.scale));
        for ((lib, r), peak) in Lib::ALL.iter().zip(&runs).zip(peaks) {
            let mut rec = Record::new("wide", &name, lib.name(), opts.threads, r);
            rec.peak_mib = Some(peak);
            file.records.push(rec);
        }
    }
    weft_bench::progress::progress_done();
    weft_bench::report::print(&file);
    println!(
        "{:.0} s in all; load average at the end: {}",
        started.elapsed().as_secs_f64(),
        load()
    );
    file.write_and_say();
}

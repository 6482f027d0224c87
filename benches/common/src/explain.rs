//! One line per result saying why it looks the way it does on this machine, computed from the
//! figures: which resource sets the pace (the CPUs, memory, forks), and what the ratios come
//! from.
//!
//! Each verdict is chosen by the figures themselves, so the same code says "memory-bound" on a
//! machine whose memory bandwidth one core already uses up and "scales" on one where it does
//! not.

use crate::experiments::{Compare, Kind};
use crate::report::dur;
use crate::Sample;
use std::time::Duration;

/// A speed-up at or above this share of the cores counts as scaling.
const SCALES: f64 = 0.75;

/// Why `c` looks the way it does, on a machine of `cpus` logical CPUs.
pub fn why(c: &Compare, cpus: usize) -> String {
    let cores = c.threads.min(cpus).max(1);
    match (c.kind, c.seq) {
        (Kind::Forks { forks }, Some(seq)) => forks_line(c, seq, forks, cores),
        (Kind::Stream { bytes }, Some(seq)) => stream_line(c, seq, bytes, cores),
        (Kind::Sort { bytes }, Some(seq)) => sort_line(c, seq, bytes, cores),
        (Kind::Idle, _) => idle_line(c),
        (Kind::Narrow { dispatches }, _) => narrow_line(c, dispatches, cpus),
        (Kind::Blocking { ideal }, _) => blocking_line(c, ideal),
        (_, None) => format!("{}: no sequential run to compare with", c.name),
    }
}

/// `a / b`, or 0 where `b` is zero.
fn over(a: Duration, b: Duration) -> f64 {
    if b.is_zero() {
        0.0
    } else {
        a.as_secs_f64() / b.as_secs_f64()
    }
}

/// A ratio as "2.00x", with a third digit below 0.1 so that a small one is not "0.00x".
fn times(x: f64) -> String {
    if x >= 0.1 {
        format!("{x:.2}x")
    } else {
        format!("{x:.3}x")
    }
}

/// A size in MB, or in kB below one MB.
fn size(bytes: u64) -> String {
    if bytes >= 1_000_000 {
        format!("{:.0} MB", bytes as f64 / 1e6)
    } else {
        format!("{:.0} kB", bytes as f64 / 1e3)
    }
}

/// `d / n`.
fn per(d: Duration, n: u64) -> Duration {
    Duration::from_secs_f64(d.as_secs_f64() / n.max(1) as f64)
}

/// Gigabytes a second.
fn gb_per_s(bytes: u64, wall: Duration) -> f64 {
    if wall.is_zero() {
        0.0
    } else {
        bytes as f64 / wall.as_secs_f64() / 1e9
    }
}

fn forks_line(c: &Compare, seq: Sample, forks: u64, cores: usize) -> String {
    let work = per(seq.wall, forks);
    let extra = |s: Sample| per(s.cpu.saturating_sub(seq.cpu), forks);
    let chili = c
        .chili
        .map_or_else(String::new, |s| format!(", chili {}", dur(extra(s))));
    let speedup = over(seq.wall, c.weft.wall);
    let x = times(speedup);
    let verdict = if cores == 1 {
        format!("on one core the joins can only cost: weft runs {x} sequential")
    } else if speedup >= SCALES * cores as f64 {
        format!("cheap next to the work, so weft runs {x} sequential on {cores} cores")
    } else if extra(c.weft) >= work {
        format!(
            "a join costs weft more than the work under it, so it runs only {x} sequential \
             on {cores} cores"
        )
    } else {
        format!("weft runs {x} sequential on {cores} cores; the joins eat the rest")
    };
    format!(
        "{}: {forks} joins over {} of work each; extra CPU per join: weft {}, rayon {}{chili}; \
         {verdict}",
        c.name,
        dur(work),
        dur(extra(c.weft)),
        dur(extra(c.rayon)),
    )
}

/// How a parallel run's wall time compares with the sequential one's.
enum Scaling {
    /// One core: nothing to scale.
    OneCore,
    /// At least [`SCALES`] of linear.
    Scales(f64),
    /// Below that, with cores idle: on average this many were busy.
    Idle(f64),
    /// Below that, with every core busy: something all cores share sets the pace.
    Bound(f64),
}

/// How `par` scales over `seq` on `cores` cores.
fn scaling(seq: Sample, par: Sample, cores: usize) -> Scaling {
    let speedup = over(seq.wall, par.wall);
    let busy = over(par.cpu, par.wall);
    let enough = SCALES * cores as f64;
    if cores == 1 {
        Scaling::OneCore
    } else if speedup >= enough {
        Scaling::Scales(speedup)
    } else if busy < enough {
        Scaling::Idle(busy)
    } else {
        Scaling::Bound(speedup)
    }
}

fn stream_line(c: &Compare, seq: Sample, bytes: u64, cores: usize) -> String {
    let (one, all) = (gb_per_s(bytes, seq.wall), gb_per_s(bytes, c.weft.wall));
    let verdict = match scaling(seq, c.weft, cores) {
        Scaling::OneCore => "on one core there is nothing to scale".to_string(),
        Scaling::Scales(x) => {
            format!(
                "{} sequential on {cores} cores: the cores, not memory, set the pace",
                times(x)
            )
        }
        Scaling::Idle(busy) => format!(
            "weft kept {busy:.1} of {cores} cores busy on average: {} of sequential work is \
             over before the other threads add much",
            dur(seq.wall)
        ),
        Scaling::Bound(x) => format!(
            "memory-bound: all {cores} cores busy, yet {} sequential; the memory bandwidth, \
             not the cores, sets the pace here",
            times(x)
        ),
    };
    format!(
        "{}: one pass over {}, {one:.1} GB/s on one core, {all:.1} GB/s with weft; {verdict}",
        c.name,
        size(bytes)
    )
}

fn sort_line(c: &Compare, seq: Sample, bytes: u64, cores: usize) -> String {
    let verdict = match scaling(seq, c.weft, cores) {
        Scaling::OneCore => "on one core a parallel sort can only match the sequential one".into(),
        Scaling::Scales(_) => {
            format!("close to {cores}x: the comparisons, not memory, set the pace")
        }
        Scaling::Idle(busy) => format!(
            "weft kept {busy:.1} of {cores} cores busy on average: parts of the sort ran on \
             fewer threads"
        ),
        Scaling::Bound(_) => format!(
            "all {cores} cores busy, yet below {cores}x: each pass over the {} shares one \
             memory bus",
            size(bytes)
        ),
    };
    format!(
        "{}: {} sequential, {} rayon's speed; {verdict}",
        c.name,
        times(over(seq.wall, c.weft.wall)),
        times(over(c.rayon.wall, c.weft.wall))
    )
}

fn idle_line(c: &Compare) -> String {
    let pct = |s: Sample| 100.0 * over(s.cpu, s.wall);
    let verdict = if c.rayon.cpu > 2 * c.weft.cpu + Duration::from_millis(1) {
        "rayon's idle workers keep searching and yielding before they sleep; weft's park \
         after a few microseconds"
    } else if pct(c.weft) < 1.0 && pct(c.rayon) < 1.0 {
        "both pools' idle threads sleep"
    } else {
        "neither pool is quiet when idle"
    };
    format!(
        "{}: over {} idle, weft's threads used {} of CPU ({:.2}% of a core), rayon's {} \
         ({:.2}%): {verdict}",
        c.name,
        dur(c.weft.wall),
        dur(c.weft.cpu),
        pct(c.weft),
        dur(c.rayon.cpu),
        pct(c.rayon)
    )
}

fn narrow_line(c: &Compare, dispatches: u64, cpus: usize) -> String {
    let (w, r) = (per(c.weft.cpu, dispatches), per(c.rayon.cpu, dispatches));
    let setting = if c.threads > cpus {
        format!(
            "{} threads on {cpus} CPUs, so a thread woken for nothing takes a CPU from one \
             with work",
            c.threads
        )
    } else {
        format!("{} threads on {cpus} CPUs", c.threads)
    };
    let verdict = if w < r {
        format!(
            "weft, which wakes at most one helper per dispatch, used {:.1}x less CPU",
            over(r, w)
        )
    } else {
        "weft used no less CPU than rayon here".to_string()
    };
    format!(
        "{}: {setting}; CPU per dispatch weft {}, rayon {}: {verdict}",
        c.name,
        dur(w),
        dur(r)
    )
}

fn blocking_line(c: &Compare, ideal: Duration) -> String {
    let verdict = if over(c.rayon.wall, c.weft.wall) > 1.3 {
        "rayon's workers sit in sleep() while CPU tasks queue; weft::blocking lends a blocked \
         worker's core to a spare thread"
    } else {
        "here the blocking calls cost rayon little"
    };
    format!(
        "{}: ideal {}; weft {} of it, rayon {}: {verdict}",
        c.name,
        dur(ideal),
        times(over(c.weft.wall, ideal)),
        times(over(c.rayon.wall, ideal))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn sample(wall: u64, cpu: u64) -> Sample {
        Sample {
            wall: ms(wall),
            cpu: ms(cpu),
        }
    }

    fn row(
        kind: Kind,
        threads: usize,
        seq: Option<Sample>,
        rayon: Sample,
        weft: Sample,
    ) -> Compare {
        Compare {
            name: "row".to_string(),
            kind,
            threads,
            seq,
            rayon,
            weft,
            chili: None,
        }
    }

    #[test]
    fn a_stream_that_does_not_speed_up_reads_as_memory_bound() {
        let stream = Kind::Stream { bytes: 80_000_000 };
        let seq = Some(sample(10, 10));
        // Both cores busy the whole time, and barely faster than one.
        let flat = row(stream, 2, seq, sample(9, 18), sample(9, 18));
        assert!(why(&flat, 2).contains("memory-bound"), "{}", why(&flat, 2));
        let scaling = row(stream, 2, seq, sample(5, 10), sample(5, 10));
        assert!(why(&scaling, 2).contains("the cores, not memory"));
        // Not faster, but one core idle: too short a run, not memory.
        let short = row(stream, 2, seq, sample(9, 10), sample(9, 10));
        let line = why(&short, 2);
        assert!(line.contains("kept 1.1 of 2 cores busy"), "{line}");
        assert!(!line.contains("memory-bound"), "{line}");
        // On one CPU, nothing scales and nothing is called memory-bound.
        assert!(why(&flat, 1).contains("nothing to scale"));
    }

    #[test]
    fn forks_dearer_than_their_work_are_said_to_be() {
        let forks = Kind::Forks { forks: 1_000 };
        // 1 us of work per join; weft spends 3 us of CPU beyond it per join.
        let dear = row(forks, 2, Some(sample(1, 1)), sample(3, 6), sample(2, 4));
        let line = why(&dear, 2);
        assert!(line.contains("costs weft more than the work"), "{line}");
        assert!(line.contains("extra CPU per join: weft 3.0 us"), "{line}");
        let cheap = row(
            forks,
            2,
            Some(sample(100, 100)),
            sample(60, 120),
            sample(51, 102),
        );
        assert!(why(&cheap, 2).contains("cheap next to the work"));
    }

    #[test]
    fn an_idle_pool_that_burns_is_told_apart_from_one_that_sleeps() {
        let burning = row(Kind::Idle, 2, None, sample(1000, 50), sample(1000, 1));
        assert!(why(&burning, 2).contains("keep searching"));
        let quiet = row(Kind::Idle, 2, None, sample(1000, 2), sample(1000, 1));
        assert!(why(&quiet, 2).contains("sleep"));
    }

    #[test]
    fn oversubscription_and_blocking_are_named_from_the_figures() {
        let narrow = row(
            Kind::Narrow { dispatches: 1000 },
            8,
            Some(sample(1, 1)),
            sample(100, 200),
            sample(50, 50),
        );
        let line = why(&narrow, 2);
        assert!(line.contains("8 threads on 2 CPUs, so"), "{line}");
        assert!(line.contains("4.0x less CPU"), "{line}");
        let mix = row(
            Kind::Blocking { ideal: ms(100) },
            2,
            None,
            sample(400, 100),
            sample(110, 100),
        );
        assert!(why(&mix, 2).contains("weft 1.10x of it, rayon 4.00x"));
    }
}

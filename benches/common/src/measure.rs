//! Timing: wall and CPU time of one run, medians, and a calibrated unit of CPU work.

use std::hint::black_box;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// User + system CPU time of the whole process (every thread) so far.
pub fn cpu_time() -> Duration {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: `usage` points to writable memory of the right size and type; RUSAGE_SELF is a
    // valid `who`; getrusage writes the whole struct on success, which we check before reading.
    let usage = unsafe {
        let rc = libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr());
        assert_eq!(rc, 0, "getrusage failed");
        usage.assume_init()
    };
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1_000);
    tv(usage.ru_utime) + tv(usage.ru_stime)
}

/// CPU time so far of every thread of the process except the caller, each read from the
/// thread's own CPU-time clock.
///
/// For a window that starts while pool threads may still run (the idle burn after a burst):
/// the kernel books a running thread's time at its ticks and switches, and [`cpu_time`] sums
/// only the booked time, so a thread still running when the window opens books up to a tick
/// of earlier work (4 ms at 250 Hz) inside it. A thread's own clock adds the time not yet
/// booked. The caller, which only waits out the window, is left out, and with it the cost of
/// this reading. Elsewhere than Linux, [`cpu_time`].
pub fn others_cpu_time() -> Duration {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: gettid has no preconditions.
        let me = unsafe { libc::gettid() };
        let tasks = std::fs::read_dir("/proc/self/task").expect("/proc/self/task");
        let mut sum = Duration::ZERO;
        for tid in tasks.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<i32>().ok()) {
            if tid == me {
                continue;
            }
            // The kernel's clock id of a thread's CPU time (CPUCLOCK_SCHED | PERTHREAD).
            let clock = ((!tid) << 3) | 6;
            let mut ts = libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            // SAFETY: `ts` is a valid, writable timespec; a thread that exited meanwhile
            // makes the call fail, and is skipped.
            if unsafe { libc::clock_gettime(clock, &mut ts) } == 0 {
                sum += Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32);
            }
        }
        sum
    }
    #[cfg(not(target_os = "linux"))]
    cpu_time()
}

/// Wall and CPU (user + sys, all threads) time of one run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sample {
    /// Elapsed wall-clock time.
    pub wall: Duration,
    /// Process CPU time used, user + sys.
    pub cpu: Duration,
}

/// How long after a run its CPU is still counted: a pool that spins or yields after the work
/// returned pays for it.
pub const SETTLE: Duration = Duration::from_millis(20);

/// Runs `f` once; wall time until it returns, CPU time until [`SETTLE`] after that.
pub fn measure<R>(f: impl FnOnce() -> R) -> (R, Sample) {
    let (c0, t0) = (cpu_time(), Instant::now());
    let r = black_box(f());
    let wall = t0.elapsed();
    std::thread::sleep(SETTLE);
    let cpu = cpu_time().saturating_sub(c0);
    (r, Sample { wall, cpu })
}

/// Every round of one variant, in round order: the median is the figure, the rounds give its
/// spread.
#[derive(Clone, Debug, Default)]
pub struct Runs(pub Vec<Sample>);

impl Runs {
    /// A single figure with no rounds behind it (an ideal, a computed bound).
    pub fn one(sample: Sample) -> Runs {
        Runs(vec![sample])
    }

    /// The median of each field.
    pub fn median(&self) -> Sample {
        median(&self.0)
    }

    /// The median wall time.
    pub fn wall(&self) -> Duration {
        self.median().wall
    }

    /// The median CPU time.
    pub fn cpu(&self) -> Duration {
        self.median().cpu
    }

    /// Every round divided by `n` (a figure per call from rounds of `n` calls).
    pub fn per(&self, n: u32) -> Runs {
        Runs(
            self.0
                .iter()
                .map(|s| Sample {
                    wall: s.wall / n,
                    cpu: s.cpu / n,
                })
                .collect(),
        )
    }
}

/// The median of each field (independently).
pub fn median(samples: &[Sample]) -> Sample {
    assert!(!samples.is_empty(), "median of no samples");
    let mid = |mut v: Vec<Duration>| {
        v.sort();
        v[v.len() / 2]
    };
    Sample {
        wall: mid(samples.iter().map(|s| s.wall).collect()),
        cpu: mid(samples.iter().map(|s| s.cpu).collect()),
    }
}

/// A calibrated amount of CPU work, independent of the wall clock (a preempted thread does
/// not finish early, as an `Instant` spin would).
pub fn work(iters: u64) -> u64 {
    let mut x = black_box(0x9e37_79b9_7f4a_7c15_u64);
    for _ in 0..iters {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
    }
    black_box(x)
}

/// Iterations of [`work`] per microsecond on this machine (best of several tries, measured
/// once per process).
pub fn iters_per_us() -> f64 {
    static CAL: OnceLock<f64> = OnceLock::new();
    *CAL.get_or_init(|| {
        let n = 2_000_000;
        let best = (0..7)
            .map(|_| {
                let t = Instant::now();
                work(n);
                t.elapsed()
            })
            .min()
            .unwrap();
        n as f64 / (best.as_secs_f64() * 1e6)
    })
}

/// Iterations of [`work`] that take about `d` of one core.
pub fn iters_for(d: Duration) -> u64 {
    ((d.as_secs_f64() * 1e6 * iters_per_us()) as u64).max(1)
}

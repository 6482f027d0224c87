//! See the schedule: what every thread did while a closure ran, as a timeline and a figure.
//!
//! [`record`] runs a closure and returns, beside its result, a [`Trace`]: a slice for each job
//! every pool thread ran (and for each wait, nested where it happened), moments for steals,
//! wake-ups, parks, promotions, seat hand-offs and spare threads, the closure itself on the
//! calling thread, and the pieces users name with [`label`]. [`Trace::average_parallelism`]
//! says how many threads ran work on average, [`Trace::summary`] adds the counts, and
//! [`Trace::write_chrome_json`] writes the timeline for Perfetto or `chrome://tracing`.
//!
//! # Protocol
//!
//! * **Switch.** One global word holds the generation of the session that records, or 0. Every
//!   hook (a job run, a wait, a steal, a park, ...) loads it Relaxed and, when it is 0,
//!   does nothing more: off, a hook costs one load and a predictable branch, and the
//!   recording path is a separate, cold function, which reaches the logs through a pointer the
//!   first `record` sets (so a program that never records does not link them). `join`'s fast
//!   path, a fork taken back and run inline, has no hook at all.
//! * **Buffers.** Each thread writes its own log (`log.rs`), registered once under a lock at
//!   its first event; after that an event is a clock read and a few plain stores, with no lock
//!   and no read-modify-write. A log keeps at most [`CAP`] events per session, allocated a
//!   chunk at a time as it fills; past the cap it counts what it drops
//!   ([`Trace::dropped_events`]).
//! * **Sessions.** `record` starts a session (a new generation) when none is in progress, or
//!   joins the one that is: two `record`s at once share one session, and each collects the
//!   events inside its own time span. A log written under an older generation is emptied by
//!   its thread at its next event. The last recorder to finish switches recording off, also
//!   when its closure panics (the session is ended on unwinding, and the panic goes on).
//! * **Collection.** When the closure returns, `record` copies every log of its session that
//!   the threads have published so far, and builds each thread's track from its copy. A
//!   job's slice begins as a worker takes it up and is ended by the job itself just before
//!   it publishes its result (`sync/job.rs`), so a recorder that waited for that result sees
//!   the end. A slice still open is cut at the end of the call, and one that began before
//!   the call at its start.
//! * **What counts as work.** Time inside a job, a label or the recorded closure, minus the
//!   waits nested in it (a wait's time counts again where it runs another job), by the wall
//!   clock: a thread in a job counts as busy while the OS runs another thread on its CPU.
//! * **Time.** One monotonic clock (`Instant`); timestamps are nanoseconds since the first
//!   recording, reported relative to the call's start.
//!
//! Threads are named as their pool named them (`ThreadPoolBuilder::thread_name`); an unnamed
//! worker is "pool P worker I", and other threads keep their own names. Work the closure
//! reaches in other pools lands on those pools' threads' tracks.

mod log;
#[cfg(not(weft_loom))]
mod timeline;

#[cfg(not(weft_loom))]
pub use timeline::{Summary, Trace};

pub(crate) use log::{Mark, Span};

use log::What;

/// Events one thread keeps per recording: 65,536 (32 bytes each, so at most 2 MiB per
/// thread). Later events of that thread are dropped and counted.
///
/// # Examples
///
/// ```
/// assert!(weft_core::trace::CAP >= 1 << 16);
/// ```
pub const CAP: usize = log::CAP;

/// Runs `f` and records what every thread did meanwhile: the calling thread, every pool
/// thread, and threads of other pools that `f` reaches.
///
/// Recording is always compiled in and costs nothing when off (see the [module
/// docs](self)). A trace shows every thread of the process that ran pool work meanwhile, so
/// calls of `record` on several threads at once each get a trace of their own span, with the
/// others' work in it. A panic in `f` propagates, and recording stops as if `f` had
/// returned.
///
/// # Examples
///
/// ```
/// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// let (sum, trace) = weft_core::trace::record(|| {
///     pool.install(|| {
///         let (a, b) = weft_core::join(|| (0..1000u64).sum::<u64>(), || 5);
///         a + b
///     })
/// });
/// assert_eq!(sum, 499_505);
/// assert!(trace.average_parallelism() > 0.0);
/// println!("{}", trace.summary());
/// ```
#[cfg(not(weft_loom))]
pub fn record<R>(f: impl FnOnce() -> R) -> (R, Trace) {
    let session = log::Session::start();
    let cpu = crate::os::cpu_time::process();
    let start = crate::os::clock::now();
    let result = label_span(Span::Root, f);
    let end = crate::os::clock::now();
    let cpu = cpu.and_then(|before| Some(crate::os::cpu_time::process()? - before));
    let trace = Trace::build(&session, start, end, cpu, crate::current_num_threads());
    drop(session);
    (result, trace)
}

/// Runs `f`, and while a [`record`] is in progress shows it as a slice named `name` on this
/// thread's track. Costs one load and a branch when nothing records.
///
/// # Examples
///
/// ```
/// let (n, trace) = weft_core::trace::record(|| {
///     weft_core::trace::label("parse", || "42".parse::<u32>().unwrap())
/// });
/// assert_eq!(n, 42);
/// let mut json = Vec::new();
/// trace.write_chrome_json(&mut json).unwrap();
/// assert!(String::from_utf8(json).unwrap().contains("\"parse\""));
/// ```
pub fn label<R>(name: &'static str, f: impl FnOnce() -> R) -> R {
    label_span(Span::Label(name), f)
}

/// Runs `f` inside a slice `span` (ended also when `f` unwinds).
fn label_span<R>(span: Span, f: impl FnOnce() -> R) -> R {
    struct End(Span);
    impl Drop for End {
        fn drop(&mut self) {
            end(self.0);
        }
    }
    begin(span);
    let _end = End(span);
    f()
}

/// Hook: a slice `span` begins on this thread.
#[inline(always)]
pub(crate) fn begin(span: Span) {
    if log::on() {
        log::push(What::Begin(span));
    }
}

/// Hook: the innermost slice, `span`, ends on this thread.
#[inline(always)]
pub(crate) fn end(span: Span) {
    if log::on() {
        log::push(What::End(span));
    }
}

/// Hook: this thread waits, idle unless `wait` runs jobs.
#[inline(always)]
pub(crate) fn waiting<R>(wait: impl FnOnce() -> R) -> R {
    begin(Span::Wait);
    let result = wait();
    end(Span::Wait);
    result
}

/// Hook: `mark` happens on this thread.
#[inline(always)]
pub(crate) fn mark(mark: Mark) {
    if log::on() {
        log::push(What::Mark(mark));
    }
}

/// Hook: this thread now serves `seat` of the pool whose registry is at `pool` (named after
/// it in traces).
pub(crate) fn enter_seat(pool: usize, seat: usize) {
    log::set_seat(pool, seat);
}

#[cfg(all(test, not(weft_loom)))]
mod tests;

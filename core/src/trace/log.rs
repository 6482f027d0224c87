//! Per-thread event logs and the recording sessions that switch them on and read them.
//!
//! Memory ordering: a log has one writer, its thread, and any number of readers, the
//! recorders collecting it. The writer fills a slot, then publishes it by storing `len` with
//! Release; a reader loads `len` with Acquire and reads only the slots below it. A slot is
//! written again only after a reset, which the writer makes on its first event of a newer
//! session; every reader of the older session had finished before that session could start
//! (both under [`SESSIONS`]), and the writer's Acquire load of [`ACTIVE`] on the way to the
//! reset orders those reads before its writes.

use crate::os::clock::now;
use std::cell::{Cell, UnsafeCell};
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};

/// Events in one chunk of a log; chunks are allocated as the log fills.
const CHUNK: usize = 1024;
/// Chunks per log: a thread keeps at most `CHUNKS * CHUNK` events of one session.
const CHUNKS: usize = 64;
/// Events one thread keeps per session (65,536, 32 bytes each: at most 2 MiB a thread);
/// past it, events are counted and dropped.
pub(crate) const CAP: usize = CHUNKS * CHUNK;

/// The generation of the session recording now, or 0 when none is: the flag every hook
/// reads (Relaxed) before doing anything.
static ACTIVE: AtomicU64 = AtomicU64::new(0);

/// The sessions' shared state; locked to start, end and collect a recording, and once per
/// thread to register its log, never to write an event.
static SESSIONS: Mutex<Sessions> = Mutex::new(Sessions {
    generation: 0,
    recorders: 0,
    logs: Vec::new(),
});

thread_local! {
    /// This thread's log, made at its first event.
    static LOG: Arc<ThreadLog> = register();
    /// The pool (its registry's address) and seat this thread serves, if it is a worker.
    static SEAT: Cell<Option<(usize, usize)>> = const { Cell::new(None) };
}

struct Sessions {
    /// The generation of the latest session (0 before the first).
    generation: u64,
    /// `record` calls in progress; they share one session.
    recorders: usize,
    /// Every log registered and not yet pruned.
    logs: Vec<Arc<ThreadLog>>,
}

fn sessions() -> MutexGuard<'static, Sessions> {
    // Nothing user-supplied runs under the lock; a poisoned lock still holds a valid state.
    SESSIONS.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A slice of time on one thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Span {
    /// The closure given to `record`, on the calling thread.
    Root,
    /// A job taken from a queue and run.
    Job,
    /// A wait for a latch (a stolen join half, a scope, a job injected elsewhere).
    Wait,
    /// A user's labelled piece of work.
    Label(&'static str),
}

impl Span {
    /// Whether time in this slice (outside its children) counts as running work.
    pub(crate) fn busy(self) -> bool {
        !matches!(self, Span::Wait)
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Span::Root => "record",
            Span::Job => "job",
            Span::Wait => "wait",
            Span::Label(name) => name,
        }
    }
}

/// A moment on one thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// This thread took a job from another thread's queue.
    Steal,
    /// This thread woke a sleeping worker for work.
    Wake,
    /// This thread parked, idle.
    Park,
    /// This thread published a private fork.
    Promote,
    /// A seat passed on while its worker blocked.
    Handoff,
    /// A spare thread started or was reused for `blocking`.
    Spare,
}

impl Mark {
    /// Every mark, in the order of their discriminants (a summary's counts index by them).
    pub(crate) const ALL: [Mark; 6] = [
        Mark::Steal,
        Mark::Wake,
        Mark::Park,
        Mark::Promote,
        Mark::Handoff,
        Mark::Spare,
    ];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Mark::Steal => "steal",
            Mark::Wake => "wake-up",
            Mark::Park => "park",
            Mark::Promote => "promotion",
            Mark::Handoff => "hand-off",
            Mark::Spare => "spare thread",
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum What {
    Begin(Span),
    End(Span),
    Mark(Mark),
}

/// One event: what happened, and when (nanoseconds on `os/clock.rs`'s clock).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Event {
    pub(crate) at: u64,
    pub(crate) what: What,
}

struct Slot(UnsafeCell<MaybeUninit<Event>>);

/// One thread's events of the current session.
pub(crate) struct ThreadLog {
    /// The generation of the session these events belong to.
    generation: AtomicU64,
    /// Slots filled; Release by the writer, Acquire by readers.
    len: AtomicUsize,
    /// Events past [`CAP`] this session.
    dropped: AtomicU64,
    chunks: [OnceLock<Vec<Slot>>; CHUNKS],
    /// The thread, for its name.
    pub(crate) thread: std::thread::Thread,
    /// The pool (its registry's address) and seat, for a worker.
    pub(crate) seat: Option<(usize, usize)>,
    /// Registration order: the thread's track number.
    pub(crate) serial: usize,
}

// SAFETY: the slots are written only by the owning thread, and read by others only below
// `len`, whose Release store follows the write (module docs).
unsafe impl Sync for ThreadLog {}

/// Whether a session records now: the hooks' one Relaxed load. A thread that learns of the
/// session late records a little less; every thread that runs work of the recorded closure
/// learned of it through the queue that carried the work (its push Release, its take
/// Acquire), which orders our store before the load.
#[inline(always)]
pub(crate) fn on() -> bool {
    ACTIVE.load(Ordering::Relaxed) != 0
}

/// How an event reaches this thread's log: [`append`], set by the first [`Session::start`].
/// Reached only through this pointer, the logs (their registration, chunks and drop) are not
/// linked into a program that never calls `record`.
static APPEND: OnceLock<fn(u64, Event)> = OnceLock::new();

/// Records `what` now on this thread (the hooks' cold path).
#[cold]
#[inline(never)]
pub(crate) fn push(what: What) {
    let at = now();
    // Acquire: pairs with the Release store in `Session::start`, so that a reset in `append`
    // comes after every read of the previous session (module docs), and `APPEND`, set before
    // that store, is set here.
    let generation = ACTIVE.load(Ordering::Acquire);
    if generation == 0 {
        return;
    }
    if let Some(append) = APPEND.get() {
        append(generation, Event { at, what });
    }
}

/// Appends `event` of session `generation` to this thread's log.
fn append(generation: u64, event: Event) {
    // At the thread's exit (the log already dropped) the event is lost.
    let _ = LOG.try_with(|log| log.push(generation, event));
}

/// This thread serves `seat` of the pool at `pool` (set once, as it enters the pool).
pub(crate) fn set_seat(pool: usize, seat: usize) {
    let _ = SEAT.try_with(|s| s.set(Some((pool, seat))));
}

fn register() -> Arc<ThreadLog> {
    let thread = std::thread::current();
    let seat = SEAT.try_with(Cell::get).ok().flatten();
    let mut s = sessions();
    let serial = match s.logs.last() {
        Some(last) => last.serial + 1,
        None => 0,
    };
    let log = Arc::new(ThreadLog {
        generation: AtomicU64::new(0),
        len: AtomicUsize::new(0),
        dropped: AtomicU64::new(0),
        chunks: [const { OnceLock::new() }; CHUNKS],
        thread,
        seat,
        serial,
    });
    s.logs.push(log.clone());
    log
}

impl ThreadLog {
    /// Appends an event of session `generation` (the owning thread only).
    fn push(&self, generation: u64, event: Event) {
        let mine = self.generation.load(Ordering::Relaxed);
        if generation < mine {
            // A stale look at the flag: the session it saw is over.
            return;
        }
        let mut len = self.len.load(Ordering::Relaxed);
        if generation > mine {
            self.len.store(0, Ordering::Relaxed);
            self.dropped.store(0, Ordering::Relaxed);
            // Release: pairs with the Acquire in `collect`, which then reads a `len` from
            // after the reset.
            self.generation.store(generation, Ordering::Release);
            len = 0;
        }
        if len == CAP {
            self.dropped
                .store(self.dropped.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
            return;
        }
        let chunk = self.chunks[len / CHUNK].get_or_init(|| {
            let mut slots = Vec::with_capacity(CHUNK);
            for _ in 0..CHUNK {
                slots.push(Slot(UnsafeCell::new(MaybeUninit::uninit())));
            }
            slots
        });
        // SAFETY: only this thread writes slots, and readers read only below `len` (module
        // docs), so nobody reads this one now.
        unsafe { (*chunk[len % CHUNK].0.get()).write(event) };
        // Release: pairs with the Acquire in `collect`: the slot is written before it counts.
        self.len.store(len + 1, Ordering::Release);
    }

    /// Copies the events of session `generation` into `events` (none if the log is of
    /// another), and returns how many it dropped.
    fn collect(&self, generation: u64, events: &mut Vec<Event>) -> u64 {
        events.clear();
        // Acquire: pairs with the Release in `push`'s reset.
        if self.generation.load(Ordering::Acquire) != generation {
            return 0;
        }
        // Acquire: pairs with the Release in `push`: every slot below `len` is written.
        let len = self.len.load(Ordering::Acquire);
        events.reserve(len);
        for i in 0..len {
            let chunk = self.chunks[i / CHUNK]
                .get()
                .expect("a counted slot's chunk");
            // SAFETY: slots below `len` are written, and stay as they are while this session
            // lasts (we are one of its recorders).
            events.push(unsafe { (*chunk[i % CHUNK].0.get()).assume_init() });
        }
        self.dropped.load(Ordering::Relaxed)
    }
}

/// One `record` call's part in the current session; ends it on drop (also on a panic).
pub(crate) struct Session {
    generation: u64,
}

impl Session {
    /// Joins the session in progress, or starts one.
    pub(crate) fn start() -> Session {
        now();
        APPEND.get_or_init(|| append);
        let mut s = sessions();
        if s.recorders == 0 {
            s.generation += 1;
            // Logs of threads that have exited (only our list holds them) go.
            s.logs.retain(|log| Arc::strong_count(log) > 1);
            // Release: pairs with the Acquire in `push`.
            ACTIVE.store(s.generation, Ordering::Release);
        }
        s.recorders += 1;
        Session {
            generation: s.generation,
        }
    }

    /// Hands `each` every log of this session that holds events or dropped some, with a
    /// copy of its events and the count it dropped. Runs under the sessions' lock, which of
    /// the hooks only a thread's first event (registering its log) waits for.
    pub(crate) fn collect(&self, each: &mut dyn FnMut(&ThreadLog, &[Event], u64)) {
        let s = sessions();
        let mut events = Vec::new();
        for log in &s.logs {
            let dropped = log.collect(self.generation, &mut events);
            if !events.is_empty() || dropped > 0 {
                each(log, &events, dropped);
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let mut s = sessions();
        s.recorders -= 1;
        if s.recorders == 0 {
            ACTIVE.store(0, Ordering::Relaxed);
        }
    }
}

/// Whether a session records now (for tests).
#[cfg(test)]
pub(crate) fn recording() -> bool {
    on()
}

//! A pool thread's whole life, in one place.
//!
//! 1. **Spawn.** Every thread that runs pool work is made through the pool's spawn handler
//!    ([`ThreadPoolBuilder::spawn_handler`](crate::ThreadPoolBuilder::spawn_handler), or
//!    `build_scoped`'s wrapper): at build, one per seat (`Start::Seat`); later, when a worker
//!    blocks in `blocking`, by the monitor as a spare for its seat (`Start::Spare`), which
//!    first waits in the cache until it is handed that seat (`blocking/cache.rs`). (A custom
//!    `spawn_handler` may borrow data that ends with `build`, so weft cannot call it later: its
//!    pools make spares with the default spawn, named and sized the same; see `api/builder.rs`.)
//! 2. **Start.** The thread becomes the worker of its seat (registered, and
//!    `current_thread_index()` is `Some(seat)`), then runs the start handler, once. A thread
//!    serves that one seat all its life, so every thread that runs the pool's work ran the
//!    start handler with the index it reports.
//! 3. **Serve.** It runs its top-level loop (`worker/wait.rs`) until the pool terminates or the
//!    thread is surplus for its seat and steps aside (`blocking/handoff.rs`).
//! 4. **Cache.** A thread that stepped aside leaves the pool (its leftover jobs go to the
//!    injector) and waits in the cache until its seat needs it again (back to 3), or for the
//!    keep-alive.
//! 5. **Exit.** It runs the exit handler while it still is the worker of its seat (only if
//!    it ran the start handler), and exits; the registry counts it out last.
//!
//! A panic in a start or exit handler is caught and goes to the panic handler (printed without
//! one); the thread goes on serving its seat. The thread that builds a pool with
//! `use_current_thread` is adopted instead (`adopt_current_thread`): it is worker 0 until the
//! pool is dropped, has no top-level loop, and never steps aside.

use crate::blocking::cache::Mailbox;
use crate::pool::registry::Registry;
use crate::pool::spawn::ThreadBuilder;
use crate::sync::unwind::AbortIfPanic;
use crate::worker::thread_state::WorkerThread;
use crate::worker::wait::Exit;
use std::cell::RefCell;
use std::io;
use std::sync::Arc;

/// What a new pool thread starts as.
#[derive(Debug)]
pub(crate) enum Start {
    /// The worker of this seat, from the start.
    Seat(usize),
    /// A spare: waits on this mailbox for a seat first.
    Spare(Arc<Mailbox>),
}

/// How a pool spawns spare threads after it was built.
pub(crate) type SpareSpawner = dyn FnMut(ThreadBuilder) -> io::Result<()> + Send;

/// The body of every pool thread (see the module docs).
pub(crate) fn main(registry: Arc<Registry>, start: Start) {
    // Only user code may panic, and every call of it is caught; a panic here is a bug in
    // weft that would leave the pool inconsistent.
    let abort = AbortIfPanic;
    let (seat, serves, mut mailbox) = match start {
        Start::Seat(index) => (index, true, None),
        Start::Spare(mailbox) => (
            mailbox.seat(),
            registry.cache.wait_for_seat(&mailbox, false),
            Some(mailbox),
        ),
    };
    if serves {
        let worker = WorkerThread::new(registry.clone(), seat, false);
        worker.enter();
        registry.call_start_handler(seat);
        serve(&worker, &mut mailbox);
        worker.with_current(|| registry.call_exit_handler(seat));
    }
    abort.disarm();
    registry.thread_exited();
}

/// Steps 3 and 4: serve, step aside, wait for the seat, serve it again. Returns with the worker
/// out of the pool, when the pool terminates or the keep-alive ran out.
fn serve(worker: &WorkerThread, mailbox: &mut Option<Arc<Mailbox>>) {
    let registry = worker.registry().clone();
    loop {
        let exit = worker.run_top_level();
        worker.leave();
        if exit == Exit::Terminate {
            return;
        }
        let mailbox = mailbox.get_or_insert_with(|| Mailbox::new(worker.index()));
        if !registry.cache.wait_for_seat(mailbox, true) {
            return;
        }
        worker.enter();
    }
}

thread_local! {
    /// The worker of a thread adopted by `use_current_thread`, kept until its pool is dropped
    /// or the thread exits.
    static ADOPTED: RefCell<Option<Adopted>> = const { RefCell::new(None) };
}

/// An adopted thread's worker. The box gives it the stable address `enter` needs; dropping it
/// (the pool is dropped, or the thread exits first) takes the worker out of its pool, so that
/// no pointer to it outlives it.
struct Adopted(Box<WorkerThread>);

impl Drop for Adopted {
    fn drop(&mut self) {
        self.0.leave();
    }
}

/// Makes the calling thread the worker of seat 0 (`use_current_thread`). The builder checked
/// that it is no pool's worker yet. Fails if the thread is exiting (called from a
/// thread-local's destructor): it can no longer keep a worker.
pub(crate) fn adopt_current_thread(registry: &Arc<Registry>) -> std::io::Result<()> {
    let worker = Box::new(WorkerThread::new(registry.clone(), 0, true));
    worker.enter();
    let adopted = Adopted(worker);
    ADOPTED
        .try_with(|a| *a.borrow_mut() = Some(adopted))
        .map_err(|_| std::io::Error::other("the current thread is exiting"))
}

/// Ends the adoption if the calling thread is an adopted worker of `registry` (its pool is
/// being dropped).
pub(crate) fn release_adopted(registry: &Registry) {
    // Taken out before it drops, so that the worker leaves outside the borrow. A thread
    // whose `ADOPTED` is gone (the pool dropped from a thread-local's destructor) has no
    // adopted worker left: the slot's destructor took it out of its pool.
    let released = ADOPTED.try_with(|a| {
        let mut adopted = a.borrow_mut();
        match adopted.as_ref() {
            Some(w) if std::ptr::eq(&**w.0.registry(), registry) => adopted.take(),
            _ => None,
        }
    });
    drop(released);
}

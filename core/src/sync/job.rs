//! What a job is: a pointer plus the function that runs it.
//!
//! A join's second half is a [`StackJob`] on the caller's stack (no allocation); spawned work is
//! a boxed [`HeapJob`]. Both are handed around as [`JobRef`]s through the deques.

use crate::sync::latch::{ForkLatch, Latch};
use crate::sync::parker::Parker;
use crate::sync::unwind::{self, AbortIfPanic, Payload};
use crate::trace::{self, Span};
use crossbeam_deque::{Injector, Steal};
use std::cell::UnsafeCell;
use std::mem::{self, ManuallyDrop, MaybeUninit};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Something a [`JobRef`] can run.
pub(crate) trait Job {
    /// Runs the job.
    ///
    /// # Safety
    ///
    /// `this` must point to a live job that is executed at most once.
    unsafe fn execute(this: *const Self);
}

/// A type-erased reference to a job, as stored in deques and injectors.
///
/// A job that belongs to a wait (a scope's task, which its scope waits for) records that wait
/// in an [`OwnerHeader`], its first field; its reference then carries [`OWNED`] in the
/// pointer's low bit, so that a wait past its stack mark can tell its own jobs from others
/// (`worker/wait.rs`) without a third word in every reference.
#[derive(Clone, Copy, Debug)]
pub(crate) struct JobRef {
    pointer: *const (),
    execute_fn: unsafe fn(*const ()),
}

/// The wait a job belongs to: the address of the latch its owner waits on, or one of
/// [`NO_OWNER`] and [`DETACHED`].
pub(crate) type Owner = usize;

/// The owner of a job without an owner header: a join's second half or an injected call,
/// which a frame of the thread that made it waits for.
pub(crate) const NO_OWNER: Owner = 0;

/// The owner of detached work (`spawn`, `spawn_fifo`, a broadcast's heap copies): no frame
/// waits for it.
pub(crate) const DETACHED: Owner = usize::MAX;

/// Where a job keeps its [`Owner`]: the first field of a `#[repr(C)]` job. Atomic because a
/// lane's owner is written when a task is queued on it (`JobFifo::push`); Relaxed, since the
/// reader popped a reference pushed after the write.
pub(crate) type OwnerHeader = AtomicUsize;

/// The low bit of a [`JobRef`]'s pointer: the job starts with an [`OwnerHeader`]. Every job
/// type is aligned to at least two bytes (each holds a pointer or an atomic), so the bit is
/// free.
const OWNED: usize = 1;

// SAFETY: a JobRef is only created for jobs whose data may be sent to another thread
// (`StackJob`, `HeapJob` and `JobFifo` require `Send` closures and results).
unsafe impl Send for JobRef {}
// SAFETY: as above; a JobRef is an immutable pair of pointers.
unsafe impl Sync for JobRef {}

impl JobRef {
    /// Erases `data`'s type.
    ///
    /// # Safety
    ///
    /// `data` must stay valid until the job has been executed.
    #[inline]
    pub(crate) unsafe fn new<T: Job>(data: *const T) -> JobRef {
        // SAFETY: `T::execute` takes `*const T`; calling it through `*const ()` with the same
        // pointer is sound since the signatures differ only in the pointee type.
        let execute_fn: unsafe fn(*const ()) =
            unsafe { mem::transmute(<T as Job>::execute as unsafe fn(*const T)) };
        JobRef {
            pointer: data.cast(),
            execute_fn,
        }
    }

    /// Erases `data`'s type, keeping its owner readable ([`owner`](Self::owner)).
    ///
    /// # Safety
    ///
    /// As [`new`](Self::new); and `T` is `#[repr(C)]` with an [`OwnerHeader`] as its first
    /// field.
    #[inline]
    unsafe fn new_owned<T: Job>(data: *const T) -> JobRef {
        // SAFETY: forwarded to the caller.
        let job = unsafe { JobRef::new(data) };
        debug_assert_eq!(job.pointer as usize & OWNED, 0, "a job aligned to one byte");
        JobRef {
            // `wrapping_byte_add` keeps the pointer's provenance; `execute` takes the bit off.
            pointer: job.pointer.wrapping_byte_add(OWNED),
            ..job
        }
    }

    /// The wait this job belongs to ([`NO_OWNER`] for most jobs).
    ///
    /// # Safety
    ///
    /// The job is live: it has not run (its owner header is read).
    #[inline]
    pub(crate) unsafe fn owner(&self) -> Owner {
        if self.pointer as usize & OWNED == 0 {
            return NO_OWNER;
        }
        // SAFETY: made by `new_owned`: the job starts with its owner header, and is live.
        unsafe { &*self.data().cast::<OwnerHeader>() }.load(Ordering::Relaxed)
    }

    /// The job's address, without the [`OWNED`] bit.
    #[inline(always)]
    fn data(&self) -> *const () {
        self.pointer
            .wrapping_byte_sub(self.pointer as usize & OWNED)
    }

    /// Identity of the job, to recognise one's own job when popping it back.
    #[inline]
    pub(crate) fn id(&self) -> impl Eq {
        (self.pointer, self.execute_fn)
    }

    /// Runs the job.
    ///
    /// # Safety
    ///
    /// The job must be live and not yet executed.
    #[inline]
    pub(crate) unsafe fn execute(self) {
        // SAFETY: per the caller and the contract of `JobRef::new`.
        unsafe { (self.execute_fn)(self.data()) }
    }
}

/// The outcome of a job that ran: a value, or a panic.
#[derive(Debug)]
pub(crate) enum JobResult<T> {
    Ok(T),
    Panic(Payload),
}

impl<T> JobResult<T> {
    fn call(func: impl FnOnce() -> T) -> Self {
        match unwind::halt_unwinding(func) {
            Ok(value) => JobResult::Ok(value),
            Err(payload) => JobResult::Panic(payload),
        }
    }

    /// The value, or the job's panic resumed on this thread.
    #[inline]
    pub(crate) fn into_return_value(self) -> T {
        match self {
            JobResult::Ok(x) => x,
            JobResult::Panic(payload) => unwind::resume_unwinding(payload),
        }
    }
}

/// A job on its creator's stack, whose creator waits for it on `latch`.
///
/// The closure is taken exactly once: by [`run_inline`](StackJob::run_inline) if its creator
/// took the job back, else by `execute` on whichever thread got it. Every stack job is run
/// (its creator waits for it), so the closure is never left behind undropped.
///
/// The result is written only by `execute`, and taken only by
/// [`take_result`](StackJob::take_result) (or [`into_result`](StackJob::into_result)) after the
/// latch is set; a job run inline never has one. So it starts uninitialised: a fork nobody stole
/// neither stores a "no result yet" nor checks one on its way out. (A result that `execute` wrote
/// is always read: its creator waits for the latch and then takes it.)
#[repr(C)] // The latch comes first: `Fork::arm` finds it at the job's address.
pub(crate) struct StackJob<L, F, R> {
    pub(crate) latch: L,
    func: UnsafeCell<ManuallyDrop<F>>,
    result: UnsafeCell<MaybeUninit<JobResult<R>>>,
}

impl<L: Latch, F: FnOnce(bool) -> R + Send, R: Send> StackJob<L, F, R> {
    #[inline]
    pub(crate) fn new(func: F, latch: L) -> Self {
        StackJob {
            latch,
            func: UnsafeCell::new(ManuallyDrop::new(func)),
            result: UnsafeCell::new(MaybeUninit::uninit()),
        }
    }

    /// A reference for the deques.
    ///
    /// # Safety
    ///
    /// The job must not move or be dropped until it has run or been taken back.
    #[inline]
    pub(crate) unsafe fn as_job_ref(&self) -> JobRef {
        // SAFETY: forwarded to the caller.
        unsafe { JobRef::new(self) }
    }

    /// Runs the job on its creator's thread after taking it back.
    ///
    /// # Safety
    ///
    /// The job has not run and never will elsewhere: its creator took it back from wherever
    /// it was queued. Called at most once.
    #[inline]
    pub(crate) unsafe fn run_inline(&self, migrated: bool) -> R {
        // SAFETY: per the caller, this is the closure's one taking, and no other thread can
        // reach the job: exclusive access.
        let func = unsafe { ManuallyDrop::take(&mut *self.func.get()) };
        func(migrated)
    }

    /// The outcome once the latch is set.
    ///
    /// # Safety
    ///
    /// The latch is set: the job was executed (not run inline), so `execute` wrote the
    /// outcome.
    #[inline]
    pub(crate) unsafe fn take_result(self) -> JobResult<R> {
        // SAFETY: per the caller, `execute` initialised the outcome before setting the latch,
        // and the latch's Acquire probe made that write visible.
        unsafe { self.result.into_inner().assume_init() }
    }

    /// The value once the latch is set, or the job's panic resumed here.
    ///
    /// # Safety
    ///
    /// As [`take_result`](Self::take_result).
    #[inline]
    pub(crate) unsafe fn into_result(self) -> R {
        // SAFETY: forwarded to the caller.
        unsafe { self.take_result() }.into_return_value()
    }
}

impl<L: Latch, F: FnOnce(bool) -> R + Send, R: Send> Job for StackJob<L, F, R> {
    unsafe fn execute(this: *const Self) {
        let abort = AbortIfPanic;
        // SAFETY: the job is live and runs once (the caller's contract); its creator does not
        // touch `func` or `result` until the latch is set.
        let this = unsafe { &*this };
        // SAFETY: see above: exclusive access until the latch is set, and this is the
        // closure's one taking (the creator did not take the job back).
        let func = unsafe { ManuallyDrop::take(&mut *this.func.get()) };
        let result = JobResult::call(move || func(true));
        // SAFETY: as above. The slot is uninitialised (a job executes once), so nothing is
        // dropped by this write.
        unsafe { (*this.result.get()).write(result) };
        // Before the set: the waiter, and a recorder after it, see the slice end.
        trace::end(Span::Job);
        // SAFETY: the latch lives in the job, which is live until this set publishes.
        unsafe { Latch::set(&this.latch) };
        abort.disarm();
    }
}

/// A join's second half as its owner's fork stack holds it: a reference to a [`StackJob`]
/// whose latch is a [`ForkLatch`], armed when the fork leaves the stack (`worker/fork.rs`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fork(JobRef);

impl Fork {
    /// The fork of `job`.
    ///
    /// # Safety
    ///
    /// As for [`StackJob::as_job_ref`].
    #[inline]
    pub(crate) unsafe fn new<F: FnOnce(bool) -> R + Send, R: Send>(
        job: &StackJob<ForkLatch, F, R>,
    ) -> Fork {
        // SAFETY: forwarded to the caller.
        Fork(unsafe { job.as_job_ref() })
    }

    /// The fork `job` was made from by [`Fork::job`].
    ///
    /// # Safety
    ///
    /// `job` is the `JobRef` of a fork (it comes off a fork stack, where only forks go).
    #[inline]
    pub(crate) unsafe fn from_job(job: JobRef) -> Fork {
        Fork(job)
    }

    /// The job, for the fork stack and the deques.
    #[inline]
    pub(crate) fn job(self) -> JobRef {
        self.0
    }

    /// Arms the fork's latch for `owner` (see [`ForkLatch::arm`]).
    ///
    /// # Safety
    ///
    /// As for [`ForkLatch::arm`].
    #[inline]
    pub(crate) unsafe fn arm(self, owner: *const Parker) {
        // SAFETY: a fork points at a `#[repr(C)]` `StackJob` whose first field is its
        // `ForkLatch`; the rest is forwarded to the caller.
        unsafe { ForkLatch::arm(self.0.pointer.cast::<ForkLatch>(), owner) }
    }
}

/// A boxed job that owns its closure (spawned work).
#[repr(C)] // The owner comes first: `JobRef::owner` finds it at the job's address.
pub(crate) struct HeapJob<BODY> {
    owner: OwnerHeader,
    body: BODY,
}

impl<BODY: FnOnce() + Send> HeapJob<BODY> {
    /// A job no wait waits for (detached work).
    pub(crate) fn new(body: BODY) -> Box<Self> {
        Self::owned(DETACHED, body)
    }

    /// A job that the wait on the latch at `owner` waits for (a scope's task).
    pub(crate) fn owned(owner: Owner, body: BODY) -> Box<Self> {
        Box::new(HeapJob {
            owner: OwnerHeader::new(owner),
            body,
        })
    }

    /// Leaks the box into a `JobRef`; executing it frees the box.
    ///
    /// # Safety
    ///
    /// Whatever `BODY` borrows must outlive the job's execution (scopes guarantee this;
    /// `'static` bodies trivially do).
    pub(crate) unsafe fn into_job_ref(self: Box<Self>) -> JobRef {
        // SAFETY: the box is leaked here and reclaimed exactly once in `execute`; a
        // `HeapJob` is `repr(C)` with its owner first.
        unsafe { JobRef::new_owned(Box::into_raw(self)) }
    }
}

impl<BODY: FnOnce() + Send> Job for HeapJob<BODY> {
    unsafe fn execute(this: *const Self) {
        // SAFETY: created by `Box::into_raw` in `into_job_ref`, executed once.
        let this = unsafe { Box::from_raw(this.cast_mut()) };
        (this.body)();
        trace::end(Span::Job);
    }
}

/// A first-in first-out lane for `spawn_fifo` / `scope_fifo`: the real job waits here and a
/// reference to the lane goes on the owner's LIFO deque, so whoever pops or steals that
/// reference runs the oldest FIFO job. A scope's lanes hold only its tasks, so a reference
/// to one belongs to the scope's wait as they do.
#[derive(Debug, Default)]
#[repr(C)] // The owner comes first: `JobRef::owner` finds it at the lane's address.
pub(crate) struct JobFifo {
    owner: OwnerHeader,
    inner: Injector<JobRef>,
}

impl JobFifo {
    /// Queues `job`, which the wait on the latch at `owner` waits for (or [`DETACHED`]; one
    /// lane always serves the same owner), and returns the reference to push on the deque.
    ///
    /// # Safety
    ///
    /// The fifo must outlive the returned reference's execution.
    pub(crate) unsafe fn push(&self, job: JobRef, owner: Owner) -> JobRef {
        self.inner.push(job);
        self.owner.store(owner, Ordering::Relaxed);
        // SAFETY: forwarded to the caller; a `JobFifo` is `repr(C)` with its owner first.
        unsafe { JobRef::new_owned(self) }
    }
}

impl Job for JobFifo {
    unsafe fn execute(this: *const Self) {
        // SAFETY: the fifo is live (the caller's contract on `push`).
        let this = unsafe { &*this };
        // One reference was pushed per job, so a job is waiting.
        loop {
            match this.inner.steal() {
                // SAFETY: the job was queued live and is executed once.
                Steal::Success(job) => return unsafe { job.execute() },
                Steal::Empty => unreachable!("weft: FIFO lane empty"),
                Steal::Retry => {}
            }
        }
    }
}

/// Retries a steal that lost a race (`Steal::Retry`) until it succeeds or finds nothing.
pub(crate) fn retry(mut steal: impl FnMut() -> Steal<JobRef>) -> Option<JobRef> {
    loop {
        match steal() {
            Steal::Success(job) => return Some(job),
            Steal::Empty => return None,
            Steal::Retry => std::hint::spin_loop(),
        }
    }
}

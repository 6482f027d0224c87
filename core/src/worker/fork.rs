//! The fork stack: where `join` keeps its second half until another thread can use it.
//!
//! # Protocol (the lazy fork)
//!
//! A fork (`join(a, b)`) writes `b` into its thread's [`ForkStack`]: a store into an array and
//! a store of `top`, no atomic read-modify-write and no fence. Then one compare of `top` with
//! the stack's `limit` says whether the owner must look at the pool: `limit` is a bound the
//! owner keeps from its last look at `bottom` (so a push that reaches it makes room for the
//! next one, promoting the oldest fork if the stack is full), or zero where a *taker* poked
//! the stack, wanting forks published (`sleep/README.md`, rules "forks vs. takers" and "pokes
//! persist"), or for good while the stack's fences are real (`sync/fence.rs`). When `a` returns,
//! `join` asks [`ForkStack::pop_if_private`] whether `b` is still there and, if so, runs it inline:
//! a join nobody needed costs a few plain stores and loads.
//!
//! Other threads get at a fork two ways:
//!
//! * **Promotion** (the common way). The owner moves its *oldest* fork to its public,
//!   stealable deque when that can help: at a fork of a poked stack, when the sleep counters
//!   show a worker that takes forks and none of the owner's forks is published already (one
//!   is enough for a thief); and before the thread waits, blocks (`blocking`), spawns (a
//!   spawned job must not overtake the forks made before it: rayon's LIFO order) or yields,
//!   when *every* fork is published. An idle worker becomes a taker once it has dozed and
//!   seen a fork as old as its doze, or none, by the stacks' [`ForkStack::mark`]s, and pokes
//!   the other workers' stacks (`sleep/README.md`); a stack stays poked while two takers or
//!   more want forks, and is settled again once the owner has offered the only taker a fork
//!   ([`ForkStack::look`]), until the owner gets a published job back itself: then it pokes
//!   its own stack, and its next fork offers again (`WorkerThread::took_back`). The oldest
//!   fork is the biggest piece of a divide and conquer, so a thief gets the most work per
//!   steal.
//! * **A cold steal** ([`ForkStack::steal`]). An idle worker that found nothing public, as a
//!   taker about to sleep, takes the oldest fork of a busy owner directly, if that owner has
//!   nothing published (a published fork is older still). This is what keeps a fork
//!   reachable when its owner cannot publish it: `join(|| rx.recv(), || tx.send(()))`
//!   blocks in `a` without ever reaching weft code again, and completes because another
//!   worker steals `b`. (rayon completes there too, so weft must.)
//!
//! The cold steal follows Cilk's THE protocol, with the fences made asymmetric: the owner pops
//! with a store of `top`, its stack's fence ([`ForkStack::light_fence`]) and a load of
//! `bottom`; a thief, holding `lock`, claims with a store of `bottom`, the cold side's fences
//! and a load of `top`. Which fences each side issues, how an owner switches them and what a
//! thief does when the kernel refuses its barrier is `sync/fence.rs`'s protocol (fence modes). The
//! pair is a Dekker pair, so at least one side sees the other: if the owner's load
//! shows no claim, the thief sees the owner's pop and backs off; if it shows a claim, the owner
//! takes `lock`, waits for the thief to decide, and reads the outcome. Promotions take `lock`
//! too. A job is therefore taken by exactly one of the owner, a promotion or a thief.
//!
//! Positions are absolute (`bottom` and `top` only grow between resets by the owner), so the
//! join that pushed at position `pos` knows its job is still private exactly while
//! `bottom <= pos`. Joins nest strictly on their thread's call stack: when a join ends,
//! `top == pos + 1`.
//!
//! A private fork is never stranded: its owner runs it when its `a` returns; the owner
//! publishes every fork before it waits or blocks; and a worker about to sleep re-checks the
//! fork stacks after a heavy fence, so a fork pushed while it went to sleep (whose owner's
//! look at `limit` missed its poke) is seen (see `worker/wait.rs`).
//!
//! # Why every fork is recorded
//!
//! A join could skip the fork stack where parallelism is unlikely to pay and run `a` and `b`
//! one after the other: chili 0.2's `join` does so for 63 calls in 64 once its thread has
//! three jobs queued, which makes deep recursions (fib, tree sums) cost little more than
//! sequential code. weft records every fork, because a skipped `b` exists only on its
//! thread's stack: two halves that wait for each other (at a barrier, or `a` receiving what
//! `b` sends on a rendezvous channel) would hang at any depth, in either order, where rayon
//! completes; and `blocking` could not hand the seat's forks to a spare. The record is what
//! the protocol above costs: to fork, three stores (the job's two words and `top`), a load
//! and a compare; to join, a store, a load and a compare.
//! `core/tests/lazy_fork.rs` holds the deep case, and `benches/forks.rs` compares weft's fork
//! with chili's made to fork at every join.
//!
//! # The region of a fork
//!
//! A fork belongs to the isolated region its owner is in (`isolate/mod.rs`), and whoever runs it
//! must run it in that region. The stack does not store a region per fork: every fork on it
//! belongs to the owner's current region, which the owner records in the stack
//! ([`ForkStack::set_region`]) and changes only while the stack is empty (it publishes its
//! forks before it enters a region, and the forks made inside have all been popped when it
//! leaves). The region is kept *inside* `lock`: the owner changes it holding the lock, and a
//! thief reads it holding the lock, after its claim succeeded. A change either happened
//! before the thief took the lock (then the claimed fork was pushed after it, as the stack
//! was empty at the change) or waits until the thief is done (then the thief read the region
//! the fork was pushed under).

use crate::isolate::region::{RegionTag, NO_REGION};
use crate::loom::atomic::{self, AtomicBool, AtomicU8, AtomicUsize, Ordering};
use crate::loom::{lock, Mutex};
use crate::os::{self, thread::Tid};
use crate::sleep::Sleep;
use crate::sync::fence;
use crate::sync::job::JobRef;
use std::cell::UnsafeCell;
use std::mem::MaybeUninit;

/// How many forks a thread keeps private at most; a fork beyond that promotes the oldest.
pub(crate) const FORK_STACK_CAPACITY: usize = if cfg!(weft_loom) { 4 } else { 64 };

/// The `limit` of a stack whose owner must look at the pool at its next push.
const POKED: usize = 0;

/// Where a fork stack's oldest private fork stood at one look ([`ForkStack::mark`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mark {
    emptied: usize,
    bottom: usize,
}

/// One thread's forks (see the module docs).
///
/// Memory ordering: `top` is stored by the owner only, always with Release (a push after the
/// slot it covers is written, a pop so that the slots below stay published), and loaded with
/// Acquire by thieves; `bottom` is stored under `lock`, or by the
/// owner while it holds the stack empty. `fences` is written by the owner only (Relaxed,
/// except the Release store back to real fences: `use_real_fences`). The Dekker pairs use
/// the fences of `sync/fence.rs`.
pub(crate) struct ForkStack {
    jobs: [UnsafeCell<MaybeUninit<JobRef>>; FORK_STACK_CAPACITY],
    /// Absolute position of the oldest fork not yet taken.
    bottom: AtomicUsize,
    /// Absolute position one past the newest fork.
    top: AtomicUsize,
    /// A push that brings `top` to this position or past it makes the owner look at the pool
    /// ([`ForkStack::push`]). Either a bound the owner set, `bottom + FORK_STACK_CAPACITY - 1`
    /// for a `bottom` it read earlier (thieves and promotions only raise `bottom`, so a stale
    /// bound is low: "full" early, never late; the one place that lowers `bottom`,
    /// `pop_contended`, is the owner's and lowers the bound too), or [`POKED`], stored by a
    /// taker that wants forks published (module docs), and for good while fences are real.
    limit: AtomicUsize,
    /// How many times the owner's pops emptied the stack of private forks (stored by the
    /// owner only, Relaxed; read by other threads as a hint: [`ForkStack::mark`]).
    emptied: AtomicUsize,
    /// Held by a thief or a promotion while it takes the oldest fork; holds the region of
    /// every fork on the stack (module docs).
    lock: Mutex<RegionTag>,
    /// The owner's fences: `fence::REAL_FENCES` or `fence::LIGHT_FENCES`. Written by the
    /// owner only ([`use_light_fences`](Self::use_light_fences),
    /// [`use_real_fences`](Self::use_real_fences)), so the owner reads it Relaxed; a thief
    /// reads it after its claim and its SeqCst fence (`sync/fence.rs`: fence modes).
    fences: AtomicU8,
    /// The owner's kernel thread, which a thief whose barrier was refused asks about
    /// (`os/thread.rs`; `sync/fence.rs`: refusal). The stack is made on its owner's thread.
    owner: Tid,
    /// Whether the owner waits in its top-level loop, where it holds no fork, since before it
    /// last parked there ([`idle_owner`](Self::idle_owner)).
    owner_idle: AtomicBool,
}

impl std::fmt::Debug for ForkStack {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ForkStack")
            .field("bottom", &self.bottom.load(Ordering::Relaxed))
            .field("top", &self.top.load(Ordering::Relaxed))
            .finish_non_exhaustive()
    }
}

impl Drop for ForkStack {
    fn drop(&mut self) {
        if self.light() {
            fence::uncount_light_stack();
        }
    }
}

// SAFETY: a slot is written only by the owner, at position `top`, while no thief can hold a
// claim on that slot (`push` keeps one free slot between the newest fork and the oldest
// claimable one), and read by a thief or a promotion only under `lock`, after the claim
// protocol proved the owner will not pop it. `JobRef` is `Send`.
unsafe impl Sync for ForkStack {}
// SAFETY: as above.
unsafe impl Send for ForkStack {}

impl ForkStack {
    /// A stack on real fences, poked for good: its owner switches at its first fork's slow
    /// path once the process is registered ([`adapt_fences`](Self::adapt_fences)).
    pub(crate) fn new() -> Self {
        Self::with_fences(false)
    }

    /// A stack whose owner's fences are compiler fences (`light`, counted as `sync/fence.rs`
    /// requires) or real ones. The models choose, to check a protocol of either kind.
    pub(crate) fn with_fences(light: bool) -> Self {
        if light {
            fence::count_light_stack();
        }
        ForkStack {
            jobs: std::array::from_fn(|_| UnsafeCell::new(MaybeUninit::uninit())),
            bottom: AtomicUsize::new(0),
            top: AtomicUsize::new(0),
            limit: AtomicUsize::new(if light {
                FORK_STACK_CAPACITY - 1
            } else {
                POKED
            }),
            emptied: AtomicUsize::new(0),
            lock: Mutex::new(NO_REGION),
            fences: AtomicU8::new(if light {
                fence::LIGHT_FENCES
            } else {
                fence::REAL_FENCES
            }),
            owner: os::thread::current_tid(),
            owner_idle: AtomicBool::new(false),
        }
    }

    /// Whether the owner's fences are compiler fences (owner only).
    #[inline(always)]
    fn light(&self) -> bool {
        self.fences.load(Ordering::Relaxed) == fence::LIGHT_FENCES
    }

    /// The hot side of the Dekker pairs this stack takes part in (`sync/fence.rs`).
    #[inline(always)]
    pub(crate) fn light_fence(&self) {
        fence::light(self.light());
    }

    /// Switches the owner's fences to what the process allows now (owner only, on a fork's
    /// slow path, where a real stack always goes and a thief's poke sends a light one).
    #[inline]
    pub(crate) fn adapt_fences(&self) {
        let state = fence::state();
        if self.light() {
            if state == fence::REFUSED {
                self.use_real_fences();
            }
        } else if state == fence::REGISTERED {
            self.use_light_fences();
        }
    }

    /// Real to light (owner only; `sync/fence.rs`: fence modes). The SeqCst fence orders the count
    /// and the mode before this owner's later pops and pushes, against a thief's fence after
    /// its claim (it then reads the mode) and a taker's in `fence::heavy` (it then reads the
    /// count).
    #[cold]
    pub(crate) fn use_light_fences(&self) {
        fence::count_light_stack();
        self.fences.store(fence::LIGHT_FENCES, Ordering::Relaxed);
        atomic::fence(Ordering::SeqCst);
    }

    /// Light to real (owner only; `sync/fence.rs`: fence modes): the stack stays poked for good,
    /// as every real stack is. Does nothing on a real stack.
    #[cold]
    pub(crate) fn use_real_fences(&self) {
        if !self.light() {
            return;
        }
        atomic::fence(Ordering::SeqCst);
        // Release: pairs with the Acquire load in `steal`: a thief that reads this sees every
        // pop made with a compiler fence before it.
        self.fences.store(fence::REAL_FENCES, Ordering::Release);
        self.poke();
        fence::uncount_light_stack();
    }

    /// Records the owner's new region (owner only, the stack empty; module docs).
    pub(crate) fn set_region(&self, region: RegionTag) {
        debug_assert!(self.is_empty(), "region changed with forks on the stack");
        *lock(&self.lock) = region;
    }

    /// Whether a push at `top` needs room first, with `bottom` as last read (the owner promotes
    /// the oldest fork then). One slot stays free so that a push never writes the slot a thief
    /// is reading.
    fn is_full_at(top: usize, bottom: usize) -> bool {
        // A stale `bottom` is smaller than the real one: "full" early, never late. A thief's
        // claim that is about to fail may have `bottom` one past `top` for a moment: the
        // difference wraps and the stack reads as full, so the push first promotes, which
        // takes `lock`, waits for the thief to give the claim back, and finds the stack empty.
        top.wrapping_sub(bottom) >= FORK_STACK_CAPACITY - 1
    }

    /// Whether another push needs room first.
    #[cfg(test)]
    fn is_full(&self) -> bool {
        Self::is_full_at(
            self.top.load(Ordering::Relaxed),
            self.bottom.load(Ordering::Relaxed),
        )
    }

    /// Whether the stack looks empty. Exact for the owner between its own operations; for
    /// other threads a hint, made reliable by a heavy fence before it (see `worker/wait.rs`).
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        // Acquire: pairs with the Release store of `top` in `push`.
        self.top.load(Ordering::Acquire) <= self.bottom.load(Ordering::Relaxed)
    }

    /// Pushes `job` (owner only) and returns its position, and whether the owner must now
    /// look at the pool (`worker/thread_state.rs`: `after_fork_slow`): because the next push may
    /// not have room, or because a taker poked the stack, or because fences are real (module docs).
    ///
    /// There is always room for this push: the owner keeps room for the next one after every
    /// push that reaches `limit`, before it goes on (`has_room`).
    #[inline]
    pub(crate) fn push(&self, job: JobRef) -> (usize, bool) {
        let pos = self.top.load(Ordering::Relaxed);
        // SAFETY: only the owner writes slots. The stack has room (see above), so no thief
        // reads this slot (see the `Sync` impl).
        unsafe { (*self.jobs[pos % FORK_STACK_CAPACITY].get()).write(job) };
        // Release: pairs with the Acquire loads of `top` by thieves, who then read the slot.
        self.top.store(pos + 1, Ordering::Release);
        // The hot side of the Dekker pair with a taker's poke and heavy fence (module docs):
        // it sees this fork, or this load sees its poke. Acquire: pairs with the poke's
        // Release store, so that the owner then also sees the taker counted.
        fence::compiler();
        (pos, pos + 1 >= self.limit.load(Ordering::Acquire))
    }

    /// Whether the next push has room (owner only, after a push reached `limit`); if not,
    /// the owner promotes its oldest fork and asks again.
    pub(crate) fn has_room(&self) -> bool {
        !Self::is_full_at(
            self.top.load(Ordering::Relaxed),
            self.bottom.load(Ordering::Relaxed),
        )
    }

    /// A taker asks this stack's owner to publish its forks: its next push takes the slow
    /// path. Release: an owner that sees the poke (Acquire, in `push`) sees the taker counted.
    /// A taker fences between counting itself and poking (see [`settle`](Self::settle)). The
    /// owner pokes its own stack too, when it gets back a job it published, which may be
    /// one it offered before settling ([`look`](Self::look)).
    ///
    /// A stack poked already is left alone: no write into a line its owner reads at every
    /// fork, for each taker (a stack on real fences stays poked for good). Skipping is safe:
    /// the poke seen belongs to an earlier taker or to the owner, and an owner that sees any
    /// poke either offers a fork or settles its stack, fences and looks at the counters
    /// again; if its settle came before this taker's fence, the load below (after that
    /// fence) sees the settled `limit`, and the taker pokes (`sleep/README.md`, rule "pokes
    /// persist").
    pub(crate) fn poke(&self) {
        if self.limit.load(Ordering::Relaxed) != POKED {
            self.limit.store(POKED, Ordering::Release);
        }
    }

    /// The owner found at most one worker taking forks ([`look`](Self::look)): later pushes
    /// may skip the slow path up to the stack's room (owner only, after
    /// [`has_room`](Self::has_room); where fences are real, the stack stays poked for good).
    /// The owner then looks at the counters again: if this store overwrote a poke, that look
    /// sees its taker, and the owner pokes its own stack or offers a fork for it.
    /// (The SeqCst fences, this one and the taker's between counting itself and poking: the
    /// fence that comes first in their total order orders its side's write before the other
    /// side's read or write. Either this store precedes the poke, which then stays, or the
    /// taker's count precedes the owner's look.)
    ///
    /// Returns false if the stack stays poked (real fences): the owner need not look again.
    fn settle(&self) -> bool {
        if !self.light() {
            return false;
        }
        let top = self.top.load(Ordering::Relaxed);
        // `min`: a thief's failing claim may have `bottom` past `top` for a moment.
        let bottom = self.bottom.load(Ordering::Relaxed).min(top);
        self.limit
            .store(bottom + FORK_STACK_CAPACITY - 1, Ordering::Relaxed);
        atomic::fence(Ordering::SeqCst);
        true
    }

    /// The owner's look at the pool on a fork's slow path (`WorkerThread::after_fork_slow`):
    /// whether to offer its oldest fork to the workers that take forks, leaving the stack
    /// settled where no taker needs it poked.
    ///
    /// With no taker, or one, the owner settles first and then counts the takers (rule "pokes
    /// persist", `sleep/README.md`): a taker that counted itself after this look finds its
    /// poke kept, and one counted before it is seen here. One taker is then served by the
    /// offer that follows the look: the owner publishes for it (or has published already) and
    /// announces the fork, which wakes it or leaves a searcher that finds it. Until a thief
    /// takes that fork the owner's forks skip the slow path: one published fork is enough
    /// for a taker still on its way. If the owner gets it back instead (its join, or its
    /// wait, pops it), it pokes its own stack (`WorkerThread::took_back`) and its next fork
    /// looks again: the taker may have missed the fork and be asleep. Two takers or more keep
    /// the stack poked, each wanting a fork.
    pub(crate) fn look(&self, sleep: &Sleep) -> bool {
        let mut takers = sleep.takers();
        if takers <= 1 && self.settle() {
            takers = sleep.takers();
            if takers > 1 {
                self.poke();
            }
        }
        takers > 0
    }

    /// Whether the owner's next push will look at the pool (tests and models, read by the
    /// owner or after joining the poking thread: Relaxed).
    #[cfg(any(test, weft_loom))]
    pub(crate) fn is_poked(&self) -> bool {
        self.limit.load(Ordering::Relaxed) == POKED
    }

    /// `push`, for tests, which never fill the stack.
    #[cfg(any(test, weft_loom))]
    pub(crate) fn push_job(&self, job: JobRef) -> usize {
        let (pos, _) = self.push(job);
        assert!(self.has_room(), "fork stack full");
        pos
    }

    /// Ends the join that pushed at `pos` (owner only). True if its job is still here: it is
    /// removed and the caller runs it inline. False if it was promoted or stolen: the caller
    /// looks for it on the public deque or waits for its latch.
    #[inline]
    pub(crate) fn pop_if_private(&self, pos: usize) -> bool {
        debug_assert_eq!(
            self.top.load(Ordering::Relaxed),
            pos + 1,
            "fork stack out of step"
        );
        // Release, though the owner only lowers `top` here: a thief whose Acquire load reads
        // this store (not the push's) and sees forks below it reads their slots, so it must
        // synchronise with the writes of those slots. (A plain store on x86, like Relaxed.)
        self.top.store(pos, Ordering::Release);
        // The hot side of the Dekker pair with `steal`'s claim (module docs).
        self.light_fence();
        let bottom = self.bottom.load(Ordering::Relaxed);
        if bottom <= pos {
            if bottom == pos {
                self.count_emptied();
            }
            return true;
        }
        self.pop_contended(pos)
    }

    /// The owner's pop left no private fork: the next fork is the oldest of a new run
    /// ([`mark`](Self::mark)). Owner only, so a load and a store, not a read-modify-write.
    #[inline]
    fn count_emptied(&self) {
        let emptied = self.emptied.load(Ordering::Relaxed);
        self.emptied
            .store(emptied.wrapping_add(1), Ordering::Relaxed);
    }

    /// The owner, in its top-level loop with no fork on this stack, is about to park there
    /// (owner only; Relaxed: the flag's ordering is [`busy_owner`](Self::busy_owner)'s).
    pub(crate) fn idle_owner(&self) {
        self.owner_idle.store(true, Ordering::Relaxed);
    }

    /// The owner leaves its top-level loop's search to run a job, and may fork again (owner
    /// only). The SeqCst fence after the store pairs with a taker's between its pokes and its
    /// look at this flag ([`is_idle_owner`](Self::is_idle_owner)).
    pub(crate) fn busy_owner(&self) {
        if self.owner_idle.load(Ordering::Relaxed) {
            self.owner_idle.store(false, Ordering::Relaxed);
            atomic::fence(Ordering::SeqCst);
        }
    }

    /// Whether the owner waits at the top level, holding no fork: for a taker after a SeqCst
    /// fence that followed its pokes. True means that the owner's fence in
    /// [`busy_owner`](Self::busy_owner) comes after the taker's in their total order, so
    /// every fork the owner makes until it parks again sees the pokes and is published for
    /// the taker, whatever the stack's fences (`sync/fence.rs`: idle owners). Relaxed: the
    /// fences order it.
    pub(crate) fn is_idle_owner(&self) -> bool {
        self.owner_idle.load(Ordering::Relaxed)
    }

    /// Where the stack's oldest private fork stands, for an idle worker that judges how long
    /// it has been there (`worker/wait.rs`): `None` if the stack holds no private fork.
    ///
    /// Two equal marks taken some time apart mean that the same fork was the oldest all that
    /// time, so its sibling (the left half of the join that made it) has been running at
    /// least that long. `bottom` only grows while the owner's pops do not empty the stack:
    /// the oldest fork leaves by a pop that empties the stack (counted in `emptied`), or by a
    /// promotion or a steal (which raise `bottom`); the one place that lowers `bottom`,
    /// `pop_contended`, counts as emptying too. A hint for other threads (Relaxed loads, not
    /// taken at one instant): a wrong answer shares a fork early or late, never loses one.
    pub(crate) fn mark(&self) -> Option<Mark> {
        let emptied = self.emptied.load(Ordering::Relaxed);
        let bottom = self.bottom.load(Ordering::Relaxed);
        (self.top.load(Ordering::Relaxed) > bottom).then_some(Mark { emptied, bottom })
    }

    /// A promotion or a thief took, or is taking, the job at `pos`: wait for its decision.
    #[cold]
    fn pop_contended(&self, pos: usize) -> bool {
        let _guard = lock(&self.lock);
        // Counted as emptying whichever way it goes: the stack may be empty now, and
        // `bottom` may go down (a count too many only makes a watcher look once more).
        self.count_emptied();
        if self.bottom.load(Ordering::Relaxed) <= pos {
            // A thief claimed it, then saw our pop and backed off.
            return true;
        }
        // Taken: everything below `pos` was taken before it. The stack is empty at `pos`.
        self.bottom.store(pos, Ordering::Relaxed);
        // `bottom` went down, so must a bound above the new room; a poke stays.
        self.limit
            .fetch_min(pos + FORK_STACK_CAPACITY - 1, Ordering::Relaxed);
        false
    }

    /// Removes the oldest fork and hands it to `publish`, still holding `lock` (owner only);
    /// false if there was none. Publishing under the lock lets a thief see that a fork older
    /// than the stack's oldest is public (see [`steal`](Self::steal)).
    #[inline]
    pub(crate) fn promote_oldest(&self, publish: impl FnOnce(JobRef)) -> bool {
        let _guard = lock(&self.lock);
        let bottom = self.bottom.load(Ordering::Relaxed);
        if bottom >= self.top.load(Ordering::Relaxed) {
            return false;
        }
        // SAFETY: `bottom < top` and we hold `lock`: the slot holds a job nobody else takes.
        let job = unsafe { (*self.jobs[bottom % FORK_STACK_CAPACITY].get()).assume_init() };
        self.bottom.store(bottom + 1, Ordering::Relaxed);
        publish(job);
        true
    }

    /// Takes the oldest fork from another thread's stack (a thief), if one is there and no
    /// other thief or promotion is at it, with the region it must run in. Issues a heavy
    /// fence: for idle workers only. `arm` runs on the job while the lock is still held, so
    /// that the owner, whose pop then waits for the lock, sees what it wrote (a fork's latch,
    /// `sync/latch.rs`: `ForkLatch`).
    ///
    /// Only while `nothing_published()` (asked holding `lock`): forks are promoted oldest
    /// first and published under `lock`, so a fork the owner published is older than any on
    /// the stack, and the thief must take that one from the owner's queue instead. (The
    /// oldest fork is the biggest piece; a search for one element, rayon's
    /// `filter_find_any_octillion_flat`, finishes only if the thief takes the half that holds
    /// it.)
    pub(crate) fn steal(
        &self,
        nothing_published: impl FnOnce() -> bool,
        arm: impl FnOnce(JobRef),
    ) -> Option<(JobRef, RegionTag)> {
        if self.is_empty() {
            return None;
        }
        let guard = self.lock.try_lock().ok()?;
        if !nothing_published() {
            return None;
        }
        let bottom = self.bottom.load(Ordering::Relaxed);
        // Acquire: pairs with the Release store of `top` in `push` (the slot's contents).
        if bottom >= self.top.load(Ordering::Acquire) {
            return None;
        }
        // Claim, then the cold side of the Dekker pair with `pop_if_private` (module docs): a
        // SeqCst fence, and a barrier if the owner's fences are light (or, where the kernel
        // refuses it, the kernel's word that the owner is blocked: `os/thread.rs`). The mode
        // is read after the fence (`sync/fence.rs`: fence modes). Acquire: pairs with the Release store in
        // `use_real_fences`.
        self.bottom.store(bottom + 1, Ordering::Relaxed);
        atomic::fence(Ordering::SeqCst);
        if self.fences.load(Ordering::Acquire) == fence::LIGHT_FENCES
            && !fence::barrier()
            && !os::thread::is_blocked(self.owner)
        {
            // Refused, and the owner may be running: give the claim back, and send the
            // owner's next fork down its slow path, where it switches to real fences.
            self.bottom.store(bottom, Ordering::Relaxed);
            self.poke();
            return None;
        }
        if bottom >= self.top.load(Ordering::Acquire) {
            // The owner popped it meanwhile: give it back.
            self.bottom.store(bottom, Ordering::Relaxed);
            return None;
        }
        // SAFETY: claimed, and the owner's pop will see the claim and not run it; the slot
        // is not rewritten while `bottom` is past it.
        let job = unsafe { (*self.jobs[bottom % FORK_STACK_CAPACITY].get()).assume_init() };
        arm(job);
        // Read under the lock, after the claim (module docs).
        Some((job, *guard))
    }
}

#[cfg(all(test, not(weft_loom)))]
mod tests {
    use super::*;
    use crate::sync::job::Job;

    struct Nop;
    impl Job for Nop {
        unsafe fn execute(_: *const Self) {}
    }

    fn job() -> JobRef {
        static NOP: Nop = Nop;
        // SAFETY: a static job, never executed here.
        unsafe { JobRef::new(&NOP) }
    }

    #[test]
    fn a_join_nobody_promoted_pops_its_own_job() {
        let s = ForkStack::new();
        let outer = s.push_job(job());
        let inner = s.push_job(job());
        assert!(s.pop_if_private(inner));
        assert!(s.pop_if_private(outer));
        assert!(s.is_empty());
    }

    #[test]
    fn promotion_takes_the_oldest_and_the_join_sees_it() {
        let s = ForkStack::new();
        let outer = s.push_job(job());
        let inner = s.push_job(job());
        assert!(s.promote_oldest(drop)); // `outer`'s job
        assert!(s.pop_if_private(inner));
        assert!(!s.pop_if_private(outer));
        assert!(s.is_empty());
        // Positions restart where the promoted join left them.
        assert_eq!(s.push_job(job()), outer);
    }

    #[test]
    fn a_mark_stays_while_the_oldest_fork_stays() {
        let s = ForkStack::new();
        assert_eq!(s.mark(), None);
        let outer = s.push_job(job());
        let first = s.mark();
        assert!(first.is_some());
        // Younger forks come and go above the oldest: the mark stays.
        let inner = s.push_job(job());
        assert!(s.pop_if_private(inner));
        assert_eq!(s.mark(), first);
        // The oldest fork popped and a new one pushed at the same position: a new mark.
        assert!(s.pop_if_private(outer));
        assert_eq!(s.mark(), None);
        let next = s.push_job(job());
        assert_eq!(next, outer);
        let second = s.mark();
        assert!(second.is_some() && second != first);
        // The oldest fork promoted: the next one up is a different oldest fork.
        s.push_job(job());
        assert!(s.promote_oldest(drop));
        let third = s.mark();
        assert!(third.is_some() && third != second);
        // The join whose fork was promoted ends (`pop_contended` lowers `bottom`), and a new
        // fork at that position is not mistaken for the old one.
        assert!(s.pop_if_private(next + 1));
        assert!(!s.pop_if_private(next));
        assert_eq!(s.push_job(job()), next);
        let fourth = s.mark();
        assert!(fourth.is_some() && fourth != second && fourth != third);
    }

    #[test]
    fn a_stolen_fork_is_seen_by_its_join() {
        let s = ForkStack::new();
        let pos = s.push_job(job());
        assert!(s.steal(|| true, drop).is_some());
        assert!(s.steal(|| true, drop).is_none());
        assert!(!s.pop_if_private(pos));
        assert!(s.is_empty());
    }

    #[test]
    fn a_stolen_fork_carries_the_region_it_was_pushed_in() {
        let s = ForkStack::new();
        s.set_region(7);
        let pos = s.push_job(job());
        assert_eq!(s.steal(|| true, drop).map(|(_, region)| region), Some(7));
        assert!(!s.pop_if_private(pos));
        s.set_region(NO_REGION);
        s.push_job(job());
        assert_eq!(
            s.steal(|| true, drop).map(|(_, region)| region),
            Some(NO_REGION)
        );
    }

    #[test]
    fn a_failed_claim_past_the_top_reads_as_full_and_empty_without_overflow() {
        let s = ForkStack::new();
        let pos = s.push_job(job());
        // The owner pops; a thief's claim that will fail has moved `bottom` past `top`.
        s.top.store(pos, Ordering::Relaxed);
        s.bottom.store(pos + 1, Ordering::Relaxed);
        // "Full" sends the next push through a promotion, which finds nothing to take.
        assert!(s.is_full());
        assert!(s.is_empty());
        s.bottom.store(pos, Ordering::Relaxed);
        assert!(!s.promote_oldest(drop));
    }

    #[test]
    fn a_full_stack_says_so_and_empties_from_the_bottom() {
        let s = ForkStack::new();
        let mut positions: Vec<usize> = (0..FORK_STACK_CAPACITY - 2)
            .map(|_| s.push_job(job()))
            .collect();
        // The push that fills the stack asks its owner to look, and there is no room after it.
        let (last, look) = s.push(job());
        positions.push(last);
        assert!(look);
        assert!(s.is_full() && !s.has_room());
        assert!(s.promote_oldest(drop));
        assert!(!s.is_full() && s.has_room());
        let (top, look) = s.push(job());
        assert!(look && !s.has_room());
        assert!(s.pop_if_private(top));
        for &pos in positions[1..].iter().rev() {
            assert!(s.pop_if_private(pos));
        }
        assert!(!s.pop_if_private(positions[0]));
        assert!(!s.promote_oldest(drop));
    }

    #[test]
    fn a_poke_makes_the_next_push_look_until_the_owner_settles() {
        for light in [false, true] {
            a_poke_makes_the_next_push_look(&ForkStack::with_fences(light));
        }
    }

    fn a_poke_makes_the_next_push_look(s: &ForkStack) {
        let a = s.push_job(job());
        s.poke();
        assert!(s.is_poked());
        let (b, look) = s.push(job());
        assert!(look);
        assert_eq!(s.settle(), s.light());
        assert_eq!(s.is_poked(), !s.light());
        // Where fences are real, every push looks, for good.
        let (c, look) = s.push(job());
        assert_eq!(look, !s.light());
        for pos in [c, b, a] {
            assert!(s.pop_if_private(pos));
        }
    }

    #[test]
    fn owner_and_thieves_take_each_fork_exactly_once() {
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        let rounds = if cfg!(miri) { 50 } else { 20_000 };
        let s = Arc::new(ForkStack::new());
        let done = Arc::new(AtomicBool::new(false));
        let stolen = Arc::new(AtomicUsize::new(0));
        let thief = {
            let (s, done, stolen) = (s.clone(), done.clone(), stolen.clone());
            std::thread::spawn(move || {
                while !done.load(Ordering::Acquire) {
                    if s.steal(|| true, drop).is_some() {
                        stolen.fetch_add(1, Ordering::Relaxed);
                    }
                }
            })
        };
        let mut popped = 0;
        for _ in 0..rounds {
            let outer = s.push_job(job());
            let inner = s.push_job(job());
            popped += usize::from(s.pop_if_private(inner));
            popped += usize::from(s.pop_if_private(outer));
        }
        done.store(true, Ordering::Release);
        thief.join().unwrap();
        assert_eq!(popped + stolen.load(Ordering::Relaxed), 2 * rounds);
    }
}

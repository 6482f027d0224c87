//! How the chosen weight gets from `.weight::<W>()` to the bridge, with no producer or
//! consumer forwarding it.
//!
//! # Protocol
//!
//! Each thread has one slot, the *chosen* weight: `Some` only while the thread runs the code
//! that leads from a `.weight()` to the bridge it drives, `None` everywhere else.
//!
//! * [`Weighted`](crate::iter::Weighted)'s `drive`, `drive_unindexed` and `with_producer`
//!   [`choose`] their weight around the call into their base: every adaptor between there and
//!   the source runs inside, and so does the source's call of the bridge.
//! * The bridge reads the slot once, at its root, and roots its [`Splitter`](super::Splitter)
//!   in it (or in the default); the splitter then travels with each piece, on any thread.
//!   The bridge runs all its pieces with the slot `None` ([`Unchosen`]): its root on the
//!   calling thread, and each piece stolen by another thread. So the closures a pipeline runs,
//!   and other pipelines they start, never inherit its weight; neither do jobs a thread runs
//!   while it waits inside a bridge.
//! * An adaptor that forks between `.weight()` and the bridge (an unindexed `chain`) forks
//!   with [`join`], which carries the slot into both halves and clears it while it waits. One
//!   that starts pipelines inside its leaves and means them to split as the outer one does
//!   (`flat_map`) reads [`chosen`] when it is driven and chooses it again around each inner
//!   drive.
//!
//! Every change of the slot is undone by a guard on the way out, unwinding included, so a
//! panic leaves the thread's slot as it was.

use super::WeightSpec;
use std::cell::Cell;

thread_local! {
    /// The weight chosen for the pipeline this thread is driving, if any.
    static CHOSEN: Cell<Option<WeightSpec>> = const { Cell::new(None) };
}

/// Puts the slot back as it was when dropped.
struct Restore(Option<WeightSpec>);

impl Drop for Restore {
    fn drop(&mut self) {
        CHOSEN.set(self.0);
    }
}

/// Runs `f` with `spec` as this thread's chosen weight.
pub(crate) fn choose<R>(spec: Option<WeightSpec>, f: impl FnOnce() -> R) -> R {
    let _restore = Restore(CHOSEN.replace(spec));
    f()
}

/// This thread's chosen weight.
#[inline]
pub(crate) fn chosen() -> Option<WeightSpec> {
    CHOSEN.get()
}

/// Clears this thread's chosen weight until dropped (a bridge's pieces run unchosen).
pub(crate) struct Unchosen(Restore);

impl Unchosen {
    /// Clears the slot; dropping the result restores it.
    #[inline]
    pub(crate) fn enter() -> Self {
        Unchosen(Restore(CHOSEN.replace(None)))
    }

    /// The weight that was chosen when the slot was cleared.
    #[inline]
    pub(crate) fn previous(&self) -> Option<WeightSpec> {
        (self.0).0
    }
}

/// `weft_core::join` for adaptors that fork between `.weight()` and the bridge: both halves
/// run with this thread's chosen weight, which is cleared while the join waits.
pub(crate) fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
where
    A: FnOnce() -> RA + Send,
    B: FnOnce() -> RB + Send,
    RA: Send,
    RB: Send,
{
    let unchosen = Unchosen::enter();
    let spec = unchosen.previous();
    weft_core::join(|| choose(spec, a), || choose(spec, b))
}

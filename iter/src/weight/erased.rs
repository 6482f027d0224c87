//! The type erasure that lets the bridge carry any weight: [`WeightSpec`] names a weight
//! type, [`Splitter`] holds its state in a fixed-size buffer with the functions that know its
//! type.

use super::{Adaptive, Weight};
use std::fmt;
use std::marker::PhantomData;
use std::mem::{align_of, size_of, MaybeUninit};
use std::panic::Location;
use std::time::Duration;

/// A type-erased handle on a [`Weight`] type and the call site that picked it: what
/// `.weight()` names as the chosen weight and what the bridge roots its splitting in.
#[derive(Clone, Copy)]
pub(crate) struct WeightSpec {
    root: fn(usize, &'static Location<'static>) -> Splitter,
    name: fn() -> &'static str,
    site: &'static Location<'static>,
}

impl fmt::Debug for WeightSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WeightSpec")
            .field("weight", &self.name())
            .field("site", &self.site)
            .finish()
    }
}

impl WeightSpec {
    /// The handle on `W`, picked at `site`.
    pub(crate) fn of<W: Weight>(site: &'static Location<'static>) -> Self {
        WeightSpec {
            root: Splitter::root::<W>,
            name: std::any::type_name::<W>,
            site,
        }
    }

    /// The name of the weight type.
    pub(crate) fn name(&self) -> &'static str {
        (self.name)()
    }

    /// The state at the root of a job over `len` items.
    pub(crate) fn root(&self, len: usize) -> Splitter {
        (self.root)(len, self.site)
    }

    /// The default weight, [`Adaptive`].
    #[track_caller]
    pub(crate) fn adaptive() -> Self {
        Self::of::<Adaptive>(Location::caller())
    }
}

/// The bytes of a weight's state, big and aligned enough for any `Weight` (checked per type).
#[derive(Clone, Copy)]
#[repr(C, align(8))]
struct ErasedState([MaybeUninit<u8>; STATE_BYTES]);

const STATE_BYTES: usize = 32;

/// Functions that know the concrete weight type behind an `ErasedState`.
struct SplitterVTable {
    should_split: unsafe fn(&mut ErasedState, usize, bool) -> bool,
    leaf_done: Option<unsafe fn(&ErasedState, usize, Duration)>,
}

/// A weight's state with its type erased: what the bridge carries from split to split.
#[derive(Clone, Copy)]
pub(crate) struct Splitter {
    state: ErasedState,
    vtable: &'static SplitterVTable,
}

/// Compile-time check that `W` fits in an `ErasedState`.
struct Fits<W>(PhantomData<W>);

impl<W> Fits<W> {
    const OK: () = assert!(
        size_of::<W>() <= STATE_BYTES && align_of::<W>() <= align_of::<ErasedState>(),
        "a Weight's state must fit in 32 bytes with alignment at most 8"
    );
}

/// # Safety
/// `state` must hold a `W` (written by `Splitter::root::<W>`).
unsafe fn should_split_erased<W: Weight>(
    state: &mut ErasedState,
    len: usize,
    migrated: bool,
) -> bool {
    // SAFETY: the caller guarantees that `state` holds a valid, aligned `W`.
    let weight = unsafe { &mut *state.0.as_mut_ptr().cast::<W>() };
    weight.should_split(len, migrated)
}

/// # Safety
/// `state` must hold a `W` (written by `Splitter::root::<W>`).
unsafe fn leaf_done_erased<W: Weight>(state: &ErasedState, len: usize, elapsed: Duration) {
    // SAFETY: the caller guarantees that `state` holds a valid, aligned `W`.
    let weight = unsafe { &*state.0.as_ptr().cast::<W>() };
    weight.leaf_done(len, elapsed);
}

impl Splitter {
    fn root<W: Weight>(len: usize, site: &'static Location<'static>) -> Splitter {
        #[allow(clippy::let_unit_value)]
        let () = Fits::<W>::OK;
        let mut state = ErasedState([MaybeUninit::uninit(); STATE_BYTES]);
        // SAFETY: `Fits::<W>::OK` proved that a `W` fits in `state` and that `state` is aligned
        // enough for it; `W: Copy`, so the bytes can later be copied and read as a `W` again.
        unsafe { state.0.as_mut_ptr().cast::<W>().write(W::root(len, site)) };
        Splitter {
            state,
            vtable: const {
                &SplitterVTable {
                    should_split: should_split_erased::<W>,
                    leaf_done: if W::TIMED {
                        Some(leaf_done_erased::<W>)
                    } else {
                        None
                    },
                }
            },
        }
    }

    /// See [`Weight::should_split`].
    #[inline]
    pub(crate) fn should_split(&mut self, len: usize, migrated: bool) -> bool {
        // SAFETY: `state` was written as the weight type that `vtable` was built for.
        unsafe { (self.vtable.should_split)(&mut self.state, len, migrated) }
    }

    /// Whether leaves are timed ([`Weight::TIMED`]).
    #[inline]
    pub(crate) fn timed(&self) -> bool {
        self.vtable.leaf_done.is_some()
    }

    /// See [`Weight::leaf_done`].
    pub(crate) fn leaf_done(&self, len: usize, elapsed: Duration) {
        if let Some(leaf_done) = self.vtable.leaf_done {
            // SAFETY: `state` was written as the weight type that `vtable` was built for.
            unsafe { leaf_done(&self.state, len, elapsed) }
        }
    }
}

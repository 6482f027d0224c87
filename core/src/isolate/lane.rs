//! Lanes: the deques a thread publishes its forks to while it is inside an isolated region.
//!
//! A worker's deque holds only work of no region (`isolate/mod.rs`). Inside region R its
//! promoted forks go to a **lane** instead: a deque of its own for R, LIFO like the deque,
//! so that a join whose second half was published pops it straight back, and a thief takes
//! the oldest. A thread has one lane per region it is in, innermost last: entering a region
//! pushes a slot, leaving pops it. A slot gets its deque only when the thread first publishes
//! there, and registers it then, with its region, in the thread's [`SharedLanes`], which
//! other workers search.
//!
//! A lane is empty when its slot is popped: it only ever holds forks of joins made on this
//! thread while it was in the region, and those joins have all returned (each took its half
//! back or waited for the thief). An empty deque is kept for the next slot.
//!
//! # Protocol
//!
//! The registered list ([`SharedLanes`]) is guarded by its mutex. The owner registers a lane
//! before its first push there, and unregisters it, empty, when it leaves the region; a thief
//! reads a lane's region and steals from it holding the mutex. A deque is given a new region
//! only while unregistered and empty, so a job a thief steals was pushed while the lane had
//! the region the thief read: it runs the job in that region.
//!
//! Memory ordering: `count` is a hint, stored under the mutex and loaded Relaxed, so that
//! threads with no lane (everyone, unless `isolate` is in use) cost a thief one load. A thief
//! re-checking before it sleeps cannot miss a lane that holds a job: the owner registers the
//! lane before it pushes the job and announces it with a SeqCst fence (`new_work`), and the
//! sleeper loads `count` after its own SeqCst fence (`sleep/README.md`, rule "work vs.
//! sleeper").

use crate::isolate::region::RegionTag;
use crate::sync::job::retry;
use crate::sync::job::JobRef;
use crate::sync::lock;
use crossbeam_deque::{Stealer, Worker};
use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// A thread's registered lanes, as other workers see them (see the module docs).
#[derive(Debug, Default)]
pub(crate) struct SharedLanes {
    /// Each registered lane's region and stealer, innermost last.
    list: Mutex<Vec<(RegionTag, Stealer<JobRef>)>>,
    /// How many lanes are registered (a hint: module docs).
    count: AtomicUsize,
}

impl SharedLanes {
    fn register(&self, region: RegionTag, stealer: Stealer<JobRef>) {
        let mut list = lock(&self.list);
        list.push((region, stealer));
        self.count.store(list.len(), Ordering::Relaxed);
    }

    fn unregister(&self, region: RegionTag) {
        let mut list = lock(&self.list);
        let last = list.pop().map(|(r, _)| r);
        debug_assert_eq!(last, Some(region), "lanes unregistered out of order");
        self.count.store(list.len(), Ordering::Relaxed);
    }

    /// Steals the oldest job of the first registered lane of region `wanted` (of any region
    /// for `None`), with that region.
    /// Inline, only the check for no lane, which is what the searches of a pool with no
    /// region in progress meet; the look through the lanes is out of line.
    #[inline]
    pub(crate) fn steal(&self, wanted: Option<RegionTag>) -> Option<(JobRef, RegionTag)> {
        if self.count.load(Ordering::Relaxed) == 0 {
            return None;
        }
        self.steal_registered(wanted)
    }

    #[cold]
    #[inline(never)]
    fn steal_registered(&self, wanted: Option<RegionTag>) -> Option<(JobRef, RegionTag)> {
        let list = lock(&self.list);
        list.iter()
            .filter(|(region, _)| is_wanted(*region, wanted))
            .find_map(|(region, stealer)| Some((retry(|| stealer.steal())?, *region)))
    }

    /// Whether a registered lane of region `wanted` (of any region for `None`) holds a job.
    /// Inline, only the check for no lane, as in [`steal`](Self::steal).
    #[inline]
    pub(crate) fn has_work(&self, wanted: Option<RegionTag>) -> bool {
        self.count.load(Ordering::Relaxed) != 0 && self.registered_have_work(wanted)
    }

    #[cold]
    #[inline(never)]
    fn registered_have_work(&self, wanted: Option<RegionTag>) -> bool {
        let list = lock(&self.list);
        list.iter()
            .any(|(region, stealer)| is_wanted(*region, wanted) && !stealer.is_empty())
    }
}

/// Whether a lane of `region` is one of those `wanted` (`None`: any). A value rather than a
/// closure, so that `steal` and `has_work` are compiled once, not once per caller's closure.
fn is_wanted(region: RegionTag, wanted: Option<RegionTag>) -> bool {
    wanted.map_or(true, |wanted| wanted == region)
}

/// One region's slot on the owner's lane stack.
struct Slot {
    region: RegionTag,
    /// The lane's deque, once the thread published there.
    deque: Option<Worker<JobRef>>,
}

/// The owner's side of its lanes: one slot per region it is in, innermost last.
pub(crate) struct OwnLanes {
    slots: RefCell<Vec<Slot>>,
    /// Empty deques of lanes left, kept for the next ones.
    spare: RefCell<Vec<Worker<JobRef>>>,
    /// Whether lanes are FIFO (`breadth_first` pools), like the thread's deque.
    fifo: bool,
}

impl OwnLanes {
    pub(crate) fn new(fifo: bool) -> Self {
        OwnLanes {
            slots: RefCell::new(Vec::new()),
            spare: RefCell::new(Vec::new()),
            fifo,
        }
    }

    /// The thread entered `region`.
    pub(crate) fn enter(&self, region: RegionTag) {
        self.slots.borrow_mut().push(Slot {
            region,
            deque: None,
        });
    }

    /// The thread leaves its innermost region: its lane, empty, is unregistered.
    pub(crate) fn leave(&self, shared: &SharedLanes) {
        let slot = self
            .slots
            .borrow_mut()
            .pop()
            .expect("left a region never entered");
        if let Some(deque) = slot.deque {
            debug_assert!(deque.is_empty(), "a lane left with jobs in it");
            shared.unregister(slot.region);
            self.spare.borrow_mut().push(deque);
        }
    }

    /// Pushes a fork on the innermost region's lane, registering the lane first if it is new.
    pub(crate) fn push(&self, shared: &SharedLanes, job: JobRef) {
        let mut slots = self.slots.borrow_mut();
        let slot = slots.last_mut().expect("a lane push outside every region");
        match &slot.deque {
            Some(deque) => deque.push(job),
            None => {
                let deque = self.open(shared, slot.region);
                deque.push(job);
                slot.deque = Some(deque);
            }
        }
    }

    /// The deque of a lane of `region` that gets its first job: a spare one, else a new one,
    /// registered in `shared`.
    #[cold]
    #[inline(never)]
    fn open(&self, shared: &SharedLanes, region: RegionTag) -> Worker<JobRef> {
        let deque = match self.spare.borrow_mut().pop() {
            Some(deque) => deque,
            None if self.fifo => Worker::new_fifo(),
            None => Worker::new_lifo(),
        };
        shared.register(region, deque.stealer());
        deque
    }

    /// Whether the innermost region's lane holds no job.
    pub(crate) fn is_empty(&self) -> bool {
        match self.slots.borrow().last() {
            Some(Slot {
                deque: Some(deque), ..
            }) => deque.is_empty(),
            _ => true,
        }
    }

    /// Pops the most recently pushed job of the innermost region's lane.
    pub(crate) fn pop(&self) -> Option<JobRef> {
        self.slots.borrow().last()?.deque.as_ref()?.pop()
    }
}

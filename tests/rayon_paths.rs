//! Every public path of rayon 1.12 and rayon-core 1.13 names the same kind of item under
//! weft: `use rayon::X` becomes `use weft::X` and nothing else changes. The list itself is
//! `weft_testkit::rayon_paths!` (shared with the compat crates, `compat/rayon` and
//! `compat/rayon-core`); a path that goes missing fails this file's build. weft's own extra
//! paths (`weft::weight`, `weft::plumbing`, `weft::blocking`, ...) are listed at the end so
//! that they stay too.
//!
//! rayon-core's deprecated `Configuration` and `initialize` (not re-exported by rayon) are
//! left out on purpose; the compat crate `rayon-core` has them.

#![allow(unused_imports, deprecated)]

// `rayon::*` under `weft::`.
weft_testkit::rayon_paths!(rayon: weft);

/// rayon-core 1.13's top-level items (the scheduler), at `weft::`.
mod rayon_core_at_weft {
    weft_testkit::rayon_paths!(rayon_core: weft);
}

/// The same at `weft_core::`, rayon-core's counterpart.
mod rayon_core_at_weft_core {
    weft_testkit::rayon_paths!(rayon_core: weft_core);
}

/// weft's own paths beyond rayon's.
mod weft_extras {
    use weft::iter::Weighted;
    use weft::plumbing::{
        bridge, bridge_producer_consumer, bridge_unindexed, Consumer, Folder, NoopConsumer,
        NoopReducer, Producer, ProducerCallback, Reducer, UnindexedConsumer, UnindexedProducer,
    };
    use weft::plumbing::{PROBE_FRACTION, PROBE_MAX_ITEMS, PROBE_MIN_LEN, SEQUENTIAL_BUDGET};
    use weft::weight::{Adaptive, Autotune, Cost, Fixed, FullyParallel, Weight, LEAF_COST};
    use weft::{blocking, metrics, Metrics, ThreadSpawn};
    use weft::{current_thread_has_pending_tasks, spawn_future};
}

#[test]
fn rayon_paths_name_the_same_items_under_weft() {
    use weft::iter::{Either, IndexedParallelIterator, IntoParallelIterator, ParallelIterator};
    // A few of the paths in use, as rayon code would use them.
    let (evens, odds): (Vec<u32>, Vec<u32>) = (0..6u32).into_par_iter().partition_map(|x| {
        if x % 2 == 0 {
            Either::Left(x)
        } else {
            Either::Right(x)
        }
    });
    assert_eq!((evens, odds), (vec![0, 2, 4], vec![1, 3, 5]));
    let r: weft::range::Iter<u32> = (0..4).into_par_iter();
    assert_eq!(r.len(), 4);
    let pool = weft::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    assert_eq!(pool.install(weft::current_num_threads), 1);
}

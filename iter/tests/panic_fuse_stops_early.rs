//! `panic_fuse` stops the other pieces after a panic, wherever it sits in the chain: in the
//! consumer path (`inspect(..).panic_fuse()`) and in the producer path, where adaptors above
//! it (`rev`, `zip`, `enumerate`) fold a piece through its sequential iterator.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use weft_iter::prelude::*;

const LEN: i32 = 0x1_0000;
const PANIC_AT: i32 = 0xC000;

fn check(&i: &i32) {
    if i == PANIC_AT {
        panic!("boom")
    }
}

/// How many items reach `for_each` before the panic comes out (it must come out).
fn reached<I: ParallelIterator>(iter: I) -> usize {
    let count = AtomicUsize::new(0);
    let result = panic::catch_unwind(AssertUnwindSafe(|| {
        iter.for_each(|_| {
            count.fetch_add(1, Ordering::Relaxed);
        })
    }));
    assert!(result.is_err(), "the panic was lost");
    count.into_inner()
}

/// One thread, so that the order of the pieces (and so the count) is deterministic.
fn on_one_thread<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    weft_core::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
        .install(f)
}

#[test]
fn without_panic_fuse_every_other_item_is_reached() {
    on_one_thread(|| {
        let iter = (0..LEN).into_par_iter().with_max_len(1);
        assert_eq!(reached(iter.inspect(check)), LEN as usize - 1);
    });
}

#[test]
fn panic_fuse_in_the_consumer_path_stops_early() {
    on_one_thread(|| {
        let iter = || (0..LEN).into_par_iter().with_max_len(1);
        assert!(reached(iter().inspect(check).panic_fuse()) < LEN as usize - 1);
        assert!(reached(iter().panic_fuse().inspect(check)) < LEN as usize - 1);
    });
}

#[test]
fn panic_fuse_in_the_producer_path_stops_early() {
    on_one_thread(|| {
        let iter = || (0..LEN).into_par_iter().with_max_len(1).panic_fuse();
        // Items after the panic are the ones a fuse saves: `rev` visits them first, so fewer
        // than all but the panicking one must be reached, and forward at most up to it.
        let reversed = reached(iter().inspect(check).rev());
        assert!(reversed < LEN as usize - 1, "rev reached {reversed}");
        let zipped = reached(iter().inspect(check).zip(0..LEN).rev());
        assert!(zipped < LEN as usize - 1, "zip + rev reached {zipped}");
        let forward = reached(iter().inspect(check).enumerate());
        assert!(forward <= PANIC_AT as usize, "enumerate reached {forward}");
    });
}

#[test]
fn panic_fuse_keeps_every_item_when_nothing_panics() {
    on_one_thread(|| {
        let v: Vec<i32> = (0..LEN)
            .into_par_iter()
            .with_max_len(7)
            .panic_fuse()
            .rev()
            .collect();
        assert_eq!(v, (0..LEN).rev().collect::<Vec<_>>());
    });
    let n = (0..LEN).into_par_iter().panic_fuse().zip(0..LEN).count();
    assert_eq!(n, LEN as usize);
}

//! `empty`, `once`, `repeat`, `repeat_n`, `split`, the tree walks and `par_bridge` against
//! their sequential equivalents, on pools of 1, 2 and 8 threads.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use proptest::prelude::*;
use weft_iter::par_bridge::ParallelBridge;
use weft_iter::prelude::*;
use weft_iter::sources::{
    empty, once, repeat, repeat_n, split, walk_tree, walk_tree_postfix, walk_tree_prefix,
};
use weft_testkit::{each_pool, expect_in_every_pool as check, within, DropCounter};

/// The children of `n` in a tree of `size` nodes numbered in breadth-first order with
/// `fanout` children per node.
fn children(n: u32, fanout: u32, size: u32) -> impl DoubleEndedIterator<Item = u32> {
    (n * fanout + 1..=n * fanout + fanout).filter(move |&c| c < size)
}

/// Sequential prefix walk.
fn prefix(n: u32, fanout: u32, size: u32, out: &mut Vec<u32>) {
    out.push(n);
    for c in children(n, fanout, size) {
        prefix(c, fanout, size, out);
    }
}

/// Sequential postfix walk.
fn postfix(n: u32, fanout: u32, size: u32, out: &mut Vec<u32>) {
    for c in children(n, fanout, size) {
        postfix(c, fanout, size, out);
    }
    out.push(n);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn tree_walks(fanout in 1u32..5, size in 1u32..300) {
        let mut expected = Vec::new();
        prefix(0, fanout, size, &mut expected);
        check(&expected, || {
            walk_tree_prefix(0, |&n| children(n, fanout, size)).collect::<Vec<_>>()
        });
        check(&expected, || {
            walk_tree_prefix(0, |&n| children(n, fanout, size))
                .weight::<FullyParallel>()
                .collect::<Vec<_>>()
        });
        let mut expected = Vec::new();
        postfix(0, fanout, size, &mut expected);
        check(&expected, || {
            walk_tree_postfix(0, |&n| children(n, fanout, size)).collect::<Vec<_>>()
        });
        check(&expected, || {
            walk_tree_postfix(0, |&n| children(n, fanout, size))
                .weight::<FullyParallel>()
                .collect::<Vec<_>>()
        });
        expected.sort_unstable();
        check(&expected, || {
            let mut v: Vec<u32> = walk_tree(0, |&n| children(n, fanout, size))
                .weight::<FullyParallel>()
                .collect();
            v.sort_unstable();
            v
        });
    }

    #[test]
    fn split_covers_a_range(len in 0u64..5000, leaf in 1u64..100) {
        let expected: u64 = (0..len).sum();
        let cut = |r: std::ops::Range<u64>| {
            if r.end - r.start <= leaf {
                (r, None)
            } else {
                let mid = r.start + (r.end - r.start) / 2;
                (r.start..mid, Some(mid..r.end))
            }
        };
        check(&expected, || split(0..len, cut).map(|r| r.sum::<u64>()).sum::<u64>());
        check(&expected, || {
            split(0..len, cut)
                .weight::<FullyParallel>()
                .map(|r| r.sum::<u64>())
                .sum::<u64>()
        });
        // Pieces come out in order when collected.
        let pieces: Vec<u64> = (0..len).collect();
        check(&pieces, || {
            split(0..len, cut)
                .weight::<FullyParallel>()
                .map(|r| r.collect::<Vec<_>>())
                .collect::<Vec<_>>()
                .concat()
        });
    }

    #[test]
    fn repeats(n in 0usize..300, item in any::<u16>()) {
        let expected = vec![item; n];
        check(&expected, || repeat_n(item, n).collect::<Vec<_>>());
        check(&expected, || repeat_n(item, n).weight::<FullyParallel>().collect::<Vec<_>>());
        check(&expected, || repeat(item).take(n).rev().collect::<Vec<_>>());
        let zipped: Vec<(u16, usize)> = (0..n).map(|i| (item, i)).collect();
        check(&zipped, || repeat(item).zip(0..n).collect::<Vec<_>>());
        check(&n, || repeat_n(item, n).len());
        // The endless iterator stops with a short-circuiting consumer, even split finely.
        check(&Some(item), || repeat(item).find_any(|_| true));
        check(&Some(item), || repeat(item).weight::<FullyParallel>().find_any(|_| true));
        check(&n.min(5), || repeat(item).weight::<FullyParallel>().take_any(n.min(5)).count());
    }

    #[test]
    fn bridges(v in prop::collection::vec(any::<u32>(), 0..500)) {
        let mut expected = v.clone();
        expected.sort_unstable();
        check(&expected, || {
            let mut got: Vec<u32> = v.iter().copied().par_bridge().collect();
            got.sort_unstable();
            got
        });
        let sum: u64 = v.iter().map(|&x| u64::from(x)).sum();
        check(&sum, || v.iter().par_bridge().map(|&x| u64::from(x)).sum::<u64>());
    }
}

#[test]
fn empty_and_once() {
    check(&Vec::<i32>::new(), || empty::<i32>().collect::<Vec<_>>());
    check(&0, || empty::<String>().len());
    check(&vec![5], || once(5).collect::<Vec<_>>());
    check(&vec![1, 2, 9], || {
        (1..3)
            .into_par_iter()
            .chain(once(9))
            .chain(empty())
            .collect::<Vec<_>>()
    });
    check(&vec![(9, 'a')], || {
        once(9).zip(once('a')).collect::<Vec<_>>()
    });
}

#[test]
fn repeat_n_clones_all_but_one() {
    each_pool(|threads| {
        let counter = DropCounter::new();
        let n = repeat_n(counter.wrap(()), 100)
            .weight::<FullyParallel>()
            .count();
        assert_eq!(n, 100);
        // The item itself and 99 clones, every one dropped.
        assert_eq!(
            (counter.made(), counter.dropped()),
            (100, 100),
            "{threads} threads"
        );
        let counter = DropCounter::new();
        let n = repeat_n(counter.wrap(()), 0).count();
        assert_eq!((n, counter.made(), counter.dropped()), (0, 1, 1));
    });
}

#[test]
fn a_bridge_over_a_channel() {
    each_pool(|_| {
        let (tx, rx) = mpsc::channel();
        let producer = std::thread::spawn(move || {
            for i in 0..1000u64 {
                tx.send(i).unwrap();
            }
        });
        let sum: u64 = rx.into_iter().par_bridge().map(|x| x * 2).sum();
        producer.join().unwrap();
        assert_eq!(sum, 999 * 1000);
    });
}

#[test]
fn a_bridge_stops_early() {
    each_pool(|_| {
        let pulled = AtomicUsize::new(0);
        let found = (0..)
            .inspect(|_| {
                pulled.fetch_add(1, Ordering::Relaxed);
            })
            .par_bridge()
            .find_any(|&x: &u64| x == 100);
        assert_eq!(found, Some(100));
        assert!(pulled.load(Ordering::Relaxed) < 1_000_000);
    });
}

#[test]
fn a_bridge_whose_next_uses_the_pool() {
    // `next()` runs a parallel iterator itself: the bridge must not deadlock on its lock.
    within(Duration::from_secs(30), || {
        each_pool(|threads| {
            let sum: u64 = (0..50u64)
                .map(|i| (0..i).into_par_iter().sum::<u64>())
                .par_bridge()
                .sum();
            let expected: u64 = (0..50u64).map(|i| (0..i).sum::<u64>()).sum();
            assert_eq!(sum, expected, "{threads} threads");
        })
    });
}

#[test]
fn debug_and_clone() {
    let e = empty::<u8>();
    assert_eq!(format!("{:?}", e.clone()), "Empty");
    assert_eq!(format!("{:?}", once(1).clone()), "Once { item: 1 }");
    assert_eq!(format!("{:?}", repeat(1).clone()), "Repeat { element: 1 }");
    assert_eq!(
        format!("{:?}", repeat_n(1, 2).clone()),
        "RepeatN { element: Some(1), count: 2 }"
    );
    let s = split(1, |n| (n, None));
    assert_eq!(format!("{:?}", s.clone()), "Split { data: 1 }");
    let w = walk_tree(1u8, |_| None);
    assert_eq!(format!("{:?}", w.clone()), "WalkTree { root: 1 }");
    let b = (0..2).par_bridge();
    assert_eq!(format!("{:?}", b.clone()), "IterBridge { iter: 0..2 }");
}

//! `unzip`, `partition`, `partition_map` and the pair collections: one pass over the source,
//! results equal to std's, and under a panicking closure every item dropped exactly once.

use either::Either;
use proptest::prelude::*;
use std::collections::{BTreeSet, LinkedList};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::Duration;
use weft_iter::prelude::*;
use weft_testkit::{pools, within, Counted, DropCounter};

/// The time limit of each test that could hang.
const LIMIT: Duration = Duration::from_secs(30);

fn lens() -> &'static [usize] {
    if cfg!(miri) {
        &[0, 1, 9, 100]
    } else {
        &[0, 1, 9, 1000, 50_000]
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 24 }))]

    #[test]
    fn unzip_matches_std_on_indexed_and_unindexed_sources(
        v in prop::collection::vec(-1000i64..1000, 0..3000),
    ) {
        for pool in pools() {
            pool.install(|| {
                let (a, b): (Vec<i64>, Vec<String>) =
                    v.par_iter().map(|&x| (x, x.to_string())).unzip();
                let want: (Vec<i64>, Vec<String>) = v.iter().map(|&x| (x, x.to_string())).unzip();
                assert_eq!((a, b), want);
                // `filter` hides the length: the per-piece path.
                let (a, b): (Vec<i64>, LinkedList<i64>) =
                    v.par_iter().filter(|x| **x % 3 != 0).map(|&x| (x, -x)).unzip();
                let want: (Vec<i64>, LinkedList<i64>) =
                    v.iter().filter(|x| **x % 3 != 0).map(|&x| (x, -x)).unzip();
                assert_eq!((a, b), want);
            });
        }
    }

    #[test]
    fn partition_and_partition_map_match_std(
        v in prop::collection::vec(-1000i64..1000, 0..3000),
    ) {
        for pool in pools() {
            pool.install(|| {
                let got: (Vec<i64>, Vec<i64>) = v.par_iter().partition(|x| **x % 2 == 0);
                let want: (Vec<i64>, Vec<i64>) = v.iter().partition(|x| **x % 2 == 0);
                assert_eq!(got, want);
                let got: (Vec<i64>, BTreeSet<String>) = v.par_iter().partition_map(|&x| {
                    if x < 0 { Either::Left(x) } else { Either::Right(x.to_string()) }
                });
                let want = (
                    v.iter().copied().filter(|&x| x < 0).collect::<Vec<_>>(),
                    v.iter().filter(|&&x| x >= 0).map(|x| x.to_string()).collect(),
                );
                assert_eq!(got, want);
            });
        }
    }

    #[test]
    fn pair_collections_extend_and_collect_both_sides(
        v in prop::collection::vec(-1000i64..1000, 0..3000),
        start in prop::collection::vec(-5i64..5, 0..4),
    ) {
        for pool in pools() {
            pool.install(|| {
                let mut pair = (start.clone(), start.clone());
                pair.par_extend(v.par_iter().map(|&x| (x, x * 2)));
                let mut want = (start.clone(), start.clone());
                want.extend(v.iter().map(|&x| (x, x * 2)));
                assert_eq!(pair, want);

                let mut sides = (start.clone(), Vec::<u8>::new());
                sides.par_extend(v.par_iter().map(|&x| {
                    if x % 2 == 0 { Either::Left(x) } else { Either::Right(x as u8) }
                }));
                let left: Vec<i64> = start.iter().copied()
                    .chain(v.iter().copied().filter(|x| x % 2 == 0)).collect();
                let right: Vec<u8> = v.iter().filter(|&&x| x % 2 != 0).map(|&x| x as u8).collect();
                assert_eq!(sides, (left, right));

                let collected: (Vec<i64>, Vec<i64>) = v.par_iter().map(|&x| (x, -x)).collect();
                assert_eq!(collected, v.iter().map(|&x| (x, -x)).unzip());
            });
        }
    }
}

#[test]
fn unzip_into_vecs_replaces_the_contents() {
    within(LIMIT, || {
        for pool in pools() {
            pool.install(|| {
                let (mut a, mut b) = (vec![7u32; 10], vec!['x'; 3]);
                (0..5u32)
                    .into_par_iter()
                    .map(|x| (x, char::from(b'a' + x as u8)))
                    .unzip_into_vecs(&mut a, &mut b);
                assert_eq!(a, [0, 1, 2, 3, 4]);
                assert_eq!(b, ['a', 'b', 'c', 'd', 'e']);
            });
        }
    });
}

#[test]
fn each_item_is_produced_once() {
    within(LIMIT, || {
        for pool in pools() {
            for &len in lens() {
                let calls = AtomicUsize::new(0);
                let count = |x: usize| {
                    calls.fetch_add(1, Relaxed);
                    x
                };
                let (a, b): (Vec<usize>, Vec<usize>) = pool.install(|| {
                    (0..len)
                        .into_par_iter()
                        .map(count)
                        .map(|x| (x, x + 1))
                        .unzip()
                });
                assert_eq!((a.len(), b.len()), (len, len));
                assert_eq!(calls.swap(0, Relaxed), len, "unzip ran the source twice");

                let (a, b): (Vec<usize>, Vec<usize>) = pool.install(|| {
                    (0..len)
                        .into_par_iter()
                        .map(count)
                        .partition(|x| x % 3 == 0)
                });
                assert_eq!(a.len() + b.len(), len);
                assert_eq!(
                    calls.swap(0, Relaxed),
                    len,
                    "partition ran the source twice"
                );

                let (a, b): (Vec<usize>, Vec<u8>) = pool.install(|| {
                    (0..len).into_par_iter().map(count).partition_map(|x| {
                        if x % 2 == 0 {
                            Either::Left(x)
                        } else {
                            Either::Right(x as u8)
                        }
                    })
                });
                assert_eq!(a.len() + b.len(), len);
                assert_eq!(
                    calls.swap(0, Relaxed),
                    len,
                    "partition_map ran the source twice"
                );
            }
        }
    });
}

type Tracked<'a> = Counted<'a, usize>;

type Splitter = for<'a> fn(&[usize], &'a DropCounter, usize);

#[test]
fn a_panic_midway_drops_every_item_once() {
    weft_testkit::quiet_panics(&["on purpose"]);
    within(LIMIT, || {
        let runs: [(&str, Splitter); 4] = [
            ("unzip", |v, live, at| {
                let _: (Vec<Tracked>, Vec<Tracked>) = v
                    .par_iter()
                    .map(|&x| {
                        assert!(x != at, "panics on purpose");
                        (live.wrap(x), live.wrap(x))
                    })
                    .unzip();
            }),
            ("unzip, unindexed", |v, live, at| {
                let _: (Vec<Tracked>, Vec<Tracked>) = v
                    .par_iter()
                    .filter(|&&x| x % 5 != 1)
                    .map(|&x| {
                        assert!(x != at, "panics on purpose");
                        (live.wrap(x), live.wrap(x))
                    })
                    .unzip();
            }),
            ("partition", |v, live, at| {
                let _: (Vec<Tracked>, Vec<Tracked>) =
                    v.par_iter().map(|&x| live.wrap(x)).partition(|t| {
                        assert!(t.value != at, "panics on purpose");
                        t.value % 2 == 0
                    });
            }),
            ("partition_map", |v, live, at| {
                let _: (Vec<Tracked>, LinkedList<Tracked>) = v.par_iter().partition_map(|&x| {
                    assert!(x != at, "panics on purpose");
                    if x % 3 == 0 {
                        Either::Left(live.wrap(x))
                    } else {
                        Either::Right(live.wrap(x))
                    }
                });
            }),
        ];
        for pool in pools() {
            for &len in lens().iter().filter(|&&len| len > 0) {
                let v: Vec<usize> = (0..len).collect();
                for (name, run) in runs {
                    for at in [0, len / 2, len - 1] {
                        let live = DropCounter::new();
                        let result =
                            pool.install(|| catch_unwind(AssertUnwindSafe(|| run(&v, &live, at))));
                        assert!(
                            result.is_err(),
                            "{name}: the panic at {at} did not propagate"
                        );
                        assert_eq!(live.live(), 0, "{name}, len {len}, panic at {at}");
                    }
                    let live = DropCounter::new();
                    run(&v, &live, usize::MAX);
                    assert_eq!(live.live(), 0, "{name}, len {len}, no panic");
                    assert!(live.made() >= len, "{name}: the items were not made");
                }
            }
        }
    });
}

//! Every `collect` target and `par_extend` against std's sequential `collect` and `extend`, on
//! pools of 1, 2 and 8 threads; collecting into `Result` and `Option` stops at the error.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap, HashMap, HashSet, LinkedList, VecDeque};
use std::rc::Rc;
use std::sync::Arc;

use either::Either;
use proptest::prelude::*;
use weft_iter::prelude::*;
use weft_testkit::{each_pool, expect_in_every_pool as check};

/// Runs a check over an indexed source (`par_iter`) and an unindexed one (`filter`), so that
/// both gathering paths are covered.
macro_rules! both_paths {
    ($v:ident, |$it:ident| $body:expr) => {{
        {
            let $it = || $v.par_iter().copied();
            $body;
        }
        {
            let $it = || $v.par_iter().copied().filter(|_| true);
            $body;
        }
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn sequences(v in prop::collection::vec(any::<u16>(), 0..400)) {
        let mut sorted = v.clone();
        sorted.sort_unstable();
        both_paths!(v, |it| {
            check(&v.clone().into_boxed_slice(), || it().collect::<Box<[u16]>>());
            check(&Arc::<[u16]>::from(v.clone()), || it().collect::<Arc<[u16]>>());
            check(&v.iter().copied().collect::<VecDeque<_>>(), || it().collect::<VecDeque<_>>());
            check(&v.iter().copied().collect::<LinkedList<_>>(), || it().collect::<LinkedList<_>>());
            check(&sorted, || it().collect::<BinaryHeap<_>>().into_sorted_vec());
            check(&Cow::<[u16]>::Owned(v.clone()), || it().collect::<Cow<'_, [u16]>>());
        });
        // `Rc` is not `Send`: compare its contents.
        check(&v, || v.par_iter().copied().collect::<Rc<[u16]>>().to_vec());
    }

    #[test]
    fn maps_and_sets(v in prop::collection::vec((any::<u8>(), any::<u16>()), 0..400)) {
        both_paths!(v, |it| {
            check(&v.iter().copied().collect::<HashMap<_, _>>(), || it().collect::<HashMap<_, _>>());
            check(&v.iter().copied().collect::<BTreeMap<_, _>>(), || it().collect::<BTreeMap<_, _>>());
            check(&v.iter().copied().collect::<HashSet<_>>(), || it().collect::<HashSet<_>>());
            check(&v.iter().copied().collect::<BTreeSet<_>>(), || it().collect::<BTreeSet<_>>());
        });
    }

    #[test]
    fn extends(v in prop::collection::vec(any::<u16>(), 0..300), start in prop::collection::vec(any::<u16>(), 0..10)) {
        macro_rules! extend_like_std {
            ($C:ty) => {{
                let mut expected: $C = start.iter().copied().collect();
                expected.extend(v.iter().copied());
                check(&expected, || {
                    let mut c: $C = start.iter().copied().collect();
                    c.par_extend(v.par_iter().copied());
                    c
                });
                check(&expected, || {
                    let mut c: $C = start.iter().copied().collect();
                    c.par_extend(v.par_iter());
                    c
                });
                check(&expected, || {
                    let mut c: $C = start.iter().copied().collect();
                    c.par_extend(v.par_iter().copied().filter(|_| true));
                    c
                });
            }};
        }
        extend_like_std!(VecDeque<u16>);
        extend_like_std!(LinkedList<u16>);
        extend_like_std!(HashSet<u16>);
        extend_like_std!(BTreeSet<u16>);
        let mut expected: Vec<u16> = start.iter().chain(&v).copied().collect();
        expected.sort_unstable();
        check(&expected, || {
            let mut c: BinaryHeap<u16> = start.iter().copied().collect();
            c.par_extend(v.par_iter().copied().filter(|_| true));
            c.into_sorted_vec()
        });
        let pairs: Vec<(u16, usize)> = v.iter().copied().zip(0..).collect();
        let mut expected: HashMap<u16, usize> = HashMap::new();
        expected.extend(pairs.iter().copied());
        check(&expected, || {
            let mut m = HashMap::new();
            m.par_extend(pairs.par_iter().copied().filter(|_| true));
            m
        });
        let expected: BTreeMap<u16, usize> = pairs.iter().copied().collect();
        check(&expected, || {
            let mut m = BTreeMap::new();
            m.par_extend(pairs.par_iter().map(|(k, v)| (k, v)));
            m
        });
    }

    #[test]
    fn options_and_results(v in prop::collection::vec(0u16..100, 0..300)) {
        let all_some: Option<Vec<u16>> = Some(v.clone());
        check(&all_some, || v.par_iter().map(|&x| Some(x)).collect::<Option<Vec<_>>>());
        let has_none = v.contains(&7);
        let expected = if has_none { None } else { Some(v.clone()) };
        check(&expected, || {
            v.par_iter().map(|&x| (x != 7).then_some(x)).collect::<Option<Vec<_>>>()
        });
        let bad = v.iter().filter(|&&x| x >= 90).count();
        check(&(bad == 0), || {
            let r: Result<BTreeSet<u16>, u16> =
                v.par_iter().map(|&x| if x >= 90 { Err(x) } else { Ok(x) }).collect();
            match r {
                Ok(set) => {
                    assert_eq!(set, v.iter().copied().collect());
                    true
                }
                // The error is one the iterator produced.
                Err(e) => {
                    assert!(e >= 90 && v.contains(&e));
                    false
                }
            }
        });
    }

    #[test]
    fn units_and_pairs(v in prop::collection::vec(any::<i8>(), 0..300)) {
        check(&(), || v.par_iter().map(|_| ()).collect::<()>());
        check(&(), || {
            let mut unit = ();
            unit.par_extend(v.par_iter().map(|_| ()));
            unit
        });
        let expected: (Vec<i8>, Vec<usize>) = v.iter().copied().zip(0..).unzip();
        check(&expected, || {
            v.par_iter().copied().zip(0..v.len()).collect::<(Vec<_>, Vec<_>)>()
        });
        let expected_sets: (BTreeSet<i8>, String) = (
            v.iter().copied().collect(),
            v.iter().map(|&x| char::from(b'a' + (x as u8) % 26)).collect(),
        );
        check(&expected_sets, || {
            v.par_iter()
                .map(|&x| (x, char::from(b'a' + (x as u8) % 26)))
                .filter(|_| true)
                .collect::<(BTreeSet<_>, String)>()
        });
        let mut expected_ext = (vec![1i8], VecDeque::from([0usize]));
        expected_ext.0.extend(v.iter().copied());
        expected_ext.1.extend(0..v.len());
        check(&expected_ext, || {
            let mut pair = (vec![1i8], VecDeque::from([0usize]));
            pair.par_extend(v.par_iter().copied().zip(0..v.len()));
            pair
        });
        let (neg, pos): (Vec<i8>, Vec<i8>) = v.iter().partition(|&&x| x < 0);
        let expected_either = (neg, pos.iter().map(|x| x.to_string()).collect::<Vec<_>>());
        check(&expected_either, || {
            v.par_iter()
                .map(|&x| if x < 0 { Either::Left(x) } else { Either::Right(x.to_string()) })
                .collect::<(Vec<_>, Vec<_>)>()
        });
        check(&expected_either, || {
            let mut pair = (Vec::new(), Vec::new());
            pair.par_extend(
                v.par_iter()
                    .map(|&x| if x < 0 { Either::Left(x) } else { Either::Right(x.to_string()) }),
            );
            pair
        });
    }
}

#[test]
fn collect_into_result_returns_the_error() {
    each_pool(|threads| {
        let r: Result<Vec<i32>, String> = (0..10_000)
            .into_par_iter()
            .map(|i| {
                if i == 4_321 {
                    Err(format!("bad {i}"))
                } else {
                    Ok(i)
                }
            })
            .collect();
        assert_eq!(r, Err("bad 4321".to_string()), "{threads} threads");
        let ok: Result<Vec<i32>, String> = (0..100).into_par_iter().map(Ok).collect();
        assert_eq!(ok, Ok((0..100).collect()), "{threads} threads");
        let none: Option<Vec<i32>> = (0..100)
            .into_par_iter()
            .map(|x| (x != 50).then_some(x))
            .collect();
        assert_eq!(none, None, "{threads} threads");
    });
}

#[test]
fn either_iterates_and_extends_its_side() {
    let v: Vec<i32> = (0..100).collect();
    each_pool(|threads| {
        for left in [true, false] {
            let it = if left {
                Either::Left(v.par_iter().copied())
            } else {
                Either::Right(v.par_iter().copied().rev())
            };
            assert_eq!(it.opt_len(), Some(100));
            let got: Vec<i32> = it.collect();
            let mut expected = v.clone();
            if !left {
                expected.reverse();
            }
            assert_eq!(got, expected, "{threads} threads");
        }
        let mut target: Either<Vec<i32>, BTreeSet<i32>> = Either::Right(BTreeSet::new());
        target.par_extend(v.par_iter().copied().filter(|x| x % 2 == 0));
        assert_eq!(target.right().map(|s| s.len()), Some(50));
    });
}

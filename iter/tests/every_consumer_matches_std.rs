//! Every consumer against std's sequential iterator, under every weight, on pools of 1, 2 and
//! 8 threads; short-circuiting consumers keep their guarantees.

use proptest::prelude::*;
use std::cmp::Ordering;
use std::collections::LinkedList;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering as AtomicOrdering};
use std::sync::Mutex;
use weft_iter::prelude::*;
use weft_iter::weight::Weight;
use weft_testkit::every_config;
use weft_testkit::inputs::{config, inputs};

fn for_eachs<W: Weight>(v: &[i64]) {
    let sum = AtomicI64::new(0);
    v.par_iter().weight::<W>().for_each(|x| {
        sum.fetch_add(*x, AtomicOrdering::Relaxed);
    });
    assert_eq!(sum.into_inner(), v.iter().sum::<i64>());
    let seen = Mutex::new(Vec::new());
    v.par_iter()
        .weight::<W>()
        .for_each_with(&seen, |s, x| s.lock().unwrap().push(*x));
    let mut seen = seen.into_inner().unwrap();
    seen.sort();
    let mut want = v.to_vec();
    want.sort();
    assert_eq!(seen, want);
    let count = AtomicUsize::new(0);
    v.par_iter().weight::<W>().for_each_init(
        || 1,
        |one, _| {
            count.fetch_add(*one, AtomicOrdering::Relaxed);
        },
    );
    assert_eq!(count.into_inner(), v.len());
}

fn try_for_eachs<W: Weight>(v: &[i64]) {
    let has_big = v.iter().any(|x| *x > 900);
    let r = v
        .par_iter()
        .weight::<W>()
        .try_for_each(|x| if *x > 900 { Err(*x) } else { Ok(()) });
    match r {
        Ok(()) => assert!(!has_big),
        Err(x) => assert!(x > 900 && v.contains(&x)),
    }
    let r = v
        .par_iter()
        .weight::<W>()
        .try_for_each_with(900, |k, x| (*x <= *k).then_some(()));
    assert_eq!(r.is_some(), !has_big);
    let r = v.par_iter().weight::<W>().try_for_each_init(
        || 900,
        |k, x| {
            if *x > *k {
                ControlFlow::Break(*x)
            } else {
                ControlFlow::Continue(())
            }
        },
    );
    assert_eq!(r.is_break(), has_big);
}

fn reductions<W: Weight>(v: &[i64]) {
    let w = v.par_iter().copied().weight::<W>();
    assert_eq!(w.clone().count(), v.len());
    assert_eq!(w.clone().sum::<i64>(), v.iter().sum::<i64>());
    let small: Vec<i64> = v.iter().map(|x| x.rem_euclid(3) - 1).take(30).collect();
    assert_eq!(
        small.par_iter().weight::<W>().product::<i64>(),
        small.iter().product::<i64>()
    );
    assert_eq!(w.clone().reduce(|| 0, |a, b| a + b), v.iter().sum::<i64>());
    assert_eq!(
        w.clone().reduce_with(|a, b| a.max(b)),
        v.iter().copied().max()
    );
    let total: i64 = w.clone().fold(|| 0, |a, x| a + x).sum();
    assert_eq!(total, v.iter().sum::<i64>());
    let total: i64 = w.clone().fold_with(0, |a, x| a + x).sum();
    assert_eq!(total, v.iter().sum::<i64>());
    // Order is kept through fold + reduce.
    let joined = w
        .clone()
        .fold(Vec::new, |mut a, x| {
            a.push(x);
            a
        })
        .reduce(Vec::new, |mut a, mut b| {
            a.append(&mut b);
            a
        });
    assert_eq!(joined, v);
}

fn try_reductions<W: Weight>(v: &[i64]) {
    let w = v.par_iter().copied().weight::<W>();
    let want = v
        .iter()
        .try_fold(0i64, |a, &x| if x > 900 { None } else { Some(a + x) });
    assert_eq!(
        w.clone()
            .map(|x| (x <= 900).then_some(x))
            .try_reduce(|| 0, |a, b| Some(a + b)),
        want
    );
    let got = w
        .clone()
        .map(|x| (x <= 900).then_some(x))
        .try_reduce_with(|a, b| Some(a + b));
    match want {
        Some(s) if !v.is_empty() => assert_eq!(got, Some(Some(s))),
        Some(_) => assert_eq!(got, None),
        None => assert_eq!(got, Some(None)),
    }
    let got = w
        .clone()
        .try_fold(|| 0, |a, x| if x > 900 { Err(x) } else { Ok(a + x) })
        .try_reduce(|| 0, |a, b| Ok(a + b));
    match got {
        Ok(s) => assert_eq!(Some(s), want),
        Err(x) => assert!(want.is_none() && x > 900),
    }
    let got = w
        .clone()
        .try_fold_with(0, |a, x| if x > 900 { None } else { Some(a + x) })
        .try_reduce(|| 0, |a, b| Some(a + b));
    assert_eq!(got, want);
}

fn min_max<W: Weight>(v: &[i64]) {
    let w = v.par_iter().weight::<W>();
    assert_eq!(w.clone().min(), v.iter().min());
    assert_eq!(w.clone().max(), v.iter().max());
    assert_eq!(w.clone().min_by(|a, b| b.cmp(a)), v.iter().max());
    assert_eq!(w.clone().max_by(|a, b| b.cmp(a)), v.iter().min());
    // Keys tie often: compare the keys, not the items.
    let key = |x: &&i64| x.rem_euclid(10);
    assert_eq!(
        w.clone().min_by_key(key).map(|x| key(&x)),
        v.iter().min_by_key(key).map(|x| key(&x))
    );
    assert_eq!(
        w.clone().max_by_key(key).map(|x| key(&x)),
        v.iter().max_by_key(key).map(|x| key(&x))
    );
}

fn finds<W: Weight>(v: &[i64], target: i64) {
    let w = v.par_iter().copied().weight::<W>();
    let hit = |x: &i64| x % 17 == target.rem_euclid(17);
    assert_eq!(w.clone().find_first(hit), v.iter().copied().find(hit));
    assert_eq!(w.clone().find_last(hit), v.iter().copied().rev().find(hit));
    match w.clone().find_any(hit) {
        Some(x) => assert!(hit(&x)),
        None => assert!(!v.iter().any(hit)),
    }
    let fm = |x: i64| hit(&x).then_some(x * 2);
    assert_eq!(w.clone().find_map_first(fm), v.iter().copied().find_map(fm));
    assert_eq!(
        w.clone().find_map_last(fm),
        v.iter().copied().rev().find_map(fm)
    );
    assert_eq!(
        w.clone().find_map_any(fm).is_some(),
        v.iter().copied().any(|x| hit(&x))
    );
    assert_eq!(
        w.clone().position_first(|x| hit(&x)),
        v.iter().position(hit)
    );
    assert_eq!(
        w.clone().position_last(|x| hit(&x)),
        v.iter().rposition(hit)
    );
    match w.clone().position_any(|x| hit(&x)) {
        Some(i) => assert!(hit(&v[i])),
        None => assert!(!v.iter().any(hit)),
    }
    assert_eq!(w.clone().any(|x| hit(&x)), v.iter().any(hit));
    assert_eq!(w.clone().all(|x| !hit(&x)), v.iter().all(|x| !hit(x)));
    // Unindexed bases keep the guarantees too.
    let f = w.clone().filter(|x| x % 2 == 0);
    assert_eq!(
        f.clone().find_first(hit),
        v.iter().copied().filter(|x| x % 2 == 0).find(hit)
    );
    assert_eq!(
        f.find_last(hit),
        v.iter().copied().filter(|x| x % 2 == 0).rev().find(hit)
    );
}

fn collects<W: Weight>(v: &[i64]) {
    let w = v.par_iter().copied().weight::<W>();
    assert_eq!(w.clone().collect::<Vec<_>>(), v);
    let mut target = vec![1, 2, 3];
    w.clone().collect_into_vec(&mut target);
    assert_eq!(target, v);
    let list: LinkedList<Vec<i64>> = w.clone().filter(|_| true).collect_vec_list();
    assert_eq!(list.into_iter().flatten().collect::<Vec<_>>(), v);
    let (a, b): (Vec<i64>, Vec<i64>) = w.clone().map(|x| (x, -x)).unzip();
    assert_eq!(
        (a.as_slice(), b),
        (v, v.iter().map(|x| -x).collect::<Vec<_>>())
    );
    let (mut a, mut b) = (vec![9], vec![9]);
    w.clone()
        .map(|x| (x, x + 1))
        .unzip_into_vecs(&mut a, &mut b);
    assert_eq!(
        (a.as_slice(), b),
        (v, v.iter().map(|x| x + 1).collect::<Vec<_>>())
    );
    let (even, odd): (Vec<i64>, Vec<i64>) = w.clone().partition(|x| x % 2 == 0);
    let (want_even, want_odd): (Vec<i64>, Vec<i64>) = v.iter().partition(|x| *x % 2 == 0);
    assert_eq!((even, odd), (want_even, want_odd));
    let (l, r): (Vec<i64>, Vec<String>) = w.clone().partition_map(|x| {
        if x < 0 {
            either::Either::Left(x)
        } else {
            either::Either::Right(x.to_string())
        }
    });
    assert_eq!(l, v.iter().copied().filter(|x| *x < 0).collect::<Vec<_>>());
    assert_eq!(
        r,
        v.iter()
            .filter(|x| **x >= 0)
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
    );
    // Collect from an unindexed iterator keeps the order.
    let got: Vec<i64> = w.clone().filter(|x| x % 3 != 0).collect();
    assert_eq!(
        got,
        v.iter().copied().filter(|x| x % 3 != 0).collect::<Vec<_>>()
    );
    let mut ext = vec![5];
    ext.par_extend(w.clone().filter(|x| x % 3 == 0));
    let mut want = vec![5];
    want.extend(v.iter().copied().filter(|x| x % 3 == 0));
    assert_eq!(ext, want);
}

fn comparisons<W: Weight>(v: &[i64], u: &[i64]) {
    let w = || v.par_iter().weight::<W>();
    assert_eq!(w().cmp(u), v.iter().cmp(u.iter()));
    assert_eq!(w().partial_cmp(u), v.iter().partial_cmp(u.iter()));
    assert_eq!(w().eq(u), v.iter().eq(u.iter()));
    assert_eq!(w().ne(u), v.iter().ne(u.iter()));
    assert_eq!(w().lt(u), v.iter().lt(u.iter()));
    assert_eq!(w().le(u), v.iter().le(u.iter()));
    assert_eq!(w().gt(u), v.iter().gt(u.iter()));
    assert_eq!(w().ge(u), v.iter().ge(u.iter()));
    assert_eq!(w().cmp(v), Ordering::Equal);
    assert_eq!(w().len(), v.len());
    assert_eq!(w().opt_len(), Some(v.len()));
    assert_eq!(w().filter(|_| true).opt_len(), None);
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn for_eachs_match_std(v in inputs()) { every_config!(for_eachs(&v)); }

    #[test]
    fn try_for_eachs_match_std(v in inputs()) { every_config!(try_for_eachs(&v)); }

    #[test]
    fn reductions_match_std(v in inputs()) { every_config!(reductions(&v)); }

    #[test]
    fn try_reductions_match_std(v in inputs()) { every_config!(try_reductions(&v)); }

    #[test]
    fn min_max_matches_std(v in inputs()) { every_config!(min_max(&v)); }

    #[test]
    fn finds_match_std(v in inputs(), target in -20i64..20) { every_config!(finds(&v, target)); }

    #[test]
    fn collects_match_std(v in inputs()) { every_config!(collects(&v)); }

    #[test]
    fn comparisons_match_std(v in inputs(), u in inputs()) {
        every_config!(comparisons(&v, &u));
        let mut w = v.clone();
        w.push(0);
        every_config!(comparisons(&v, &w));
    }
}

//! Every adaptor against std's sequential iterator, under every weight, on pools of 1, 2 and
//! 8 threads.

use proptest::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use weft_iter::prelude::*;
use weft_iter::weight::Weight;
use weft_testkit::every_config;
use weft_testkit::inputs::{config, inputs, small_inputs};

fn map<W: Weight>(v: &[i64]) {
    let got: Vec<i64> = v.par_iter().weight::<W>().map(|x| x * 3).collect();
    let want: Vec<i64> = v.iter().map(|x| x * 3).collect();
    assert_eq!(got, want);
    // Indexed path (with_producer) through map.
    let got: Vec<(usize, i64)> = v
        .par_iter()
        .map(|x| x + 1)
        .weight::<W>()
        .enumerate()
        .collect();
    let want: Vec<(usize, i64)> = v.iter().map(|x| x + 1).enumerate().collect();
    assert_eq!(got, want);
}

fn map_with_init<W: Weight>(v: &[i64]) {
    let got: Vec<i64> = v
        .par_iter()
        .weight::<W>()
        .map_with(5, |k, x| {
            *k += 0;
            x + *k
        })
        .collect();
    assert_eq!(got, v.iter().map(|x| x + 5).collect::<Vec<_>>());
    let got: Vec<i64> = v
        .par_iter()
        .weight::<W>()
        .map_init(|| 7, |k, x| x * *k)
        .collect();
    assert_eq!(got, v.iter().map(|x| x * 7).collect::<Vec<_>>());
    let inits = AtomicUsize::new(0);
    let n = v
        .par_iter()
        .weight::<W>()
        .map_init(|| inits.fetch_add(1, Ordering::Relaxed), |_, x| *x)
        .filter(|_| true)
        .count();
    assert_eq!(n, v.len());
    assert!(inits.into_inner() <= v.len().max(1));
}

fn cloned_copied_inspect_update<W: Weight>(v: &[i64]) {
    assert_eq!(v.par_iter().weight::<W>().cloned().collect::<Vec<_>>(), v);
    assert_eq!(v.par_iter().weight::<W>().copied().collect::<Vec<_>>(), v);
    let seen = AtomicUsize::new(0);
    let got: Vec<i64> = v
        .par_iter()
        .weight::<W>()
        .inspect(|_| {
            seen.fetch_add(1, Ordering::Relaxed);
        })
        .copied()
        .collect();
    assert_eq!((got.as_slice(), seen.into_inner()), (v, v.len()));
    let got: Vec<i64> = v
        .par_iter()
        .copied()
        .weight::<W>()
        .update(|x| *x -= 1)
        .collect();
    assert_eq!(got, v.iter().map(|x| x - 1).collect::<Vec<_>>());
}

fn filters<W: Weight>(v: &[i64]) {
    let got: Vec<i64> = v
        .par_iter()
        .weight::<W>()
        .copied()
        .filter(|x| x % 3 == 0)
        .collect();
    assert_eq!(
        got,
        v.iter().copied().filter(|x| x % 3 == 0).collect::<Vec<_>>()
    );
    let got: Vec<i64> = v
        .par_iter()
        .weight::<W>()
        .filter_map(|x| (x % 2 == 0).then_some(x / 2))
        .collect();
    let want: Vec<i64> = v
        .iter()
        .filter_map(|x| (x % 2 == 0).then_some(x / 2))
        .collect();
    assert_eq!(got, want);
}

fn flats<W: Weight>(v: &[i64]) {
    let nested: Vec<Vec<i64>> = v.chunks(3).map(<[i64]>::to_vec).collect();
    let want: Vec<i64> = v.to_vec();
    let f = |c: &Vec<i64>| c.clone();
    assert_eq!(
        nested
            .par_iter()
            .weight::<W>()
            .flat_map(f)
            .collect::<Vec<_>>(),
        want
    );
    assert_eq!(
        nested
            .par_iter()
            .weight::<W>()
            .flat_map_iter(f)
            .collect::<Vec<_>>(),
        want
    );
    assert_eq!(
        nested
            .clone()
            .into_par_iter()
            .weight::<W>()
            .flatten()
            .collect::<Vec<_>>(),
        want
    );
    assert_eq!(
        nested
            .into_par_iter()
            .weight::<W>()
            .flatten_iter()
            .collect::<Vec<_>>(),
        want
    );
    let got: Vec<i64> = v
        .par_iter()
        .weight::<W>()
        .flat_map(|&x| 0..(x.rem_euclid(4)))
        .collect();
    let want: Vec<i64> = v.iter().flat_map(|&x| 0..(x.rem_euclid(4))).collect();
    assert_eq!(got, want);
}

fn chain_zip<W: Weight>(v: &[i64]) {
    let half = v.len() / 2;
    let (a, b) = v.split_at(half);
    let got: Vec<i64> = a.par_iter().chain(b).weight::<W>().copied().collect();
    assert_eq!(got, v);
    let got: Vec<i64> = a
        .par_iter()
        .filter(|_| true)
        .chain(b)
        .weight::<W>()
        .copied()
        .collect();
    assert_eq!(got, v);
    let got: Vec<(i64, i64)> = a
        .par_iter()
        .copied()
        .zip(b.par_iter().copied())
        .weight::<W>()
        .collect();
    assert_eq!(
        got,
        a.iter().copied().zip(b.iter().copied()).collect::<Vec<_>>()
    );
    let got: Vec<(i64, i64)> = a
        .par_iter()
        .copied()
        .zip(b.par_iter().copied())
        .rev()
        .weight::<W>()
        .collect();
    assert_eq!(
        got,
        a.iter()
            .copied()
            .zip(b.iter().copied())
            .rev()
            .collect::<Vec<_>>()
    );
    let got: Vec<(i64, &i64)> = v.par_iter().copied().weight::<W>().zip_eq(v).collect();
    assert_eq!(got, v.iter().copied().zip(v).collect::<Vec<_>>());
    let got: Vec<i64> = a.par_iter().chain(b).rev().weight::<W>().copied().collect();
    assert_eq!(got, v.iter().rev().copied().collect::<Vec<_>>());
}

/// Sequential interleave, the reference.
fn seq_interleave(a: &[i64], b: &[i64], shortest: bool) -> Vec<i64> {
    let mut out = Vec::new();
    let (mut i, mut j) = (a.iter(), b.iter());
    loop {
        match i.next() {
            Some(x) => out.push(*x),
            None if shortest => break,
            None => {
                out.extend(j);
                break;
            }
        }
        match j.next() {
            Some(y) => out.push(*y),
            None if shortest => break,
            None => {
                out.extend(i);
                break;
            }
        }
    }
    out
}

fn interleaves<W: Weight>(v: &[i64]) {
    for cut in [0, v.len() / 3, v.len() / 2, v.len()] {
        let (a, b) = v.split_at(cut);
        let got: Vec<i64> = a.par_iter().interleave(b).weight::<W>().copied().collect();
        assert_eq!(got, seq_interleave(a, b, false));
        let got: Vec<i64> = a
            .par_iter()
            .interleave(b)
            .rev()
            .weight::<W>()
            .copied()
            .collect();
        let mut want = seq_interleave(a, b, false);
        want.reverse();
        assert_eq!(got, want);
        let got: Vec<i64> = a
            .par_iter()
            .interleave_shortest(b)
            .weight::<W>()
            .copied()
            .collect();
        assert_eq!(got, seq_interleave(a, b, true));
        let got: Vec<i64> = b
            .par_iter()
            .interleave_shortest(a)
            .weight::<W>()
            .copied()
            .collect();
        assert_eq!(got, seq_interleave(b, a, true));
    }
}

fn index_adaptors<W: Weight>(v: &[i64], n: usize) {
    let w = v.par_iter().copied().weight::<W>();
    assert_eq!(
        w.clone().enumerate().collect::<Vec<_>>(),
        v.iter().copied().enumerate().collect::<Vec<_>>()
    );
    assert_eq!(
        w.clone().rev().collect::<Vec<_>>(),
        v.iter().copied().rev().collect::<Vec<_>>()
    );
    assert_eq!(
        w.clone().skip(n).collect::<Vec<_>>(),
        v.iter().copied().skip(n).collect::<Vec<_>>()
    );
    assert_eq!(
        w.clone().take(n).collect::<Vec<_>>(),
        v.iter().copied().take(n).collect::<Vec<_>>()
    );
    let step = n % 7 + 1;
    assert_eq!(
        w.clone().step_by(step).collect::<Vec<_>>(),
        v.iter().copied().step_by(step).collect::<Vec<_>>()
    );
    assert_eq!(
        w.clone().step_by(step).rev().collect::<Vec<_>>(),
        v.iter().copied().step_by(step).rev().collect::<Vec<_>>()
    );
    assert_eq!(w.clone().with_min_len(n + 1).collect::<Vec<_>>(), v);
    assert_eq!(w.clone().with_max_len(n + 1).collect::<Vec<_>>(), v);
    assert_eq!(
        w.clone()
            .skip(n / 2)
            .take(n)
            .rev()
            .enumerate()
            .collect::<Vec<_>>(),
        v.iter()
            .copied()
            .skip(n / 2)
            .take(n)
            .rev()
            .enumerate()
            .collect::<Vec<_>>()
    );
    let got: Vec<usize> = w.clone().positions(|x| x % 3 == 0).collect();
    let want: Vec<usize> = v
        .iter()
        .enumerate()
        .filter(|(_, x)| *x % 3 == 0)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(got, want);
}

fn chunk_adaptors<W: Weight>(v: &[i64], n: usize) {
    let size = n % 9 + 1;
    let want: Vec<Vec<i64>> = v.chunks(size).map(<[i64]>::to_vec).collect();
    let w = v.par_iter().copied().weight::<W>();
    assert_eq!(w.clone().chunks(size).collect::<Vec<_>>(), want);
    let mut rev = want.clone();
    rev.reverse();
    assert_eq!(w.clone().chunks(size).rev().collect::<Vec<_>>(), rev);
    let sums: Vec<i64> = want.iter().map(|c| c.iter().sum()).collect();
    assert_eq!(
        w.clone()
            .fold_chunks(size, || 0, |a, x| a + x)
            .collect::<Vec<_>>(),
        sums
    );
    assert_eq!(
        w.clone()
            .fold_chunks_with(size, 0, |a, x| a + x)
            .collect::<Vec<_>>(),
        sums
    );
}

fn blocks<W: Weight>(v: &[i64], n: usize) {
    let w = v.par_iter().copied().weight::<W>();
    assert_eq!(w.clone().by_uniform_blocks(n + 1).collect::<Vec<_>>(), v);
    assert_eq!(w.clone().by_exponential_blocks().collect::<Vec<_>>(), v);
    let first = v.iter().copied().find(|x| x % 5 == 0);
    assert_eq!(
        w.clone().by_exponential_blocks().find_first(|x| x % 5 == 0),
        first
    );
    assert_eq!(
        w.clone()
            .by_uniform_blocks(n + 1)
            .find_first(|x| x % 5 == 0),
        first
    );
}

fn intersperse<W: Weight>(v: &[i64]) {
    let mut want = Vec::new();
    for (i, x) in v.iter().enumerate() {
        if i > 0 {
            want.push(-7);
        }
        want.push(*x);
    }
    let w = v.par_iter().copied().weight::<W>();
    assert_eq!(w.clone().intersperse(-7).collect::<Vec<_>>(), want);
    assert_eq!(w.clone().intersperse(-7).len(), want.len());
    let mut rev = want.clone();
    rev.reverse();
    assert_eq!(w.clone().intersperse(-7).rev().collect::<Vec<_>>(), rev);
    // Through a consumer: the base splits by index (its length is known).
    assert_eq!(
        w.clone().intersperse(-7).map(|x| x + 1).collect::<Vec<_>>(),
        want.iter().map(|x| x + 1).collect::<Vec<_>>()
    );
    // Unknown length: sum and count agree whatever the pieces.
    let kept: Vec<i64> = v.iter().copied().filter(|x| x % 2 == 0).collect();
    let n = w.clone().filter(|x| x % 2 == 0).intersperse(0).count();
    assert!(n >= (2 * kept.len()).saturating_sub(1));
}

fn fuses<W: Weight>(v: &[i64]) {
    let w = v.par_iter().copied().weight::<W>();
    assert_eq!(w.clone().panic_fuse().collect::<Vec<_>>(), v);
    // while_some: every item before the first None is seen only if taken; the taken items
    // are in order and are all Some before the stop.
    let got: Vec<i64> = w
        .clone()
        .map(|x| (x != 0).then_some(x))
        .while_some()
        .collect();
    let prefix: Vec<i64> = v.iter().copied().take_while(|&x| x != 0).collect();
    if v.contains(&0) {
        assert!(got.iter().all(|&x| x != 0));
    } else {
        assert_eq!(got, prefix);
    }
}

fn any_adaptors<W: Weight>(v: &[i64], n: usize) {
    let w = v.par_iter().copied().weight::<W>();
    let mut sorted = v.to_vec();
    sorted.sort();
    let mut got = w.clone().take_any(n).collect::<Vec<_>>();
    assert_eq!(got.len(), n.min(v.len()));
    got.sort();
    assert!(got.iter().all(|x| sorted.binary_search(x).is_ok()));
    let got = w.clone().skip_any(n).collect::<Vec<_>>();
    assert_eq!(got.len(), v.len().saturating_sub(n));
    let got = w.clone().take_any_while(|x| *x < 500).collect::<Vec<_>>();
    assert!(got.iter().all(|x| *x < 500));
    if v.iter().all(|x| *x < 500) {
        assert_eq!(got, v);
    }
    let got = w.clone().skip_any_while(|x| *x < 500).collect::<Vec<_>>();
    let at_least: Vec<i64> = v.iter().copied().filter(|x| *x >= 500).collect();
    assert!(at_least.iter().all(|x| got.contains(x)));
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn map_matches_std(v in inputs()) { every_config!(map(&v)); }

    #[test]
    fn map_with_init_matches_std(v in inputs()) { every_config!(map_with_init(&v)); }

    #[test]
    fn cloned_copied_inspect_update_matches_std(v in inputs()) {
        every_config!(cloned_copied_inspect_update(&v));
    }

    #[test]
    fn filters_match_std(v in inputs()) { every_config!(filters(&v)); }

    #[test]
    fn flats_match_std(v in inputs()) { every_config!(flats(&v)); }

    #[test]
    fn chain_zip_matches_std(v in inputs()) { every_config!(chain_zip(&v)); }

    #[test]
    fn interleaves_match_std(v in small_inputs()) { every_config!(interleaves(&v)); }

    #[test]
    fn index_adaptors_match_std(v in inputs(), n in 0usize..50) { every_config!(index_adaptors(&v, n)); }

    #[test]
    fn chunk_adaptors_match_std(v in inputs(), n in 0usize..50) { every_config!(chunk_adaptors(&v, n)); }

    #[test]
    fn blocks_match_std(v in inputs(), n in 0usize..50) { every_config!(blocks(&v, n)); }

    #[test]
    fn intersperse_matches_std(v in inputs()) { every_config!(intersperse(&v)); }

    #[test]
    fn fuses_match_std(v in inputs()) { every_config!(fuses(&v)); }

    #[test]
    fn any_adaptors_match_std(v in inputs(), n in 0usize..50) { every_config!(any_adaptors(&v, n)); }
}

//! The slice methods (chunks, rchunks, windows, split, chunk_by and their `_mut` forms) against
//! std's sequential ones, on pools of 1, 2 and 8 threads and under several weights.

use proptest::prelude::*;
use weft_iter::prelude::*;
use weft_iter::slice::{ParallelSlice, ParallelSliceMut};
use weft_testkit::{each_pool, pools, THREADS};

/// Collects a parallel iterator of slices into owned vectors, under `Adaptive` and
/// `FullyParallel` (both must agree).
macro_rules! owned {
    ($iter:expr) => {{
        let adaptive: Vec<Vec<u32>> = $iter.map(|s| s.to_vec()).collect();
        let fully: Vec<Vec<u32>> = $iter
            .weight::<FullyParallel>()
            .map(|s| s.to_vec())
            .collect();
        assert_eq!(adaptive, fully, "weights disagree");
        adaptive
    }};
}

fn std_owned<'a>(iter: impl Iterator<Item = &'a [u32]>) -> Vec<Vec<u32>> {
    iter.map(|s| s.to_vec()).collect()
}

/// What the `_mut` tests do to each piece: something that depends on its position and length.
fn touch(piece: &mut [u32]) {
    piece.reverse();
    let len = piece.len() as u32;
    if let Some(first) = piece.first_mut() {
        *first = first.wrapping_mul(31).wrapping_add(len);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn shared_methods_match_std(
        v in prop::collection::vec(0u32..20, 0..300),
        n in 1usize..12,
        pool in 0..THREADS.len(),
    ) {
        pools()[pool].install(|| {
            assert_eq!(owned!(v.par_chunks(n)), std_owned(v.chunks(n)));
            assert_eq!(owned!(v.par_chunks_exact(n)), std_owned(v.chunks_exact(n)));
            assert_eq!(v.par_chunks_exact(n).remainder(), v.chunks_exact(n).remainder());
            assert_eq!(owned!(v.par_rchunks(n)), std_owned(v.rchunks(n)));
            assert_eq!(owned!(v.par_rchunks_exact(n)), std_owned(v.rchunks_exact(n)));
            assert_eq!(v.par_rchunks_exact(n).remainder(), v.rchunks_exact(n).remainder());
            assert_eq!(owned!(v.par_windows(n)), std_owned(v.windows(n)));
            assert_eq!(v.par_chunks(n).len(), v.chunks(n).len());
            assert_eq!(v.par_rchunks_exact(n).len(), v.rchunks_exact(n).len());
            assert_eq!(v.par_windows(n).count(), v.windows(n).count());

            let sep = |x: &u32| *x as usize % (n + 1) == 0;
            assert_eq!(owned!(v.par_split(sep)), std_owned(v.split(sep)));
            assert_eq!(owned!(v.par_split_inclusive(sep)), std_owned(v.split_inclusive(sep)));
            let together = |a: &u32, b: &u32| a <= b;
            assert_eq!(owned!(v.par_chunk_by(together)), std_owned(v.chunk_by(together)));
            let same_band = |a: &u32, b: &u32| a / 4 == b / 4;
            assert_eq!(owned!(v.par_chunk_by(same_band)), std_owned(v.chunk_by(same_band)));
        });
    }

    #[test]
    fn mut_methods_match_std(
        v in prop::collection::vec(0u32..20, 0..300),
        n in 1usize..12,
        pool in 0..THREADS.len(),
    ) {
        pools()[pool].install(|| {
            macro_rules! check {
                ($par:ident, $seq:ident $(, $arg:expr)?) => {{
                    let mut expected = v.clone();
                    expected.$seq($($arg)?).for_each(touch);
                    let mut got = v.clone();
                    got.$par($($arg)?).for_each(touch);
                    assert_eq!(got, expected, stringify!($par));
                    let mut got = v.clone();
                    got.$par($($arg)?).weight::<FullyParallel>().for_each(touch);
                    assert_eq!(got, expected, stringify!($par));
                }};
            }
            check!(par_chunks_mut, chunks_mut, n);
            check!(par_chunks_exact_mut, chunks_exact_mut, n);
            check!(par_rchunks_mut, rchunks_mut, n);
            check!(par_rchunks_exact_mut, rchunks_exact_mut, n);
            let sep = |x: &u32| *x as usize % (n + 1) == 0;
            check!(par_split_mut, split_mut, sep);
            check!(par_split_inclusive_mut, split_inclusive_mut, sep);
            let together = |a: &u32, b: &u32| a <= b;
            check!(par_chunk_by_mut, chunk_by_mut, together);

            let mut got = v.clone();
            let mut chunks = got.par_chunks_exact_mut(n);
            let rem = chunks.take_remainder();
            assert_eq!(&*rem, v.chunks_exact(n).remainder());
            let mut got = v.clone();
            let rem = got.par_rchunks_exact_mut(n).into_remainder();
            assert_eq!(&*rem, v.rchunks_exact(n).remainder());
        });
    }
}

#[test]
fn large_splits_cover_the_slice() {
    let v: Vec<u32> = (0..200_000).map(|i| i % 1000).collect();
    each_pool(|_| {
        let pieces = v.par_split(|x| *x == 0).count();
        assert_eq!(pieces, v.split(|x| *x == 0).count());
        let total: usize = v.par_chunk_by(|a, b| a < b).map(|run| run.len()).sum();
        assert_eq!(total, v.len());
        let windows: u64 = v.par_windows(3).map(|w| u64::from(w[2])).sum();
        assert_eq!(windows, v.windows(3).map(|w| u64::from(w[2])).sum());
    });
}

#[test]
#[should_panic(expected = "chunk size must be non-zero")]
fn chunks_of_zero_panic() {
    let _ = [1, 2, 3].par_chunks(0);
}

#[test]
#[should_panic(expected = "chunk size must be non-zero")]
fn rchunks_exact_mut_of_zero_panic() {
    let _ = [1, 2, 3].par_rchunks_exact_mut(0);
}

#[test]
#[should_panic(expected = "window size must be non-zero")]
fn windows_of_zero_panic() {
    let _ = [1, 2, 3].par_windows(0);
}

#[test]
fn split_inclusive_ending_in_separator_terminates() {
    // Cutting an inclusive split at its last element would leave the whole slice on the left
    // and split forever.
    let v = [0u32, 1, 0];
    let pieces: Vec<&[u32]> = v
        .par_split_inclusive(|x| *x == 0)
        .weight::<FullyParallel>()
        .collect();
    assert_eq!(pieces, [&[0][..], &[1, 0]]);
    let mut w = [0u32];
    assert_eq!(
        w.par_split_inclusive_mut(|x| *x == 0)
            .weight::<FullyParallel>()
            .count(),
        1
    );
}

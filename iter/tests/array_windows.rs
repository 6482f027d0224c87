//! `par_array_windows` on slices and arrays: the same windows as std's `windows`, as arrays,
//! in order, however the pool splits them.

use proptest::prelude::*;
use weft_iter::prelude::*;

fn std_windows<const N: usize>(v: &[u32]) -> Vec<[u32; N]> {
    v.windows(N).map(|w| w.try_into().unwrap()).collect()
}

fn par_windows<const N: usize>(v: &[u32]) -> Vec<[u32; N]> {
    v.par_array_windows::<N>().copied().collect()
}

proptest! {
    #[test]
    fn par_array_windows_are_stds_windows_in_order(v in proptest::collection::vec(any::<u32>(), 0..3_000)) {
        prop_assert_eq!(par_windows::<1>(&v), std_windows::<1>(&v));
        prop_assert_eq!(par_windows::<2>(&v), std_windows::<2>(&v));
        prop_assert_eq!(par_windows::<7>(&v), std_windows::<7>(&v));
        // Split down to single windows: every split point lands inside overlapping windows.
        let fine: Vec<[u32; 3]> = v
            .par_array_windows::<3>()
            .weight::<FullyParallel>()
            .rev()
            .copied()
            .collect();
        let mut expected = std_windows::<3>(&v);
        expected.reverse();
        prop_assert_eq!(fine, expected);
    }
}

#[test]
fn par_array_windows_works_on_arrays_and_reports_its_length() {
    let a = [1, 2, 3, 4, 5];
    let windows = a.par_array_windows::<2>();
    assert_eq!(windows.len(), 4);
    let sums: Vec<i32> = windows.clone().map(|[x, y]| x + y).collect();
    assert_eq!(sums, [3, 5, 7, 9]);
    assert_eq!([1, 2].par_array_windows::<3>().count(), 0);
    assert_eq!(
        a.par_array_windows::<5>().collect::<Vec<_>>(),
        [&[1, 2, 3, 4, 5]]
    );
}

#[test]
#[should_panic(expected = "window size must be non-zero")]
fn par_array_windows_of_zero_panics() {
    let _ = [1, 2, 3].par_array_windows::<0>();
}

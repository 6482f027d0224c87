//! Tuples of parallel iterators (`MultiZip`) against std's nested `zip`, on pools of 1, 2 and
//! 8 threads.

use proptest::prelude::*;
use weft_iter::prelude::*;
use weft_testkit::expect_in_every_pool as check;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn tuples_zip_to_the_shortest(
        a in prop::collection::vec(any::<u8>(), 0..200),
        b in prop::collection::vec(any::<i32>(), 0..200),
        c in prop::collection::vec(any::<char>(), 0..200),
    ) {
        let expected: Vec<(u8, i32, char)> = a
            .iter()
            .zip(&b)
            .zip(&c)
            .map(|((&a, &b), &c)| (a, b, c))
            .collect();
        check(&expected, || {
            (a.clone(), b.clone(), c.clone()).into_par_iter().collect::<Vec<_>>()
        });
        check(&expected, || {
            (&a, &b, &c)
                .into_par_iter()
                .weight::<FullyParallel>()
                .map(|(&a, &b, &c)| (a, b, c))
                .collect::<Vec<_>>()
        });
        let tuple = (a.clone(), b.clone(), c.clone());
        check(&expected.len(), || tuple.par_iter().len());
        let reversed: Vec<(u8, i32, char)> = expected.iter().rev().copied().collect();
        check(&reversed, || {
            (a.par_iter().copied(), b.par_iter().copied(), c.par_iter().copied())
                .into_par_iter()
                .rev()
                .collect::<Vec<_>>()
        });
        let single: Vec<(u8,)> = a.iter().map(|&x| (x,)).collect();
        check(&single, || (a.clone(),).into_par_iter().collect::<Vec<_>>());
    }

    #[test]
    fn mutable_tuples(a in prop::collection::vec(any::<u32>(), 0..200)) {
        let expected: (Vec<u32>, Vec<u32>) =
            (a.iter().map(|x| x / 2).collect(), a.iter().map(|x| x % 2).collect());
        check(&expected, || {
            let mut pair = (a.clone(), a.clone());
            pair.par_iter_mut().for_each(|(q, r)| {
                *q /= 2;
                *r %= 2;
            });
            pair
        });
    }
}

#[test]
fn twelve_at_once() {
    let v: Vec<usize> = (0..100).collect();
    let t = (&v, &v, &v, &v, &v, &v, &v, &v, &v, &v, &v, &v);
    let sum: usize = t
        .into_par_iter()
        .map(|(a, b, c, d, e, f, g, h, i, j, k, l)| a + b + c + d + e + f + g + h + i + j + k + l)
        .sum();
    assert_eq!(sum, 12 * 4950);
}

#[test]
fn debug_and_clone() {
    let v = vec![1, 2];
    let z = (&v, &v).into_par_iter();
    assert_eq!(z.clone().count(), 2);
    assert!(format!("{z:?}").starts_with("MultiZip"));
}

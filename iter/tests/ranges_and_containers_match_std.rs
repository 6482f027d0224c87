//! Ranges and containers as sources, against their sequential twins: ranges of every integer
//! type and of chars (inclusive too), `Vec`, `Box<[T]>`, slices, arrays, `Option` and `Result`.

use proptest::prelude::*;
use weft_iter::prelude::*;
use weft_iter::weight::Weight;
use weft_testkit::every_config;
use weft_testkit::inputs::{config, inputs};

macro_rules! check_ranges {
    ($W:ty, $a:expr, $b:expr, $($t:ty),*) => {$(
        let (a, b) = ($a as $t, $b as $t);
        let got: Vec<$t> = (a..b).into_par_iter().weight::<$W>().collect();
        assert_eq!(got, (a..b).collect::<Vec<_>>());
        let got: Vec<$t> = (a..=b).into_par_iter().weight::<$W>().collect();
        assert_eq!(got, (a..=b).collect::<Vec<_>>());
        assert_eq!((a..b).into_par_iter().opt_len(), Some((a..b).count()));
        assert_eq!((b..a).into_par_iter().count(), 0);
    )*};
}

fn ranges<W: Weight>(a: i8, len: u8) {
    let b = (a as i16 + len as i16).min(127) as i8;
    check_ranges!(W, a, b, i8, i16, i32, i64, i128, isize);
    let (a, b) = (a as u8 as u16, (a as u8 as u16) + len as u16);
    check_ranges!(W, a, b, u16, u32, u64, u128, usize);
    let (ua, ub) = (a.min(255) as u8, b.min(255) as u8);
    check_ranges!(W, ua, ub, u8);
    // Indexed ranges zip and reverse.
    let got: Vec<(u32, i16)> = (0..len as u32)
        .into_par_iter()
        .zip(0..len as i16)
        .rev()
        .collect();
    assert_eq!(
        got,
        (0..len as u32).zip(0..len as i16).rev().collect::<Vec<_>>()
    );
}

fn chars<W: Weight>(a: u32, len: u32) {
    let (Some(a), Some(b)) = (char::from_u32(a), char::from_u32(a + len)) else {
        return;
    };
    let got: Vec<char> = (a..b).into_par_iter().weight::<W>().collect();
    assert_eq!(got, (a..b).collect::<Vec<_>>());
    let got: Vec<char> = (a..=b).into_par_iter().weight::<W>().rev().collect();
    assert_eq!(got, (a..=b).rev().collect::<Vec<_>>());
    assert_eq!((a..b).into_par_iter().len(), (a..b).count());
}

fn containers<W: Weight>(v: &[i64]) {
    let vec = v.to_vec();
    assert_eq!(
        vec.clone()
            .into_par_iter()
            .weight::<W>()
            .collect::<Vec<_>>(),
        v
    );
    let boxed: Box<[i64]> = vec.clone().into_boxed_slice();
    assert_eq!(
        boxed.par_iter().weight::<W>().copied().collect::<Vec<_>>(),
        v
    );
    assert_eq!(
        boxed
            .into_par_iter()
            .weight::<W>()
            .rev()
            .collect::<Vec<_>>(),
        v.iter().rev().copied().collect::<Vec<_>>()
    );
    let mut m = vec.clone();
    m.par_iter_mut().weight::<W>().for_each(|x| *x *= 2);
    assert_eq!(m, v.iter().map(|x| x * 2).collect::<Vec<_>>());
    let mut arr = [1i64, 2, 3, 4, 5];
    arr.par_iter_mut().weight::<W>().for_each(|x| *x += 1);
    assert_eq!(arr, [2, 3, 4, 5, 6]);
    assert_eq!(arr.par_iter().weight::<W>().sum::<i64>(), 20);
    assert_eq!(
        arr.into_par_iter().weight::<W>().collect::<Vec<_>>(),
        [2, 3, 4, 5, 6]
    );
    let first = v.first().copied();
    assert_eq!(
        first.into_par_iter().weight::<W>().collect::<Vec<_>>(),
        first.into_iter().collect::<Vec<_>>()
    );
    assert_eq!(first.par_iter().count(), usize::from(first.is_some()));
    let res: Result<i64, ()> = first.ok_or(());
    assert_eq!(
        res.par_iter().copied().collect::<Vec<_>>(),
        first.into_iter().collect::<Vec<_>>()
    );
    assert_eq!(
        res.into_par_iter().zip(first).count(),
        usize::from(first.is_some())
    );
}

#[test]
fn ranges_up_to_the_type_limits_split_and_search() {
    assert_eq!((0..=u64::MAX).into_par_iter().opt_len(), None);
    assert_eq!(
        (u64::MAX - 2..=u64::MAX)
            .into_par_iter()
            .collect::<Vec<_>>(),
        [u64::MAX - 2, u64::MAX - 1, u64::MAX]
    );
    assert_eq!((0..u128::MAX).into_par_iter().opt_len(), None);
    assert_eq!(
        (i128::MIN..=i128::MAX).into_par_iter().find_first(|_| true),
        Some(i128::MIN)
    );
    assert_eq!(
        (i128::MIN..=i128::MAX)
            .into_par_iter()
            .take_any_while(|_| false)
            .count(),
        0
    );
    assert_eq!(
        (0..u128::MAX).into_par_iter().find_any(|x| *x == 12_345),
        Some(12_345)
    );
    assert_eq!(
        ('\u{D7FE}'..='\u{E001}')
            .into_par_iter()
            .collect::<Vec<char>>(),
        ['\u{D7FE}', '\u{D7FF}', '\u{E000}', '\u{E001}']
    );
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn ranges_match_std(a in any::<i8>(), len in 0u8..200) { every_config!(ranges(a, len)); }

    #[test]
    fn chars_match_std(a in prop_oneof![0u32..200, 0xD7F0u32..0xD800, 0x10FFF0u32..0x10FFFF], len in 0u32..40) {
        every_config!(chars(a, len));
    }

    #[test]
    fn containers_match_std(v in inputs()) { every_config!(containers(&v)); }
}

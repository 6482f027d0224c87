//! The string methods of `ParallelString` against std's sequential ones, on pools of 1, 2 and
//! 8 threads, with the default weight and split down to the smallest pieces.

use proptest::prelude::*;
use weft_iter::prelude::*;
use weft_iter::str::ParallelString;
use weft_testkit::expect_in_every_pool as check;

/// Strings rich in separators, multi-byte chars, `\r\n` and whitespace of both kinds.
fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "a", "b", "é", "😀", " ", "  ", "\t", "\n", "\r\n", "\r", ",", ";", "\u{2003}", "x1",
            ",,", "",
        ]),
        0..64,
    )
    .prop_map(|parts| parts.concat())
}

/// Checks a parallel iterator against the std result, with the default and the finest split.
macro_rules! same {
    ($s:ident, $par:expr, $seq:expr) => {{
        let expected: Vec<_> = $seq.collect();
        check(&expected, || $par.collect::<Vec<_>>());
        check(&expected, || {
            $par.weight::<FullyParallel>().collect::<Vec<_>>()
        });
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn chars_bytes_and_utf16(s in text()) {
        same!(s, s.par_chars(), s.chars());
        same!(s, s.par_char_indices(), s.char_indices());
        same!(s, s.par_bytes(), s.bytes());
        same!(s, s.par_encode_utf16(), s.encode_utf16());
    }

    #[test]
    fn splits(s in text()) {
        same!(s, s.par_split(','), s.split(','));
        same!(s, s.par_split(&[',', ';'][..]), s.split(&[',', ';'][..]));
        same!(s, s.par_split([',', 'é']), s.split([',', 'é']));
        same!(s, s.par_split(&[',', '\n']), s.split(&[',', '\n']));
        same!(s, s.par_split(char::is_whitespace), s.split(char::is_whitespace));
        same!(s, s.par_split_inclusive(','), s.split_inclusive(','));
        same!(s, s.par_split_inclusive('\n'), s.split_inclusive('\n'));
        same!(s, s.par_split_terminator(','), s.split_terminator(','));
        same!(s, s.par_split_terminator([';', ',']), s.split_terminator([';', ',']));
    }

    #[test]
    fn lines_and_whitespace(s in text()) {
        same!(s, s.par_lines(), s.lines());
        same!(s, s.par_split_whitespace(), s.split_whitespace());
        same!(s, s.par_split_ascii_whitespace(), s.split_ascii_whitespace());
    }

    #[test]
    fn matches(s in text()) {
        same!(s, s.par_matches(','), s.matches(','));
        same!(s, s.par_matches(|c: char| !c.is_ascii()), s.matches(|c: char| !c.is_ascii()));
        same!(s, s.par_match_indices(['a', '😀']), s.match_indices(['a', '😀']));
        same!(s, s.par_match_indices(char::is_whitespace), s.match_indices(char::is_whitespace));
    }

    #[test]
    fn collect_and_extend_strings(s in text()) {
        check(&s, || s.par_chars().collect::<String>());
        check(&s, || s.par_split_inclusive(',').collect::<String>());
        check(&s, || s.par_split_inclusive(',').map(String::from).collect::<String>());
        check(&s, || s.par_split_inclusive(',').map(Box::<str>::from).collect::<String>());
        check(&s.clone().into_boxed_str(), || s.par_chars().collect::<Box<str>>());
        check(&s, || {
            s.par_split_inclusive(',')
                .map(std::borrow::Cow::Borrowed)
                .collect::<String>()
        });
        let chars: Vec<char> = s.chars().collect();
        check(&s, || chars.par_iter().collect::<String>());
        let doubled = format!("{s}{s}");
        check(&doubled, || {
            let mut out = s.clone();
            out.par_extend(s.par_chars());
            out
        });
    }

    #[test]
    fn drain_a_string(s in text(), a in 0usize..80, b in 0usize..80) {
        let (mut lo, mut hi) = (a.min(b).min(s.len()), a.max(b).min(s.len()));
        while !s.is_char_boundary(lo) {
            lo -= 1;
        }
        while !s.is_char_boundary(hi) {
            hi += 1;
        }
        let mut expected = s.clone();
        let drained: String = expected.drain(lo..hi).collect();
        check(&(drained, expected), || {
            let mut left = s.clone();
            let got: String = weft_iter::drain::ParallelDrainRange::par_drain(&mut left, lo..hi)
                .collect();
            (got, left)
        });
    }
}

#[test]
fn debug_and_clone() {
    let s = "a,b";
    let split = s.par_split(',');
    assert_eq!(split.clone().count(), 2);
    assert_eq!(
        format!("{split:?}"),
        "Split { chars: \"a,b\", separator: ',' }"
    );
    let _ = (s.par_lines().clone(), s.par_split_whitespace().clone());
    let _ = s.par_split_ascii_whitespace().clone();
    let _ = (
        s.par_split_terminator(',').clone(),
        s.par_split_inclusive(',').clone(),
    );
    let _ = (s.par_matches(',').clone(), s.par_match_indices(',').clone());
    let _ = (
        s.par_chars().clone(),
        s.par_bytes().clone(),
        s.par_encode_utf16().clone(),
    );
    let _ = s.par_char_indices().clone();
}

#[test]
fn a_drain_that_is_not_consumed_still_removes() {
    let mut s = String::from("héllo");
    drop(weft_iter::drain::ParallelDrainRange::par_drain(
        &mut s,
        1..3,
    ));
    assert_eq!(s, "hllo");
}

#[test]
#[should_panic(expected = "not a char boundary")]
fn a_drain_inside_a_char_panics() {
    let mut s = String::from("héllo");
    let _ = weft_iter::drain::ParallelDrainRange::par_drain(&mut s, 2..3);
}

#[test]
fn os_strings_collect_and_extend() {
    use std::ffi::{OsStr, OsString};
    let parts = ["ab", "", "cd", "é"];
    let expected = OsString::from("abcdé");
    check(&expected, || {
        parts.par_iter().map(OsStr::new).collect::<OsString>()
    });
    check(&expected, || {
        parts.par_iter().map(OsString::from).collect::<OsString>()
    });
    check(&expected, || {
        let mut s = OsString::new();
        s.par_extend(
            parts
                .par_iter()
                .map(|p| std::borrow::Cow::Borrowed(OsStr::new(p))),
        );
        s
    });
}

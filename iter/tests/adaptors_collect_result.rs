//! Collecting into `Result` and `Option` returns the error (or `None`) the iterator produced.

use weft_core::ThreadPoolBuilder;
use weft_iter::prelude::*;

#[test]
fn collect_into_result_returns_the_error() {
    for n in [1, 2, 8] {
        let pool = ThreadPoolBuilder::new().num_threads(n).build().unwrap();
        pool.install(|| {
            let r: Result<Vec<u32>, String> = (0..10_000u32)
                .into_par_iter()
                .map(|x| {
                    if x == 4_321 {
                        Err(format!("bad {x}"))
                    } else {
                        Ok(x)
                    }
                })
                .collect();
            assert_eq!(r, Err("bad 4321".to_string()));
            let ok: Result<Vec<u32>, String> = (0..100u32).into_par_iter().map(Ok).collect();
            assert_eq!(ok, Ok((0..100).collect()));
            let none: Option<Vec<u32>> = (0..100u32)
                .into_par_iter()
                .map(|x| (x != 50).then_some(x))
                .collect();
            assert_eq!(none, None);
        });
    }
}

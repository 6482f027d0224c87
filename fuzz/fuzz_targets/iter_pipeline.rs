//! libFuzzer target `iter_pipeline`: the checks in `weft_fuzz::iter_pipeline` on fuzzer-made input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| weft_fuzz::iter_pipeline::check(data));

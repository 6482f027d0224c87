//! libFuzzer target `sort`: the checks in `weft_fuzz::sort` on fuzzer-made input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| weft_fuzz::sort::check(data));

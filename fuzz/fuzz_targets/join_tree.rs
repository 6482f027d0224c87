//! libFuzzer target `join_tree`: the checks in `weft_fuzz::join_tree` on fuzzer-made input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| weft_fuzz::join_tree::check(data));

//! Differential checks of weft on arbitrary bytes, shared by the libFuzzer targets and the
//! stable replay test (`tests/fuzz_corpus.rs` at the repo root, which depends on this crate
//! with default features off, so without libFuzzer).
//!
//! Each `check(&[u8])` decodes a case from the bytes, runs it with weft, compares against
//! std (or against the expected bookkeeping) and panics on a mismatch. Bytes never make a
//! check fail by themselves: a short input decodes to a small default case.

pub mod bytes;
pub mod iter_pipeline;
pub mod join_tree;
pub mod planned;
pub mod sort;

//! Replays the fuzzers' seed corpora (`fuzz/corpus/<target>/`) through their checks on stable.
//!
//! The checks are the fuzz crate's own (`weft-fuzz`, here without libFuzzer), so the libFuzzer
//! targets and this test share one copy of the logic. Run a target itself with cargo-fuzz:
//! see `fuzz/README.md`.

use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

/// Runs `check` on every file of `fuzz/corpus/<target>/`, then fails naming every file whose
/// check panicked.
fn replay(target: &str, check: fn(&[u8])) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .map(|entry| entry.expect("read a corpus entry").path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no seed corpus in {}", dir.display());
    let failed: Vec<String> = files
        .iter()
        .filter(|path| {
            let data = fs::read(path).expect("read a corpus file");
            catch_unwind(AssertUnwindSafe(|| check(&data))).is_err()
        })
        .map(|path| path.display().to_string())
        .collect();
    assert!(
        failed.is_empty(),
        "{target}: {} of {} corpus files failed (their panics are printed above): {failed:#?}",
        failed.len(),
        files.len()
    );
}

#[test]
fn iter_pipeline_corpus() {
    replay("iter_pipeline", weft_fuzz::iter_pipeline::check);
}

#[test]
fn sort_corpus() {
    replay("sort", weft_fuzz::sort::check);
}

#[test]
fn join_tree_corpus() {
    replay("join_tree", weft_fuzz::join_tree::check);
}

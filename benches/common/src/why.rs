//! One short sentence per demo row saying why weft's figure differs from rayon's: the
//! mechanism behind the row, not a reading of this run's numbers.

use crate::experiments::{Compare, Kind};

/// Why weft differs from rayon on `c`'s workload.
pub fn why(c: &Compare) -> String {
    // Idle burn and narrow dispatch are about the CPU a pool spends; the rest about wall time.
    let (weft, rayon) = match c.kind {
        Kind::Idle | Kind::Narrow { .. } => (c.weft.cpu(), c.rayon.cpu()),
        _ => (c.weft.wall(), c.rayon.wall()),
    };
    let x = weft.as_secs_f64() / rayon.as_secs_f64().max(1e-12);
    let reason = match c.kind {
        Kind::Forks { .. } => {
            "a weft fork is pushed on the worker's own stack and taken back without an atomic \
             read-modify-write when nobody stole it; rayon's goes through a shared deque"
        }
        Kind::Sort { .. } => {
            "weft sorts each piece with std's sequential sort, which is faster per core than \
             the algorithms rayon carries, and runs only the split and the merges in parallel"
        }
        Kind::Stream { .. } => {
            "one pass over memory: both libraries split the same way and the memory bus sets \
             the pace, so the two stay close"
        }
        Kind::Idle => {
            "weft's idle workers doze briefly and then sleep; rayon's keep searching and \
             yielding for a while before they sleep"
        }
        Kind::Narrow { .. } => {
            "weft wakes at most one helper per dispatch; rayon wakes threads that find nothing \
             to do on an oversubscribed pool"
        }
        Kind::Blocking { .. } => {
            "weft::blocking hands the worker's seat to a spare thread while the call blocks; \
             rayon's worker is lost for the duration"
        }
    };
    let verdict = if x < 0.95 {
        "faster"
    } else if x <= 1.05 {
        "on par"
    } else {
        "slower"
    };
    let what = match c.kind {
        Kind::Idle | Kind::Narrow { .. } => "CPU",
        _ => "wall",
    };
    format!(
        "{} (weft {verdict} here, {x:.2}x rayon's {what}): {reason}",
        c.name
    )
}

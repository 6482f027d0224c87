//! One short sentence per demo row saying why weft's figure differs from rayon's: the
//! mechanism behind the row, not a reading of this run's numbers.

use crate::experiments::{Compare, Kind};

/// Why weft differs from rayon on `c`'s workload.
pub fn why(c: &Compare) -> String {
    let faster = c.weft.wall() < c.rayon.wall();
    let reason = match c.kind {
        Kind::Forks { .. } => {
            "a weft fork is pushed on the worker's own stack and taken back without an atomic \
             read-modify-write when nobody stole it; rayon's goes through a shared deque"
        }
        Kind::Sort { .. } => {
            "weft's sorts split into as many pieces as the pool has threads and merge in \
             bounded chunks; rayon splits down to fixed-size runs"
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
    let verdict = if faster { "faster" } else { "not faster" };
    format!("{} ({verdict} here): {reason}", c.name)
}

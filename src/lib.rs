//! weft: data parallelism that wastes less.
//!
//! rayon's programming model and names — `join`, `scope`, `spawn`, `ThreadPool`, and parallel
//! iterators through `use weft::prelude::*` — on a scheduler that burns no CPU it need not:
//! one-word latches, idle threads that park instead of yielding in loops, wake-ups one at a
//! time, submission that never waits, [`blocking`] calls that hand their core to a spare
//! thread, and split thresholds chosen by a [`Weight`](weight::Weight) type.
//!
//! This crate re-exports `weft-core` (the scheduler) and `weft-iter` (the iterators).
//!
//! # Examples
//!
//! ```
//! use weft::prelude::*;
//!
//! let v: Vec<u64> = (1..=1000).collect();
//! let sum: u64 = v.par_iter().map(|x| x * 2).sum();
//! assert_eq!(sum, 1_001_000);
//!
//! // Heavy items: split down to single items.
//! let n = v.par_iter().weight::<FullyParallel>().filter(|&&x| x % 7 == 0).count();
//! assert_eq!(n, 142);
//!
//! let (a, b) = weft::join(|| 1 + 1, || 2 + 2);
//! assert_eq!((a, b), (2, 4));
//! ```
#![deny(missing_docs)]
#![doc(test(attr(deny(warnings))))]

pub use weft_core::*;
pub use weft_iter::*;

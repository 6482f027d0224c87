//! weft's parallel iterators: rayon's API, with split thresholds chosen by a weight type.
//!
//! `use weft_iter::prelude::*` brings the traits into scope; then `par_iter`, `par_iter_mut`
//! and `into_par_iter` turn collections into [`ParallelIterator`]s:
//!
//! ```
//! use weft_iter::prelude::*;
//!
//! let v: Vec<u64> = (0..1_000).collect();
//! let sum: u64 = v.par_iter().map(|x| x * x).sum();
//! assert_eq!(sum, 332_833_500);
//!
//! // Heavy items: split down to single items.
//! let heavy: u64 = v.par_iter().weight::<FullyParallel>().map(|x| x + 1).sum();
//! assert_eq!(heavy, 500_500);
//! ```
//!
//! How pieces are split is decided by a [`Weight`](weight::Weight), see [`weight`]; the
//! producer/consumer protocol under every iterator is in [`plumbing`].

#![deny(missing_docs)]
#![doc(test(attr(deny(warnings))))]

pub mod array;
pub mod collections;
pub mod drain;
pub mod iter;
pub mod option;
pub mod plumbing;
pub mod prelude;
pub mod range;
pub mod range_inclusive;
pub mod result;
pub mod slice;
pub mod sources;
pub mod str;
pub mod string;
pub mod vec;
pub mod weight;

pub use crate::iter::{
    FromParallelIterator, IndexedParallelIterator, IntoParallelIterator, IntoParallelRefIterator,
    IntoParallelRefMutIterator, ParallelExtend, ParallelIterator,
};

mod extend;
mod from_par_iter;
mod par_either;

pub use crate::iter::MultiZip;
pub use crate::sources::par_bridge;

//! rayon's prelude, name for name: the traits to bring into scope with `use rayon::prelude::*`.
//!
//! Exactly rayon 1.12's list and no more, so that a crate glob-importing it beside another
//! module never meets an ambiguous name (E0659); weft's own prelude also brings its weights
//! (`Adaptive`, `Fixed`, ...), which stay at `rayon::iter` and `weft::weight` here.
//!
//! # Examples
//!
//! ```
//! use rayon::prelude::*;
//!
//! let evens: Vec<u32> = (0..10u32).into_par_iter().filter(|x| x % 2 == 0).collect();
//! assert_eq!(evens, [0, 2, 4, 6, 8]);
//! ```

pub use weft_iter::iter::FromParallelIterator;
pub use weft_iter::iter::IndexedParallelIterator;
pub use weft_iter::iter::IntoParallelIterator;
pub use weft_iter::iter::IntoParallelRefIterator;
pub use weft_iter::iter::IntoParallelRefMutIterator;
pub use weft_iter::iter::ParallelBridge;
pub use weft_iter::iter::ParallelDrainFull;
pub use weft_iter::iter::ParallelDrainRange;
pub use weft_iter::iter::ParallelExtend;
pub use weft_iter::iter::ParallelIterator;
pub use weft_iter::slice::ParallelSlice;
pub use weft_iter::slice::ParallelSliceMut;
pub use weft_iter::str::ParallelString;

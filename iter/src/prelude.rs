//! The traits to bring into scope: `use weft_iter::prelude::*`, as `rayon::prelude::*`.
//!
//! The built-in weights come along, so that `.weight::<FullyParallel>()` reads well.
//!
//! # Examples
//!
//! ```
//! use weft_iter::prelude::*;
//!
//! let evens: Vec<u32> = (0..10u32).into_par_iter().filter(|x| x % 2 == 0).collect();
//! assert_eq!(evens, [0, 2, 4, 6, 8]);
//! ```

pub use crate::iter::{
    FromParallelIterator, IndexedParallelIterator, IntoParallelIterator, IntoParallelRefIterator,
    IntoParallelRefMutIterator, ParallelExtend, ParallelIterator,
};
pub use crate::iter::{ParallelBridge, ParallelDrainFull, ParallelDrainRange};
pub use crate::slice::{ParallelSlice, ParallelSliceMut};
pub use crate::str::ParallelString;
pub use crate::weight::{Adaptive, Autotune, Cost, Fixed, FullyParallel};

//! The parallel iterator that drains a `String`: rayon's `rayon::string` path for it.
//!
//! # Examples
//!
//! ```
//! use weft_iter::prelude::*;
//!
//! let mut s = String::from("hello");
//! let drained: weft_iter::string::Drain<'_> = s.par_drain(1..4);
//! assert_eq!(drained.collect::<String>(), "ell");
//! assert_eq!(s, "ho");
//! ```

pub use crate::drain::StringDrain as Drain;

//! weft facade (placeholder).
pub use weft_core::*;

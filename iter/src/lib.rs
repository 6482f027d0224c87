//! weft-iter (placeholder until the iterator crate lands).

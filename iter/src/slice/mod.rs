//! Parallel iterators over slices (placeholder: B owns this file; A1 owns iter.rs).

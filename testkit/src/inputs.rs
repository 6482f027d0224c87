//! The inputs of the property tests: vectors that are empty, of one item, of short odd
//! lengths and long, and the proptest configuration they run under.

use proptest::prelude::*;

/// Vectors of `i64`: empty, one item, 0 to 39 items, and 1,000 to 2,999 items (long enough
/// that every weight splits them).
pub fn inputs() -> impl Strategy<Value = Vec<i64>> {
    prop_oneof![
        Just(Vec::new()),
        prop::collection::vec(-1000i64..1000, 1..=1),
        prop::collection::vec(-1000i64..1000, 0..40),
        prop::collection::vec(-1000i64..1000, 1000..3000),
    ]
}

/// The short cases of [`inputs`] only, for checks whose cost grows fast with the length.
pub fn small_inputs() -> impl Strategy<Value = Vec<i64>> {
    prop_oneof![
        Just(Vec::new()),
        prop::collection::vec(-100i64..100, 1..=1),
        prop::collection::vec(-100i64..100, 0..40),
    ]
}

/// The proptest configuration: 24 cases a property, each run under every weight on every
/// pool, which keeps the suite short on CI's two cores.
pub fn config() -> ProptestConfig {
    ProptestConfig::with_cases(24)
}

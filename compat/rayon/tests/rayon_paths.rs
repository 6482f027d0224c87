//! Every public path of rayon 1.12 exists in this crate (the list is
//! `weft_testkit::rayon_paths!`, shared with weft's own check), and the prelude brings none of
//! weft's own names: a crate that glob-imports it beside a module with one of those names does
//! not meet an ambiguous name (E0659).

#![allow(unused_imports, dead_code, deprecated)]

weft_testkit::rayon_paths!(rayon: rayon);

/// What rayon re-exports from rayon-core is rayon-core's item, not a copy.
mod rayon_core_beside {
    weft_testkit::rayon_paths!(rayon_core: rayon_core);
}

/// Names weft's own prelude adds to rayon's.
mod weft_only_names {
    pub struct Adaptive;
    pub struct Autotune;
    pub struct Cost;
    pub struct Fixed;
    pub struct FullyParallel;
}

/// Two glob imports side by side: any name both bring is ambiguous where it is used.
mod prelude_beside_another_glob {
    use crate::weft_only_names::*;
    use rayon::prelude::*;

    type Names = (Adaptive, Autotune, Cost, Fixed, FullyParallel);
}

#[test]
fn the_prelude_is_rayons_and_runs_on_weft() {
    use rayon::prelude::*;
    let v: Vec<u64> = (1..=100).collect();
    assert_eq!(v.par_iter().sum::<u64>(), 5050);
    let mut w = v.clone();
    w.par_sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(w[0], 100);
    assert_eq!("a b c".par_split_whitespace().count(), 3);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    assert_eq!(pool.install(rayon_core::current_num_threads), 1);
    // One pool: rayon's and rayon-core's entry points are weft's.
    assert_eq!(
        rayon::current_num_threads(),
        weft_core::current_num_threads()
    );
}

//! Every public path of rayon-core 1.13 exists in this crate, the deprecated ones included
//! (the list is `weft_testkit::rayon_paths!`, shared with weft's own check).

#![allow(unused_imports, deprecated)]

weft_testkit::rayon_paths!(rayon_core: rayon_core);
weft_testkit::rayon_paths!(rayon_core_deprecated: rayon_core);

#[test]
fn rayon_core_is_weft_core() {
    let (a, b) = rayon_core::join(|| 1, || 2);
    assert_eq!((a, b), (1, 2));
    assert_eq!(
        rayon_core::current_num_threads(),
        weft_core::current_num_threads()
    );
}

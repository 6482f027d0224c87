//! Every built-in weight, for checks that must hold whichever one splits the work.

/// Calls `check::<W>(args...)` once for each built-in weight `W`: `Adaptive`,
/// `FullyParallel` (one item per piece), `Cost<1>` (so cheap that little splits),
/// `Cost<100_000>` (so dear that everything splits), `Fixed<16>` (pieces of at most 16 items,
/// whatever the pool) and `Autotune`.
///
/// `check` is the name of a function generic over `W: Weight`; it runs on the current thread
/// (inside a pool, in [`every_config!`](crate::every_config)).
#[macro_export]
macro_rules! every_weight {
    ($check:ident ( $($arg:expr),* $(,)? )) => {{
        $check::<$crate::__weight::Adaptive>($($arg),*);
        $check::<$crate::__weight::FullyParallel>($($arg),*);
        $check::<$crate::__weight::Cost<1>>($($arg),*);
        $check::<$crate::__weight::Cost<100_000>>($($arg),*);
        $check::<$crate::__weight::Fixed<16>>($($arg),*);
        $check::<$crate::__weight::Autotune>($($arg),*);
    }};
}

/// [`every_weight!`] inside each pool of [`pools`](fn@crate::pools): every built-in weight on
/// 1, 2 and 8 threads.
#[macro_export]
macro_rules! every_config {
    ($check:ident ( $($arg:expr),* $(,)? )) => {
        $crate::each_pool(|_threads| $crate::every_weight!($check($($arg),*)))
    };
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;
    use weft_iter::weight::Weight;

    static NAMES: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());

    fn record<W: Weight>(tag: &str) {
        assert_eq!(tag, "tag");
        NAMES.lock().unwrap().push(std::any::type_name::<W>());
    }

    #[test]
    fn every_config_calls_the_check_under_each_weight_in_each_pool() {
        every_config!(record("tag"));
        let names = NAMES.lock().unwrap();
        assert_eq!(names.len(), 6 * crate::THREADS.len());
        let mut distinct = names.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 6, "{distinct:?}");
    }
}

//! A parallel loop and a recursion written with `join` alone, for the scheduler's tests.

use std::ops::Range;

/// Calls `f` on every index of `range`, split in halves with `join` down to single items
/// (the shape of a parallel iterator's `for_each`, without the iterator crate).
///
/// # Examples
///
/// ```
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// let sum = AtomicUsize::new(0);
/// weft_testkit::for_each_index(0..100, &|i| {
///     sum.fetch_add(i, Ordering::Relaxed);
/// });
/// assert_eq!(sum.into_inner(), 4950);
/// ```
pub fn for_each_index(range: Range<usize>, f: &(impl Fn(usize) + Sync)) {
    if range.len() <= 1 {
        range.for_each(f);
        return;
    }
    let mid = range.start + range.len() / 2;
    weft_core::join(
        || for_each_index(range.start..mid, f),
        || for_each_index(mid..range.end, f),
    );
}

/// The `n`th Fibonacci number, forking at every call with `join` (a join on whatever pool
/// the caller runs in, or the global pool).
///
/// # Examples
///
/// ```
/// assert_eq!(weft_testkit::fib(20), 6765);
/// ```
pub fn fib(n: u32) -> u64 {
    if n < 2 {
        return u64::from(n);
    }
    let (a, b) = weft_core::join(|| fib(n - 1), || fib(n - 2));
    a + b
}

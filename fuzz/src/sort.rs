//! `sort`: weft's parallel sorts on arbitrary data and comparators, against std.
//!
//! Elements carry a key, a boxed id (a double drop or a use after free is a heap error under
//! the fuzzer's AddressSanitizer) and a counter of live values that clones and drops keep up
//! to date. With a comparator that is a total order and does not panic, a stable sort must
//! equal std's `sort_by` element for element and an unstable one must order the keys as std
//! does. With a comparator that panics at its k-th call, or one that is no order at all, the
//! result is unspecified but the slice must still hold each element exactly once.

use crate::bytes::Bytes;
use crate::planned::{any_panic_allowed, is_planned, planned_panic, quiet_planned_panics};
use std::cmp::Ordering;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicIsize, AtomicUsize, Ordering::Relaxed};
use weft::prelude::*;
use weft_testkit::{pools, Rng, THREADS};

/// An element: a key to sort by, an id to tell equal keys apart, a count of live elements.
#[derive(Debug)]
pub struct Elem<'a> {
    key: u16,
    id: Box<u32>,
    live: &'a AtomicIsize,
}

impl<'a> Elem<'a> {
    fn new(key: u16, id: u32, live: &'a AtomicIsize) -> Self {
        live.fetch_add(1, Relaxed);
        Elem {
            key,
            id: Box::new(id),
            live,
        }
    }
}

impl Clone for Elem<'_> {
    fn clone(&self) -> Self {
        Elem::new(self.key, *self.id, self.live)
    }
}

impl Drop for Elem<'_> {
    fn drop(&mut self) {
        self.live.fetch_sub(1, Relaxed);
    }
}

impl PartialEq for Elem<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl Eq for Elem<'_> {}

impl PartialOrd for Elem<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Elem<'_> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key.cmp(&other.key)
    }
}

/// The order a comparator or key function sorts by.
#[derive(Clone, Copy, Debug)]
pub enum Order {
    /// By key.
    Asc,
    /// By key, descending.
    Desc,
    /// By `key % m`: many ties.
    Mod(u16),
    /// An arbitrary answer for each pair: no order at all (comparators only).
    Chaos(u64),
}

impl Order {
    /// The sort key of `e` under a total order (`Chaos` sorts by key in key functions).
    fn key(self, e: &Elem<'_>) -> u16 {
        match self {
            Order::Asc | Order::Chaos(_) => e.key,
            Order::Desc => u16::MAX - e.key,
            Order::Mod(m) => e.key % m,
        }
    }

    fn compare(self, a: &Elem<'_>, b: &Elem<'_>) -> Ordering {
        match self {
            Order::Chaos(seed) => {
                let h = Rng::new(seed ^ u64::from(a.key) << 20 ^ u64::from(*b.id)).next_u64();
                [Ordering::Less, Ordering::Equal, Ordering::Greater][(h % 3) as usize]
            }
            _ => self.key(a).cmp(&self.key(b)),
        }
    }

    fn is_total(self) -> bool {
        !matches!(self, Order::Chaos(_))
    }
}

/// Which sort is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// `par_sort`.
    Sort,
    /// `par_sort_unstable`.
    SortUnstable,
    /// `par_sort_by`.
    SortBy,
    /// `par_sort_unstable_by`.
    SortUnstableBy,
    /// `par_sort_by_key`.
    SortByKey,
    /// `par_sort_unstable_by_key`.
    SortUnstableByKey,
    /// `par_sort_by_cached_key`.
    SortByCachedKey,
}

impl Method {
    fn is_stable(self) -> bool {
        matches!(
            self,
            Method::Sort | Method::SortBy | Method::SortByKey | Method::SortByCachedKey
        )
    }

    fn uses_comparator(self) -> bool {
        matches!(self, Method::SortBy | Method::SortUnstableBy)
    }
}

/// A whole case.
#[derive(Clone, Debug)]
pub struct Case {
    /// The keys to sort (ids are their positions).
    pub keys: Vec<u16>,
    /// The sort to call.
    pub method: Method,
    /// The comparator's or key function's order (`Asc` for `par_sort`/`par_sort_unstable`).
    pub order: Order,
    /// Panic at this call of the comparator or key function.
    pub panic_at: Option<usize>,
}

impl Case {
    /// Decodes a case; the keys come from a generator seeded by the bytes, in a decoded shape.
    pub fn decode(data: &[u8]) -> Self {
        let mut b = Bytes::new(data);
        let method = [
            Method::Sort,
            Method::SortUnstable,
            Method::SortBy,
            Method::SortUnstableBy,
            Method::SortByKey,
            Method::SortUnstableByKey,
            Method::SortByCachedKey,
        ][b.below(7)];
        let len = usize::from(b.u16() % 3000);
        let range = u64::from(b.u16()) + 1;
        let shape = b.below(6);
        let mut rng = Rng::new(u64::from(b.u32()));
        let mut order = match b.below(4) {
            0 => Order::Asc,
            1 => Order::Desc,
            2 => Order::Mod(u16::from(b.u8() % 16) + 1),
            _ => Order::Chaos(u64::from(b.u32())),
        };
        let panics = b.u8();
        let mut panic_at = (panics & 1 == 1).then(|| usize::from(b.u16()) % (len * 12 + 1));
        if matches!(method, Method::Sort | Method::SortUnstable) {
            order = Order::Asc;
            panic_at = None;
        } else if !method.uses_comparator() && !order.is_total() {
            order = Order::Asc;
        }
        let mut keys: Vec<u16> = (0..len).map(|_| (rng.next_u64() % range) as u16).collect();
        match shape {
            0 => {}
            1 => keys.sort_unstable(),
            2 => keys.sort_unstable_by(|a, b| b.cmp(a)),
            3 => keys
                .iter_mut()
                .enumerate()
                .for_each(|(i, k)| *k = (i as u64 % range) as u16),
            4 => {
                keys.sort_unstable();
                // Sorted with a few swaps.
                for _ in 0..len / 64 + 1 {
                    if len > 1 {
                        let i = (rng.next_u64() % len as u64) as usize;
                        let j = (rng.next_u64() % len as u64) as usize;
                        keys.swap(i, j);
                    }
                }
            }
            _ => keys.iter_mut().for_each(|k| *k = (*k % 3) * 1000),
        }
        Case {
            keys,
            method,
            order,
            panic_at,
        }
    }
}

/// A comparator or key function that counts its calls and panics at the planned one.
struct Calls<'a> {
    count: &'a AtomicUsize,
    panic_at: Option<usize>,
}

impl Calls<'_> {
    fn tick(&self) {
        let n = self.count.fetch_add(1, Relaxed);
        if Some(n) == self.panic_at {
            planned_panic();
        }
    }
}

macro_rules! sort_with {
    ($weight:ty, $v:expr, $case:expr, $calls:expr) => {{
        let (v, case, calls): (&mut [Elem<'_>], &Case, &Calls<'_>) = ($v, $case, $calls);
        let order = case.order;
        let cmp = |a: &Elem<'_>, b: &Elem<'_>| {
            calls.tick();
            order.compare(a, b)
        };
        let key = |e: &Elem<'_>| {
            calls.tick();
            order.key(e)
        };
        match case.method {
            Method::Sort => v.par_sort_with::<$weight>(),
            Method::SortUnstable => v.par_sort_unstable_with::<$weight>(),
            Method::SortBy => v.par_sort_by_with::<$weight, _>(cmp),
            Method::SortUnstableBy => v.par_sort_unstable_by_with::<$weight, _>(cmp),
            Method::SortByKey => v.par_sort_by_key_with::<$weight, _, _>(key),
            Method::SortUnstableByKey => v.par_sort_unstable_by_key_with::<$weight, _, _>(key),
            Method::SortByCachedKey => v.par_sort_by_cached_key_with::<$weight, _, _>(key),
        }
    }};
}

/// The weights every case is sorted under.
const WEIGHTS: [&str; 5] = [
    "default",
    "Adaptive",
    "FullyParallel",
    "Cost<64>",
    "Autotune",
];

fn sort_weft(weight: usize, v: &mut [Elem<'_>], case: &Case, calls: &Calls<'_>) {
    let order = case.order;
    match weight {
        0 => match case.method {
            Method::Sort => v.par_sort(),
            Method::SortUnstable => v.par_sort_unstable(),
            Method::SortBy => v.par_sort_by(|a, b| {
                calls.tick();
                order.compare(a, b)
            }),
            Method::SortUnstableBy => v.par_sort_unstable_by(|a, b| {
                calls.tick();
                order.compare(a, b)
            }),
            Method::SortByKey => v.par_sort_by_key(|e| {
                calls.tick();
                order.key(e)
            }),
            Method::SortUnstableByKey => v.par_sort_unstable_by_key(|e| {
                calls.tick();
                order.key(e)
            }),
            Method::SortByCachedKey => v.par_sort_by_cached_key(|e| {
                calls.tick();
                order.key(e)
            }),
        },
        1 => sort_with!(Adaptive, v, case, calls),
        2 => sort_with!(FullyParallel, v, case, calls),
        3 => sort_with!(Cost<64>, v, case, calls),
        _ => sort_with!(Autotune, v, case, calls),
    }
}

/// Decodes a case from `data`, sorts it with weft under each weight on each pool, and panics
/// if the result differs from std's or an element was lost or duplicated.
pub fn check(data: &[u8]) {
    quiet_planned_panics();
    let case = Case::decode(data);
    let live = AtomicIsize::new(0);
    let input: Vec<Elem<'_>> = (0..)
        .zip(&case.keys)
        .map(|(id, &key)| Elem::new(key, id, &live))
        .collect();
    let n = input.len();
    // std's answer, when there is one.
    let expected: Option<Vec<(u16, u32)>> = (case.order.is_total()).then(|| {
        let mut v: Vec<(u16, u32)> = case.keys.iter().copied().zip(0..).collect();
        let key = |&(k, id): &(u16, u32)| case.order.key(&Elem::new(k, id, &live));
        v.sort_by_cached_key(key);
        v
    });
    for (pool, threads) in pools().iter().zip(THREADS) {
        for (w, weight) in WEIGHTS.iter().enumerate() {
            let at = |what: &str| {
                format!("sort case {case:?} under {weight} on {threads} threads: {what}")
            };
            let mut v = input.clone();
            let count = AtomicUsize::new(0);
            let calls = Calls {
                count: &count,
                panic_at: case.panic_at,
            };
            let mut sort =
                || catch_unwind(AssertUnwindSafe(|| sort_weft(w, &mut v, &case, &calls)));
            let result = pool.install(|| {
                if case.order.is_total() {
                    sort()
                } else {
                    any_panic_allowed(sort)
                }
            });
            assert_eq!(live.load(Relaxed), 2 * n as isize, "{}", at("live count"));
            let mut ids: Vec<u32> = v.iter().map(|e| *e.id).collect();
            ids.sort_unstable();
            assert!(
                ids.iter().copied().eq(0..n as u32),
                "{}",
                at("not a permutation of the input")
            );
            match (&result, &expected) {
                // Any panic may come out of a comparator that is no order (std's sort may
                // report it too); from a total order only the planned one may.
                (Err(payload), _) => assert!(
                    !case.order.is_total() || is_planned(&**payload),
                    "{}",
                    at("a panic other than the planned one")
                ),
                (Ok(()), None) => {}
                (Ok(()), Some(want)) => {
                    let got: Vec<(u16, u32)> = v.iter().map(|e| (e.key, *e.id)).collect();
                    if case.method.is_stable() {
                        assert!(got == *want, "{}", at("differs from std's stable sort"));
                    } else {
                        let proj = |&(k, id): &(u16, u32)| case.order.key(&Elem::new(k, id, &live));
                        assert!(
                            got.iter().map(proj).eq(want.iter().map(proj)),
                            "{}",
                            at("keys out of order")
                        );
                    }
                }
            }
            drop(v);
            assert_eq!(
                live.load(Relaxed),
                n as isize,
                "{}",
                at("live count after drop")
            );
        }
    }
    drop(input);
    assert_eq!(
        live.load(Relaxed),
        0,
        "sort case {case:?}: live count at the end"
    );
}

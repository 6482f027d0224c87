//! The parallel iterators and drains of std's collections against their sequential ones, on
//! pools of 1, 2 and 8 threads.

use std::collections::{BTreeMap, BTreeSet, BinaryHeap, HashMap, HashSet, LinkedList, VecDeque};

use proptest::prelude::*;
use weft_iter::drain::{ParallelDrainFull, ParallelDrainRange};
use weft_iter::prelude::*;
use weft_testkit::{each_pool, expect_in_every_pool as check, DropCounter};

/// Sorted, for comparing collections without an order.
fn sorted<T: Ord>(mut v: Vec<T>) -> Vec<T> {
    v.sort();
    v
}

/// A deque whose items wrap around the end of its buffer (when there are enough of them).
fn wrapped(v: &[i32]) -> VecDeque<i32> {
    let mut d = VecDeque::with_capacity(v.len());
    let half = v.len() / 2;
    d.extend(&v[half..]);
    for &x in v[..half].iter().rev() {
        d.push_front(x);
    }
    d
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn vec_deques(v in prop::collection::vec(any::<i32>(), 0..300)) {
        let d = wrapped(&v);
        check(&v, || d.clone().into_par_iter().collect::<Vec<_>>());
        let refs: Vec<&i32> = v.iter().collect();
        check(&refs, || d.par_iter().collect::<Vec<_>>());
        check(&refs, || d.par_iter().weight::<FullyParallel>().rev().collect::<Vec<_>>()
            .into_iter().rev().collect::<Vec<_>>());
        let doubled: Vec<i32> = v.iter().map(|x| x.wrapping_mul(2)).collect();
        check(&doubled, || {
            let mut d = d.clone();
            d.par_iter_mut().for_each(|x| *x = x.wrapping_mul(2));
            d.into_iter().collect::<Vec<_>>()
        });
    }

    #[test]
    fn drains(v in prop::collection::vec(any::<i32>(), 0..300), a in 0usize..300, b in 0usize..300) {
        let (lo, hi) = (a.min(b).min(v.len()), a.max(b).min(v.len()));
        let mut rest = v.clone();
        let drained: Vec<i32> = rest.drain(lo..hi).collect();
        let expected = (drained, rest);
        check(&expected, || {
            let mut w = v.clone();
            let got: Vec<i32> = w.par_drain(lo..hi).collect();
            (got, w)
        });
        check(&expected, || {
            let mut d = wrapped(&v);
            let got: Vec<i32> = d.par_drain(lo..hi).weight::<FullyParallel>().collect();
            (got, d.into_iter().collect::<Vec<_>>())
        });
        // Not consumed: the range goes all the same.
        check(&expected.1, || {
            let mut w = v.clone();
            drop(w.par_drain(lo..hi));
            w
        });
        check(&expected.1, || {
            let mut d = wrapped(&v);
            drop(d.par_drain(lo..hi));
            d.into_iter().collect::<Vec<_>>()
        });
        // Partly consumed.
        check(&expected.1, || {
            let mut w = v.clone();
            let _ = w.par_drain(lo..hi).find_any(|_| true);
            w
        });
        let all = sorted(v.clone());
        check(&(all.clone(), 0), || {
            let mut heap = BinaryHeap::from(v.clone());
            let got = sorted(heap.par_drain().collect());
            (got, heap.len())
        });
        check(&(all.clone(), 0), || {
            let mut set: HashSet<(usize, i32)> = v.iter().copied().enumerate().collect();
            let got: Vec<i32> = set.par_drain().map(|(_, x)| x).collect();
            (sorted(got), set.len())
        });
        check(&(all, 0), || {
            let mut map: HashMap<usize, i32> = v.iter().copied().enumerate().collect();
            let got: Vec<i32> = map.par_drain().map(|(_, x)| x).collect();
            (sorted(got), map.len())
        });
    }

    #[test]
    fn maps_and_sets(v in prop::collection::vec(any::<u8>(), 0..300)) {
        let bmap: BTreeMap<usize, u8> = v.iter().copied().enumerate().collect();
        let hmap: HashMap<usize, u8> = bmap.clone().into_iter().collect();
        let entries: Vec<(usize, u8)> = bmap.clone().into_iter().collect();
        check(&entries, || bmap.clone().into_par_iter().collect::<Vec<_>>());
        check(&entries, || bmap.par_iter().map(|(&k, &v)| (k, v)).collect::<Vec<_>>());
        check(&entries, || sorted(hmap.clone().into_par_iter().collect::<Vec<_>>()));
        check(&entries, || sorted(hmap.par_iter().map(|(&k, &v)| (k, v)).collect::<Vec<_>>()));
        let bumped: Vec<(usize, u8)> =
            entries.iter().map(|&(k, v)| (k, v.wrapping_add(1))).collect();
        check(&bumped, || {
            let mut m = bmap.clone();
            m.par_iter_mut().for_each(|(_, v)| *v = v.wrapping_add(1));
            m.into_iter().collect::<Vec<_>>()
        });
        check(&bumped, || {
            let mut m = hmap.clone();
            m.par_iter_mut().for_each(|(_, v)| *v = v.wrapping_add(1));
            sorted(m.into_iter().collect::<Vec<_>>())
        });

        let bset: BTreeSet<u8> = v.iter().copied().collect();
        let hset: HashSet<u8> = v.iter().copied().collect();
        let items: Vec<u8> = bset.iter().copied().collect();
        check(&items, || bset.clone().into_par_iter().collect::<Vec<_>>());
        check(&items, || bset.par_iter().copied().collect::<Vec<_>>());
        check(&items, || sorted(hset.clone().into_par_iter().collect::<Vec<_>>()));
        check(&items, || sorted(hset.par_iter().copied().collect::<Vec<_>>()));
    }

    #[test]
    fn lists_and_heaps(v in prop::collection::vec(any::<i64>(), 0..300)) {
        let list: LinkedList<i64> = v.iter().copied().collect();
        check(&v, || list.clone().into_par_iter().collect::<Vec<_>>());
        check(&v, || list.par_iter().copied().collect::<Vec<_>>());
        let negated: Vec<i64> = v.iter().map(|x| x.wrapping_neg()).collect();
        check(&negated, || {
            let mut l = list.clone();
            l.par_iter_mut().for_each(|x| *x = x.wrapping_neg());
            l.into_iter().collect::<Vec<_>>()
        });
        let heap = BinaryHeap::from(v.clone());
        let all = sorted(v.clone());
        check(&all, || sorted(heap.clone().into_par_iter().collect::<Vec<_>>()));
        check(&all, || sorted(heap.par_iter().copied().collect::<Vec<_>>()));
        check(&v.len(), || heap.par_iter().len());
    }
}

#[test]
fn drains_drop_every_item_once() {
    each_pool(|threads| {
        let drops = DropCounter::new();
        let mut v: Vec<_> = (0..100).map(|i| drops.wrap(i.to_string())).collect();
        // Consume a few, leave the rest to the producer's drop.
        let _ = v
            .par_drain(10..90)
            .weight::<FullyParallel>()
            .find_any(|c| c.value == "50");
        assert_eq!(v.len(), 20, "{threads} threads");
        assert_eq!(drops.dropped(), 80, "{threads} threads");
        drop(v);
        assert_eq!(drops.live(), 0, "{threads} threads");
    });
}

#[test]
#[should_panic(expected = "out of range")]
fn a_drain_past_the_end_panics() {
    let mut v = vec![1, 2, 3];
    let _ = v.par_drain(..4);
}

#[test]
fn debug_and_clone() {
    let d = VecDeque::from([1, 2]);
    let _ = format!("{:?}", d.par_iter().clone());
    let _ = format!("{:?}", d.clone().into_par_iter().clone());
    let h = BinaryHeap::from([1, 2]);
    let _ = format!(
        "{:?} {:?}",
        h.par_iter().clone(),
        h.clone().into_par_iter().clone()
    );
    let m = HashMap::from([(1, 2)]);
    let _ = format!(
        "{:?} {:?}",
        m.par_iter().clone(),
        m.clone().into_par_iter().clone()
    );
    let s = HashSet::from([1]);
    let _ = format!(
        "{:?} {:?}",
        s.par_iter().clone(),
        s.clone().into_par_iter().clone()
    );
    let m = BTreeMap::from([(1, 2)]);
    let _ = format!(
        "{:?} {:?}",
        m.par_iter().clone(),
        m.clone().into_par_iter().clone()
    );
    let s = BTreeSet::from([1]);
    let _ = format!(
        "{:?} {:?}",
        s.par_iter().clone(),
        s.clone().into_par_iter().clone()
    );
    let l = LinkedList::from([1]);
    let _ = format!(
        "{:?} {:?}",
        l.par_iter().clone(),
        l.clone().into_par_iter().clone()
    );
    let mut v = vec![1];
    let _ = format!("{:?}", v.par_drain(..));
}

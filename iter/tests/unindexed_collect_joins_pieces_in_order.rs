//! Collecting an unindexed iterator into a `Vec` gathers a vector per piece and then joins
//! them: a small piece moves into its left neighbour as the pieces are reduced, and into an
//! empty vector a single piece, or a first piece of 32 MiB or more, becomes the result and the
//! others move in around it.
//! Every way in (empty, empty with room, not empty) keeps the order, each item is moved
//! exactly once (none leaks, none drops twice), and a `flat_map` to short iterators leaves
//! a few large pieces, not one per item.

use proptest::prelude::*;
use std::time::Duration;
use weft_iter::prelude::*;
use weft_testkit::{each_pool, within, DropCounter};

/// Keeps the items `keep` accepts, with pieces of very different lengths: under
/// `FullyParallel` every item is a piece of its own, and the dense stretch in the middle makes
/// the longest pieces come neither first nor last under coarser weights.
fn keep(i: usize, len: usize) -> bool {
    let middle = len / 3..2 * len / 3;
    middle.contains(&i) || i % 7 == 0
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_target_gets_the_items_in_order(
        len in 0usize..5000,
        start in prop::collection::vec(any::<usize>(), 0..5),
        room in 0usize..6000,
    ) {
        let want: Vec<usize> = (0..len).filter(|&i| keep(i, len)).collect();
        each_pool(|threads| {
            let filtered = || (0..len).into_par_iter().filter(|&i| keep(i, len));
            let got: Vec<usize> = filtered().collect();
            assert_eq!(got, want, "collect, {threads} threads");
            let got: Vec<usize> = filtered().weight::<FullyParallel>().collect();
            assert_eq!(got, want, "collect, a piece per item");

            let mut with_room = Vec::with_capacity(room);
            with_room.par_extend(filtered());
            assert_eq!(with_room, want, "par_extend of an empty vector with room for {room}");

            let mut extended = start.clone();
            extended.par_extend(filtered());
            let mut expected = start.clone();
            expected.extend(&want);
            assert_eq!(extended, expected, "par_extend of a vector holding items");
        });
    }
}

#[test]
fn each_item_moves_once() {
    within(Duration::from_secs(30), || {
        for len in [0, 1, 100, 20_000] {
            let live = DropCounter::new();
            each_pool(|_| {
                let got: Vec<_> = (0..len)
                    .into_par_iter()
                    .filter(|&i| keep(i, len))
                    .map(|i| live.wrap(i))
                    .collect();
                assert!(got
                    .iter()
                    .map(|c| c.value)
                    .eq((0..len).filter(|&i| keep(i, len))));
                let mut more = vec![live.wrap(usize::MAX)];
                more.par_extend(
                    (0..len)
                        .into_par_iter()
                        .filter(|&i| i % 3 == 0)
                        .map(|i| live.wrap(i)),
                );
                assert_eq!(more.len(), 1 + len.div_ceil(3));
                let pairs: Vec<_> = (0..len)
                    .into_par_iter()
                    .flat_map(|i| (0..2).into_par_iter().map(move |j| (i, j)))
                    .map(|ij| live.wrap(ij))
                    .collect();
                assert!(pairs
                    .iter()
                    .map(|c| c.value)
                    .eq((0..len).flat_map(|i| (0..2).map(move |j| (i, j)))));
            });
            assert_eq!(live.live(), 0, "len {len}: leaked or dropped twice");
        }
    });
}

#[test]
fn short_inner_iterators_leave_few_pieces() {
    within(Duration::from_secs(30), || {
        let len = 20_000u64;
        each_pool(|threads| {
            for list in [
                (0..len)
                    .into_par_iter()
                    .flat_map(|i| (i..i + 2).into_par_iter())
                    .collect_vec_list(),
                (0..len)
                    .into_par_iter()
                    .weight::<FullyParallel>()
                    .flat_map(|i| (i..i + 2).into_par_iter())
                    .collect_vec_list(),
            ] {
                assert!(list
                    .iter()
                    .flatten()
                    .copied()
                    .eq((0..2 * len).map(|i| i / 2 + i % 2)));
                // A piece of at most 4 KiB moves into its left neighbour, so every piece but
                // the first holds more than 4 KiB (here 512 items).
                assert!(
                    list.iter().skip(1).all(|piece| piece.len() > 512),
                    "{threads} threads: {} pieces, lengths {:?}",
                    list.len(),
                    list.iter().map(Vec::len).collect::<Vec<_>>()
                );
            }
        });
    });
}

/// Pieces of 32 MiB or more grow by remapping under glibc, so the first of them becomes the
/// vector, with the probe's few items moved in front (on one thread here: its halves hold
/// 40 MB each).
#[test]
fn large_pieces_keep_their_order() {
    within(Duration::from_secs(120), || {
        let len = 5_000_000u64;
        each_pool(|threads| {
            let got: Vec<u64> = (0..len)
                .into_par_iter()
                .flat_map_iter(|i| [i, u64::MAX - i])
                .collect();
            assert_eq!(got.len(), 2 * len as usize, "{threads} threads");
            assert!(
                got.iter()
                    .copied()
                    .eq((0..len).flat_map(|i| [i, u64::MAX - i])),
                "{threads} threads"
            );
        });
    });
}

//! The parallel sorts behind `par_sort*`: a stable merge sort and an unstable quicksort.
//!
//! Both cut the slice into pieces with `weft_core::join_context` while their weight type says a
//! piece should split, and sort each remaining piece with std's sequential sort (`sort_by` or
//! `sort_unstable_by`), which is far faster per core than the classic algorithms a parallel sort
//! could carry itself (the merge sort hands it a long piece in parts, so that std's scratch
//! stays small beside the sort's own buffer). What is parallel here is the part std cannot do:
//! the top of the recursion, the partitions of the quicksort and the merges of the merge sort.

mod cached_key;
mod merge;
mod mergesort;
mod partition;
mod presorted;
mod quicksort;

pub(crate) use self::cached_key::par_sort_by_cached_key;
pub(crate) use self::mergesort::par_mergesort;
pub(crate) use self::quicksort::par_quicksort;

use crate::weight::Weight;
use std::time::Instant;

/// Runs the sequential leaf `sort` of a piece of `len` elements, timing it for weights that ask.
#[inline]
fn leaf<W: Weight>(weight: &W, len: usize, sort: impl FnOnce()) {
    if W::TIMED {
        let start = Instant::now();
        sort();
        weight.leaf_done(len, start.elapsed());
    } else {
        sort();
    }
}

//! Every public path of rayon 1.12 and rayon-core 1.13 names the same kind of item under
//! weft: `use rayon::X` becomes `use weft::X` and nothing else changes. The list was written
//! from rayon's sources (each module's `pub` items and `pub use`s); a path that goes missing
//! fails this file's build. weft's own extra paths (`weft::weight`, `weft::plumbing`,
//! `weft::blocking`, ...) are listed at the end so that they stay too.
//!
//! rayon-core's deprecated `Configuration` and `initialize` (not re-exported by rayon) are
//! left out on purpose.

#![allow(unused_imports, deprecated)]

/// `rayon::*`: the modules, and what rayon re-exports from rayon-core.
mod rayon_top_level {
    use weft::{
        array, collections, iter, option, prelude, range, range_inclusive, result, slice, str,
        string, vec,
    };
    use weft::{
        broadcast, current_num_threads, current_thread_index, in_place_scope, in_place_scope_fifo,
        join, join_context, max_num_threads, scope, scope_fifo, spawn, spawn_broadcast, spawn_fifo,
        yield_local, yield_now, BroadcastContext, FnContext, Scope, ScopeFifo, ThreadBuilder,
        ThreadPool, ThreadPoolBuildError, ThreadPoolBuilder, Yield,
    };
}

/// rayon-core 1.13's top-level items (the scheduler), at `weft::`.
mod rayon_core_top_level {
    use weft::{
        broadcast, current_num_threads, current_thread_has_pending_tasks, current_thread_index,
        in_place_scope, in_place_scope_fifo, join, join_context, max_num_threads, scope,
        scope_fifo, spawn, spawn_broadcast, spawn_fifo, yield_local, yield_now, BroadcastContext,
        FnContext, Scope, ScopeFifo, ThreadBuilder, ThreadPool, ThreadPoolBuildError,
        ThreadPoolBuilder, Yield,
    };
}

/// The same at `weft_core::`, rayon-core's counterpart.
mod rayon_core_in_weft_core {
    use weft_core::{
        broadcast, current_num_threads, current_thread_has_pending_tasks, current_thread_index,
        in_place_scope, in_place_scope_fifo, join, join_context, max_num_threads, scope,
        scope_fifo, spawn, spawn_broadcast, spawn_fifo, yield_local, yield_now, BroadcastContext,
        FnContext, Scope, ScopeFifo, ThreadBuilder, ThreadPool, ThreadPoolBuildError,
        ThreadPoolBuilder, Yield,
    };
}

/// `rayon::array::*`.
mod rayon_array {
    use weft::array::IntoIter;
}

/// `rayon::collections::binary_heap::*`.
mod rayon_collections_binary_heap {
    use weft::collections::binary_heap::{Drain, IntoIter, Iter};
}

/// `rayon::collections::btree_map::*`.
mod rayon_collections_btree_map {
    use weft::collections::btree_map::{IntoIter, Iter, IterMut};
}

/// `rayon::collections::btree_set::*`.
mod rayon_collections_btree_set {
    use weft::collections::btree_set::{IntoIter, Iter};
}

/// `rayon::collections::hash_map::*`.
mod rayon_collections_hash_map {
    use weft::collections::hash_map::{Drain, IntoIter, Iter, IterMut};
}

/// `rayon::collections::hash_set::*`.
mod rayon_collections_hash_set {
    use weft::collections::hash_set::{Drain, IntoIter, Iter};
}

/// `rayon::collections::linked_list::*`.
mod rayon_collections_linked_list {
    use weft::collections::linked_list::{IntoIter, Iter, IterMut};
}

/// `rayon::collections::*`.
mod rayon_collections {
    use weft::collections::{
        binary_heap, btree_map, btree_set, hash_map, hash_set, linked_list, vec_deque,
    };
}

/// `rayon::collections::vec_deque::*`.
mod rayon_collections_vec_deque {
    use weft::collections::vec_deque::{Drain, IntoIter, Iter, IterMut};
}

/// `rayon::iter::*`.
mod rayon_iter {
    use weft::iter::{
        empty, once, plumbing, repeat, repeat_n, repeatn, split, walk_tree, walk_tree_postfix,
        walk_tree_prefix, Chain, Chunks, Cloned, Copied, Either, Empty, Enumerate,
        ExponentialBlocks, Filter, FilterMap, FlatMap, FlatMapIter, Flatten, FlattenIter, Fold,
        FoldChunks, FoldChunksWith, FoldWith, FromParallelIterator, IndexedParallelIterator,
        Inspect, Interleave, InterleaveShortest, Intersperse, IntoParallelIterator,
        IntoParallelRefIterator, IntoParallelRefMutIterator, IterBridge, Map, MapInit, MapWith,
        MaxLen, MinLen, MultiZip, Once, PanicFuse, ParallelBridge, ParallelDrainFull,
        ParallelDrainRange, ParallelExtend, ParallelIterator, Positions, Repeat, RepeatN, Rev,
        Skip, SkipAny, SkipAnyWhile, Split, StepBy, Take, TakeAny, TakeAnyWhile, TryFold,
        TryFoldWith, UniformBlocks, Update, WalkTree, WalkTreePostfix, WalkTreePrefix, WhileSome,
        Zip, ZipEq,
    };
}

/// `rayon::iter::plumbing::*`.
mod rayon_iter_plumbing {
    use weft::iter::plumbing::{
        bridge, bridge_producer_consumer, bridge_unindexed, Consumer, Folder, Producer,
        ProducerCallback, Reducer, UnindexedConsumer, UnindexedProducer,
    };
}

/// `rayon::option::*`.
mod rayon_option {
    use weft::option::{IntoIter, Iter, IterMut};
}

/// `rayon::prelude::*`.
mod rayon_prelude {
    use weft::prelude::{
        FromParallelIterator, IndexedParallelIterator, IntoParallelIterator,
        IntoParallelRefIterator, IntoParallelRefMutIterator, ParallelBridge, ParallelDrainFull,
        ParallelDrainRange, ParallelExtend, ParallelIterator, ParallelSlice, ParallelSliceMut,
        ParallelString,
    };
}

/// `rayon::range::*`.
mod rayon_range {
    use weft::range::Iter;
}

/// `rayon::range_inclusive::*`.
mod rayon_range_inclusive {
    use weft::range_inclusive::Iter;
}

/// `rayon::result::*`.
mod rayon_result {
    use weft::result::{IntoIter, Iter, IterMut};
}

/// `rayon::slice::*`.
mod rayon_slice {
    use weft::slice::{
        ArrayWindows, ChunkBy, ChunkByMut, Chunks, ChunksExact, ChunksExactMut, ChunksMut, Iter,
        IterMut, ParallelSlice, ParallelSliceMut, RChunks, RChunksExact, RChunksExactMut,
        RChunksMut, Split, SplitInclusive, SplitInclusiveMut, SplitMut, Windows,
    };
}

/// `rayon::str::*`.
mod rayon_str {
    use weft::str::{
        Bytes, CharIndices, Chars, EncodeUtf16, Lines, MatchIndices, Matches, ParallelString,
        Split, SplitAsciiWhitespace, SplitInclusive, SplitTerminator, SplitWhitespace,
    };
}

/// `rayon::string::*`.
mod rayon_string {
    use weft::string::Drain;
}

/// `rayon::vec::*`.
mod rayon_vec {
    use weft::vec::{Drain, IntoIter};
}

/// Each of rayon's types takes the same generic parameters (lifetimes, types, consts) under
/// weft, so that code naming `rayon::iter::Map<I, F>` in a signature still compiles.
#[allow(dead_code, non_camel_case_types)]
mod same_generic_parameters {
    type T1_array_IntoIter<T, const N: usize> = weft::array::IntoIter<T, N>;
    type T2_collections_binary_heap_IntoIter<T> = weft::collections::binary_heap::IntoIter<T>;
    type T3_collections_binary_heap_Iter<'a, T> = weft::collections::binary_heap::Iter<'a, T>;
    type T4_collections_binary_heap_Drain<'a, T> = weft::collections::binary_heap::Drain<'a, T>;
    type T5_collections_btree_map_IntoIter<K, V> = weft::collections::btree_map::IntoIter<K, V>;
    type T6_collections_btree_map_Iter<'a, K, V> = weft::collections::btree_map::Iter<'a, K, V>;
    type T7_collections_btree_map_IterMut<'a, K, V> =
        weft::collections::btree_map::IterMut<'a, K, V>;
    type T8_collections_btree_set_IntoIter<T> = weft::collections::btree_set::IntoIter<T>;
    type T9_collections_btree_set_Iter<'a, T> = weft::collections::btree_set::Iter<'a, T>;
    type T10_collections_hash_map_IntoIter<K, V> = weft::collections::hash_map::IntoIter<K, V>;
    type T11_collections_hash_map_Iter<'a, K, V> = weft::collections::hash_map::Iter<'a, K, V>;
    type T12_collections_hash_map_IterMut<'a, K, V> =
        weft::collections::hash_map::IterMut<'a, K, V>;
    type T13_collections_hash_map_Drain<'a, K, V> = weft::collections::hash_map::Drain<'a, K, V>;
    type T14_collections_hash_set_IntoIter<T> = weft::collections::hash_set::IntoIter<T>;
    type T15_collections_hash_set_Iter<'a, T> = weft::collections::hash_set::Iter<'a, T>;
    type T16_collections_hash_set_Drain<'a, T> = weft::collections::hash_set::Drain<'a, T>;
    type T17_collections_linked_list_IntoIter<T> = weft::collections::linked_list::IntoIter<T>;
    type T18_collections_linked_list_Iter<'a, T> = weft::collections::linked_list::Iter<'a, T>;
    type T19_collections_linked_list_IterMut<'a, T> =
        weft::collections::linked_list::IterMut<'a, T>;
    type T20_collections_vec_deque_IntoIter<T> = weft::collections::vec_deque::IntoIter<T>;
    type T21_collections_vec_deque_Iter<'a, T> = weft::collections::vec_deque::Iter<'a, T>;
    type T22_collections_vec_deque_IterMut<'a, T> = weft::collections::vec_deque::IterMut<'a, T>;
    type T23_collections_vec_deque_Drain<'a, T> = weft::collections::vec_deque::Drain<'a, T>;
    type T24_iter_ExponentialBlocks<I> = weft::iter::ExponentialBlocks<I>;
    type T25_iter_UniformBlocks<I> = weft::iter::UniformBlocks<I>;
    type T26_iter_Chain<A, B> = weft::iter::Chain<A, B>;
    type T27_iter_Chunks<I> = weft::iter::Chunks<I>;
    type T28_iter_Cloned<I> = weft::iter::Cloned<I>;
    type T29_iter_Copied<I> = weft::iter::Copied<I>;
    type T30_iter_Empty<T> = weft::iter::Empty<T>;
    type T31_iter_Enumerate<I> = weft::iter::Enumerate<I>;
    type T32_iter_Filter<I, P> = weft::iter::Filter<I, P>;
    type T33_iter_FilterMap<I, P> = weft::iter::FilterMap<I, P>;
    type T34_iter_FlatMap<I, F> = weft::iter::FlatMap<I, F>;
    type T35_iter_FlatMapIter<I, F> = weft::iter::FlatMapIter<I, F>;
    type T36_iter_Flatten<I> = weft::iter::Flatten<I>;
    type T37_iter_FlattenIter<I> = weft::iter::FlattenIter<I>;
    type T38_iter_Fold<I, ID, F> = weft::iter::Fold<I, ID, F>;
    type T39_iter_FoldWith<I, U, F> = weft::iter::FoldWith<I, U, F>;
    type T40_iter_FoldChunks<I, ID, F> = weft::iter::FoldChunks<I, ID, F>;
    type T41_iter_FoldChunksWith<I, U, F> = weft::iter::FoldChunksWith<I, U, F>;
    type T42_iter_Inspect<I, F> = weft::iter::Inspect<I, F>;
    type T43_iter_Interleave<I, J> = weft::iter::Interleave<I, J>;
    type T44_iter_InterleaveShortest<I, J> = weft::iter::InterleaveShortest<I, J>;
    type T45_iter_Intersperse<I> = weft::iter::Intersperse<I>;
    type T46_iter_MaxLen<I> = weft::iter::MaxLen<I>;
    type T47_iter_MinLen<I> = weft::iter::MinLen<I>;
    type T48_iter_Map<I, F> = weft::iter::Map<I, F>;
    type T49_iter_MapInit<I, INIT, F> = weft::iter::MapInit<I, INIT, F>;
    type T50_iter_MapWith<I, T, F> = weft::iter::MapWith<I, T, F>;
    type T51_iter_MultiZip<T> = weft::iter::MultiZip<T>;
    type T52_iter_Once<T> = weft::iter::Once<T>;
    type T53_iter_PanicFuse<I> = weft::iter::PanicFuse<I>;
    type T54_iter_IterBridge<Iter> = weft::iter::IterBridge<Iter>;
    type T55_iter_Positions<I, P> = weft::iter::Positions<I, P>;
    type T56_iter_Repeat<T> = weft::iter::Repeat<T>;
    type T57_iter_RepeatN<T> = weft::iter::RepeatN<T>;
    type T58_iter_Rev<I> = weft::iter::Rev<I>;
    type T59_iter_Skip<I> = weft::iter::Skip<I>;
    type T60_iter_SkipAny<I> = weft::iter::SkipAny<I>;
    type T61_iter_SkipAnyWhile<I, P> = weft::iter::SkipAnyWhile<I, P>;
    type T62_iter_Split<D, S> = weft::iter::Split<D, S>;
    type T63_iter_StepBy<I> = weft::iter::StepBy<I>;
    type T64_iter_Take<I> = weft::iter::Take<I>;
    type T65_iter_TakeAny<I> = weft::iter::TakeAny<I>;
    type T66_iter_TakeAnyWhile<I, P> = weft::iter::TakeAnyWhile<I, P>;
    type T67_iter_TryFold<I, U, ID, F> = weft::iter::TryFold<I, U, ID, F>;
    type T68_iter_TryFoldWith<I, U, F> = weft::iter::TryFoldWith<I, U, F>;
    type T69_iter_Update<I, F> = weft::iter::Update<I, F>;
    type T70_iter_WalkTree<S, B> = weft::iter::WalkTree<S, B>;
    type T71_iter_WalkTreePostfix<S, B> = weft::iter::WalkTreePostfix<S, B>;
    type T72_iter_WalkTreePrefix<S, B> = weft::iter::WalkTreePrefix<S, B>;
    type T73_iter_WhileSome<I> = weft::iter::WhileSome<I>;
    type T74_iter_Zip<A, B> = weft::iter::Zip<A, B>;
    type T75_iter_ZipEq<A, B> = weft::iter::ZipEq<A, B>;
    type T76_option_IntoIter<T> = weft::option::IntoIter<T>;
    type T77_option_Iter<'a, T> = weft::option::Iter<'a, T>;
    type T78_option_IterMut<'a, T> = weft::option::IterMut<'a, T>;
    type T79_range_Iter<T> = weft::range::Iter<T>;
    type T80_range_inclusive_Iter<T> = weft::range_inclusive::Iter<T>;
    type T81_result_IntoIter<T> = weft::result::IntoIter<T>;
    type T82_result_Iter<'a, T> = weft::result::Iter<'a, T>;
    type T83_result_IterMut<'a, T> = weft::result::IterMut<'a, T>;
    type T84_slice_ChunkBy<'data, T, P> = weft::slice::ChunkBy<'data, T, P>;
    type T85_slice_ChunkByMut<'data, T, P> = weft::slice::ChunkByMut<'data, T, P>;
    type T86_slice_Chunks<'data, T> = weft::slice::Chunks<'data, T>;
    type T87_slice_ChunksExact<'data, T> = weft::slice::ChunksExact<'data, T>;
    type T88_slice_ChunksExactMut<'data, T> = weft::slice::ChunksExactMut<'data, T>;
    type T89_slice_ChunksMut<'data, T> = weft::slice::ChunksMut<'data, T>;
    type T90_slice_RChunks<'data, T> = weft::slice::RChunks<'data, T>;
    type T91_slice_RChunksExact<'data, T> = weft::slice::RChunksExact<'data, T>;
    type T92_slice_RChunksExactMut<'data, T> = weft::slice::RChunksExactMut<'data, T>;
    type T93_slice_RChunksMut<'data, T> = weft::slice::RChunksMut<'data, T>;
    type T94_slice_ArrayWindows<'data, T, const N: usize> = weft::slice::ArrayWindows<'data, T, N>;
    type T95_slice_Windows<'data, T> = weft::slice::Windows<'data, T>;
    type T96_slice_Iter<'data, T> = weft::slice::Iter<'data, T>;
    type T97_slice_IterMut<'data, T> = weft::slice::IterMut<'data, T>;
    type T98_slice_Split<'data, T, P> = weft::slice::Split<'data, T, P>;
    type T99_slice_SplitInclusive<'data, T, P> = weft::slice::SplitInclusive<'data, T, P>;
    type T100_slice_SplitMut<'data, T, P> = weft::slice::SplitMut<'data, T, P>;
    type T101_slice_SplitInclusiveMut<'data, T, P> = weft::slice::SplitInclusiveMut<'data, T, P>;
    type T102_str_Chars<'ch> = weft::str::Chars<'ch>;
    type T103_str_CharIndices<'ch> = weft::str::CharIndices<'ch>;
    type T104_str_Bytes<'ch> = weft::str::Bytes<'ch>;
    type T105_str_EncodeUtf16<'ch> = weft::str::EncodeUtf16<'ch>;
    type T106_str_Split<'ch, P> = weft::str::Split<'ch, P>;
    type T107_str_SplitInclusive<'ch, P> = weft::str::SplitInclusive<'ch, P>;
    type T108_str_SplitTerminator<'ch, P> = weft::str::SplitTerminator<'ch, P>;
    type T109_str_Lines<'ch> = weft::str::Lines<'ch>;
    type T110_str_SplitWhitespace<'ch> = weft::str::SplitWhitespace<'ch>;
    type T111_str_SplitAsciiWhitespace<'ch> = weft::str::SplitAsciiWhitespace<'ch>;
    type T112_str_Matches<'ch, P> = weft::str::Matches<'ch, P>;
    type T113_str_MatchIndices<'ch, P> = weft::str::MatchIndices<'ch, P>;
    type T114_string_Drain<'a> = weft::string::Drain<'a>;
    type T115_vec_IntoIter<T> = weft::vec::IntoIter<T>;
    type T116_vec_Drain<'data, T> = weft::vec::Drain<'data, T>;
    type T117_ThreadPoolBuilder<S> = weft::ThreadPoolBuilder<S>;
    type T118_BroadcastContext<'a> = weft::BroadcastContext<'a>;
    type T119_Scope<'scope> = weft::Scope<'scope>;
    type T120_ScopeFifo<'scope> = weft::ScopeFifo<'scope>;
    type T121_ThreadPool = weft::ThreadPool;
    type T122_ThreadBuilder = weft::ThreadBuilder;
    type T123_ThreadPoolBuildError = weft::ThreadPoolBuildError;
    type T124_FnContext = weft::FnContext;
    type T125_Yield = weft::Yield;

    /// rayon's traits, with their generic parameters.
    fn traits<'data, T, I, C>()
    where
        T: weft::iter::IntoParallelIterator
            + weft::iter::IntoParallelRefIterator<'data>
            + weft::iter::IntoParallelRefMutIterator<'data>
            + weft::iter::FromParallelIterator<u8>
            + weft::iter::ParallelExtend<u8>
            + weft::iter::ParallelDrainFull
            + weft::iter::ParallelDrainRange
            + weft::iter::ParallelDrainRange<usize>
            + weft::iter::ParallelBridge
            + weft::slice::ParallelSlice<u8>
            + weft::slice::ParallelSliceMut<u8>
            + weft::str::ParallelString,
        I: weft::iter::IndexedParallelIterator
            + weft::iter::plumbing::Producer
            + weft::iter::plumbing::UnindexedProducer
            + weft::iter::plumbing::ProducerCallback<u8>,
        C: weft::iter::plumbing::Consumer<u8>
            + weft::iter::plumbing::UnindexedConsumer<u8>
            + weft::iter::plumbing::Folder<u8>
            + weft::iter::plumbing::Reducer<u8>
            + weft::ThreadSpawn,
    {
    }
}

/// weft's own paths beyond rayon's.
mod weft_extras {
    use weft::iter::Weighted;
    use weft::plumbing::{
        bridge, bridge_producer_consumer, bridge_unindexed, Consumer, Folder, NoopConsumer,
        NoopReducer, Producer, ProducerCallback, Reducer, UnindexedConsumer, UnindexedProducer,
    };
    use weft::plumbing::{PROBE_FRACTION, PROBE_MAX_ITEMS, PROBE_MIN_LEN, SEQUENTIAL_BUDGET};
    use weft::weight::{Adaptive, Autotune, Cost, Fixed, FullyParallel, Weight, LEAF_COST};
    use weft::{blocking, metrics, Metrics};
    use weft::{current_thread_has_pending_tasks, spawn_future};
}

#[test]
fn rayon_paths_name_the_same_items_under_weft() {
    use weft::iter::{Either, IndexedParallelIterator, IntoParallelIterator, ParallelIterator};
    // A few of the paths in use, as rayon code would use them.
    let (evens, odds): (Vec<u32>, Vec<u32>) = (0..6u32).into_par_iter().partition_map(|x| {
        if x % 2 == 0 {
            Either::Left(x)
        } else {
            Either::Right(x)
        }
    });
    assert_eq!((evens, odds), (vec![0, 2, 4], vec![1, 3, 5]));
    let r: weft::range::Iter<u32> = (0..4).into_par_iter();
    assert_eq!(r.len(), 4);
    let pool = weft::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    assert_eq!(pool.install(weft::current_num_threads), 1);
}

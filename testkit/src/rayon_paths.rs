//! Every public path of rayon 1.12 and rayon-core 1.13, as a macro that checks them under any
//! crate: [`rayon_paths!`](macro@crate::rayon_paths) names each path under the crate it is given, so
//! a path that goes missing fails the build of the test that calls it. weft's facade checks
//! itself with it (`tests/rayon_paths.rs`), and so do the compat crates that carry rayon's names
//! (`compat/rayon`, `compat/rayon-core`). The list was written from rayon's sources (each
//! module's `pub` items and `pub use`s).

/// Names every public path of rayon 1.12 (`rayon: crate`), of rayon-core 1.13
/// (`rayon_core: crate`), or rayon-core's deprecated `Configuration` and `initialize`
/// (`rayon_core_deprecated: crate`) under the given crate, in modules of the caller's module.
///
/// # Examples
///
/// ```
/// // rayon-core's paths, under weft-core (a test of the facade passes `rayon: weft`).
/// weft_testkit::rayon_paths!(rayon_core: weft_core);
/// ```
#[macro_export]
macro_rules! rayon_paths {
    (rayon: $rayon:ident) => {
        /// `rayon::*`: the modules, and what rayon re-exports from rayon-core.
        mod rayon_top_level {
            use $rayon::{
                array, collections, iter, option, prelude, range, range_inclusive, result, slice,
                str, string, vec,
            };
            use $rayon::{
                broadcast, current_num_threads, current_thread_index, in_place_scope,
                in_place_scope_fifo, join, join_context, max_num_threads, scope, scope_fifo, spawn,
                spawn_broadcast, spawn_fifo, yield_local, yield_now, BroadcastContext, FnContext,
                Scope, ScopeFifo, ThreadBuilder, ThreadPool, ThreadPoolBuildError,
                ThreadPoolBuilder, Yield,
            };
        }

        /// `rayon::array::*`.
        mod rayon_array {
            use $rayon::array::IntoIter;
        }

        /// `rayon::collections::binary_heap::*`.
        mod rayon_collections_binary_heap {
            use $rayon::collections::binary_heap::{Drain, IntoIter, Iter};
        }

        /// `rayon::collections::btree_map::*`.
        mod rayon_collections_btree_map {
            use $rayon::collections::btree_map::{IntoIter, Iter, IterMut};
        }

        /// `rayon::collections::btree_set::*`.
        mod rayon_collections_btree_set {
            use $rayon::collections::btree_set::{IntoIter, Iter};
        }

        /// `rayon::collections::hash_map::*`.
        mod rayon_collections_hash_map {
            use $rayon::collections::hash_map::{Drain, IntoIter, Iter, IterMut};
        }

        /// `rayon::collections::hash_set::*`.
        mod rayon_collections_hash_set {
            use $rayon::collections::hash_set::{Drain, IntoIter, Iter};
        }

        /// `rayon::collections::linked_list::*`.
        mod rayon_collections_linked_list {
            use $rayon::collections::linked_list::{IntoIter, Iter, IterMut};
        }

        /// `rayon::collections::*`.
        mod rayon_collections {
            use $rayon::collections::{
                binary_heap, btree_map, btree_set, hash_map, hash_set, linked_list, vec_deque,
            };
        }

        /// `rayon::collections::vec_deque::*`.
        mod rayon_collections_vec_deque {
            use $rayon::collections::vec_deque::{Drain, IntoIter, Iter, IterMut};
        }

        /// `rayon::iter::*`.
        mod rayon_iter {
            use $rayon::iter::{
                empty, once, plumbing, repeat, repeat_n, repeatn, split, walk_tree,
                walk_tree_postfix, walk_tree_prefix, Chain, Chunks, Cloned, Copied, Either, Empty,
                Enumerate, ExponentialBlocks, Filter, FilterMap, FlatMap, FlatMapIter, Flatten,
                FlattenIter, Fold, FoldChunks, FoldChunksWith, FoldWith, FromParallelIterator,
                IndexedParallelIterator, Inspect, Interleave, InterleaveShortest, Intersperse,
                IntoParallelIterator, IntoParallelRefIterator, IntoParallelRefMutIterator,
                IterBridge, Map, MapInit, MapWith, MaxLen, MinLen, MultiZip, Once, PanicFuse,
                ParallelBridge, ParallelDrainFull, ParallelDrainRange, ParallelExtend,
                ParallelIterator, Positions, Repeat, RepeatN, Rev, Skip, SkipAny, SkipAnyWhile,
                Split, StepBy, Take, TakeAny, TakeAnyWhile, TryFold, TryFoldWith, UniformBlocks,
                Update, WalkTree, WalkTreePostfix, WalkTreePrefix, WhileSome, Zip, ZipEq,
            };
        }

        /// `rayon::iter::plumbing::*`.
        mod rayon_iter_plumbing {
            use $rayon::iter::plumbing::{
                bridge, bridge_producer_consumer, bridge_unindexed, Consumer, Folder, Producer,
                ProducerCallback, Reducer, UnindexedConsumer, UnindexedProducer,
            };
        }

        /// `rayon::option::*`.
        mod rayon_option {
            use $rayon::option::{IntoIter, Iter, IterMut};
        }

        /// `rayon::prelude::*`.
        mod rayon_prelude {
            use $rayon::prelude::{
                FromParallelIterator, IndexedParallelIterator, IntoParallelIterator,
                IntoParallelRefIterator, IntoParallelRefMutIterator, ParallelBridge,
                ParallelDrainFull, ParallelDrainRange, ParallelExtend, ParallelIterator,
                ParallelSlice, ParallelSliceMut, ParallelString,
            };
        }

        /// `rayon::range::*`.
        mod rayon_range {
            use $rayon::range::Iter;
        }

        /// `rayon::range_inclusive::*`.
        mod rayon_range_inclusive {
            use $rayon::range_inclusive::Iter;
        }

        /// `rayon::result::*`.
        mod rayon_result {
            use $rayon::result::{IntoIter, Iter, IterMut};
        }

        /// `rayon::slice::*`.
        mod rayon_slice {
            use $rayon::slice::{
                ArrayWindows, ChunkBy, ChunkByMut, Chunks, ChunksExact, ChunksExactMut, ChunksMut,
                Iter, IterMut, ParallelSlice, ParallelSliceMut, RChunks, RChunksExact,
                RChunksExactMut, RChunksMut, Split, SplitInclusive, SplitInclusiveMut, SplitMut,
                Windows,
            };
        }

        /// `rayon::str::*`.
        mod rayon_str {
            use $rayon::str::{
                Bytes, CharIndices, Chars, EncodeUtf16, Lines, MatchIndices, Matches,
                ParallelString, Split, SplitAsciiWhitespace, SplitInclusive, SplitTerminator,
                SplitWhitespace,
            };
        }

        /// `rayon::string::*`.
        mod rayon_string {
            use $rayon::string::Drain;
        }

        /// `rayon::vec::*`.
        mod rayon_vec {
            use $rayon::vec::{Drain, IntoIter};
        }

        /// Each of rayon's types takes the same generic parameters (lifetimes, types, consts)
        /// under the crate checked, so that code naming `rayon::iter::Map<I, F>` in a
        /// signature still compiles.
        #[allow(dead_code, non_camel_case_types)]
        mod same_generic_parameters {
            type T1_array_IntoIter<T, const N: usize> = $rayon::array::IntoIter<T, N>;
            type T2_collections_binary_heap_IntoIter<T> =
                $rayon::collections::binary_heap::IntoIter<T>;
            type T3_collections_binary_heap_Iter<'a, T> =
                $rayon::collections::binary_heap::Iter<'a, T>;
            type T4_collections_binary_heap_Drain<'a, T> =
                $rayon::collections::binary_heap::Drain<'a, T>;
            type T5_collections_btree_map_IntoIter<K, V> =
                $rayon::collections::btree_map::IntoIter<K, V>;
            type T6_collections_btree_map_Iter<'a, K, V> =
                $rayon::collections::btree_map::Iter<'a, K, V>;
            type T7_collections_btree_map_IterMut<'a, K, V> =
                $rayon::collections::btree_map::IterMut<'a, K, V>;
            type T8_collections_btree_set_IntoIter<T> = $rayon::collections::btree_set::IntoIter<T>;
            type T9_collections_btree_set_Iter<'a, T> = $rayon::collections::btree_set::Iter<'a, T>;
            type T10_collections_hash_map_IntoIter<K, V> =
                $rayon::collections::hash_map::IntoIter<K, V>;
            type T11_collections_hash_map_Iter<'a, K, V> =
                $rayon::collections::hash_map::Iter<'a, K, V>;
            type T12_collections_hash_map_IterMut<'a, K, V> =
                $rayon::collections::hash_map::IterMut<'a, K, V>;
            type T13_collections_hash_map_Drain<'a, K, V> =
                $rayon::collections::hash_map::Drain<'a, K, V>;
            type T14_collections_hash_set_IntoIter<T> = $rayon::collections::hash_set::IntoIter<T>;
            type T15_collections_hash_set_Iter<'a, T> = $rayon::collections::hash_set::Iter<'a, T>;
            type T16_collections_hash_set_Drain<'a, T> =
                $rayon::collections::hash_set::Drain<'a, T>;
            type T17_collections_linked_list_IntoIter<T> =
                $rayon::collections::linked_list::IntoIter<T>;
            type T18_collections_linked_list_Iter<'a, T> =
                $rayon::collections::linked_list::Iter<'a, T>;
            type T19_collections_linked_list_IterMut<'a, T> =
                $rayon::collections::linked_list::IterMut<'a, T>;
            type T20_collections_vec_deque_IntoIter<T> =
                $rayon::collections::vec_deque::IntoIter<T>;
            type T21_collections_vec_deque_Iter<'a, T> =
                $rayon::collections::vec_deque::Iter<'a, T>;
            type T22_collections_vec_deque_IterMut<'a, T> =
                $rayon::collections::vec_deque::IterMut<'a, T>;
            type T23_collections_vec_deque_Drain<'a, T> =
                $rayon::collections::vec_deque::Drain<'a, T>;
            type T24_iter_ExponentialBlocks<I> = $rayon::iter::ExponentialBlocks<I>;
            type T25_iter_UniformBlocks<I> = $rayon::iter::UniformBlocks<I>;
            type T26_iter_Chain<A, B> = $rayon::iter::Chain<A, B>;
            type T27_iter_Chunks<I> = $rayon::iter::Chunks<I>;
            type T28_iter_Cloned<I> = $rayon::iter::Cloned<I>;
            type T29_iter_Copied<I> = $rayon::iter::Copied<I>;
            type T30_iter_Empty<T> = $rayon::iter::Empty<T>;
            type T31_iter_Enumerate<I> = $rayon::iter::Enumerate<I>;
            type T32_iter_Filter<I, P> = $rayon::iter::Filter<I, P>;
            type T33_iter_FilterMap<I, P> = $rayon::iter::FilterMap<I, P>;
            type T34_iter_FlatMap<I, F> = $rayon::iter::FlatMap<I, F>;
            type T35_iter_FlatMapIter<I, F> = $rayon::iter::FlatMapIter<I, F>;
            type T36_iter_Flatten<I> = $rayon::iter::Flatten<I>;
            type T37_iter_FlattenIter<I> = $rayon::iter::FlattenIter<I>;
            type T38_iter_Fold<I, ID, F> = $rayon::iter::Fold<I, ID, F>;
            type T39_iter_FoldWith<I, U, F> = $rayon::iter::FoldWith<I, U, F>;
            type T40_iter_FoldChunks<I, ID, F> = $rayon::iter::FoldChunks<I, ID, F>;
            type T41_iter_FoldChunksWith<I, U, F> = $rayon::iter::FoldChunksWith<I, U, F>;
            type T42_iter_Inspect<I, F> = $rayon::iter::Inspect<I, F>;
            type T43_iter_Interleave<I, J> = $rayon::iter::Interleave<I, J>;
            type T44_iter_InterleaveShortest<I, J> = $rayon::iter::InterleaveShortest<I, J>;
            type T45_iter_Intersperse<I> = $rayon::iter::Intersperse<I>;
            type T46_iter_MaxLen<I> = $rayon::iter::MaxLen<I>;
            type T47_iter_MinLen<I> = $rayon::iter::MinLen<I>;
            type T48_iter_Map<I, F> = $rayon::iter::Map<I, F>;
            type T49_iter_MapInit<I, INIT, F> = $rayon::iter::MapInit<I, INIT, F>;
            type T50_iter_MapWith<I, T, F> = $rayon::iter::MapWith<I, T, F>;
            type T51_iter_MultiZip<T> = $rayon::iter::MultiZip<T>;
            type T52_iter_Once<T> = $rayon::iter::Once<T>;
            type T53_iter_PanicFuse<I> = $rayon::iter::PanicFuse<I>;
            type T54_iter_IterBridge<Iter> = $rayon::iter::IterBridge<Iter>;
            type T55_iter_Positions<I, P> = $rayon::iter::Positions<I, P>;
            type T56_iter_Repeat<T> = $rayon::iter::Repeat<T>;
            type T57_iter_RepeatN<T> = $rayon::iter::RepeatN<T>;
            type T58_iter_Rev<I> = $rayon::iter::Rev<I>;
            type T59_iter_Skip<I> = $rayon::iter::Skip<I>;
            type T60_iter_SkipAny<I> = $rayon::iter::SkipAny<I>;
            type T61_iter_SkipAnyWhile<I, P> = $rayon::iter::SkipAnyWhile<I, P>;
            type T62_iter_Split<D, S> = $rayon::iter::Split<D, S>;
            type T63_iter_StepBy<I> = $rayon::iter::StepBy<I>;
            type T64_iter_Take<I> = $rayon::iter::Take<I>;
            type T65_iter_TakeAny<I> = $rayon::iter::TakeAny<I>;
            type T66_iter_TakeAnyWhile<I, P> = $rayon::iter::TakeAnyWhile<I, P>;
            type T67_iter_TryFold<I, U, ID, F> = $rayon::iter::TryFold<I, U, ID, F>;
            type T68_iter_TryFoldWith<I, U, F> = $rayon::iter::TryFoldWith<I, U, F>;
            type T69_iter_Update<I, F> = $rayon::iter::Update<I, F>;
            type T70_iter_WalkTree<S, B> = $rayon::iter::WalkTree<S, B>;
            type T71_iter_WalkTreePostfix<S, B> = $rayon::iter::WalkTreePostfix<S, B>;
            type T72_iter_WalkTreePrefix<S, B> = $rayon::iter::WalkTreePrefix<S, B>;
            type T73_iter_WhileSome<I> = $rayon::iter::WhileSome<I>;
            type T74_iter_Zip<A, B> = $rayon::iter::Zip<A, B>;
            type T75_iter_ZipEq<A, B> = $rayon::iter::ZipEq<A, B>;
            type T76_option_IntoIter<T> = $rayon::option::IntoIter<T>;
            type T77_option_Iter<'a, T> = $rayon::option::Iter<'a, T>;
            type T78_option_IterMut<'a, T> = $rayon::option::IterMut<'a, T>;
            type T79_range_Iter<T> = $rayon::range::Iter<T>;
            type T80_range_inclusive_Iter<T> = $rayon::range_inclusive::Iter<T>;
            type T81_result_IntoIter<T> = $rayon::result::IntoIter<T>;
            type T82_result_Iter<'a, T> = $rayon::result::Iter<'a, T>;
            type T83_result_IterMut<'a, T> = $rayon::result::IterMut<'a, T>;
            type T84_slice_ChunkBy<'data, T, P> = $rayon::slice::ChunkBy<'data, T, P>;
            type T85_slice_ChunkByMut<'data, T, P> = $rayon::slice::ChunkByMut<'data, T, P>;
            type T86_slice_Chunks<'data, T> = $rayon::slice::Chunks<'data, T>;
            type T87_slice_ChunksExact<'data, T> = $rayon::slice::ChunksExact<'data, T>;
            type T88_slice_ChunksExactMut<'data, T> = $rayon::slice::ChunksExactMut<'data, T>;
            type T89_slice_ChunksMut<'data, T> = $rayon::slice::ChunksMut<'data, T>;
            type T90_slice_RChunks<'data, T> = $rayon::slice::RChunks<'data, T>;
            type T91_slice_RChunksExact<'data, T> = $rayon::slice::RChunksExact<'data, T>;
            type T92_slice_RChunksExactMut<'data, T> = $rayon::slice::RChunksExactMut<'data, T>;
            type T93_slice_RChunksMut<'data, T> = $rayon::slice::RChunksMut<'data, T>;
            type T94_slice_ArrayWindows<'data, T, const N: usize> =
                $rayon::slice::ArrayWindows<'data, T, N>;
            type T95_slice_Windows<'data, T> = $rayon::slice::Windows<'data, T>;
            type T96_slice_Iter<'data, T> = $rayon::slice::Iter<'data, T>;
            type T97_slice_IterMut<'data, T> = $rayon::slice::IterMut<'data, T>;
            type T98_slice_Split<'data, T, P> = $rayon::slice::Split<'data, T, P>;
            type T99_slice_SplitInclusive<'data, T, P> = $rayon::slice::SplitInclusive<'data, T, P>;
            type T100_slice_SplitMut<'data, T, P> = $rayon::slice::SplitMut<'data, T, P>;
            type T101_slice_SplitInclusiveMut<'data, T, P> =
                $rayon::slice::SplitInclusiveMut<'data, T, P>;
            type T102_str_Chars<'ch> = $rayon::str::Chars<'ch>;
            type T103_str_CharIndices<'ch> = $rayon::str::CharIndices<'ch>;
            type T104_str_Bytes<'ch> = $rayon::str::Bytes<'ch>;
            type T105_str_EncodeUtf16<'ch> = $rayon::str::EncodeUtf16<'ch>;
            type T106_str_Split<'ch, P> = $rayon::str::Split<'ch, P>;
            type T107_str_SplitInclusive<'ch, P> = $rayon::str::SplitInclusive<'ch, P>;
            type T108_str_SplitTerminator<'ch, P> = $rayon::str::SplitTerminator<'ch, P>;
            type T109_str_Lines<'ch> = $rayon::str::Lines<'ch>;
            type T110_str_SplitWhitespace<'ch> = $rayon::str::SplitWhitespace<'ch>;
            type T111_str_SplitAsciiWhitespace<'ch> = $rayon::str::SplitAsciiWhitespace<'ch>;
            type T112_str_Matches<'ch, P> = $rayon::str::Matches<'ch, P>;
            type T113_str_MatchIndices<'ch, P> = $rayon::str::MatchIndices<'ch, P>;
            type T114_string_Drain<'a> = $rayon::string::Drain<'a>;
            type T115_vec_IntoIter<T> = $rayon::vec::IntoIter<T>;
            type T116_vec_Drain<'data, T> = $rayon::vec::Drain<'data, T>;
            type T117_ThreadPoolBuilder<S> = $rayon::ThreadPoolBuilder<S>;
            type T118_BroadcastContext<'a> = $rayon::BroadcastContext<'a>;
            type T119_Scope<'scope> = $rayon::Scope<'scope>;
            type T120_ScopeFifo<'scope> = $rayon::ScopeFifo<'scope>;
            type T121_ThreadPool = $rayon::ThreadPool;
            type T122_ThreadBuilder = $rayon::ThreadBuilder;
            type T123_ThreadPoolBuildError = $rayon::ThreadPoolBuildError;
            type T124_FnContext = $rayon::FnContext;
            type T125_Yield = $rayon::Yield;

            /// rayon's traits, with their generic parameters.
            fn traits<'data, T, I, C>()
            where
                T: $rayon::iter::IntoParallelIterator
                    + $rayon::iter::IntoParallelRefIterator<'data>
                    + $rayon::iter::IntoParallelRefMutIterator<'data>
                    + $rayon::iter::FromParallelIterator<u8>
                    + $rayon::iter::ParallelExtend<u8>
                    + $rayon::iter::ParallelDrainFull
                    + $rayon::iter::ParallelDrainRange
                    + $rayon::iter::ParallelDrainRange<usize>
                    + $rayon::iter::ParallelBridge
                    + $rayon::slice::ParallelSlice<u8>
                    + $rayon::slice::ParallelSliceMut<u8>
                    + $rayon::str::ParallelString,
                I: $rayon::iter::IndexedParallelIterator
                    + $rayon::iter::plumbing::Producer
                    + $rayon::iter::plumbing::UnindexedProducer
                    + $rayon::iter::plumbing::ProducerCallback<u8>,
                C: $rayon::iter::plumbing::Consumer<u8>
                    + $rayon::iter::plumbing::UnindexedConsumer<u8>
                    + $rayon::iter::plumbing::Folder<u8>
                    + $rayon::iter::plumbing::Reducer<u8>,
            {
            }
        }
    };
    (rayon_core: $rayon_core:ident) => {
        /// `rayon_core::*`.
        mod rayon_core_top_level {
            use $rayon_core::{
                broadcast, current_num_threads, current_thread_has_pending_tasks,
                current_thread_index, in_place_scope, in_place_scope_fifo, join, join_context,
                max_num_threads, scope, scope_fifo, spawn, spawn_broadcast, spawn_fifo,
                yield_local, yield_now, BroadcastContext, FnContext, Scope, ScopeFifo,
                ThreadBuilder, ThreadPool, ThreadPoolBuildError, ThreadPoolBuilder, Yield,
            };
        }
    };
    (rayon_core_deprecated: $rayon_core:ident) => {
        /// rayon-core's deprecated `Configuration` and `initialize` (rayon does not re-export
        /// them).
        #[allow(deprecated)]
        mod rayon_core_deprecated {
            use $rayon_core::{initialize, Configuration};
        }
    };
}

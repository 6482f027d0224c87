//! The parallel iterator traits, and every adaptor and consumer behind their methods.
//!
//! Start from [`ParallelIterator`] and [`IndexedParallelIterator`]; sources come from
//! [`IntoParallelIterator`] (`into_par_iter`), [`IntoParallelRefIterator`] (`par_iter`) and
//! [`IntoParallelRefMutIterator`] (`par_iter_mut`); results go into [`FromParallelIterator`]
//! (`collect`) and [`ParallelExtend`] (`par_extend`).

mod indexed_parallel_iterator;
mod into;
mod parallel_iterator;

mod blocks;
mod chain;
mod chunks;
mod cloned;
mod closure_adaptor;
pub(crate) mod collect;
pub(crate) mod collect_vec_list;
mod copied;
mod each;
mod enumerate;
mod filter;
mod filter_map;
mod find_first_last;
mod flat_map;
mod flat_map_iter;
mod flatten;
mod flatten_iter;
mod fold;
mod fold_chunks;
mod fold_chunks_with;
mod fold_with;
mod for_each;
mod gate;
mod inspect;
mod interleave;
mod interleave_shortest;
mod intersperse;
mod len_limits;
mod map;
mod map_init;
mod map_with;
mod multizip;
mod panic_fuse;
mod par_drain;
mod positions;
mod reduce;
mod rev;
mod skip;
mod skip_any;
mod skip_any_while;
mod step_by;
mod sum;
mod take;
mod take_any;
mod take_any_while;
mod thread_values;
mod try_fold;
mod try_fold_with;
mod try_reduce;
mod try_trait;
pub(crate) mod unzip;
mod update;
mod weighted;
mod while_some;
mod wrap;
mod zip;
mod zip_eq;

pub use self::blocks::{ExponentialBlocks, UniformBlocks};
pub use self::chain::Chain;
pub use self::chunks::Chunks;
pub use self::cloned::Cloned;
pub use self::copied::Copied;
pub use self::enumerate::Enumerate;
pub use self::filter::Filter;
pub use self::filter_map::FilterMap;
pub use self::flat_map::FlatMap;
pub use self::flat_map_iter::FlatMapIter;
pub use self::flatten::Flatten;
pub use self::flatten_iter::FlattenIter;
pub use self::fold::Fold;
pub use self::fold_chunks::FoldChunks;
pub use self::fold_chunks_with::FoldChunksWith;
pub use self::fold_with::FoldWith;
pub use self::indexed_parallel_iterator::IndexedParallelIterator;
pub use self::inspect::Inspect;
pub use self::interleave::Interleave;
pub use self::interleave_shortest::InterleaveShortest;
pub use self::intersperse::Intersperse;
pub use self::into::{
    FromParallelIterator, IntoParallelIterator, IntoParallelRefIterator,
    IntoParallelRefMutIterator, ParallelExtend,
};
pub use self::len_limits::{MaxLen, MinLen};
pub use self::map::Map;
pub use self::map_init::MapInit;
pub use self::map_with::MapWith;
pub use self::multizip::MultiZip;
pub use self::panic_fuse::PanicFuse;
pub use self::par_drain::{ParallelDrainFull, ParallelDrainRange};
pub use self::parallel_iterator::ParallelIterator;
pub use self::positions::Positions;
pub use self::rev::Rev;
pub use self::skip::Skip;
pub use self::skip_any::SkipAny;
pub use self::skip_any_while::SkipAnyWhile;
pub use self::step_by::StepBy;
pub use self::take::Take;
pub use self::take_any::TakeAny;
pub use self::take_any_while::TakeAnyWhile;
pub use self::try_fold::TryFold;
pub use self::try_fold_with::TryFoldWith;
pub use self::update::Update;
pub use self::weighted::Weighted;
pub use self::while_some::WhileSome;
pub use self::zip::Zip;
pub use self::zip_eq::ZipEq;

// rayon's `iter` module also holds the sources, bridges and drains (each in its own module),
// `Either` (for `partition_map` and friends) and the producer/consumer protocol.
pub use crate::plumbing;
pub use crate::sources::par_bridge::{IterBridge, ParallelBridge};
#[allow(deprecated)]
pub use crate::sources::repeatn;
pub use crate::sources::{
    empty, once, repeat, repeat_n, split, walk_tree, walk_tree_postfix, walk_tree_prefix, Empty,
    Once, Repeat, RepeatN, Split, WalkTree, WalkTreePostfix, WalkTreePrefix,
};
pub use either::Either;

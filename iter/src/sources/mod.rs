//! Parallel iterators that are built from something that is not a parallel iterator: a value or
//! a function (`empty`, `once`, `repeat`, `repeat_n`, `split` and the tree walks), or a
//! sequential iterator ([`par_bridge`]).

mod at_most_one;
mod empty;
mod once;
pub mod par_bridge;
mod repeat;
mod split;
mod walk_tree;

pub(crate) use self::at_most_one::{at_most_one, AtMostOne};
pub use self::empty::{empty, Empty};
pub use self::once::{once, Once};
#[allow(deprecated)]
pub use self::repeat::repeatn;
pub use self::repeat::{repeat, repeat_n, Repeat, RepeatN};
pub use self::split::{split, Split};
pub use self::walk_tree::{
    walk_tree, walk_tree_postfix, walk_tree_prefix, WalkTree, WalkTreePostfix, WalkTreePrefix,
};

//! Parallel iterators that are built from nothing but a value or a function: `empty`, `once`,
//! `repeat`, `repeat_n`, `split` and the tree walks.

mod empty;
mod once;
mod repeat;
mod split;
mod walk_tree;

pub use self::empty::{empty, Empty};
pub use self::once::{once, Once};
#[allow(deprecated)]
pub use self::repeat::repeatn;
pub use self::repeat::{repeat, repeat_n, Repeat, RepeatN};
pub use self::split::{split, Split};
pub use self::walk_tree::{
    walk_tree, walk_tree_postfix, walk_tree_prefix, WalkTree, WalkTreePostfix, WalkTreePrefix,
};

//! `collect_vec_list`: a `Vec` per piece, linked in order; how unindexed iterators collect,
//! and how the pieces are then moved into one vector, in parallel.

use crate::plumbing::*;
use std::collections::LinkedList;
use std::mem::MaybeUninit;
use std::ptr;

/// Collects each piece into a `Vec` and links them, in order.
pub(crate) struct ListVecConsumer;

/// The folder of [`ListVecConsumer`].
pub(crate) struct ListVecFolder<T> {
    vec: Vec<T>,
}

impl<T: Send> Consumer<T> for ListVecConsumer {
    type Folder = ListVecFolder<T>;
    type Reducer = ListReducer;
    type Result = LinkedList<Vec<T>>;

    fn split_at(self, _index: usize) -> (Self, Self, ListReducer) {
        (ListVecConsumer, ListVecConsumer, ListReducer)
    }

    fn into_folder(self) -> ListVecFolder<T> {
        ListVecFolder { vec: Vec::new() }
    }

    fn full(&self) -> bool {
        false
    }
}

impl<T: Send> UnindexedConsumer<T> for ListVecConsumer {
    fn split_off_left(&self) -> Self {
        ListVecConsumer
    }

    fn to_reducer(&self) -> ListReducer {
        ListReducer
    }
}

impl<T> Folder<T> for ListVecFolder<T> {
    type Result = LinkedList<Vec<T>>;

    fn consume(mut self, item: T) -> Self {
        self.vec.push(item);
        self
    }

    fn consume_iter<I: IntoIterator<Item = T>>(mut self, iter: I) -> Self {
        self.vec.extend(iter);
        self
    }

    fn complete(self) -> LinkedList<Vec<T>> {
        let mut list = LinkedList::new();
        if !self.vec.is_empty() {
            list.push_back(self.vec);
        }
        list
    }

    fn full(&self) -> bool {
        false
    }
}

/// Appends the right list to the left one.
pub(crate) struct ListReducer;

impl<T> Reducer<LinkedList<T>> for ListReducer {
    fn reduce(self, mut left: LinkedList<T>, mut right: LinkedList<T>) -> LinkedList<T> {
        left.append(&mut right);
        left
    }
}

/// Below this many bytes, a piece is moved by one `memcpy` on one thread: some tens of
/// microseconds of copying, far above the cost of a fork.
const MOVE_GRAIN_BYTES: usize = 1 << 18;

/// Appends the pieces of `list` to `vec`, in order: one piece after another, each moved in
/// parallel halves while it is long and freed as soon as it has moved, so that at most one
/// piece is held twice at any time (as in a sequential append). One piece into an empty vector
/// becomes the vector.
///
/// Most of what such a move costs is the fresh pages of the vector (a page fault per 4 KiB
/// page first written, several times the cost of copying it), and two threads take those
/// faults faster than one: about a third less time than one `memcpy` per piece, for pieces of
/// 16 MiB on two threads here. (Reusing the longest piece's buffer for the result saves the
/// pages only where the allocator grows a large buffer by remapping it; in a warm heap it
/// costs one more copy.)
pub(crate) fn append_pieces<T: Send>(vec: &mut Vec<T>, mut list: LinkedList<Vec<T>>) {
    if vec.is_empty() && list.len() == 1 {
        *vec = list.pop_front().expect("one piece");
        return;
    }
    vec.reserve(list.iter().map(Vec::len).sum());
    for mut piece in list {
        let start = vec.len();
        let len = piece.len();
        move_items(&mut piece, &mut vec.spare_capacity_mut()[..len]);
        // SAFETY: `move_items` moved the piece's `len` items, in order, into the `len` slots
        // after `start` (reserved above); the piece gives them up, so it frees only its buffer.
        unsafe {
            piece.set_len(0);
            vec.set_len(start + len);
        }
    }
}

/// Copies the items of `src` bitwise into `dest` (the same length), in parallel halves while
/// they are long. The caller must then treat `src`'s items as moved.
fn move_items<T: Send>(src: &mut [T], dest: &mut [MaybeUninit<T>]) {
    debug_assert_eq!(
        src.len(),
        dest.len(),
        "a move between slices of other lengths"
    );
    if std::mem::size_of_val(src) <= MOVE_GRAIN_BYTES || src.len() < 2 {
        // SAFETY: both slices are valid for `src.len()` items and do not overlap (one is a
        // piece, the other the target's spare room).
        unsafe { ptr::copy_nonoverlapping(src.as_ptr(), dest.as_mut_ptr().cast::<T>(), src.len()) };
        return;
    }
    let mid = src.len() / 2;
    let (src_left, src_right) = src.split_at_mut(mid);
    let (dest_left, dest_right) = dest.split_at_mut(mid);
    weft_core::join(
        || move_items(src_left, dest_left),
        || move_items(src_right, dest_right),
    );
}

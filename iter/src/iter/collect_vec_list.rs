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

/// Below this many bytes, a piece is moved by one `memcpy` on one thread: about a microsecond
/// of copying, well above the cost of a fork.
const MOVE_GRAIN_BYTES: usize = 1 << 16;

/// Appends the pieces of `list` to `vec`, in order, moving them in parallel (each into its
/// own part of the reserved room) and freeing each piece as soon as it has moved.
pub(crate) fn append_pieces<T: Send>(vec: &mut Vec<T>, mut list: LinkedList<Vec<T>>) {
    if vec.is_empty() && list.len() <= 1 {
        // Nothing to move: the one piece becomes the vector (with whatever capacity it has).
        if let Some(piece) = list.pop_front() {
            *vec = piece;
        }
        return;
    }
    let mut pieces: Vec<Vec<T>> = list.into_iter().collect();
    let total = pieces.iter().map(Vec::len).sum();
    vec.reserve(total);
    let start = vec.len();
    move_pieces(&mut pieces, &mut vec.spare_capacity_mut()[..total]);
    // SAFETY: `move_pieces` moved exactly `total` items (the pieces' lengths add up to it) into
    // the `total` slots after `start`, in order; the pieces have given them up.
    unsafe { vec.set_len(start + total) };
}

/// Moves the items of `pieces`, in order, into `dest` (exactly as many slots), emptying and
/// freeing each piece.
fn move_pieces<T: Send>(pieces: &mut [Vec<T>], dest: &mut [MaybeUninit<T>]) {
    match pieces {
        [] => {}
        [piece] => {
            move_items(piece, dest);
            // SAFETY: `move_items` has moved every item out: the piece owns none of them now.
            unsafe { piece.set_len(0) };
            *piece = Vec::new();
        }
        _ => {
            // Halve by items, not by pieces, so both sides have about as much to move.
            let total = dest.len();
            let mut before = 0;
            let mid = pieces
                .iter()
                .position(|p| {
                    before += p.len();
                    before * 2 >= total
                })
                .map_or(1, |i| i + 1)
                .clamp(1, pieces.len() - 1);
            let (left, right) = pieces.split_at_mut(mid);
            let left_len = left.iter().map(Vec::len).sum();
            let (dest_left, dest_right) = dest.split_at_mut(left_len);
            weft_core::join(
                || move_pieces(left, dest_left),
                || move_pieces(right, dest_right),
            );
        }
    }
}

/// Copies the items of `src` bitwise into `dest` (the same length), in parallel halves while
/// they are large. The caller must then treat `src`'s items as moved.
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

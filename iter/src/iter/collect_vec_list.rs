//! `collect_vec_list`: a `Vec` per piece, linked in order; how unindexed iterators collect,
//! and how the pieces then become one vector.

use crate::plumbing::*;
use std::collections::LinkedList;

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

/// Appends the right list to the left one, moving a small first piece of the right list into
/// the left list's last piece rather than linking it.
///
/// Without the merge, an iterator that yields its items a few at a time (a `flat_map` to short
/// parallel iterators: every inner iterator is a piece of its own) leaves a piece per item,
/// and every piece costs a list node, an allocation and a cache miss when the pieces are
/// joined. Only a small piece moves ([`SMALL_PIECE_BYTES`]), so a reduce copies at most that
/// much, and in a balanced tree of pieces an item moves about log2(4096 / its size) times at
/// most before its piece is too large to move; the left piece grows by doubling. Moving a
/// large piece that fits in the left one's spare room would save its copy in
/// [`append_pieces`], but fault in pages beside the ones its own buffer leaves behind in the
/// allocator: 10 MB more peak memory than rayon in a `flat_map_iter` into 160 MB.
pub(crate) struct ListReducer;

/// The size up to which a piece is moved into its left neighbour rather than linked.
const SMALL_PIECE_BYTES: usize = 4096;

/// Whether `piece` holds at most [`SMALL_PIECE_BYTES`].
fn is_small<T>(piece: &[T]) -> bool {
    std::mem::size_of_val(piece) <= SMALL_PIECE_BYTES
}

impl<T> Reducer<LinkedList<Vec<T>>> for ListReducer {
    fn reduce(
        self,
        mut left: LinkedList<Vec<T>>,
        mut right: LinkedList<Vec<T>>,
    ) -> LinkedList<Vec<T>> {
        if let (Some(back), Some(front)) = (left.back_mut(), right.front_mut()) {
            if is_small(front) {
                back.append(front);
                right.pop_front();
            }
        }
        left.append(&mut right);
        left
    }
}

/// Appends the pieces of `list` to `vec`, in order, freeing each piece as soon as it has moved.
///
/// Into an empty vector, a single piece becomes the vector, and so does a first piece whose
/// buffer grows by remapping its pages ([`remapped`]): it takes the rest without its own
/// items being copied or faulted in again. A small first piece (the few items the
/// [probe](crate::plumbing) folds on its own) is moved in front of such a second piece. Any
/// other buffer would grow by copying its items, as copying them into a fresh vector does, so
/// then the pieces are copied one after another into room reserved once, as rayon does (moving
/// a second piece up to make room in front of it cost a second copy there: up to 2x rayon's
/// time in a `filter` + `collect`). Most of the cost of that copy is the vector's fresh pages
/// (a page fault per 4 KiB page first written, several times the cost of copying it): copying
/// in parallel halves took them about a third faster into a fresh vector on a quiet machine,
/// but was slower than this in a warm heap or with other work on the cores.
pub(crate) fn append_pieces<T>(vec: &mut Vec<T>, mut list: LinkedList<Vec<T>>) {
    let rest = |list: &LinkedList<Vec<T>>| list.iter().map(Vec::len).sum::<usize>();
    if vec.is_empty() {
        let mut pieces = list.iter();
        match (pieces.next(), pieces.next()) {
            (Some(_), None) => *vec = list.pop_front().expect("one piece"),
            (Some(first), Some(_)) if remapped(first) => {
                *vec = list.pop_front().expect("a first piece");
            }
            (Some(first), Some(second)) if is_small(first) && remapped(second) => {
                let first = list.pop_front().expect("a first piece");
                *vec = list.pop_front().expect("a second piece");
                vec.reserve(first.len() + rest(&list));
                vec.splice(0..0, first);
            }
            _ => {}
        }
    }
    vec.reserve(rest(&list));
    for mut piece in list {
        vec.append(&mut piece);
    }
}

/// The size from which glibc's `malloc` maps a buffer on its own (its threshold rises with the
/// buffers freed, up to this), so that `realloc` grows it by remapping its pages.
const REMAPPED_BYTES: usize = 32 << 20;

/// Whether `piece`'s buffer grows by remapping rather than copying (under glibc; other
/// allocators grow buffers this large in place or by remapping too, or copy them once, which
/// costs what copying them into a fresh vector would).
fn remapped<T>(piece: &Vec<T>) -> bool {
    piece.capacity().saturating_mul(std::mem::size_of::<T>()) >= REMAPPED_BYTES
}

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

/// Appends the right list to the left one.
pub(crate) struct ListReducer;

impl<T> Reducer<LinkedList<T>> for ListReducer {
    fn reduce(self, mut left: LinkedList<T>, mut right: LinkedList<T>) -> LinkedList<T> {
        left.append(&mut right);
        left
    }
}

/// Appends the pieces of `list` to `vec`, in order, freeing each piece as soon as it has moved.
///
/// One piece into an empty vector becomes the vector. Otherwise the pieces are copied one after
/// another into room reserved once, as rayon does. Most of the cost is the vector's fresh pages
/// (a page fault per 4 KiB page first written, several times the cost of copying it): copying
/// in parallel halves took them about a third faster into a fresh vector on a quiet machine,
/// but was slower than this in a warm heap or with other work on the cores; and reusing the
/// longest piece's buffer saves the pages only where the allocator grows a large buffer by
/// remapping it (in a warm heap it costs one more copy).
pub(crate) fn append_pieces<T>(vec: &mut Vec<T>, mut list: LinkedList<Vec<T>>) {
    if vec.is_empty() && list.len() == 1 {
        *vec = list.pop_front().expect("one piece");
        return;
    }
    vec.reserve(list.iter().map(Vec::len).sum());
    for mut piece in list {
        vec.append(&mut piece);
    }
}

//! The unindexed producer behind `par_split*` and `par_chunk_by*`: cut a slice at a boundary
//! near its middle.
//!
//! The number of pieces is unknown until the slice is read, so these iterators cannot split at
//! an index. Instead each split looks for a boundary (a separator, or two neighbours that do not
//! belong together) nearest the middle, searching down from it and then up; a piece with no
//! boundary left stops splitting and is iterated with std's sequential method.

use crate::plumbing::*;

/// A piece of slice that yields its items sequentially and can be cut at a boundary.
pub(super) trait Cut: Sized + Send {
    /// The items, pieces of the slice.
    type Item;
    /// std's sequential iterator over the items.
    type Iter: Iterator<Item = Self::Item>;

    /// The length of the slice.
    fn len(&self) -> usize;
    /// Whether the slice can be cut at `index` (the meaning of `index` is the implementor's).
    fn is_boundary(&self, index: usize) -> bool;
    /// The range of indices `is_boundary` accepts.
    fn boundaries(&self) -> std::ops::Range<usize>;
    /// Cuts at a boundary into two pieces whose items, one after the other, are this piece's.
    fn cut_at(self, index: usize) -> (Self, Self);
    /// The items, in order.
    fn into_items(self) -> Self::Iter;
}

/// The producer over a [`Cut`] piece.
pub(super) struct CutProducer<C> {
    piece: C,
}

impl<C> CutProducer<C> {
    pub(super) fn new(piece: C) -> Self {
        CutProducer { piece }
    }
}

impl<C: Cut> UnindexedProducer for CutProducer<C> {
    type Item = C::Item;

    fn split(self) -> (Self, Option<Self>) {
        let range = self.piece.boundaries();
        let mid = self.piece.len() / 2;
        let mid = mid.clamp(range.start, range.end);
        let below = (range.start..mid)
            .rev()
            .find(|&i| self.piece.is_boundary(i));
        let found = below.or_else(|| (mid..range.end).find(|&i| self.piece.is_boundary(i)));
        match found {
            Some(index) => {
                let (left, right) = self.piece.cut_at(index);
                (CutProducer::new(left), Some(CutProducer::new(right)))
            }
            None => (self, None),
        }
    }

    fn fold_with<F>(self, folder: F) -> F
    where
        F: Folder<Self::Item>,
    {
        folder.consume_iter(self.piece.into_items())
    }
}

//! Inputs every library is given alike: sort data of several shapes, short strings, a balanced
//! tree; the random ones come from one seeded generator (`weft_testkit::Rng`), so every run and
//! every library sees the same numbers.

use weft_testkit::Rng;

/// Shapes of sort input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Uniformly random.
    Random,
    /// Already ascending.
    Sorted,
    /// Descending.
    Reversed,
    /// Random among 16 distinct values.
    FewDistinct,
}

impl Shape {
    /// Every shape, for loops.
    pub const ALL: [Shape; 4] = [
        Shape::Random,
        Shape::Sorted,
        Shape::Reversed,
        Shape::FewDistinct,
    ];

    /// A short lowercase name.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Random => "random",
            Shape::Sorted => "sorted",
            Shape::Reversed => "reversed",
            Shape::FewDistinct => "few-distinct",
        }
    }
}

/// `n` u32 of the given shape.
pub fn u32_input(shape: Shape, n: usize) -> Vec<u32> {
    let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
    match shape {
        Shape::Random => (0..n).map(|_| rng.next_u64() as u32).collect(),
        Shape::Sorted => (0..n as u32).collect(),
        Shape::Reversed => (0..n as u32).rev().collect(),
        Shape::FewDistinct => (0..n).map(|_| (rng.next_u64() % 16) as u32).collect(),
    }
}

/// `n` random lowercase strings of 1 to 16 bytes.
pub fn short_strings(n: usize) -> Vec<String> {
    let mut rng = Rng::new(0x1234_5678_9abc_def1);
    (0..n)
        .map(|_| {
            let len = 1 + (rng.next_u64() % 16) as usize;
            (0..len)
                .map(|_| (b'a' + (rng.next_u64() % 26) as u8) as char)
                .collect()
        })
        .collect()
}

/// A node of a balanced binary tree (the spice/chili benchmark).
///
/// [`Node::tree`] boxes each child after building the child's own subtrees, so a node's box
/// lies just past its whole subtree, and the right subtree just past the left one. Visiting
/// the right subtree first therefore reads the tree in one sweep down the addresses, which
/// the hardware prefetcher follows; visiting the left one first jumps back and forth. The
/// order alone moved a 10^7-node sum by 2.2x on one thread (Intel VM, 2026-12-02: 170 ms
/// left-first, 79 ms right-first, both weft), so every version of the tree workloads visits
/// the right subtree first: sequential code, weft, rayon, and chili (whose `join` runs its
/// second closure first).
pub struct Node {
    /// This node's value (1).
    pub val: u64,
    /// Left subtree.
    pub left: Option<Box<Node>>,
    /// Right subtree.
    pub right: Option<Box<Node>>,
}

impl Node {
    /// A balanced tree of exactly `n >= 1` nodes, each of value 1.
    pub fn tree(n: usize) -> Node {
        assert!(n >= 1, "a tree needs a node");
        let left = (n - 1) / 2;
        let right = n - 1 - left;
        Node {
            val: 1,
            left: (left > 0).then(|| Box::new(Node::tree(left))),
            right: (right > 0).then(|| Box::new(Node::tree(right))),
        }
    }
}

//! `walk_tree*()`: parallel iterators over every node of a tree given by a root and a
//! children function, in prefix order, postfix order, or either.

use std::fmt;

use crate::plumbing::{bridge_unindexed, Folder, UnindexedConsumer, UnindexedProducer};
use crate::ParallelIterator;

/// Creates a parallel iterator over the nodes of the tree rooted at `root`, in prefix order
/// (a node before its children, children in the order `children_of` gives them) when
/// collected in order.
///
/// The walk splits across the widest level it reaches, so it parallelizes well on trees that
/// branch; a long chain is walked sequentially.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::sources::walk_tree_prefix;
///
/// // The implicit binary tree of 1..8 (children of n are 2n and 2n + 1).
/// let v: Vec<u32> = walk_tree_prefix(1u32, |&n| (2 * n..2 * n + 2).filter(|&c| c < 8)).collect();
/// assert_eq!(v, [1, 2, 4, 5, 3, 6, 7]);
/// ```
pub fn walk_tree_prefix<S, B, I>(root: S, children_of: B) -> WalkTreePrefix<S, B>
where
    S: Send,
    B: Fn(&S) -> I + Send + Sync,
    I: IntoIterator<Item = S, IntoIter: DoubleEndedIterator>,
{
    WalkTreePrefix { root, children_of }
}

/// Creates a parallel iterator over the nodes of the tree rooted at `root`, in postfix order
/// (children before their parent, in the order `children_of` gives them) when collected in
/// order.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::sources::walk_tree_postfix;
///
/// let v: Vec<u32> = walk_tree_postfix(1u32, |&n| (2 * n..2 * n + 2).filter(|&c| c < 8)).collect();
/// assert_eq!(v, [4, 5, 2, 6, 7, 3, 1]);
/// ```
pub fn walk_tree_postfix<S, B, I>(root: S, children_of: B) -> WalkTreePostfix<S, B>
where
    S: Send,
    B: Fn(&S) -> I + Send + Sync,
    I: IntoIterator<Item = S>,
{
    WalkTreePostfix { root, children_of }
}

/// Creates a parallel iterator over the nodes of the tree rooted at `root`, in no promised
/// order (use it when the order does not matter; today it is the postfix order).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::sources::walk_tree;
///
/// let sum: u32 = walk_tree(1u32, |&n| (2 * n..2 * n + 2).filter(|&c| c < 100)).sum();
/// assert_eq!(sum, (1..100).sum());
/// ```
pub fn walk_tree<S, B, I>(root: S, children_of: B) -> WalkTree<S, B>
where
    S: Send,
    B: Fn(&S) -> I + Send + Sync,
    I: IntoIterator<Item = S, IntoIter: DoubleEndedIterator>,
{
    WalkTree(WalkTreePostfix { root, children_of })
}

/// A parallel iterator over a tree in prefix order; made by [`walk_tree_prefix()`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let w = weft_iter::sources::walk_tree_prefix(3u8, |&n| (0..n).rev().take(1));
/// assert_eq!(w.clone().collect::<Vec<_>>(), [3, 2, 1, 0]);
/// assert_eq!(format!("{w:?}"), "WalkTreePrefix { root: 3 }");
/// ```
#[derive(Clone)]
pub struct WalkTreePrefix<S, B> {
    root: S,
    children_of: B,
}

/// A parallel iterator over a tree in postfix order; made by [`walk_tree_postfix()`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let w = weft_iter::sources::walk_tree_postfix(3u8, |&n| (0..n).rev().take(1));
/// assert_eq!(w.clone().collect::<Vec<_>>(), [0, 1, 2, 3]);
/// assert_eq!(format!("{w:?}"), "WalkTreePostfix { root: 3 }");
/// ```
#[derive(Clone)]
pub struct WalkTreePostfix<S, B> {
    root: S,
    children_of: B,
}

/// A parallel iterator over a tree in no promised order; made by [`walk_tree()`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let w = weft_iter::sources::walk_tree(3u8, |&n| (0..n).rev().take(1));
/// assert_eq!(w.clone().count(), 4);
/// assert_eq!(format!("{w:?}"), "WalkTree { root: 3 }");
/// ```
#[derive(Clone)]
pub struct WalkTree<S, B>(WalkTreePostfix<S, B>);

impl<S: fmt::Debug, B> fmt::Debug for WalkTreePrefix<S, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WalkTreePrefix")
            .field("root", &self.root)
            .finish()
    }
}

impl<S: fmt::Debug, B> fmt::Debug for WalkTreePostfix<S, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WalkTreePostfix")
            .field("root", &self.root)
            .finish()
    }
}

impl<S: fmt::Debug, B> fmt::Debug for WalkTree<S, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WalkTree")
            .field("root", &self.0.root)
            .finish()
    }
}

impl<S, B, I> ParallelIterator for WalkTreePrefix<S, B>
where
    S: Send,
    B: Fn(&S) -> I + Send + Sync,
    I: IntoIterator<Item = S, IntoIter: DoubleEndedIterator>,
{
    type Item = S;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<Self::Item>,
    {
        let producer = PrefixProducer {
            seen: Vec::new(),
            stack: vec![self.root],
            children_of: &self.children_of,
        };
        bridge_unindexed(producer, consumer)
    }
}

impl<S, B, I> ParallelIterator for WalkTreePostfix<S, B>
where
    S: Send,
    B: Fn(&S) -> I + Send + Sync,
    I: IntoIterator<Item = S>,
{
    type Item = S;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<Self::Item>,
    {
        let producer = PostfixProducer {
            subtrees: vec![self.root],
            ancestors: Vec::new(),
            children_of: &self.children_of,
        };
        bridge_unindexed(producer, consumer)
    }
}

impl<S, B, I> ParallelIterator for WalkTree<S, B>
where
    S: Send,
    B: Fn(&S) -> I + Send + Sync,
    I: IntoIterator<Item = S, IntoIter: DoubleEndedIterator>,
{
    type Item = S;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<Self::Item>,
    {
        self.0.drive_unindexed(consumer)
    }
}

/// Splits off the back half of `v` (none when fewer than two elements).
fn split_back_half<T>(v: &mut Vec<T>) -> Option<Vec<T>> {
    (v.len() >= 2).then(|| v.split_off(v.len() / 2))
}

/// A piece of a prefix walk: yields `seen` in order, then walks the subtrees on `stack`
/// (the top of the stack first).
struct PrefixProducer<'b, S, B> {
    /// Nodes already expanded while looking for a level to split; yielded first.
    seen: Vec<S>,
    /// Roots of the subtrees still to walk; the last one is walked first.
    stack: Vec<S>,
    children_of: &'b B,
}

impl<S, B, I> UnindexedProducer for PrefixProducer<'_, S, B>
where
    S: Send,
    B: Fn(&S) -> I + Send + Sync,
    I: IntoIterator<Item = S, IntoIter: DoubleEndedIterator>,
{
    type Item = S;

    fn split(mut self) -> (Self, Option<Self>) {
        // Walk down a chain until the frontier has two subtrees to share out.
        while let [_] = self.stack[..] {
            let node = self.stack.pop().expect("a one-node stack");
            self.stack
                .extend((self.children_of)(&node).into_iter().rev());
            self.seen.push(node);
        }
        let children_of = self.children_of;
        if self.stack.len() >= 2 {
            // The bottom of the stack is walked last: it goes to the right.
            let keep = self.stack.split_off(self.stack.len() / 2);
            let right = std::mem::replace(&mut self.stack, keep);
            let right = PrefixProducer {
                seen: Vec::new(),
                stack: right,
                children_of,
            };
            (self, Some(right))
        } else {
            let right = split_back_half(&mut self.seen).map(|seen| PrefixProducer {
                seen,
                stack: Vec::new(),
                children_of,
            });
            (self, right)
        }
    }

    fn fold_with<F>(mut self, folder: F) -> F
    where
        F: Folder<Self::Item>,
    {
        let mut folder = folder.consume_iter(self.seen);
        while let Some(node) = self.stack.pop() {
            if folder.full() {
                break;
            }
            self.stack
                .extend((self.children_of)(&node).into_iter().rev());
            folder = folder.consume(node);
        }
        folder
    }
}

/// A piece of a postfix walk: walks `subtrees` in order, then yields `ancestors` from the
/// deepest up.
struct PostfixProducer<'b, S, B> {
    /// Roots of the subtrees to walk, in order.
    subtrees: Vec<S>,
    /// Nodes expanded while looking for a level to split; yielded last, deepest first.
    ancestors: Vec<S>,
    children_of: &'b B,
}

impl<S, B, I> UnindexedProducer for PostfixProducer<'_, S, B>
where
    S: Send,
    B: Fn(&S) -> I + Send + Sync,
    I: IntoIterator<Item = S>,
{
    type Item = S;

    fn split(mut self) -> (Self, Option<Self>) {
        while let [_] = self.subtrees[..] {
            let node = self.subtrees.pop().expect("one subtree");
            self.subtrees.extend((self.children_of)(&node));
            self.ancestors.push(node);
        }
        let children_of = self.children_of;
        if let Some(later) = split_back_half(&mut self.subtrees) {
            // The ancestors come after every subtree, so they follow the right half.
            let right = PostfixProducer {
                subtrees: later,
                ancestors: std::mem::take(&mut self.ancestors),
                children_of,
            };
            (self, Some(right))
        } else {
            // Ancestors are yielded deepest (last) first: the deep half stays on the left.
            let right = split_back_half(&mut self.ancestors).map(|deep| PostfixProducer {
                subtrees: Vec::new(),
                ancestors: std::mem::replace(&mut self.ancestors, deep),
                children_of,
            });
            (self, right)
        }
    }

    fn fold_with<F>(self, mut folder: F) -> F
    where
        F: Folder<Self::Item>,
    {
        // An explicit stack of (node, its remaining children) instead of recursion, so that
        // deep trees cannot overflow the thread's stack.
        let mut path = Vec::new();
        for root in self.subtrees {
            let children = (self.children_of)(&root).into_iter();
            path.push((root, children));
            while let Some((_, children)) = path.last_mut() {
                if let Some(child) = children.next() {
                    let grandchildren = (self.children_of)(&child).into_iter();
                    path.push((child, grandchildren));
                } else {
                    let (node, _) = path.pop().expect("a non-empty path");
                    folder = folder.consume(node);
                    if folder.full() {
                        return folder;
                    }
                }
            }
        }
        folder.consume_iter(self.ancestors.into_iter().rev())
    }
}

//! `join_tree`: arbitrary trees of `join`, `scope` + `spawn`, `blocking` and `install` with
//! panics at arbitrary nodes.
//!
//! Every leaf bumps its own counter. weft promises that `join` runs both closures and a scope
//! all the jobs spawned in it, whatever panics, so every leaf must run exactly once; a node
//! planned to panic does so after its children ran, and the panic must reach the root (the
//! payload of the first planned panic, not another). Trees have depth at most
//! [`MAX_DEPTH`] and at most [`MAX_NODES`] nodes; nothing sleeps, so a hang is a bug (the
//! fuzzer's `-timeout` catches it).

use crate::bytes::Bytes;
use crate::planned::{is_planned, planned_panic, quiet_planned_panics};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use weft_testkit::{pools, THREADS};

/// The deepest a tree goes.
pub const MAX_DEPTH: usize = 8;
/// The most nodes a tree has.
pub const MAX_NODES: usize = 64;

/// A node of the tree; `panics` nodes panic once their children ran.
#[derive(Debug)]
pub enum Node {
    /// Bumps counter `id`.
    Leaf { id: usize, panics: bool },
    /// `weft::join(a, b)`.
    Join(Box<Node>, Box<Node>, bool),
    /// `weft::join_context`, running `a` on the side that was not migrated first.
    JoinContext(Box<Node>, Box<Node>, bool),
    /// `weft::scope` spawning each child.
    Scope(Vec<Node>, bool),
    /// `weft::scope_fifo` spawning each child with `spawn_fifo`.
    ScopeFifo(Vec<Node>, bool),
    /// `weft::in_place_scope` spawning each child but the last, which runs in the body.
    InPlaceScope(Vec<Node>, bool),
    /// `weft::blocking(child)`.
    Blocking(Box<Node>, bool),
    /// `pools()[i].install(child)`: a hop to another (or the same) pool.
    Install(usize, Box<Node>, bool),
}

struct Decoder<'a> {
    b: Bytes<'a>,
    nodes: usize,
    leaves: usize,
}

impl Decoder<'_> {
    fn node(&mut self, depth: usize) -> Node {
        self.nodes += 1;
        let tag = self.b.u8();
        let panics = tag & 0x80 != 0 && tag & 0x40 != 0;
        let composite = depth < MAX_DEPTH && self.nodes + 2 <= MAX_NODES && !self.b.is_empty();
        if !composite || (tag & 0x3f) % 8 == 0 {
            let id = self.leaves;
            self.leaves += 1;
            return Node::Leaf { id, panics };
        }
        match (tag & 0x3f) % 8 {
            1 | 2 => Node::Join(self.boxed(depth), self.boxed(depth), panics),
            3 => Node::JoinContext(self.boxed(depth), self.boxed(depth), panics),
            4 => Node::Scope(self.children(depth), panics),
            5 => Node::ScopeFifo(self.children(depth), panics),
            6 => Node::InPlaceScope(self.children(depth), panics),
            _ if tag & 0x20 == 0 => Node::Blocking(self.boxed(depth), panics),
            _ => Node::Install(self.b.below(THREADS.len()), self.boxed(depth), panics),
        }
    }

    fn boxed(&mut self, depth: usize) -> Box<Node> {
        Box::new(self.node(depth + 1))
    }

    fn children(&mut self, depth: usize) -> Vec<Node> {
        let n = self.b.below(4);
        let mut kids = Vec::new();
        for _ in 0..n {
            if self.nodes >= MAX_NODES {
                break;
            }
            kids.push(self.node(depth + 1));
        }
        kids
    }
}

impl Node {
    /// Whether some node of the tree panics.
    fn any_panics(&self) -> bool {
        match self {
            Node::Leaf { panics, .. } => *panics,
            Node::Join(a, b, p) | Node::JoinContext(a, b, p) => {
                *p || a.any_panics() || b.any_panics()
            }
            Node::Scope(kids, p) | Node::ScopeFifo(kids, p) | Node::InPlaceScope(kids, p) => {
                *p || kids.iter().any(Node::any_panics)
            }
            Node::Blocking(c, p) | Node::Install(_, c, p) => *p || c.any_panics(),
        }
    }

    /// Runs the tree, bumping `counts[id]` at each leaf.
    fn run(&self, counts: &[AtomicUsize]) {
        let done = |panics: bool| {
            if panics {
                planned_panic();
            }
        };
        match self {
            Node::Leaf { id, panics } => {
                counts[*id].fetch_add(1, Relaxed);
                done(*panics);
            }
            Node::Join(a, b, p) => {
                weft::join(|| a.run(counts), || b.run(counts));
                done(*p);
            }
            Node::JoinContext(a, b, p) => {
                weft::join_context(
                    |_| a.run(counts),
                    |ctx| {
                        if ctx.migrated() {
                            // Work a stolen half a little more: nest a join.
                            weft::join(|| b.run(counts), || ());
                        } else {
                            b.run(counts);
                        }
                    },
                );
                done(*p);
            }
            Node::Scope(kids, p) => {
                weft::scope(|s| {
                    for kid in kids {
                        s.spawn(move |_| kid.run(counts));
                    }
                    done(*p);
                });
            }
            Node::ScopeFifo(kids, p) => {
                weft::scope_fifo(|s| {
                    for kid in kids {
                        s.spawn_fifo(move |_| kid.run(counts));
                    }
                    done(*p);
                });
            }
            Node::InPlaceScope(kids, p) => {
                weft::in_place_scope(|s| {
                    if let Some((last, rest)) = kids.split_last() {
                        for kid in rest {
                            s.spawn(move |_| kid.run(counts));
                        }
                        last.run(counts);
                    }
                    done(*p);
                });
            }
            Node::Blocking(c, p) => {
                weft::blocking(|| c.run(counts));
                done(*p);
            }
            Node::Install(i, c, p) => {
                pools()[*i].install(|| c.run(counts));
                done(*p);
            }
        }
    }
}

/// Decodes a tree and returns it with its number of leaves.
pub fn decode(data: &[u8]) -> (Node, usize) {
    let mut d = Decoder {
        b: Bytes::new(data),
        nodes: 0,
        leaves: 0,
    };
    let root = d.node(0);
    (root, d.leaves)
}

/// Decodes a tree from `data`, runs it on each pool, and panics if a leaf did not run exactly
/// once or a planned panic did not reach the root (or an unplanned one did).
pub fn check(data: &[u8]) {
    quiet_planned_panics();
    let (root, leaves) = decode(data);
    let should_panic = root.any_panics();
    for (pool, threads) in pools().iter().zip(THREADS) {
        let counts: Vec<AtomicUsize> = (0..leaves).map(|_| AtomicUsize::new(0)).collect();
        let result = pool.install(|| catch_unwind(AssertUnwindSafe(|| root.run(&counts))));
        let ran: Vec<usize> = counts.iter().map(|c| c.load(Relaxed)).collect();
        assert!(
            ran.iter().all(|&n| n == 1),
            "join_tree on {threads} threads: leaf run counts {ran:?} (want all 1)\n tree: {root:?}"
        );
        match result {
            Ok(()) => assert!(
                !should_panic,
                "join_tree on {threads} threads: a planned panic was lost\n tree: {root:?}"
            ),
            Err(payload) => assert!(
                should_panic && is_planned(&*payload),
                "join_tree on {threads} threads: unplanned panic {:?}\n tree: {root:?}",
                payload
                    .downcast_ref::<&str>()
                    .copied()
                    .or(payload.downcast_ref::<String>().map(String::as_str))
            ),
        }
    }
}

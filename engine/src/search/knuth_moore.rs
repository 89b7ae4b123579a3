//! The textbook algorithms of Knuth and Moore's "An Analysis of Alpha-Beta
//! Pruning" (1975), on any [`Tree`], each recording what it examines in a
//! [`Trace`]:
//!
//! - [`Algorithm::Minimax`]: negamax, F(p) = max(−F(p1), …, −F(pd)), every node;
//! - [`Algorithm::F1`]: alpha-beta without deep cutoffs, F1(p, bound): a
//!   child is searched with only the bound its parent's best so far gives;
//! - [`Algorithm::F2`]: alpha-beta, F2(p, α, β).
//!
//! A [`Tree`] is either an [`ExplicitTree`] of leaf values, or a game
//! position searched to a depth ([`GameTree`]) with the engine's own
//! evaluation and, if asked, its own move ordering ([`ordered_moves`]).
//!
//! Values are negamax: a leaf's value is for the side to move there, and a
//! node's value is the best of its children's negated values.

use inarow_games::{Game, Outcome};

use crate::score::WIN;
use crate::search::heuristics::{ordered_moves, SearchGame};
use crate::search::trace::{Exit, Trace};

/// Beyond every value of every tree here: the textbook algorithms' ±∞. It
/// is above the engine's own [`crate::score::INFINITE`], so explicit trees
/// may have leaf values up to [`MAX_LEAF`] in size.
pub const INFINITE: i32 = 1 << 30;

/// The largest leaf value an explicit tree may have, in size.
pub const MAX_LEAF: i32 = 1_000_000_000;

/// A game tree the textbook algorithms can search.
pub trait Tree {
    /// A node of the tree.
    type Node;

    /// The root.
    fn root(&self) -> Self::Node;

    /// The children of `node` in the order they are searched; none for a leaf.
    fn children(&self, node: &Self::Node) -> Vec<Self::Node>;

    /// A leaf's value for the side to move there.
    fn value(&self, node: &Self::Node) -> i32;

    /// What kind of leaf `node` is: [`Exit::Leaf`], [`Exit::GameOver`] or
    /// [`Exit::Horizon`].
    fn leaf_kind(&self, _node: &Self::Node) -> Exit {
        Exit::Leaf
    }

    /// The move that leads to `node`, as the drawings label it.
    fn label(&self, node: &Self::Node) -> String;

    /// The number of leaves under `node`, where the tree knows it without a
    /// search (an explicit tree does).
    fn leaves_under(&self, _node: &Self::Node) -> Option<u64> {
        None
    }
}

/// Which textbook algorithm to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Negamax over every node.
    Minimax,
    /// Alpha-beta without deep cutoffs (Knuth and Moore's F1).
    F1,
    /// Alpha-beta (Knuth and Moore's F2).
    F2,
}

impl Algorithm {
    /// Its name in the tables: `minimax`, `F1`, `F2 (alpha-beta)`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::F1 => "F1",
            Algorithm::F2 => "F2 (alpha-beta)",
        }
    }
}

/// A search recorded more nodes than it was allowed to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// The most nodes allowed.
    pub max_nodes: usize,
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the search examined more than {} nodes", self.max_nodes)
    }
}

impl std::error::Error for TooLarge {}

/// What a textbook search found.
#[derive(Clone, Debug)]
pub struct Searched {
    /// The root's value for its side to move.
    pub value: i32,
    /// Every node examined.
    pub trace: Trace,
}

impl Searched {
    /// The leaves examined: nodes whose value came from the tree itself.
    #[must_use]
    pub fn leaves(&self) -> usize {
        self.trace.leaves().count()
    }
}

/// Runs `algorithm` on `tree`, recording at most `max_nodes` nodes.
///
/// # Errors
/// [`TooLarge`] once the search has examined more than `max_nodes` nodes.
pub fn search<T: Tree>(
    tree: &T,
    algorithm: Algorithm,
    max_nodes: usize,
) -> Result<Searched, TooLarge> {
    let mut run = Run {
        tree,
        trace: Trace::new(),
        max_nodes,
    };
    let root = tree.root();
    let value = match algorithm {
        Algorithm::Minimax => run.minimax(&root, 0)?,
        Algorithm::F1 => run.f1(&root, 0, INFINITE)?,
        Algorithm::F2 => run.f2(&root, 0, -INFINITE, INFINITE)?,
    };
    Ok(Searched {
        value,
        trace: run.trace,
    })
}

struct Run<'t, T: Tree> {
    tree: &'t T,
    trace: Trace,
    max_nodes: usize,
}

impl<T: Tree> Run<'_, T> {
    /// Opens a node, or says the trace is full.
    fn open(&mut self, ply: u32, alpha: i32, beta: i32) -> Result<(), TooLarge> {
        if self.trace.len() >= self.max_nodes {
            return Err(TooLarge {
                max_nodes: self.max_nodes,
            });
        }
        self.trace.open(ply, alpha, beta);
        Ok(())
    }

    /// A leaf: its value, recorded.
    fn leaf(&mut self, node: &T::Node) -> i32 {
        let value = self.tree.value(node);
        self.trace.close(value, self.tree.leaf_kind(node));
        value
    }

    /// The children are searched from here on: tells the trace which one comes next.
    fn next(&mut self, child: &T::Node, index: usize) {
        self.trace
            .next_child(self.tree.label(child), index + 1, false);
    }

    /// The children after the `searched` first ones are cut off.
    fn cut(&mut self, children: &[T::Node], searched: usize) {
        let rest = &children[searched..];
        let labels = rest.iter().map(|c| self.tree.label(c)).collect();
        let leaves = rest
            .iter()
            .map(|c| self.tree.leaves_under(c))
            .sum::<Option<u64>>();
        self.trace.skip(labels, leaves);
    }

    /// F(p) = max(−F(p1), …, −F(pd)): every node, with the full window.
    fn minimax(&mut self, node: &T::Node, ply: u32) -> Result<i32, TooLarge> {
        self.open(ply, -INFINITE, INFINITE)?;
        let children = self.tree.children(node);
        if children.is_empty() {
            return Ok(self.leaf(node));
        }
        let mut m = -INFINITE;
        for (i, child) in children.iter().enumerate() {
            self.next(child, i);
            m = m.max(-self.minimax(child, ply + 1)?);
        }
        self.trace.close(m, Exit::AllChildren);
        Ok(m)
    }

    /// F1(p, bound): exact below `bound`, at least `bound` otherwise. A
    /// child is searched with the bound its parent's best so far gives, and
    /// nothing from further up: no deep cutoffs.
    fn f1(&mut self, node: &T::Node, ply: u32, bound: i32) -> Result<i32, TooLarge> {
        self.open(ply, -INFINITE, bound)?;
        let children = self.tree.children(node);
        if children.is_empty() {
            return Ok(self.leaf(node));
        }
        let mut m = -INFINITE;
        for (i, child) in children.iter().enumerate() {
            self.next(child, i);
            let t = -self.f1(child, ply + 1, -m)?;
            m = m.max(t);
            if m >= bound {
                self.cut(&children, i + 1);
                self.trace.close(m, Exit::Cutoff);
                return Ok(m);
            }
        }
        self.trace.close(m, Exit::AllChildren);
        Ok(m)
    }

    /// F2(p, α, β): exact strictly between α and β, at most α below, at
    /// least β above.
    fn f2(&mut self, node: &T::Node, ply: u32, alpha: i32, beta: i32) -> Result<i32, TooLarge> {
        self.open(ply, alpha, beta)?;
        let children = self.tree.children(node);
        if children.is_empty() {
            return Ok(self.leaf(node));
        }
        let mut m = alpha;
        for (i, child) in children.iter().enumerate() {
            self.next(child, i);
            let t = -self.f2(child, ply + 1, -beta, -m)?;
            m = m.max(t);
            if m >= beta {
                self.cut(&children, i + 1);
                self.trace.close(m, Exit::Cutoff);
                return Ok(m);
            }
        }
        self.trace.close(m, Exit::AllChildren);
        Ok(m)
    }
}

/// A tree given node by node: each node is a leaf with a value, or a list of
/// children, with leaf values at most [`MAX_LEAF`] in size. Leaf values are
/// from the side to move at the root (the textbook
/// convention: the root maximises), so a leaf at an odd ply has the negated
/// value for its own side to move. A node's label is its number among its
/// parent's children as given, from 1 ([`Trace::path_label`] joins them
/// into `2.1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplicitTree {
    nodes: Vec<ExplicitNode>,
    root: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct ExplicitNode {
    /// Its number among its parent's children as given, from 1 (0 for the root).
    number: u32,
    ply: u32,
    kind: ExplicitKind,
    leaves: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum ExplicitKind {
    Leaf(i32),
    Inner(Vec<usize>),
}

/// A node of an [`ExplicitTree`] while it is built: a leaf value or a list
/// of children.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A leaf with its value, from the root's side.
    Leaf(i32),
    /// An inner node with its children, in order.
    Inner(Vec<Shape>),
}

impl ExplicitTree {
    /// The tree of `shape`.
    #[must_use]
    pub fn new(shape: &Shape) -> Self {
        let mut tree = ExplicitTree {
            nodes: Vec::new(),
            root: 0,
        };
        tree.root = tree.add(shape, 0, 0);
        tree
    }

    fn add(&mut self, shape: &Shape, number: u32, ply: u32) -> usize {
        let kind = match shape {
            Shape::Leaf(value) => ExplicitKind::Leaf(*value),
            Shape::Inner(children) => ExplicitKind::Inner(
                children
                    .iter()
                    .enumerate()
                    .map(|(i, child)| self.add(child, i as u32 + 1, ply + 1))
                    .collect(),
            ),
        };
        self.push(number, ply, kind)
    }

    fn push(&mut self, number: u32, ply: u32, kind: ExplicitKind) -> usize {
        let leaves = match &kind {
            ExplicitKind::Leaf(_) => 1,
            ExplicitKind::Inner(children) => children.iter().map(|&c| self.nodes[c].leaves).sum(),
        };
        self.nodes.push(ExplicitNode {
            number,
            ply,
            kind,
            leaves,
        });
        self.nodes.len() - 1
    }

    /// The uniform tree of `degree` and `height` whose leaves, left to
    /// right, have `values` (`degree^height` of them, from the root's side).
    ///
    /// # Panics
    /// If `values` does not hold `degree^height` values.
    #[must_use]
    pub fn uniform(degree: u32, height: u32, values: &[i32]) -> Self {
        assert_eq!(
            Some(values.len()),
            (degree as usize).checked_pow(height),
            "a uniform tree needs degree^height leaf values"
        );
        let mut tree = ExplicitTree {
            nodes: Vec::with_capacity(values.len() * 2),
            root: 0,
        };
        // Level by level from the leaves up: each node takes the next
        // `degree` nodes of the level below.
        let mut level: Vec<usize> = values
            .iter()
            .enumerate()
            .map(|(i, &v)| tree.push(i as u32 % degree + 1, height, ExplicitKind::Leaf(v)))
            .collect();
        for ply in (0..height).rev() {
            level = level
                .chunks(degree as usize)
                .enumerate()
                .map(|(i, children)| {
                    let number = if ply == 0 { 0 } else { i as u32 % degree + 1 };
                    tree.push(number, ply, ExplicitKind::Inner(children.to_vec()))
                })
                .collect();
        }
        tree.root = level[0];
        tree
    }

    /// The number of leaves.
    #[must_use]
    pub fn leaf_count(&self) -> u64 {
        self.nodes[self.root].leaves
    }

    /// The number of nodes.
    #[must_use]
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The negamax value of every node, by node id.
    fn values(&self) -> Vec<i32> {
        // Children are added before their parent, so one pass in id order works.
        let mut values = vec![0; self.nodes.len()];
        for (id, node) in self.nodes.iter().enumerate() {
            values[id] = match &node.kind {
                ExplicitKind::Leaf(_) => self.value(&id),
                ExplicitKind::Inner(children) => {
                    children.iter().map(|&c| -values[c]).max().unwrap_or(0)
                }
            };
        }
        values
    }

    /// The minimax value of the root, for its side to move.
    #[must_use]
    pub fn minimax_value(&self) -> i32 {
        self.values()[self.root]
    }

    /// Reorders every node's children by `key` of each child's value for the
    /// parent's side to move (the negated negamax value), smallest key
    /// first; ties keep their order. `std::cmp::Reverse` puts the best move
    /// first everywhere: the perfect ordering.
    pub fn sort_children_by_key<K: Ord>(&mut self, mut key: impl FnMut(i32) -> K) {
        let values = self.values();
        for node in &mut self.nodes {
            if let ExplicitKind::Inner(children) = &mut node.kind {
                children.sort_by_key(|&c| key(-values[c]));
            }
        }
    }

    /// Reorders every node's children by `order`, which permutes the slice of
    /// child ids in place (a shuffle, for instance).
    pub fn permute_children(&mut self, mut order: impl FnMut(&mut [usize])) {
        for node in &mut self.nodes {
            if let ExplicitKind::Inner(children) = &mut node.kind {
                order(children);
            }
        }
    }
}

impl Tree for ExplicitTree {
    type Node = usize;

    fn root(&self) -> usize {
        self.root
    }

    fn children(&self, node: &usize) -> Vec<usize> {
        match &self.nodes[*node].kind {
            ExplicitKind::Leaf(_) => Vec::new(),
            ExplicitKind::Inner(children) => children.clone(),
        }
    }

    fn value(&self, node: &usize) -> i32 {
        let node = &self.nodes[*node];
        match node.kind {
            ExplicitKind::Leaf(value) if node.ply % 2 == 0 => value,
            ExplicitKind::Leaf(value) => -value,
            ExplicitKind::Inner(_) => 0,
        }
    }

    fn label(&self, node: &usize) -> String {
        self.nodes[*node].number.to_string()
    }

    fn leaves_under(&self, node: &usize) -> Option<u64> {
        Some(self.nodes[*node].leaves)
    }
}

/// Which order a [`GameTree`] searches moves in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveOrder {
    /// The order of [`Game::legal_moves`].
    Natural,
    /// The engine's root ordering, [`ordered_moves`].
    Engine,
}

/// A game position searched to a fixed depth, as a [`Tree`]: every legal move
/// (the textbook tree, no moves after a win), leaves at the end of the game
/// or at the depth, valued by the engine: a finished game is a loss for the
/// side to move (`-(WIN - ply)`, `ply` from the root) or a draw (0); at the
/// depth, a win if the side to move can win at once (`WIN - (ply + 1)`, the
/// search's rule), else [`SearchGame::evaluate`].
#[derive(Clone, Debug)]
pub struct GameTree<G: SearchGame> {
    root: G,
    depth: u32,
    order: MoveOrder,
}

/// A node of a [`GameTree`].
#[derive(Clone, Debug)]
pub struct GameNode<G: Game> {
    position: G,
    ply: u32,
    label: String,
}

impl<G: SearchGame> GameTree<G> {
    /// The tree of `root` searched `depth` plies deep, moves in `order`.
    #[must_use]
    pub fn new(root: G, depth: u32, order: MoveOrder) -> Self {
        GameTree { root, depth, order }
    }
}

impl<G: SearchGame> Tree for GameTree<G> {
    type Node = GameNode<G>;

    fn root(&self) -> GameNode<G> {
        GameNode {
            position: self.root.clone(),
            ply: 0,
            label: String::new(),
        }
    }

    fn children(&self, node: &GameNode<G>) -> Vec<GameNode<G>> {
        if node.ply >= self.depth || node.position.outcome().is_some() {
            return Vec::new();
        }
        let moves = match self.order {
            MoveOrder::Natural => node.position.legal_moves(),
            MoveOrder::Engine => ordered_moves(&node.position),
        };
        moves
            .into_iter()
            .map(|mv| {
                let mut position = node.position.clone();
                let label = position.to_drop(mv).square_name();
                position.play_unchecked(mv);
                GameNode {
                    position,
                    ply: node.ply + 1,
                    label,
                }
            })
            .collect()
    }

    fn value(&self, node: &GameNode<G>) -> i32 {
        let ply = node.ply as i32;
        match node.position.outcome() {
            Some(Outcome::Win(_)) => -(WIN - ply),
            Some(Outcome::Draw) => 0,
            None if node.position.can_win_now() => WIN - (ply + 1),
            None => node.position.evaluate(),
        }
    }

    fn leaf_kind(&self, node: &GameNode<G>) -> Exit {
        if node.position.outcome().is_some() {
            Exit::GameOver
        } else {
            Exit::Horizon
        }
    }

    fn label(&self, node: &GameNode<G>) -> String {
        node.label.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use inarow_games::TicTacToe;

    fn leaf(v: i32) -> Shape {
        Shape::Leaf(v)
    }

    fn inner(children: Vec<Shape>) -> Shape {
        Shape::Inner(children)
    }

    /// The textbook tree: MAX to move over three MIN nodes.
    fn textbook() -> ExplicitTree {
        ExplicitTree::new(&inner(vec![
            inner(vec![leaf(3), leaf(12), leaf(8)]),
            inner(vec![leaf(2), leaf(4), leaf(6)]),
            inner(vec![leaf(14), leaf(5), leaf(2)]),
        ]))
    }

    fn leaf_labels(searched: &Searched) -> Vec<String> {
        let trace = &searched.trace;
        (0..trace.len())
            .filter(|&id| trace.nodes()[id].is_leaf())
            .map(|id| trace.path_label(id))
            .collect()
    }

    #[test]
    fn the_textbook_tree_is_worth_3_and_alpha_beta_skips_two_leaves() {
        let tree = textbook();
        let minimax = search(&tree, Algorithm::Minimax, 100).unwrap();
        assert_eq!(minimax.value, 3);
        assert_eq!(minimax.leaves(), 9);
        for algorithm in [Algorithm::F1, Algorithm::F2] {
            let searched = search(&tree, algorithm, 100).unwrap();
            assert_eq!(searched.value, 3, "{algorithm:?}");
            assert_eq!(
                leaf_labels(&searched),
                ["1.1", "1.2", "1.3", "2.1", "3.1", "3.2", "3.3"],
                "{algorithm:?}"
            );
            let cut: Vec<_> = searched
                .trace
                .nodes()
                .iter()
                .filter(|n| !n.skipped.is_empty())
                .collect();
            assert_eq!(cut.len(), 1);
            assert_eq!(cut[0].exit, Exit::Cutoff);
            assert_eq!(cut[0].label, "2");
            assert_eq!(cut[0].skipped, ["2", "3"]);
            assert_eq!(cut[0].skipped_leaves, Some(2));
        }
    }

    #[test]
    fn deep_cutoffs_are_what_f2_has_and_f1_lacks() {
        // MAX: a leaf worth 5 first; then b, a MIN node whose first child c
        // is a MAX node with one child d, a MIN node over 3 and 9. At d, F2
        // knows from the root, two levels up, that anything at most 5 is
        // useless, so after the 3 it skips the 9: a deep cutoff. F1 only
        // knows what c found so far (nothing), and searches the 9.
        let tree = ExplicitTree::new(&inner(vec![
            leaf(5),
            inner(vec![inner(vec![inner(vec![leaf(3), leaf(9)])]), leaf(0)]),
        ]));
        let f1 = search(&tree, Algorithm::F1, 100).unwrap();
        let f2 = search(&tree, Algorithm::F2, 100).unwrap();
        assert_eq!(f1.value, 5);
        assert_eq!(f2.value, 5);
        assert_eq!(leaf_labels(&f1), ["1", "2.1.1.1", "2.1.1.2"]);
        assert_eq!(leaf_labels(&f2), ["1", "2.1.1.1"]);
    }

    #[test]
    fn sorting_children_best_first_gives_the_minimal_tree() {
        let mut tree = textbook();
        tree.sort_children_by_key(std::cmp::Reverse);
        let f2 = search(&tree, Algorithm::F2, 100).unwrap();
        assert_eq!(f2.value, 3);
        // d = 3, h = 2: 3^1 + 3^1 - 1 = 5 leaves.
        assert_eq!(f2.leaves(), 5);
    }

    #[test]
    fn a_uniform_tree_is_built_level_by_level() {
        let values: Vec<i32> = (1..=8).collect();
        let tree = ExplicitTree::uniform(2, 3, &values);
        assert_eq!(tree.leaf_count(), 8);
        assert_eq!(tree.node_count(), 15);
        let minimax = search(&tree, Algorithm::Minimax, 100).unwrap();
        // max(min(max(1,2), max(3,4)), min(max(5,6), max(7,8))) = 6
        assert_eq!(minimax.value, 6);
        assert_eq!(tree.minimax_value(), 6);
        assert_eq!(leaf_labels(&minimax)[5], "2.1.2");
    }

    #[test]
    fn a_trace_too_large_is_an_error() {
        let err = search(&textbook(), Algorithm::Minimax, 5).unwrap_err();
        assert_eq!(err.max_nodes, 5);
    }

    #[test]
    fn the_game_tree_of_tic_tac_toe_has_every_game_as_a_leaf() {
        let tree = GameTree::new(TicTacToe::new(), 9, MoveOrder::Natural);
        let minimax = search(&tree, Algorithm::Minimax, 1 << 20).unwrap();
        assert_eq!(minimax.leaves(), 255_168);
        assert_eq!(minimax.value, 0);
        for order in [MoveOrder::Natural, MoveOrder::Engine] {
            let tree = GameTree::new(TicTacToe::new(), 9, order);
            let f2 = search(&tree, Algorithm::F2, 1 << 20).unwrap();
            assert_eq!(f2.value, 0, "{order:?}");
            assert!(f2.leaves() < 255_168);
        }
    }
}

//! Watching a search node by node: the [`SearchObserver`] hook, and a
//! [`Trace`] that records every node a search examines, with its window on
//! entry, the value it returned and how it ended.
//!
//! The hook is a type parameter of the search, not a run-time option: the
//! search calls its observer at every node, and with [`NoObserver`] (what
//! [`Searcher::search`](crate::Searcher::search) uses) every call is an empty
//! inline function that the compiler removes. Only a search asked to be
//! watched, through [`Searcher::search_observed`](crate::Searcher::search_observed),
//! pays for it.
//!
//! Values and windows are recorded as the search sees them: negamax, from the
//! side to move at the node. [`TraceNode::bound`] says whether a value is
//! exact or a bound; drawing the tree from one player's side is the
//! renderer's business.

use inarow_games::Game;

/// How a node's search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Exit {
    /// Every child was searched.
    AllChildren,
    /// A child's value reached beta, and the remaining children were cut off.
    Cutoff,
    /// A leaf of a tree given by its leaf values.
    Leaf,
    /// The game is over here.
    GameOver,
    /// The depth ran out: the static evaluation.
    Horizon,
    /// The side to move wins with its next move (the search's rule: no child
    /// is searched).
    WinNow,
    /// Every move lets the opponent win at once (the search's rule).
    NoDefence,
    /// At the horizon, the side to move wins by a line of forcing moves
    /// (the game's threat-space search).
    ForcedWin,
    /// The window lies beyond every win or loss still possible from here
    /// (the search's mate-distance rule).
    OutOfReach,
    /// The transposition table's entry decided the node.
    Table,
    /// A limit stopped the search here; the value means nothing.
    Stopped,
}

impl Exit {
    /// Whether the node searched children.
    #[must_use]
    pub const fn searched_children(self) -> bool {
        matches!(self, Exit::AllChildren | Exit::Cutoff)
    }

    /// A few words for it, as the tree drawings print it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Exit::AllChildren => "all moves",
            Exit::Cutoff => "cutoff",
            Exit::Leaf => "leaf",
            Exit::GameOver => "game over",
            Exit::Horizon => "evaluated",
            Exit::WinNow => "wins now",
            Exit::ForcedWin => "wins by threats",
            Exit::NoDefence => "no defence",
            Exit::OutOfReach => "out of reach",
            Exit::Table => "table",
            Exit::Stopped => "stopped",
        }
    }
}

/// What a search tells its observer. Every method does nothing by default,
/// and the search calls them in this order for each node: [`child`] (not at a
/// root), [`enter`], the same for each child searched, [`cutoff`] if the
/// remaining moves are cut off, then [`leave`].
///
/// [`child`]: SearchObserver::child
/// [`enter`]: SearchObserver::enter
/// [`cutoff`]: SearchObserver::cutoff
/// [`leave`]: SearchObserver::leave
pub trait SearchObserver {
    /// An iteration of iterative deepening to `depth` plies begins; its root
    /// is entered next.
    #[inline(always)]
    fn iteration(&mut self, _depth: u32) {}

    /// The next node entered is reached from `position` by `mv`, the
    /// `index`-th move searched there (from 1); `research` if that move was
    /// searched already with a null window and is searched again.
    #[inline(always)]
    fn child<G: Game>(&mut self, _position: &G, _mv: G::Move, _index: usize, _research: bool) {}

    /// A node `ply` plies from the root is entered with the window
    /// `(alpha, beta)`, from its side to move.
    #[inline(always)]
    fn enter(&mut self, _ply: u32, _alpha: i32, _beta: i32) {}

    /// The node's remaining moves, from `position`, are not searched.
    #[inline(always)]
    fn cutoff<G: Game>(&mut self, _position: &G, _skipped: impl Iterator<Item = G::Move>) {}

    /// The node is left with `value`, for its side to move, for the reason `exit`.
    #[inline(always)]
    fn leave(&mut self, _value: i32, _exit: Exit) {}
}

/// The observer that watches nothing: every call compiles to nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl SearchObserver for NoObserver {}

/// Which side of the true value a returned value lies on, judged by the
/// window the node was searched with (Knuth and Moore: a value at or below
/// alpha is an upper bound, at or above beta a lower bound, between them exact).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueBound {
    /// The true value.
    Exact,
    /// The true value is at least this (the node failed high).
    Lower,
    /// The true value is at most this (the node failed low).
    Upper,
}

/// One node a search examined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceNode {
    /// The node it was reached from; `None` for a root.
    pub parent: Option<usize>,
    /// The nodes searched from it, in the order searched.
    pub children: Vec<usize>,
    /// The move that reached it (empty for a root).
    pub label: String,
    /// Which move of its parent it was, in the order searched, from 1 (0 for a root).
    pub index: usize,
    /// Whether this is a second search of the same move with a wider window.
    pub research: bool,
    /// Plies from the root.
    pub ply: u32,
    /// The window on entry, from the side to move here.
    pub alpha: i32,
    /// The window on entry, from the side to move here.
    pub beta: i32,
    /// The value returned, from the side to move here.
    pub value: i32,
    /// How the node ended.
    pub exit: Exit,
    /// The moves not searched after a cutoff, in the order they would have been.
    pub skipped: Vec<String>,
    /// The leaves under the skipped moves, where the tree knows them.
    pub skipped_leaves: Option<u64>,
}

impl TraceNode {
    /// Whether the value is exact or a bound. A leaf valued by the tree or
    /// the game (a given value, a finished game, the evaluation, a win with
    /// the next move, no defence) is exact, whatever the window; any other
    /// value is judged by the window it was searched with.
    #[must_use]
    pub fn bound(&self) -> ValueBound {
        match self.exit {
            Exit::Leaf
            | Exit::GameOver
            | Exit::Horizon
            | Exit::WinNow
            | Exit::NoDefence
            | Exit::ForcedWin => ValueBound::Exact,
            _ => classify(self.value, self.alpha, self.beta),
        }
    }

    /// Whether nothing was searched below it: a leaf of the searched tree.
    #[must_use]
    pub fn is_leaf(&self) -> bool {
        !self.exit.searched_children()
    }
}

fn classify(value: i32, alpha: i32, beta: i32) -> ValueBound {
    if value <= alpha {
        ValueBound::Upper
    } else if value >= beta {
        ValueBound::Lower
    } else {
        ValueBound::Exact
    }
}

/// The next node's place under its parent, told before it is entered.
#[derive(Clone, Debug, Default)]
struct Pending {
    label: String,
    index: usize,
    research: bool,
}

/// Every node of one or more searches, in the order they were entered.
///
/// A trace has one root per search, or per iteration of iterative deepening
/// (with the iteration's depth). It records as an observer of the real
/// search, and the textbook algorithms record into it directly.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    nodes: Vec<TraceNode>,
    /// Each root with the depth of its iteration, if it was one.
    roots: Vec<(usize, Option<u32>)>,
    open: Vec<usize>,
    pending: Option<Pending>,
    iteration: Option<u32>,
}

impl Trace {
    /// An empty trace.
    #[must_use]
    pub fn new() -> Self {
        Trace::default()
    }

    /// Every node, in the order entered (a parent before its children).
    #[must_use]
    pub fn nodes(&self) -> &[TraceNode] {
        &self.nodes
    }

    /// The number of nodes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether no node was recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The roots, each with its iteration's depth if it was an iteration of
    /// iterative deepening.
    #[must_use]
    pub fn roots(&self) -> &[(usize, Option<u32>)] {
        &self.roots
    }

    /// The nodes examined below no other node: every leaf of the searched tree.
    pub fn leaves(&self) -> impl Iterator<Item = &TraceNode> {
        self.nodes.iter().filter(|n| n.is_leaf())
    }

    /// The moves from the root to `node`, by their index among their
    /// parent's moves in search order (from 1): the path Knuth and Moore's
    /// critical positions are defined by.
    #[must_use]
    pub fn path(&self, mut node: usize) -> Vec<usize> {
        let mut path = Vec::new();
        while let Some(parent) = self.nodes[node].parent {
            path.push(self.nodes[node].index);
            node = parent;
        }
        path.reverse();
        path
    }

    /// The labels from the root to `node` joined with dots (`2.1`): an
    /// explicit tree's node names.
    #[must_use]
    pub fn path_label(&self, mut node: usize) -> String {
        let mut labels = Vec::new();
        while let Some(parent) = self.nodes[node].parent {
            labels.push(self.nodes[node].label.as_str());
            node = parent;
        }
        labels.reverse();
        labels.join(".")
    }

    /// The next node is reached by the move `label`, the `index`-th searched
    /// from the current node (from 1).
    pub fn next_child(&mut self, label: String, index: usize, research: bool) {
        self.pending = Some(Pending {
            label,
            index,
            research,
        });
    }

    /// Enters a node `ply` plies from the root with the window `(alpha, beta)`.
    pub fn open(&mut self, ply: u32, alpha: i32, beta: i32) {
        let id = self.nodes.len();
        let parent = self.open.last().copied();
        let pending = self.pending.take().unwrap_or_default();
        match parent {
            Some(parent) => self.nodes[parent].children.push(id),
            None => self.roots.push((id, self.iteration.take())),
        }
        self.nodes.push(TraceNode {
            parent,
            children: Vec::new(),
            label: pending.label,
            index: pending.index,
            research: pending.research,
            ply,
            alpha,
            beta,
            value: 0,
            exit: Exit::Stopped,
            skipped: Vec::new(),
            skipped_leaves: None,
        });
        self.open.push(id);
    }

    /// The current node's remaining moves are cut off: their labels, and the
    /// leaves under them if known.
    pub fn skip(&mut self, labels: Vec<String>, leaves: Option<u64>) {
        if let Some(&id) = self.open.last() {
            let node = &mut self.nodes[id];
            node.skipped = labels;
            node.skipped_leaves = leaves;
        }
    }

    /// Leaves the current node with `value` for the reason `exit`.
    pub fn close(&mut self, value: i32, exit: Exit) {
        if let Some(id) = self.open.pop() {
            let node = &mut self.nodes[id];
            node.value = value;
            node.exit = exit;
        }
    }
}

/// A trace records the real search it watches.
impl SearchObserver for Trace {
    fn iteration(&mut self, depth: u32) {
        self.iteration = Some(depth);
    }

    fn child<G: Game>(&mut self, position: &G, mv: G::Move, index: usize, research: bool) {
        self.next_child(position.to_drop(mv).square_name(), index, research);
    }

    fn enter(&mut self, ply: u32, alpha: i32, beta: i32) {
        self.open(ply, alpha, beta);
    }

    fn cutoff<G: Game>(&mut self, position: &G, skipped: impl Iterator<Item = G::Move>) {
        let labels = skipped
            .map(|mv| position.to_drop(mv).square_name())
            .collect();
        self.skip(labels, None);
    }

    fn leave(&mut self, value: i32, exit: Exit) {
        self.close(value, exit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Limits, Searcher, Signals};
    use inarow_games::{Connect4, Size, TicTacToe};

    /// A watched search finds what an unwatched one does, and its trace has
    /// one node per node searched, plus each iteration's root.
    fn watched_like_unwatched<G: crate::SearchGame>(position: &G, depth: u32) {
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let mut searcher = Searcher::<G>::new(1);
        let plain = searcher.search(position, &limits, &Signals::new(), |_| {});
        searcher.clear();
        let mut trace = Trace::new();
        let watched =
            searcher.search_observed(position, &limits, &Signals::new(), &mut trace, |_| {});
        let line = |r: &crate::SearchResult<G::Move>| (r.score(), r.info().pv, r.info().depth);
        assert_eq!(line(&watched), line(&plain));
        assert_eq!(watched.nodes, plain.nodes);
        assert_eq!(watched.stats, plain.stats);
        let roots = trace.roots();
        assert_eq!(roots.len(), plain.stats.iterations.len());
        assert_eq!(trace.len() as u64, plain.nodes + roots.len() as u64);
        // Every node was left, so none is still marked stopped.
        assert!(trace.nodes().iter().all(|n| n.exit != Exit::Stopped));
        let (last_root, last_depth) = *roots.last().unwrap();
        assert_eq!(
            last_depth,
            Some(depth.min(position.max_ply() - position.ply()))
        );
        assert_eq!(trace.nodes()[last_root].value, plain.score().value());
    }

    #[test]
    fn a_watched_search_is_the_same_search() {
        watched_like_unwatched(&TicTacToe::new(), 9);
        watched_like_unwatched(&Connect4::new(Size::STANDARD), 6);
    }

    #[test]
    fn records_a_tree_with_its_paths_and_bounds() {
        let mut trace = Trace::new();
        trace.open(0, -10, 10);
        trace.next_child("a".to_owned(), 1, false);
        trace.open(1, -10, 10);
        trace.close(3, Exit::Leaf);
        trace.next_child("b".to_owned(), 2, false);
        trace.open(1, -10, -3);
        trace.skip(vec!["c".to_owned()], Some(1));
        trace.close(-2, Exit::Cutoff);
        trace.close(3, Exit::AllChildren);
        let nodes = trace.nodes();
        assert_eq!(nodes.len(), 3);
        assert_eq!(nodes[0].children, vec![1, 2]);
        assert_eq!(trace.path(2), vec![2]);
        assert_eq!(nodes[0].bound(), ValueBound::Exact);
        assert_eq!(nodes[2].bound(), ValueBound::Lower);
        assert_eq!(nodes[2].skipped, vec!["c".to_owned()]);
        assert_eq!(trace.leaves().count(), 1);
        assert_eq!(trace.roots(), &[(0, None)]);
    }
}

//! Drawing a recorded search: what every format shows of a node, the
//! summary counts, and the text and Graphviz DOT formats (SVG is in
//! `svg.rs`).
//!
//! Everything is shown from the side to move at the root, as textbooks draw
//! it: the root maximises, its opponent minimises. The search records
//! negamax windows and values, from the side to move at each node; at a min
//! node the window (α, β) is shown as (−β, −α), the value negated, and a
//! lower bound becomes an upper one.

use std::fmt::Write as _;

use inarow_engine::knuth_moore;
use inarow_engine::score::{INFINITE, WIN, WIN_MIN};
use inarow_engine::trace::{Exit, Trace, TraceNode, ValueBound};

/// How nodes are named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Names {
    /// By the path of child numbers from the root, `2.1` (explicit trees).
    Path,
    /// By the move that reached them, `b2` (games).
    Moves,
}

/// How values are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    /// Plain integers (explicit trees).
    Plain,
    /// The engine's values: `W7` (the root's side wins 7 plies from the
    /// root), `L6` (loses 6 plies from it), else the evaluation.
    Game,
}

/// A value as written: `+inf`, `-inf`, in a game `W7` (a win 7 plies from
/// the root) or `L6` (a loss 6 plies from it), else the number.
pub fn value_text(values: Values, value: i32) -> String {
    // The engine's infinity in a game, the textbook's in an explicit tree
    // (whose leaves may be larger than the engine's).
    let infinite = match values {
        Values::Game => INFINITE,
        Values::Plain => knuth_moore::INFINITE,
    };
    if value >= infinite {
        "+inf".to_owned()
    } else if value <= -infinite {
        "-inf".to_owned()
    } else if values == Values::Game && value >= WIN_MIN {
        format!("W{}", WIN - value)
    } else if values == Values::Game && value <= -WIN_MIN {
        format!("L{}", WIN + value)
    } else {
        value.to_string()
    }
}

/// A recorded search and how to show it.
pub struct Drawing<'a> {
    /// What was searched and how, for the heading.
    pub title: String,
    /// The nodes.
    pub trace: &'a Trace,
    /// How nodes are named.
    pub names: Names,
    /// How values are written.
    pub values: Values,
}

/// A node as shown: from the root's side.
pub struct Shown {
    /// Whether the root's side is to move (a max node).
    pub max: bool,
    /// The node's name: `root`, `2.1`, `b2`.
    pub name: String,
    /// The window on entry.
    pub alpha: i32,
    /// The window on entry.
    pub beta: i32,
    /// The value returned.
    pub value: i32,
    /// Exact or which bound.
    pub bound: ValueBound,
}

impl Drawing<'_> {
    /// The node `id` as shown from the root's side.
    pub fn shown(&self, id: usize) -> Shown {
        let node = &self.trace.nodes()[id];
        let max = node.ply % 2 == 0;
        let bound = node.bound();
        let (alpha, beta, value, bound) = if max {
            (node.alpha, node.beta, node.value, bound)
        } else {
            let flipped = match bound {
                ValueBound::Exact => ValueBound::Exact,
                ValueBound::Lower => ValueBound::Upper,
                ValueBound::Upper => ValueBound::Lower,
            };
            (-node.beta, -node.alpha, -node.value, flipped)
        };
        Shown {
            max,
            name: self.name(id),
            alpha,
            beta,
            value,
            bound,
        }
    }

    /// The node's name: `root` (or `depth 3` for an iteration's root), its
    /// path or its move, with ` again` for a re-search.
    pub fn name(&self, id: usize) -> String {
        let node = &self.trace.nodes()[id];
        if node.parent.is_none() {
            return "root".to_owned();
        }
        let name = match self.names {
            Names::Path => self.trace.path_label(id),
            Names::Moves => node.label.clone(),
        };
        if node.research {
            format!("{name} again")
        } else {
            name
        }
    }

    /// The names of the moves a node cut off.
    pub fn skipped_names(&self, id: usize) -> Vec<String> {
        let node = &self.trace.nodes()[id];
        match self.names {
            Names::Path => {
                let prefix = self.trace.path_label(id);
                node.skipped
                    .iter()
                    .map(|s| {
                        if prefix.is_empty() {
                            s.clone()
                        } else {
                            format!("{prefix}.{s}")
                        }
                    })
                    .collect()
            }
            Names::Moves => node.skipped.clone(),
        }
    }

    /// A value as written (see [`value_text`]).
    pub fn value_text(&self, value: i32) -> String {
        value_text(self.values, value)
    }

    /// The window as written: `(3, +inf)`.
    pub fn window_text(&self, shown: &Shown) -> String {
        format!(
            "({}, {})",
            self.value_text(shown.alpha),
            self.value_text(shown.beta)
        )
    }

    /// The value with its bound: `=3`, `<=2`, `>=5`.
    pub fn result_text(&self, shown: &Shown) -> String {
        let sign = match shown.bound {
            ValueBound::Exact => "=",
            ValueBound::Lower => ">=",
            ValueBound::Upper => "<=",
        };
        format!("{sign}{}", self.value_text(shown.value))
    }

    /// What the text after the value says: how the node ended, when it is
    /// not simply "searched every move".
    pub fn note(&self, node: &TraceNode) -> Option<&'static str> {
        (node.exit != Exit::AllChildren).then(|| node.exit.name())
    }

    /// The line under a node that cut moves off: `cut off 2 moves: 2.2 2.3 (2 leaves)`.
    pub fn cut_text(&self, id: usize) -> Option<String> {
        let node = &self.trace.nodes()[id];
        if node.skipped.is_empty() {
            return None;
        }
        let n = node.skipped.len();
        let mut text = format!(
            "cut off {n} move{}: {}",
            if n == 1 { "" } else { "s" },
            self.skipped_names(id).join(" ")
        );
        if let Some(leaves) = node.skipped_leaves {
            let _ = write!(
                text,
                " ({leaves} lea{})",
                if leaves == 1 { "f" } else { "ves" }
            );
        }
        Some(text)
    }

    /// The heading of a root: the whole search, or one iteration of it.
    pub fn root_heading(&self, root: usize, iteration: Option<u32>) -> String {
        let shown = self.shown(root);
        let what = iteration.map_or_else(String::new, |d| format!("iteration to depth {d}: "));
        format!("{what}value {}", self.result_text(&shown))
    }
}

/// The counts of a recorded search, in all and per ply.
pub struct Summary {
    /// Nodes examined.
    pub nodes: usize,
    /// Nodes with nothing searched below them.
    pub leaves: usize,
    /// Leaves by how they ended, in a fixed order, the ones that occurred.
    pub leaves_by_exit: Vec<(Exit, usize)>,
    /// Nodes that cut moves off.
    pub cutoffs: usize,
    /// Moves cut off.
    pub skipped_moves: usize,
    /// Leaves under the moves cut off, where known.
    pub skipped_leaves: Option<u64>,
    /// One row per ply.
    pub plies: Vec<PlyRow>,
}

/// The counts of one ply.
#[derive(Clone, Debug, Default)]
pub struct PlyRow {
    /// Nodes at this ply.
    pub nodes: usize,
    /// Leaves at this ply.
    pub leaves: usize,
    /// Nodes that cut moves off.
    pub cutoffs: usize,
    /// Moves they cut off.
    pub skipped: usize,
    /// Exact values, lower bounds and upper bounds (from the root's side).
    pub exact: usize,
    /// Lower bounds (from the root's side).
    pub lower: usize,
    /// Upper bounds (from the root's side).
    pub upper: usize,
}

const EXIT_ORDER: [Exit; 10] = [
    Exit::Leaf,
    Exit::GameOver,
    Exit::Horizon,
    Exit::WinNow,
    Exit::NoDefence,
    Exit::OutOfReach,
    Exit::Table,
    Exit::Stopped,
    Exit::AllChildren,
    Exit::Cutoff,
];

impl Summary {
    /// The counts of `drawing`'s trace.
    pub fn of(drawing: &Drawing<'_>) -> Self {
        let nodes = drawing.trace.nodes();
        let mut plies: Vec<PlyRow> = Vec::new();
        let mut by_exit = [0usize; EXIT_ORDER.len()];
        let mut skipped_leaves = Some(0u64);
        for (id, node) in nodes.iter().enumerate() {
            let ply = node.ply as usize;
            if plies.len() <= ply {
                plies.resize(ply + 1, PlyRow::default());
            }
            let row = &mut plies[ply];
            row.nodes += 1;
            if node.is_leaf() {
                row.leaves += 1;
                if let Some(k) = EXIT_ORDER.iter().position(|&e| e == node.exit) {
                    by_exit[k] += 1;
                }
            }
            if !node.skipped.is_empty() {
                row.cutoffs += 1;
                row.skipped += node.skipped.len();
                skipped_leaves = skipped_leaves.zip(node.skipped_leaves).map(|(a, b)| a + b);
            }
            match drawing.shown(id).bound {
                ValueBound::Exact => row.exact += 1,
                ValueBound::Lower => row.lower += 1,
                ValueBound::Upper => row.upper += 1,
            }
        }
        Summary {
            nodes: nodes.len(),
            leaves: plies.iter().map(|r| r.leaves).sum(),
            leaves_by_exit: EXIT_ORDER
                .iter()
                .zip(by_exit)
                .filter(|&(_, n)| n > 0)
                .map(|(&e, n)| (e, n))
                .collect(),
            cutoffs: plies.iter().map(|r| r.cutoffs).sum(),
            skipped_moves: plies.iter().map(|r| r.skipped).sum(),
            skipped_leaves,
            plies,
        }
    }

    /// One line: `11 nodes, 7 leaves, 1 cutoff skipping 2 moves (2 leaves)`,
    /// with the kinds of leaves of a game (`(40 evaluated, 3 table)`).
    pub fn line(&self) -> String {
        let kinds: Vec<String> = self
            .leaves_by_exit
            .iter()
            .map(|(e, n)| format!("{n} {}", e.name()))
            .collect();
        let kinds = match self.leaves_by_exit.as_slice() {
            [(Exit::Leaf, _)] | [] => String::new(),
            _ => format!(" ({})", kinds.join(", ")),
        };
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut text = format!(
            "{}, {}{kinds}, {} skipping {}",
            plural(self.nodes, "node", "nodes"),
            plural(self.leaves, "leaf", "leaves"),
            plural(self.cutoffs, "cutoff", "cutoffs"),
            plural(self.skipped_moves, "move", "moves"),
        );
        if let Some(leaves) = self.skipped_leaves.filter(|_| self.cutoffs > 0) {
            let _ = write!(text, " ({})", plural(leaves as usize, "leaf", "leaves"));
        }
        text
    }

    /// The table per ply.
    pub fn table(&self) -> String {
        let mut text = String::from(
            "ply     nodes    leaves   cutoffs  cut moves     exact      lower      upper\n",
        );
        for (ply, r) in self.plies.iter().enumerate() {
            let _ = writeln!(
                text,
                "{ply:>3} {:>9} {:>9} {:>9} {:>10} {:>9} {:>10} {:>10}",
                r.nodes, r.leaves, r.cutoffs, r.skipped, r.exact, r.lower, r.upper
            );
        }
        text
    }
}

/// The legend printed under the heading of the text format.
fn legend(values: Values) -> String {
    let mut text = String::from(
        "from the root's side: max nodes are the root's side to move, min nodes its opponent's;\n\
         (a, b) is the window on entry; =v exact, >=v a lower bound (failed high), \
         <=v an upper bound (failed low)",
    );
    if values == Values::Game {
        text.push_str("\nWn / Ln: the root's side wins / loses n plies from the root");
    }
    text
}

/// The text format: a heading, then each root's tree, indented, down to the
/// deepest ply that keeps the drawing within `max_nodes` nodes; deeper
/// subtrees are one line each, and then the counts per ply follow.
pub fn text(drawing: &Drawing<'_>, max_nodes: usize) -> String {
    let summary = Summary::of(drawing);
    let mut out = String::new();
    let _ = writeln!(out, "{}", drawing.title);
    let _ = writeln!(out, "{}", summary.line());
    let _ = writeln!(out, "{}", legend(drawing.values));
    // The deepest ply whose nodes, with all shallower ones, fit.
    let mut shown_ply = 0;
    let mut total = 0;
    for (ply, row) in summary.plies.iter().enumerate() {
        total += row.nodes;
        if total > max_nodes.max(1) {
            break;
        }
        shown_ply = ply;
    }
    let complete = shown_ply + 1 >= summary.plies.len();
    let (sizes, leaves) = subtree_counts(drawing.trace);
    for &(root, iteration) in drawing.trace.roots() {
        out.push('\n');
        let _ = writeln!(out, "{}", drawing.root_heading(root, iteration));
        let mut lines = Lines {
            drawing,
            out: &mut out,
            shown_ply: shown_ply as u32,
            sizes: &sizes,
            leaves: &leaves,
        };
        lines.node(root, "", "");
    }
    if !complete {
        let _ = writeln!(
            out,
            "\nshown down to ply {shown_ply} of {} (--max-nodes {max_nodes}); per ply:",
            summary.plies.len() - 1
        );
        out.push_str(&summary.table());
    }
    out
}

/// For each node, the nodes and the leaves of its subtree.
fn subtree_counts(trace: &Trace) -> (Vec<usize>, Vec<usize>) {
    let nodes = trace.nodes();
    let mut sizes = vec![1; nodes.len()];
    let mut leaves: Vec<usize> = nodes.iter().map(|n| usize::from(n.is_leaf())).collect();
    // Children come after their parent, so a backward pass sums them up.
    for id in (0..nodes.len()).rev() {
        if let Some(parent) = nodes[id].parent {
            sizes[parent] += sizes[id];
            leaves[parent] += leaves[id];
        }
    }
    (sizes, leaves)
}

struct Lines<'a, 'd> {
    drawing: &'a Drawing<'d>,
    out: &'a mut String,
    shown_ply: u32,
    sizes: &'a [usize],
    leaves: &'a [usize],
}

impl Lines<'_, '_> {
    /// Writes node `id` after `lead` (its branch), then its children after
    /// `indent`.
    fn node(&mut self, id: usize, lead: &str, indent: &str) {
        let d = self.drawing;
        let node = &d.trace.nodes()[id];
        let shown = d.shown(id);
        let _ = write!(
            self.out,
            "{lead}{} {} {} {}",
            shown.name,
            if shown.max { "max" } else { "min" },
            d.window_text(&shown),
            d.result_text(&shown)
        );
        if let Some(note) = d.note(node) {
            let _ = write!(self.out, "  {note}");
        }
        self.out.push('\n');
        let cut = d.cut_text(id);
        if node.ply >= self.shown_ply && !node.children.is_empty() {
            let _ = writeln!(
                self.out,
                "{indent}`-- ... {} nodes below ({} leaves){}",
                self.sizes[id] - 1,
                self.leaves[id],
                cut.map_or_else(String::new, |c| format!("; {c}"))
            );
            return;
        }
        let count = node.children.len() + usize::from(cut.is_some());
        for (k, &child) in node.children.iter().enumerate() {
            let last = k + 1 == count;
            let (branch, more) = if last {
                ("`-- ", "    ")
            } else {
                ("|-- ", "|   ")
            };
            self.node(
                child,
                &format!("{indent}{branch}"),
                &format!("{indent}{more}"),
            );
        }
        if let Some(cut) = cut {
            let _ = writeln!(self.out, "{indent}`-x {cut}");
        }
    }
}

/// Quotes a DOT string.
fn dot_string(text: &str) -> String {
    let mut quoted = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\n' => quoted.push_str("\\n"),
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

/// The fill colour of a node by its bound: exact white, a lower bound
/// (failed high) red, an upper bound (failed low) blue.
pub fn fill(bound: ValueBound) -> &'static str {
    match bound {
        ValueBound::Exact => "#ffffff",
        ValueBound::Lower => "#f4cccc",
        ValueBound::Upper => "#cfe2f3",
    }
}

/// The Graphviz DOT format: max nodes are boxes, min nodes ellipses; each
/// shows its name, window and value; moves cut off hang under a dashed note.
pub fn dot(drawing: &Drawing<'_>) -> String {
    let summary = Summary::of(drawing);
    let mut out = String::from("digraph search {\n");
    let _ = writeln!(
        out,
        "  graph [label={}, labelloc=t, fontname=\"Helvetica\", fontsize=12];",
        dot_string(&format!("{}\n{}", drawing.title, summary.line()))
    );
    out.push_str("  node [fontname=\"Helvetica\", fontsize=10, style=filled];\n");
    out.push_str("  edge [fontname=\"Helvetica\", fontsize=9];\n");
    let nodes = drawing.trace.nodes();
    for (k, &(root, iteration)) in drawing.trace.roots().iter().enumerate() {
        let _ = writeln!(out, "  subgraph cluster_{k} {{");
        let _ = writeln!(
            out,
            "    label={};",
            dot_string(&drawing.root_heading(root, iteration))
        );
        let mut stack = vec![root];
        while let Some(id) = stack.pop() {
            let node = &nodes[id];
            let shown = drawing.shown(id);
            let mut label = format!(
                "{} {}\n{}\n{}",
                shown.name,
                if shown.max { "max" } else { "min" },
                drawing.window_text(&shown),
                drawing.result_text(&shown)
            );
            if let Some(note) = drawing.note(node) {
                label.push('\n');
                label.push_str(note);
            }
            let _ = writeln!(
                out,
                "    n{id} [shape={}, fillcolor=\"{}\", label={}];",
                if shown.max { "box" } else { "ellipse" },
                fill(shown.bound),
                dot_string(&label)
            );
            for &child in &node.children {
                let _ = writeln!(
                    out,
                    "    n{id} -> n{child} [label={}];",
                    dot_string(&drawing.name(child))
                );
            }
            if let Some(cut) = drawing.cut_text(id) {
                let _ = writeln!(
                    out,
                    "    cut{id} [shape=note, style=dashed, fillcolor=\"#ffffff\", label={}];",
                    dot_string(&cut)
                );
                let _ = writeln!(out, "    n{id} -> cut{id} [style=dashed, arrowhead=tee];");
            }
            stack.extend(node.children.iter().rev());
        }
        out.push_str("  }\n");
    }
    out.push_str("}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use inarow_engine::knuth_moore::{search, Algorithm, ExplicitTree};

    fn textbook_drawing(trace: &Trace) -> Drawing<'_> {
        Drawing {
            title: "F2".to_owned(),
            trace,
            names: Names::Path,
            values: Values::Plain,
        }
    }

    #[test]
    fn the_textbook_tree_is_drawn_from_the_root_side() {
        let shape = crate::tree::explicit::parse("((3 12 8) (2 4 6) (14 5 2))").unwrap();
        let searched = search(&ExplicitTree::new(&shape), Algorithm::F2, 100).unwrap();
        let drawing = textbook_drawing(&searched.trace);
        let text = text(&drawing, 100);
        assert!(text.contains("root max (-inf, +inf) =3"), "{text}");
        // The middle min node: searched with alpha 3, fails low at the 2.
        assert!(text.contains("2 min (3, +inf) <=2  cutoff"), "{text}");
        assert!(
            text.contains("cut off 2 moves: 2.2 2.3 (2 leaves)"),
            "{text}"
        );
        assert!(text.contains("2.1 max (3, +inf) =2  leaf"), "{text}");
        let summary = Summary::of(&drawing);
        assert_eq!(
            (summary.nodes, summary.leaves, summary.skipped_moves),
            (11, 7, 2)
        );
        let dot = dot(&drawing);
        assert_eq!(
            dot.matches("shape=box").count() + dot.matches("shape=ellipse").count(),
            11
        );
        assert_eq!(dot.matches("shape=note").count(), 1);
    }

    #[test]
    fn a_big_tree_is_summarised_per_ply() {
        let values: Vec<i32> = (0..81).collect();
        let tree = ExplicitTree::uniform(3, 4, &values);
        let searched = search(&tree, Algorithm::Minimax, 1000).unwrap();
        let drawing = textbook_drawing(&searched.trace);
        let text = text(&drawing, 20);
        // Plies 0 to 2 hold 1 + 3 + 9 = 13 nodes; with ply 3 there would be 40.
        assert!(text.contains("shown down to ply 2 of 4"), "{text}");
        assert!(text.contains("`-- ... 12 nodes below (9 leaves)"), "{text}");
        assert!(text.contains("  4        81        81"), "{text}");
    }
}

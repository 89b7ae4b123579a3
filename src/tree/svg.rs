//! The SVG format, written with the `svg` crate (elements built as values,
//! text escaped, so the output is well-formed XML by construction).
//!
//! The layout is the classic one for a layered tree, with no layout engine:
//! each node's row is its ply; leaves (and the notes for moves cut off) take
//! the next free column from left to right; a parent sits over the middle
//! of its children. The roots of iterative deepening's iterations are drawn
//! one under the other.

use svg::node::element::{Ellipse, Group, Line, Rectangle, Style, Text, Title};
use svg::Document;

use super::render::{fill, Drawing, Summary};

const COLUMN: f64 = 128.0;
const ROW: f64 = 96.0;
const NODE_WIDTH: f64 = 116.0;
const NODE_HEIGHT: f64 = 58.0;
const MARGIN: f64 = 16.0;
const HEADING: f64 = 24.0;

const STYLE: &str = "\
text { font-family: Helvetica, Arial, sans-serif; font-size: 10px; text-anchor: middle; }
text.heading { font-size: 13px; text-anchor: start; }
text.move { font-size: 9px; fill: #555555; }
line.edge { stroke: #555555; stroke-width: 1; }
.node rect, .node ellipse { stroke: #222222; stroke-width: 1; }
.cut rect { fill: #ffffff; stroke: #999999; stroke-dasharray: 4 3; }
.cut text { fill: #666666; }
";

/// Where the layout puts things, in columns (x) and rows (y).
struct Layout {
    x: Vec<f64>,
    /// The column of a node's note for moves cut off, if it has one.
    cut_x: Vec<Option<f64>>,
    next_column: f64,
}

impl Layout {
    fn place(&mut self, drawing: &Drawing<'_>, id: usize) {
        let node = &drawing.trace.nodes()[id];
        let mut first = None;
        let mut last = None;
        for &child in &node.children {
            self.place(drawing, child);
            first.get_or_insert(self.x[child]);
            last = Some(self.x[child]);
        }
        if !node.skipped.is_empty() {
            let column = self.take_column();
            self.cut_x[id] = Some(column);
            first.get_or_insert(column);
            last = Some(column);
        }
        self.x[id] = match (first, last) {
            (Some(first), Some(last)) => (first + last) / 2.0,
            _ => self.take_column(),
        };
    }

    fn take_column(&mut self) -> f64 {
        let column = self.next_column;
        self.next_column += 1.0;
        column
    }
}

/// The whole drawing as an SVG document: one `<g class="node …">` per node
/// searched, one `<g class="cut">` per note of moves cut off.
pub fn svg(drawing: &Drawing<'_>) -> String {
    let nodes = drawing.trace.nodes();
    let summary = Summary::of(drawing);
    let mut layout = Layout {
        x: vec![0.0; nodes.len()],
        cut_x: vec![None; nodes.len()],
        next_column: 0.0,
    };
    let mut edges = Group::new().set("class", "edges");
    let mut shapes = Group::new().set("class", "nodes");
    let mut headings = Group::new().set("class", "headings");
    headings = headings
        .add(heading(&drawing.title, MARGIN, MARGIN + 12.0))
        .add(heading(&summary.line(), MARGIN, MARGIN + 28.0));
    let mut top = MARGIN + 2.0 * HEADING;
    let mut width: f64 = 0.0;
    for &(root, iteration) in drawing.trace.roots() {
        layout.next_column = 0.0;
        layout.place(drawing, root);
        width = width.max(layout.next_column);
        headings = headings.add(heading(
            &drawing.root_heading(root, iteration),
            MARGIN,
            top + 12.0,
        ));
        let band_top = top + HEADING;
        let mut deepest = 0;
        let mut stack = vec![root];
        while let Some(id) = stack.pop() {
            let node = &nodes[id];
            let ply = node.ply - nodes[root].ply;
            deepest = deepest.max(ply);
            let (x, y) = centre(layout.x[id], ply, band_top);
            shapes = shapes.add(node_group(drawing, id, x, y));
            for &child in &node.children {
                let (cx, cy) = centre(layout.x[child], ply + 1, band_top);
                edges = edges.add(edge(x, y, cx, cy)).add(
                    Text::new(drawing.name(child))
                        .set("class", "move")
                        .set("x", (x + cx) / 2.0 + 4.0)
                        .set("y", (y + cy) / 2.0),
                );
            }
            if let (Some(column), Some(text)) = (layout.cut_x[id], drawing.cut_text(id)) {
                let (cx, cy) = centre(column, ply + 1, band_top);
                edges = edges.add(edge(x, y, cx, cy).set("stroke-dasharray", "4 3"));
                shapes = shapes.add(cut_group(&text, cx, cy));
            }
            stack.extend(node.children.iter().rev());
        }
        top = band_top + f64::from(deepest + 1) * ROW;
    }
    let width = (2.0 * MARGIN + width * COLUMN).max(640.0);
    let height = top + MARGIN;
    Document::new()
        .set("width", width)
        .set("height", height)
        .set("viewBox", (0.0, 0.0, width, height))
        .add(Title::new(drawing.title.clone()))
        .add(Style::new(STYLE))
        .add(headings)
        .add(edges)
        .add(shapes)
        .to_string()
}

fn centre(column: f64, ply: u32, band_top: f64) -> (f64, f64) {
    (
        MARGIN + column * COLUMN + COLUMN / 2.0,
        band_top + f64::from(ply) * ROW + NODE_HEIGHT / 2.0,
    )
}

fn heading(text: &str, x: f64, y: f64) -> Text {
    Text::new(text)
        .set("class", "heading")
        .set("x", x)
        .set("y", y)
}

fn edge(x1: f64, y1: f64, x2: f64, y2: f64) -> Line {
    Line::new()
        .set("class", "edge")
        .set("x1", x1)
        .set("y1", y1 + NODE_HEIGHT / 2.0)
        .set("x2", x2)
        .set("y2", y2 - NODE_HEIGHT / 2.0)
}

/// One node: a box for a max node, an ellipse for a min node, filled by its
/// bound, with its name, window, value and how it ended.
fn node_group(drawing: &Drawing<'_>, id: usize, x: f64, y: f64) -> Group {
    let node = &drawing.trace.nodes()[id];
    let shown = drawing.shown(id);
    let side = if shown.max { "max" } else { "min" };
    let bound = match shown.bound {
        inarow_engine::trace::ValueBound::Exact => "exact",
        inarow_engine::trace::ValueBound::Lower => "lower",
        inarow_engine::trace::ValueBound::Upper => "upper",
    };
    let mut group = Group::new()
        .set("class", format!("node {side} {bound}"))
        .set("id", format!("n{id}"));
    group = if shown.max {
        group.add(
            Rectangle::new()
                .set("x", x - NODE_WIDTH / 2.0)
                .set("y", y - NODE_HEIGHT / 2.0)
                .set("width", NODE_WIDTH)
                .set("height", NODE_HEIGHT)
                .set("fill", fill(shown.bound)),
        )
    } else {
        group.add(
            Ellipse::new()
                .set("cx", x)
                .set("cy", y)
                .set("rx", NODE_WIDTH / 2.0)
                .set("ry", NODE_HEIGHT / 2.0)
                .set("fill", fill(shown.bound)),
        )
    };
    let mut lines = vec![
        format!("{} {side}", shown.name),
        drawing.window_text(&shown),
        drawing.result_text(&shown),
    ];
    if let Some(note) = drawing.note(node) {
        lines[2] = format!("{} {note}", lines[2]);
    }
    for (k, line) in lines.into_iter().enumerate() {
        group = group.add(
            Text::new(line)
                .set("x", x)
                .set("y", y - 10.0 + 13.0 * k as f64),
        );
    }
    group
}

/// The note for the moves a node cut off.
fn cut_group(text: &str, x: f64, y: f64) -> Group {
    let (first, rest) = match text.split_once(": ") {
        Some((first, rest)) => (format!("{first}:"), rest.to_owned()),
        None => (text.to_owned(), String::new()),
    };
    Group::new()
        .set("class", "cut")
        .add(
            Rectangle::new()
                .set("x", x - NODE_WIDTH / 2.0)
                .set("y", y - NODE_HEIGHT / 2.0)
                .set("width", NODE_WIDTH)
                .set("height", NODE_HEIGHT),
        )
        .add(Text::new(first).set("x", x).set("y", y - 4.0))
        .add(Text::new(rest).set("x", x).set("y", y + 9.0))
}

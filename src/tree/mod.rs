//! `inarow tree`: alpha-beta made visible. Draws the tree one search
//! examined (every node's window on entry, its value, exact or a bound, and
//! the moves cut off), of a game position or of an explicit tree; and runs
//! Knuth and Moore's experiment on random uniform trees (`--uniform D H`).
//!
//! The game searches are the engine's own: the textbook algorithms run on
//! the engine's move generation, evaluation and (for `alphabeta-ordered`)
//! move ordering, and `alphabeta-tt` and `engine` are the real search,
//! recorded through its observer hook.

mod explicit;
mod render;
mod svg;
mod uniform;

use std::io::{self, Write};

use clap::{Args, ValueEnum};
use inarow_engine::any::{textbook_search, traced_search};
use inarow_engine::knuth_moore::{self, Algorithm, ExplicitTree, MoveOrder, Searched, TooLarge};
use inarow_engine::trace::{Exit, Trace};
use inarow_engine::Limits;
use inarow_games::{AnyGame, Game};

use crate::position::PositionArgs;
use render::{Drawing, Names, Values};

/// The most nodes any search is recorded for (a few hundred MB at most);
/// the text format summarises what it cannot show.
const MAX_RECORDED: usize = 2_000_000;

/// The transposition table of `alphabeta-tt` and `engine`, in MiB.
const HASH_MIB: usize = 16;

/// Options of `inarow tree`.
#[derive(Args, Debug)]
pub struct TreeArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The search depth in plies (a game position needs it).
    #[arg(long, short)]
    depth: Option<u32>,
    /// An explicit tree instead of a game: nested lists of leaf values, from
    /// the root's side, e.g. "((3 12 8) (2 4 6) (14 5 2))".
    #[arg(long, value_name = "TREE", conflicts_with_all = ["depth", "uniform", "variant", "fen", "moves", "size"])]
    explicit: Option<String>,
    /// The search to draw (default: the engine's own for a game, alphabeta
    /// for an explicit tree).
    #[arg(long, value_enum)]
    algorithm: Option<AlgorithmArg>,
    /// How to draw it.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// The most nodes drawn: the text format shows the plies that fit and
    /// counts the rest per ply; dot and svg refuse a larger tree.
    #[arg(long, default_value_t = 300)]
    max_nodes: usize,
    /// Knuth and Moore's experiment on random uniform trees of degree D and
    /// height H: leaves examined by minimax, F1 and F2 against d^h and the
    /// minimal tree.
    #[arg(long, num_args = 2, value_names = ["D", "H"], conflicts_with_all = ["depth", "algorithm", "variant", "fen", "moves", "size"])]
    uniform: Option<Vec<u32>>,
    /// The order of the uniform trees' children.
    #[arg(long, value_enum, default_value_t = uniform::Ordering::Best, requires = "uniform")]
    ordering: uniform::Ordering,
    /// How many uniform trees.
    #[arg(long, default_value_t = 100, requires = "uniform")]
    samples: u32,
    /// The uniform trees' random seed.
    #[arg(long, default_value_t = 1, requires = "uniform")]
    seed: u64,
}

/// The searches `inarow tree` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum AlgorithmArg {
    /// Negamax over every node.
    Minimax,
    /// Alpha-beta without deep cutoffs (Knuth and Moore's F1).
    F1,
    /// Alpha-beta (Knuth and Moore's F2), moves in their natural order.
    Alphabeta,
    /// Alpha-beta with the engine's move ordering.
    AlphabetaOrdered,
    /// The engine's search in one pass to the depth: alpha-beta (PVS) with its
    /// ordering and transposition table, without iterative deepening.
    AlphabetaTt,
    /// The engine's own search: iterative deepening over the same table.
    Engine,
}

impl AlgorithmArg {
    fn describe(self) -> &'static str {
        match self {
            AlgorithmArg::Minimax => "minimax",
            AlgorithmArg::F1 => "alpha-beta without deep cutoffs (F1)",
            AlgorithmArg::Alphabeta => "alpha-beta (F2)",
            AlgorithmArg::AlphabetaOrdered => "alpha-beta (F2) with the engine's move ordering",
            AlgorithmArg::AlphabetaTt => {
                "the engine's alpha-beta (PVS) with ordering and table, one pass"
            }
            AlgorithmArg::Engine => "the engine's search: iterative deepening, ordering, table",
        }
    }

    fn name(self) -> String {
        self.to_possible_value()
            .map(|v| v.get_name().to_owned())
            .unwrap_or_default()
    }
}

/// The output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// An indented tree for the terminal.
    Text,
    /// Graphviz DOT (render with `dot -Tsvg`).
    Dot,
    /// SVG, drawn by inarow itself.
    Svg,
}

/// Runs `inarow tree`.
pub fn run(args: &TreeArgs) -> Result<(), String> {
    let output = if let Some(sizes) = &args.uniform {
        if args.format != Format::Text {
            return Err("--uniform prints a table: it takes no --format".to_owned());
        }
        let experiment = uniform::Experiment {
            degree: sizes[0],
            height: sizes[1],
            ordering: args.ordering,
            samples: args.samples,
            seed: args.seed,
        };
        experiment.run()?.table()
    } else if let Some(text) = &args.explicit {
        draw_explicit(args, text)?
    } else {
        draw_game(args)?
    };
    io::stdout()
        .lock()
        .write_all(output.as_bytes())
        .map_err(|e| format!("writing to stdout: {e}"))
}

/// The most nodes a search may record for this format.
fn node_budget(args: &TreeArgs) -> usize {
    match args.format {
        Format::Text => MAX_RECORDED,
        Format::Dot | Format::Svg => args.max_nodes,
    }
}

fn draw_explicit(args: &TreeArgs, text: &str) -> Result<String, String> {
    let shape = explicit::parse(text)?;
    let tree = ExplicitTree::new(&shape);
    let algorithm = args.algorithm.unwrap_or(AlgorithmArg::Alphabeta);
    let textbook = match algorithm {
        AlgorithmArg::Minimax => Algorithm::Minimax,
        AlgorithmArg::F1 => Algorithm::F1,
        AlgorithmArg::Alphabeta => Algorithm::F2,
        other => {
            return Err(format!(
                "--algorithm {} needs a game position: an explicit tree has no move \
                 ordering or table (use minimax, f1 or alphabeta)",
                other.name()
            ))
        }
    };
    let searched = knuth_moore::search(&tree, textbook, node_budget(args))
        .map_err(|e| too_large(args, e, "give a smaller tree"))?;
    let title = format!(
        "{} on the explicit tree {} ({} leaves): value {}",
        algorithm.describe(),
        text.trim(),
        tree.leaf_count(),
        searched.value
    );
    Ok(draw(
        args,
        &title,
        &searched.trace,
        Names::Path,
        Values::Plain,
    ))
}

fn draw_game(args: &TreeArgs) -> Result<String, String> {
    let position = args.position.position()?;
    let depth = args.depth.ok_or(
        "--depth is needed to draw the search of a game position (or give --explicit or --uniform)",
    )?;
    if depth == 0 {
        return Err("--depth must be at least 1".to_owned());
    }
    if position.outcome().is_some() {
        return Err("the game is over in this position: there is nothing to search".to_owned());
    }
    let algorithm = args.algorithm.unwrap_or(AlgorithmArg::Engine);
    let budget = node_budget(args);
    let narrow = "lower --depth or start later with --moves";
    let (value_text, trace) = match algorithm {
        AlgorithmArg::Minimax
        | AlgorithmArg::F1
        | AlgorithmArg::Alphabeta
        | AlgorithmArg::AlphabetaOrdered => {
            let (textbook, order) = match algorithm {
                AlgorithmArg::Minimax => (Algorithm::Minimax, MoveOrder::Natural),
                AlgorithmArg::F1 => (Algorithm::F1, MoveOrder::Natural),
                AlgorithmArg::Alphabeta => (Algorithm::F2, MoveOrder::Natural),
                _ => (Algorithm::F2, MoveOrder::Engine),
            };
            let Searched { value, trace } =
                textbook_search(&position, depth, order, textbook, budget)
                    .map_err(|e| too_large(args, e, narrow))?;
            (render::value_text(Values::Game, value), trace)
        }
        AlgorithmArg::AlphabetaTt | AlgorithmArg::Engine => {
            let limits = Limits {
                depth: Some(depth),
                start_depth: (algorithm == AlgorithmArg::AlphabetaTt).then_some(depth),
                // One node more than the budget tells a finished search from a stopped one.
                nodes: Some(budget as u64 + 1),
                multipv: 1,
                ..Limits::default()
            };
            let (result, trace) = traced_search(&position, &limits, HASH_MIB);
            if trace.nodes().iter().any(|n| n.exit == Exit::Stopped) || trace.len() > budget {
                return Err(too_large(args, TooLarge { max_nodes: budget }, narrow));
            }
            (result.score().to_string(), trace)
        }
    };
    let title = format!(
        "{} of {} {}to depth {depth}: {value_text} for the side to move",
        algorithm.describe(),
        position.variant(),
        describe_position(args, &position),
    );
    Ok(draw(args, &title, &trace, Names::Moves, Values::Game))
}

/// `after 4453 ` or `from FEN ... ` or nothing for the start.
fn describe_position(args: &TreeArgs, position: &AnyGame) -> String {
    match (&args.position.moves, &args.position.fen) {
        (Some(moves), _) => format!("after {} ", moves.trim()),
        (None, Some(_)) => format!("from {} ", position.fen()),
        (None, None) => String::new(),
    }
}

fn draw(args: &TreeArgs, title: &str, trace: &Trace, names: Names, values: Values) -> String {
    let drawing = Drawing {
        title: title.to_owned(),
        trace,
        names,
        values,
    };
    match args.format {
        Format::Text => render::text(&drawing, args.max_nodes),
        Format::Dot => render::dot(&drawing),
        Format::Svg => svg::svg(&drawing),
    }
}

/// The error for a search that recorded more nodes than allowed.
fn too_large(args: &TreeArgs, error: TooLarge, narrow: &str) -> String {
    match args.format {
        Format::Text => format!(
            "the search examined more than {} nodes, too many to record: {narrow}",
            error.max_nodes
        ),
        Format::Dot | Format::Svg => format!(
            "the tree has more than {} nodes to draw (--max-nodes): {narrow}, raise \
             --max-nodes, or use --format text, which summarises big trees",
            error.max_nodes
        ),
    }
}

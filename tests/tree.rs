//! `inarow tree` through the binary: the textbook tree, the Knuth–Moore
//! experiment, tic-tac-toe's counts, DOT through Graphviz, SVG as XML, and
//! bad input.

mod common;

use std::path::PathBuf;

use common::{require, run_inarow, Run};

const TEXTBOOK: &str = "((3 12 8) (2 4 6) (14 5 2))";

fn tree(args: &[&str]) -> Run {
    let mut all = vec!["tree"];
    all.extend_from_slice(args);
    run_inarow(&all, "")
}

fn ok(args: &[&str]) -> String {
    let run = tree(args);
    assert!(run.success, "inarow tree {args:?}: {}", run.stderr);
    run.stdout
}

/// The node lines of the text format: (name, rest of the line).
fn node_lines(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|line| {
            let body = line.trim_start_matches(['|', '`', '-', ' ']);
            let (name, rest) = body.split_once(' ')?;
            (rest.starts_with("max (") || rest.starts_with("min ("))
                .then(|| (name.to_owned(), rest.to_owned()))
        })
        .collect()
}

/// The counts of the summary line: (nodes, leaves).
fn counts(text: &str) -> (u64, u64) {
    let line = text.lines().nth(1).unwrap();
    let words: Vec<&str> = line.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let nodes = words[0].parse().unwrap();
    assert!(words[1].starts_with("node"), "{line}");
    let leaves = words[2].parse().unwrap();
    assert!(words[3].starts_with("lea"), "{line}");
    (nodes, leaves)
}

#[test]
fn the_textbook_tree_is_worth_3_and_alpha_beta_prunes_the_two_leaves_after_the_2() {
    let out = ok(&["--explicit", TEXTBOOK]);
    assert!(out.lines().next().unwrap().ends_with("value 3"), "{out}");
    assert!(out.contains("root max (-inf, +inf) =3"), "{out}");
    let leaves: Vec<String> = node_lines(&out)
        .into_iter()
        .filter(|(_, rest)| rest.ends_with("  leaf"))
        .map(|(name, _)| name)
        .collect();
    assert_eq!(leaves, ["1.1", "1.2", "1.3", "2.1", "3.1", "3.2", "3.3"]);
    // The pruned set: every leaf not examined, and what the cut lines name.
    let all: Vec<String> = (1..=3)
        .flat_map(|a| (1..=3).map(move |b| format!("{a}.{b}")))
        .collect();
    let pruned: Vec<&String> = all.iter().filter(|l| !leaves.contains(l)).collect();
    assert_eq!(pruned, ["2.2", "2.3"]);
    let cuts: Vec<&str> = out.lines().filter(|l| l.contains("-x cut off")).collect();
    assert_eq!(cuts.len(), 1, "{out}");
    assert!(
        cuts[0].ends_with("cut off 2 moves: 2.2 2.3 (2 leaves)"),
        "{out}"
    );
    // Minimax examines all nine, with the same value.
    let minimax = ok(&["--explicit", TEXTBOOK, "--algorithm", "minimax"]);
    assert!(minimax.lines().next().unwrap().ends_with("value 3"));
    assert_eq!(counts(&minimax), (13, 9));
}

/// The row of an algorithm in the `--uniform` table: mean, min, max, and
/// the samples whose leaves were the critical set.
fn uniform_row(table: &str, algorithm: &str) -> (f64, u64, u64, String) {
    let line = table
        .lines()
        .find(|l| l.starts_with(algorithm))
        .unwrap_or_else(|| panic!("no {algorithm} row: {table}"));
    let words: Vec<&str> = line[algorithm.len()..].split_whitespace().collect();
    (
        words[0].parse().unwrap(),
        words[1].parse().unwrap(),
        words[2].parse().unwrap(),
        words[5..].join(" "),
    )
}

#[test]
fn knuth_moore_best_ordering_examines_the_minimal_tree() {
    for (d, h, bound) in [(2, 2, 3), (3, 4, 17), (4, 5, 79), (5, 3, 29)] {
        let (ds, hs) = (d.to_string(), h.to_string());
        let out = ok(&["--uniform", &ds, &hs, "--samples", "4"]);
        assert!(out.contains(&format!("- 1 = {bound} leaves")), "{out}");
        let (mean, min, max, critical) = uniform_row(&out, "F2 (alpha-beta)");
        assert_eq!((mean, min, max), (bound as f64, bound, bound), "{out}");
        assert_eq!(critical, "4 of 4", "{out}");
        let all = u64::pow(d, h);
        assert_eq!(uniform_row(&out, "minimax").1, all);
        let random = ok(&[
            "--uniform",
            &ds,
            &hs,
            "--samples",
            "4",
            "--ordering",
            "random",
        ]);
        let (_, min, _, _) = uniform_row(&random, "F2 (alpha-beta)");
        assert!(min >= bound, "{random}");
        assert!(
            random.contains("fewer leaves than the bound: 0"),
            "{random}"
        );
    }
    // The same seed gives the same table; another seed other trees.
    let args = [
        "--uniform",
        "3",
        "5",
        "--ordering",
        "random",
        "--samples",
        "5",
    ];
    assert_eq!(ok(&args), ok(&args));
}

#[test]
fn tic_tac_toe_from_the_empty_board_examines_these_leaves() {
    let count = |algorithm: &str| {
        let out = ok(&[
            "--variant",
            "tictactoe",
            "--depth",
            "9",
            "--algorithm",
            algorithm,
            "--max-nodes",
            "20",
        ]);
        assert!(out.contains("shown down to ply"), "{out}");
        counts(&out)
    };
    // Every complete game: 255,168.
    assert_eq!(count("minimax"), (549_946, 255_168));
    // Pinned: the same tree in the natural move order, then in the engine's.
    assert_eq!(count("f1"), (35_156, 15_075));
    assert_eq!(count("alphabeta"), (20_866, 8_453));
    assert_eq!(count("alphabeta-ordered"), (1_838, 688));
    // The engine's own search: one pass, then iterative deepening (the
    // bench's 1790 nodes plus one root per iteration).
    assert_eq!(count("alphabeta-tt"), (399, 111));
    assert_eq!(count("engine"), (1_799, 699));
}

#[test]
fn a_connect_four_search_is_drawn_iteration_by_iteration() {
    let out = ok(&["--moves", "4453", "--depth", "3"]);
    for depth in 1..=3 {
        assert!(
            out.contains(&format!("iteration to depth {depth}: value")),
            "{out}"
        );
    }
    assert!(out.contains("Wn / Ln"), "{out}");
    let one_pass = ok(&[
        "--moves",
        "4453",
        "--depth",
        "3",
        "--algorithm",
        "alphabeta-tt",
    ]);
    assert!(!one_pass.contains("iteration to depth 2"), "{one_pass}");
}

/// Graphviz's `dot`, if it is on the PATH.
fn graphviz() -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|dir| dir.join("dot"))
            .find(|p| p.is_file())
    });
    require(
        "dot_output_renders_with_graphviz",
        found,
        "Graphviz's dot",
        "install the graphviz package; test.sh does",
    )
}

#[test]
fn dot_output_renders_with_graphviz() {
    let explicit = ok(&["--explicit", TEXTBOOK, "--format", "dot"]);
    assert!(explicit.starts_with("digraph search {"), "{explicit}");
    let game = ok(&[
        "--variant",
        "tictactoe",
        "--moves",
        "b2 a1",
        "--depth",
        "2",
        "--format",
        "dot",
    ]);
    let Some(dot) = graphviz() else {
        return;
    };
    for source in [explicit, game] {
        use std::io::Write;
        use std::process::{Command, Stdio};
        let mut child = Command::new(&dot)
            .arg("-Tsvg")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(source.as_bytes())
            .unwrap();
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            output.status.success() && stderr.is_empty(),
            "{stderr}\n{source}"
        );
        let svg = String::from_utf8_lossy(&output.stdout);
        // Graphviz draws each node of ours as a node of its own.
        let drawn = svg.matches("class=\"node\"").count();
        let ours = source.matches("shape=box").count()
            + source.matches("shape=ellipse").count()
            + source.matches("shape=note").count();
        assert_eq!(drawn, ours, "{svg}");
    }
}

#[test]
fn svg_output_is_xml_with_one_element_per_node() {
    for args in [
        vec!["--explicit", TEXTBOOK],
        vec![
            "--variant",
            "tictactoe",
            "--moves",
            "b2 a1 c3 a3",
            "--depth",
            "3",
        ],
        vec![
            "--moves",
            "4453",
            "--depth",
            "2",
            "--algorithm",
            "alphabeta-ordered",
        ],
    ] {
        let text = ok(&args);
        let (nodes, _) = counts(&text);
        let cuts = text.lines().filter(|l| l.contains("-x cut off")).count();
        let svg_args: Vec<&str> = args.iter().copied().chain(["--format", "svg"]).collect();
        let svg = ok(&svg_args);
        let document = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{e}: {svg}"));
        let root = document.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        let groups = |class: &str| {
            document
                .descendants()
                .filter(|n| {
                    n.tag_name().name() == "g"
                        && n.attribute("class")
                            .is_some_and(|c| c.split(' ').next() == Some(class))
                })
                .count()
        };
        assert_eq!(groups("node") as u64, nodes, "{args:?}");
        assert_eq!(groups("cut"), cuts, "{args:?}");
        // Every node shows its window and value, as the text does.
        let texts: Vec<&str> = document
            .descendants()
            .filter(|n| n.tag_name().name() == "text")
            .filter_map(|n| n.text().map(str::trim))
            .collect();
        assert!(texts.contains(&"(-inf, +inf)"), "{args:?}");
    }
}

/// Runs `inarow tree args`, expects a failure with one line on stderr
/// containing each of `expected`.
fn fails(args: &[&str], expected: &[&str]) {
    let run = tree(args);
    assert!(!run.success, "{args:?} succeeded: {}", run.stdout);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{args:?}: {}", run.stderr);
    for want in expected {
        assert!(lines[0].contains(want), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn bad_input_is_one_clear_line() {
    fails(&["--explicit", ""], &["error: the explicit tree is empty"]);
    fails(&["--explicit", "((3 12 8) (2 4 6)"], &["never closed"]);
    fails(
        &["--explicit", "(3 12 8))"],
        &["')' at column 9 closes nothing"],
    );
    fails(
        &["--explicit", "(3 (1 x) 8)"],
        &["'x' at column 7 is not a number"],
    );
    fails(&["--explicit", "(3 () 8)"], &["is empty"]);
    fails(
        &["--explicit", TEXTBOOK, "--algorithm", "alphabeta-tt"],
        &["needs a game position"],
    );
    fails(&["--variant", "tictactoe"], &["--depth is needed"]);
    fails(&["--variant", "tictactoe", "--depth", "0"], &["at least 1"]);
    fails(
        &["--variant", "tictactoe", "--moves", "a1 b1 a2 b2 a3"],
        &["--depth"],
    );
    fails(
        &[
            "--variant",
            "tictactoe",
            "--moves",
            "a1 b1 a2 b2 a3",
            "--depth",
            "3",
        ],
        &["the game is over"],
    );
    // Too large to draw: dot and svg say how to narrow it.
    for format in ["dot", "svg"] {
        fails(
            &["--depth", "6", "--algorithm", "minimax", "--format", format],
            &[
                "more than 300 nodes",
                "lower --depth",
                "--max-nodes",
                "--format text",
            ],
        );
    }
    fails(
        &["--depth", "5", "--format", "svg", "--max-nodes", "40"],
        &["more than 40 nodes", "lower --depth"],
    );
    // Too large to record even as text.
    fails(
        &["--depth", "9", "--algorithm", "minimax"],
        &["too many to record", "lower --depth"],
    );
    fails(
        &["--uniform", "10", "8"],
        &["too many to build", "lower the degree"],
    );
    fails(
        &["--uniform", "3", "3", "--format", "svg"],
        &["--uniform prints a table"],
    );
}

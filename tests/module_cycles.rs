//! No module cycle inside a crate: within each module, its child modules
//! depend on each other in one direction only.
//!
//! The test reads every crate's sources, finds each module's paths into its
//! own crate (`crate::…`, `super::…`, `self::…`, in `use` declarations and
//! in code), and lifts each reference to the two siblings it joins: a
//! reference from `a::b::c` to `a::d` is an edge `b → d` among the children
//! of `a`. A module may use its own descendants and ancestors (a parent
//! re-exports its children; a child uses the parent's items); any other
//! cycle fails, naming the modules on it. A file's unit tests (its
//! `#[cfg(test)] mod tests`, last in the file) are left out: they may use
//! whatever they test with.
//!
//! (cargo-modules checks this too, `dependencies --acyclic`, but it builds
//! rust-analyzer's crates, several minutes of CI; this is a small parser of
//! paths, which is enough for code that names its imports.)

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module's path inside its crate, from the root: `["solver", "rules"]`.
type ModPath = Vec<String>;

/// The crates of the workspace, by their source roots.
const CRATES: [&str; 5] = [
    "games/src",
    "engine/src",
    "protocol/src",
    "src",
    "python/src",
];

/// Every source file of the crate under `root`, with its module path.
fn modules(root: &Path) -> BTreeMap<ModPath, PathBuf> {
    let mut found = BTreeMap::new();
    let mut stack = vec![(root.to_path_buf(), Vec::new())];
    while let Some((dir, path)) = stack.pop() {
        let mut entries: Vec<_> = fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("a directory entry").path())
            .collect();
        entries.sort();
        for entry in entries {
            let name = entry.file_stem().unwrap().to_string_lossy().into_owned();
            if entry.is_dir() {
                // The binary's folders of assets (the web page) hold no Rust.
                if entry.join("mod.rs").exists() {
                    let mut child = path.clone();
                    child.push(name);
                    stack.push((entry, child));
                }
            } else if entry.extension().is_some_and(|e| e == "rs") {
                let is_dir_module = ["lib", "main", "mod"].contains(&name.as_str());
                // A binary's extra roots (src/bin) are crates of their own.
                let mut module = path.clone();
                if !is_dir_module {
                    module.push(name);
                }
                found.insert(module, entry);
            }
        }
    }
    found
}

/// The code of `text` without comments, strings and character literals.
fn code_only(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < bytes.len() && !(bytes[i] == b'*' && bytes[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                out.push_str("\"\"");
            }
            b'r' if bytes.get(i + 1) == Some(&b'#') || bytes.get(i + 1) == Some(&b'"') => {
                // A raw string: r"…" or r#"…"#.
                let start = i;
                let mut j = i + 1;
                let mut hashes = 0;
                while bytes.get(j) == Some(&b'#') {
                    hashes += 1;
                    j += 1;
                }
                let ident_before = start > 0
                    && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_');
                if bytes.get(j) != Some(&b'"') || ident_before {
                    out.push('r');
                    i += 1;
                    continue;
                }
                let close: Vec<u8> = std::iter::once(b'"')
                    .chain(std::iter::repeat_n(b'#', hashes))
                    .collect();
                j += 1;
                while j < bytes.len() && !bytes[j..].starts_with(&close) {
                    j += 1;
                }
                i = j + close.len();
                out.push_str("\"\"");
            }
            b'\'' => {
                // A character literal ('a', '\n', '\u{1F600}'), not a lifetime.
                let rest = &text[i..];
                let literal = rest.len() > 2
                    && (rest.as_bytes()[2] == b'\''
                        || (rest.as_bytes()[1] == b'\\' && rest[2..].find('\'').is_some()));
                if literal {
                    let end = if rest.as_bytes()[1] == b'\\' {
                        2 + rest[2..].find('\'').unwrap()
                    } else {
                        2
                    };
                    i += end + 1;
                    out.push_str("' '");
                } else {
                    out.push('\'');
                    i += 1;
                }
            }
            _ => {
                let c = text[i..].chars().next().unwrap();
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out
}

/// Every path of `code` that starts at `crate`, `super` or `self`, as its
/// words, with the groups of `use` declarations (`use crate::{a, b::c}`)
/// expanded.
fn paths(code: &str) -> Vec<Vec<String>> {
    let chars: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts_word = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if starts_word {
            for head in ["crate", "super", "self"] {
                let word: Vec<char> = head.chars().collect();
                if chars[i..].starts_with(&word)
                    && chars.get(i + word.len()..i + word.len() + 2) == Some(&[':', ':'])
                {
                    let (mut expanded, end) = path_at(&chars, i);
                    found.append(&mut expanded);
                    i = end;
                    break;
                }
            }
        }
        i += 1;
    }
    found
}

/// The paths written at `chars[start..]`: one, or a group's several.
/// Returns them and where the text read ends.
fn path_at(chars: &[char], start: usize) -> (Vec<Vec<String>>, usize) {
    let mut prefix = Vec::new();
    let mut i = start;
    loop {
        while i < chars.len() && chars[i].is_whitespace() {
            i += 1;
        }
        if chars.get(i) == Some(&'{') {
            let mut out = Vec::new();
            i += 1;
            loop {
                while i < chars.len() && (chars[i].is_whitespace() || chars[i] == ',') {
                    i += 1;
                }
                if i >= chars.len() || chars[i] == '}' {
                    return (out, i + 1);
                }
                let (inner, end) = path_at(chars, i);
                for tail in inner {
                    let mut path = prefix.clone();
                    path.extend(tail);
                    out.push(path);
                }
                i = end;
            }
        }
        let word_start = i;
        while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
            i += 1;
        }
        if i == word_start {
            // `*`, or the end of the path.
            if chars.get(i) == Some(&'*') {
                i += 1;
            }
            return (vec![prefix], i);
        }
        prefix.push(chars[word_start..i].iter().collect());
        let mut j = i;
        while j < chars.len() && chars[j].is_whitespace() {
            j += 1;
        }
        if chars.get(j..j + 2) == Some(&[':', ':']) {
            i = j + 2;
        } else {
            return (vec![prefix], i);
        }
    }
}

/// The module a path written in `from` leads into: the longest known module
/// on its way, or `None` where it leaves the crate's modules (`self` alone,
/// a path into another crate).
fn target(from: &ModPath, path: &[String], known: &BTreeMap<ModPath, PathBuf>) -> Option<ModPath> {
    let mut at: ModPath = Vec::new();
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate") => rest = &path[1..],
        Some("self") | Some("super") => {
            at = from.clone();
            while let Some(word) = rest.first() {
                match word.as_str() {
                    "self" => {}
                    "super" => {
                        at.pop()?;
                    }
                    _ => break,
                }
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    for word in rest {
        let mut next = at.clone();
        next.push(word.clone());
        if known.contains_key(&next) {
            at = next;
        } else {
            break;
        }
    }
    Some(at)
}

/// The cycles among siblings of the crate under `root`, each as the modules
/// on it.
fn cycles(root: &Path) -> Vec<String> {
    let known = modules(root);
    // Edges among the children of each module: parent -> child -> children.
    let mut edges: BTreeMap<ModPath, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for (module, file) in &known {
        let text = fs::read_to_string(file).expect("a readable source");
        let code = code_only(&text);
        let library = code
            .find("#[cfg(test)]\nmod tests")
            .map_or(&code[..], |at| &code[..at]);
        for path in paths(library) {
            let Some(to) = target(module, &path, &known) else {
                continue;
            };
            let common = module.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if common == module.len() || common == to.len() {
                // An ancestor or a descendant.
                continue;
            }
            edges
                .entry(module[..common].to_vec())
                .or_default()
                .entry(module[common].clone())
                .or_default()
                .insert(to[common].clone());
        }
    }
    let mut found = Vec::new();
    for (parent, graph) in &edges {
        for cycle in find_cycles(graph) {
            let mut names: Vec<String> = cycle
                .iter()
                .map(|child| {
                    let mut path = parent.clone();
                    path.push(child.clone());
                    path.join("::")
                })
                .collect();
            names.push(names[0].clone());
            found.push(format!("{}: {}", root.display(), names.join(" -> ")));
        }
    }
    found
}

/// One cycle through each strongly connected part of `graph` that has one.
fn find_cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let reaches = |from: &String, to: &String| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(node) = stack.pop() {
            if &node == to {
                return true;
            }
            if seen.insert(node.clone()) {
                stack.extend(graph.get(&node).into_iter().flatten().cloned());
            }
        }
        false
    };
    let mut reported: BTreeSet<String> = BTreeSet::new();
    let mut cycles = Vec::new();
    for (node, targets) in graph {
        if reported.contains(node) {
            continue;
        }
        // A shortest way back to `node`, by a breadth-first search.
        let mut back: BTreeMap<String, String> = BTreeMap::new();
        let mut queue: std::collections::VecDeque<String> = targets.iter().cloned().collect();
        for t in targets {
            back.insert(t.clone(), node.clone());
        }
        while let Some(at) = queue.pop_front() {
            if &at == node {
                let mut cycle = vec![node.clone()];
                let mut step = back[node].clone();
                while &step != node {
                    cycle.push(step.clone());
                    step = back[&step].clone();
                }
                cycle[1..].reverse();
                reported.extend(
                    graph
                        .keys()
                        .filter(|k| reaches(node, k) && reaches(k, node))
                        .cloned(),
                );
                cycles.push(cycle);
                break;
            }
            for next in graph.get(&at).into_iter().flatten() {
                if !back.contains_key(next) {
                    back.insert(next.clone(), at.clone());
                    queue.push_back(next.clone());
                }
            }
        }
    }
    cycles
}

#[test]
fn no_crate_has_a_module_cycle() {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let found: Vec<String> = CRATES
        .iter()
        .flat_map(|root| cycles(&top.join(root)))
        .collect();
    assert!(found.is_empty(), "module cycles:\n{}", found.join("\n"));
}

#[test]
fn the_check_finds_a_cycle_and_reads_groups() {
    let dir = std::env::temp_dir().join(format!("inarow-cycles-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("tree")).unwrap();
    fs::write(dir.join("lib.rs"), "mod a;\nmod b;\nmod tree;\n").unwrap();
    fs::write(dir.join("a.rs"), "use crate::{tree::leaf::X, b};\n").unwrap();
    fs::write(
        dir.join("b.rs"),
        "// use crate::a;\nfn f() { let s = \"crate::a\"; }\n",
    )
    .unwrap();
    fs::write(dir.join("tree/mod.rs"), "mod leaf;\nuse super::a::Y;\n").unwrap();
    fs::write(dir.join("tree/leaf.rs"), "use super::super::b::Z;\n").unwrap();
    // a -> tree and a -> b; tree -> a (by its mod.rs), and tree -> b.
    assert_eq!(
        cycles(&dir),
        vec![format!("{}: a -> tree -> a", dir.display())]
    );
    fs::write(dir.join("tree/mod.rs"), "mod leaf;\n").unwrap();
    assert!(cycles(&dir).is_empty());
    fs::write(
        dir.join("b.rs"),
        "fn f() { crate::tree::g(); }\nuse crate::a;\n",
    )
    .unwrap();
    assert_eq!(
        cycles(&dir),
        vec![format!("{}: a -> b -> a", dir.display())]
    );
    fs::remove_dir_all(&dir).unwrap();
}

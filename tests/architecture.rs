//! The shape of the code, checked on its sources as rustc's `tidy` checks its own: the rules of
//! docs/design.md that no compiler enforces.
//!
//! * Inside each crate, no module imports from a module that imports it, directly or round a
//!   circle: the modules under one parent form no cycle of `crate::` / `super::` paths (a path
//!   through a re-export counts as one to the module that defines the item).
//! * The storage crate knows nothing of puzzles, players, attempts or themes (the puzzle
//!   crate's) nor of searches and engines (the evaluation crate's) in its code.
//! * No crate but the store (and the checker, which shares no code) opens an SQLite connection.
//! * `Tablebase` keeps to probing, storing and verifying slices: at most 15 public methods.
//! * The service runs every blocking call on its one pool: no `web::block`.
//! * A solve knows nothing of HTTP: the command line's solve names no crate of the service.
//!
//! The parsing is deliberately plain (paths found by pattern in code with comments removed); it
//! errs on the side of seeing an import, never of missing one.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every crate's source root, by name.
const CRATES: [(&str, &str); 9] = [
    ("mancala-solver", "solver/src"),
    ("mancala-check", "check/src"),
    ("mancala-db", "db/src"),
    ("mancala-eval", "eval/src"),
    ("mancala-puzzles", "puzzles/src"),
    ("mancala-wire", "wire/src"),
    ("mancala-api", "api/src"),
    ("mancala", "src"),
    ("mancala-python", "python/src"),
];

/// A module's path inside its crate: `["solve", "moves"]`; the crate root is `[]`.
type ModPath = Vec<String>;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The module a file is, from its path under the crate's source root.
fn module_of(src: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(src).expect("under the root");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|c| c.to_string_lossy().trim_end_matches(".rs").to_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The code of a file without its comments (line comments, doc comments and block comments) and
/// string literals, so that prose mentioning a path is not an import.
fn code_of(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            i += 2;
            while i < b.len() && !b[i..].starts_with(b"*/") {
                i += 1;
            }
            i += 2;
        } else if b[i..].starts_with(b"'\"'") || b[i..].starts_with(b"'\\\"'") {
            // A quote as a character is no string.
            i += if b[i + 1] == b'\\' { 4 } else { 3 };
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

/// The identifiers of a `::`-separated path starting at `at` in `code`, and the `{a, b::c}`
/// group that may end it (each member's first segment).
fn paths_from(code: &str, at: usize) -> Vec<Vec<String>> {
    let rest = &code[at..];
    let mut segments = Vec::new();
    let mut pos = 0;
    loop {
        let ident: String = rest[pos..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if ident.is_empty() {
            break;
        }
        pos += ident.len();
        segments.push(ident);
        if rest[pos..].starts_with("::") {
            pos += 2;
        } else {
            break;
        }
    }
    if rest[pos..].starts_with('{') {
        let end = rest[pos..].find('}').map_or(rest.len(), |e| pos + e);
        return rest[pos + 1..end]
            .split(',')
            .map(|m| {
                let first = m.trim().split("::").next().unwrap_or("").trim();
                let mut p = segments.clone();
                if !first.is_empty() && first != "self" {
                    p.push(first.to_owned());
                }
                p
            })
            .collect();
    }
    vec![segments]
}

/// The modules `code` (of module `at`) refers to through `crate::` and `super::` paths, as
/// absolute module paths (possibly naming items below a module: the caller keeps the longest
/// known prefix).
fn references(at: &ModPath, code: &str) -> Vec<ModPath> {
    let mut out = Vec::new();
    for (i, _) in code.match_indices("crate::") {
        if i > 0
            && (code.as_bytes()[i - 1].is_ascii_alphanumeric() || code.as_bytes()[i - 1] == b'_')
        {
            continue;
        }
        out.extend(paths_from(code, i + "crate::".len()));
    }
    for (i, _) in code.match_indices("super::") {
        let before = &code[..i];
        if before.ends_with("super::") {
            continue; // counted from the first `super::`
        }
        let mut ups = 1;
        let mut j = i + "super::".len();
        while code[j..].starts_with("super::") {
            ups += 1;
            j += "super::".len();
        }
        let base: ModPath = at[..at.len().saturating_sub(ups)].to_vec();
        for p in paths_from(code, j) {
            let mut full = base.clone();
            full.extend(p);
            out.push(full);
        }
    }
    out
}

/// The strongly connected components of more than one module in `graph` (Tarjan).
fn cycles(graph: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<ModPath>> {
    struct Tarjan<'g> {
        graph: &'g BTreeMap<ModPath, BTreeSet<ModPath>>,
        index: BTreeMap<ModPath, usize>,
        low: BTreeMap<ModPath, usize>,
        stack: Vec<ModPath>,
        on_stack: BTreeSet<ModPath>,
        found: Vec<Vec<ModPath>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: &ModPath) {
            let n = self.index.len();
            self.index.insert(v.clone(), n);
            self.low.insert(v.clone(), n);
            self.stack.push(v.clone());
            self.on_stack.insert(v.clone());
            for w in self.graph.get(v).into_iter().flatten() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v.clone(), low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v.clone(), low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                loop {
                    let w = self.stack.pop().expect("v is on the stack");
                    self.on_stack.remove(&w);
                    let done = &w == v;
                    component.push(w);
                    if done {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut t = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !t.index.contains_key(v) {
            t.visit(v);
        }
    }
    t.found
}

/// What a module re-exports (`pub use a::b::{C, D as E};`, `pub(crate) use super::F;`): each
/// name it gives, mapped to the absolute path it names (relative paths taken from `at`, a
/// plain first segment as a child module of `at`; other crates' paths are kept as they are and
/// never match a module of this one).
fn re_exports(at: &ModPath, code: &str) -> BTreeMap<String, ModPath> {
    let mut out = BTreeMap::new();
    for (i, _) in code.match_indices("use ") {
        let before = code[..i].trim_end();
        if !(before.ends_with("pub") || before.ends_with(')')) {
            continue;
        }
        let Some(end) = code[i..].find(';') else {
            continue;
        };
        let statement = code[i + "use ".len()..i + end]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let statement = statement
            .replace(" ::", "::")
            .replace(":: ", "::")
            .replace("{ ", "{")
            .replace(" }", "}")
            .replace(" ,", ",");
        let (prefix, members) = match statement.find('{') {
            Some(b) => (
                statement[..b].to_owned(),
                statement[b + 1..].trim_end_matches('}').to_owned(),
            ),
            None => (String::new(), statement.clone()),
        };
        for member in members.split(',').map(str::trim).filter(|m| !m.is_empty()) {
            let (member, name) = match member.split_once(" as ") {
                Some((m, n)) => (m, n.to_owned()),
                None => (
                    member,
                    member.rsplit("::").next().unwrap_or_default().to_owned(),
                ),
            };
            let path = format!("{prefix}{member}");
            let mut segments: Vec<String> = path.split("::").map(str::to_owned).collect();
            let absolute: ModPath = match segments.first().map(String::as_str) {
                Some("crate") => segments.split_off(1),
                Some("self") => at.iter().cloned().chain(segments.split_off(1)).collect(),
                Some("super") => {
                    let ups = segments.iter().take_while(|s| *s == "super").count();
                    let base = &at[..at.len().saturating_sub(ups)];
                    base.iter()
                        .cloned()
                        .chain(segments.split_off(ups))
                        .collect()
                }
                _ => at.iter().cloned().chain(segments).collect(),
            };
            if name != "*" && name != "self" {
                out.insert(name, absolute);
            }
        }
    }
    out
}

/// The module that path `r` names (an item of it, perhaps re-exported: followed to where it is
/// defined), or `None` when no module of the crate but its root holds it.
fn resolve(
    mut r: ModPath,
    modules: &BTreeMap<ModPath, String>,
    exports: &BTreeMap<ModPath, BTreeMap<String, ModPath>>,
) -> Option<ModPath> {
    for _ in 0..8 {
        let k = (0..=r.len())
            .rev()
            .find(|&k| modules.contains_key(&r[..k]))?;
        let re_exported = r
            .get(k)
            .and_then(|name| exports.get(&r[..k])?.get(name))
            .filter(|target| **target != r[..=k]);
        match re_exported {
            Some(target) => {
                let mut followed = target.clone();
                followed.extend(r[k + 1..].iter().cloned());
                r = followed;
            }
            None if k == 0 => return None,
            None => return Some(r[..k].to_vec()),
        }
    }
    None
}

/// The import graph of one crate between sibling modules: `a -> b` when code in `a` (or below
/// it) refers to `b` (or below it), `a` and `b` being children of one parent. A path through a
/// re-export (`crate::Side`, given by the crate root's `pub use`) counts as one to the module
/// that defines the item.
fn sibling_imports(src: &Path) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let modules: BTreeMap<ModPath, String> = rust_files(src)
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).expect("readable source");
            (module_of(src, &f), code_of(&text))
        })
        .collect();
    let exports: BTreeMap<ModPath, BTreeMap<String, ModPath>> = modules
        .iter()
        .map(|(m, code)| (m.clone(), re_exports(m, code)))
        .collect();
    let mut graph: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for (from, code) in &modules {
        for r in references(from, code) {
            let Some(to) = resolve(r, &modules, &exports) else {
                continue;
            };
            let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if common == from.len() || common == to.len() {
                continue; // a module and its own descendant or ancestor
            }
            graph
                .entry(from[..=common].to_vec())
                .or_default()
                .insert(to[..=common].to_vec());
        }
    }
    graph
}

#[test]
fn no_module_imports_from_a_module_that_imports_it() {
    let mut circles = Vec::new();
    for (name, dir) in CRATES {
        let src = root().join(dir);
        if !src.is_dir() {
            continue;
        }
        for c in cycles(&sibling_imports(&src)) {
            let names: Vec<String> = c.iter().map(|m| m.join("::")).collect();
            circles.push(format!("{name}: {}", names.join(" <-> ")));
        }
    }
    assert!(
        circles.is_empty(),
        "import circles:\n{}",
        circles.join("\n")
    );
}

/// The checker sees a circle when there is one: two modules of a made-up crate that import each
/// other (one by `crate::`, one by `super::{...}`), and one that only imports.
#[test]
fn the_circle_check_finds_a_circle() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
    write("lib.rs", "mod a;\nmod b;\nmod c;\n");
    write(
        "a.rs",
        "use crate::b::Thing; // crate::c in a comment is no import\n",
    );
    write("b.rs", "use super::{a::Other, c};\n");
    write("c.rs", "fn f() -> &'static str { \"crate::a\" }\n");
    let graph = sibling_imports(dir.path());
    let found = cycles(&graph);
    let name = |s: &str| vec![s.to_owned()];
    assert_eq!(found, [vec![name("a"), name("b")]]);
    assert!(!graph.contains_key(&name("c")), "{graph:?}");
}

/// A circle through the crate root's re-exports is a circle: `a` imports `crate::Other`, which
/// the root takes from `b`, and `b` imports `crate::Thing`, the root's name for `a`'s; `c`
/// imports `crate::Renamed` (`b`'s `Other` under another name) and is imported by nobody.
#[test]
fn the_circle_check_follows_re_exports() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
    write(
        "lib.rs",
        "mod a;\nmod b;\nmod c;\npub use a::Thing;\npub use b::{Other, Other as Renamed};\n",
    );
    write("a.rs", "pub struct Thing;\nfn f(_: crate::Other) {}\n");
    write("b.rs", "use crate::Thing;\npub struct Other;\n");
    write("c.rs", "use crate::Renamed;\n");
    let graph = sibling_imports(dir.path());
    let name = |s: &str| vec![s.to_owned()];
    assert_eq!(cycles(&graph), [vec![name("a"), name("b")]]);
    assert_eq!(graph[&name("c")], BTreeSet::from([name("b")]));
}

/// A solve knows nothing of HTTP: the command line's solve (the command, its plans and its
/// progress) names no crate of the service; `serve` ties its build status to the solve's
/// `BuildWatcher`.
#[test]
fn the_solve_knows_nothing_of_the_service() {
    for file in [
        "src/cli/solve.rs",
        "src/cli/plans.rs",
        "src/cli/progress.rs",
    ] {
        let text = std::fs::read_to_string(root().join(file)).expect("readable source");
        let code = code_of(&text);
        for service in ["mancala_api", "mancala_wire", "actix"] {
            assert!(!code.contains(service), "{file} names {service}");
        }
    }
}

/// The checker proves our results only if it shares no code with what computed them: no crate
/// of ours among its dependencies, no path to one in its code.
#[test]
fn the_checker_shares_no_code_with_the_solver() {
    let manifest = std::fs::read_to_string(root().join("check/Cargo.toml")).unwrap();
    let ours: Vec<&str> = manifest
        .lines()
        .filter(|l| l.contains("mancala") || l.contains("path ="))
        .filter(|l| !l.starts_with("name =") && !l.starts_with("description ="))
        .collect();
    assert!(ours.is_empty(), "check/Cargo.toml: {ours:?}");
    let mut named = Vec::new();
    for f in rust_files(&root().join("check/src")) {
        let text = code_of(&std::fs::read_to_string(&f).unwrap());
        for (n, line) in text.lines().enumerate() {
            if line.contains("mancala_") || line.contains("#[path") || line.contains("include!") {
                named.push(format!("{}:{}: {line}", f.display(), n + 1));
            }
        }
    }
    assert!(named.is_empty(), "{}", named.join("\n"));
}

#[test]
fn the_storage_crate_names_no_puzzle_player_attempt_search_or_engine() {
    let src = root().join("db/src");
    let mut named = Vec::new();
    for f in rust_files(&src) {
        // Code only: what the file's rows hold may be described in strings and comments.
        let text = code_of(&std::fs::read_to_string(&f).unwrap());
        for (n, line) in text.lines().enumerate() {
            // A sorted slice's `binary_search` is no search of a position.
            let lower = line.to_lowercase().replace("binary_search", "");
            if ["puzzle", "player", "attempt", "theme", "search", "engine"]
                .iter()
                .any(|w| lower.contains(w))
            {
                named.push(format!("{}:{}: {line}", f.display(), n + 1));
            }
        }
    }
    assert!(named.is_empty(), "{}", named.join("\n"));
}

/// Where an answer comes from (the tablebase, an answer kept, a search) is decided in one
/// place, the session's `evaluate_watched`, which every evaluation goes through: an evaluation
/// is made from the tablebase only by `Evaluator::exact` (which the session and the questions
/// only an exact value answers call), and from a search only by the session and a kept answer.
#[test]
fn one_place_decides_the_source_of_an_answer() {
    let mut makers: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for (_, dir) in CRATES {
        for f in rust_files(&root().join(dir)) {
            let code = code_of(&std::fs::read_to_string(&f).unwrap());
            let rel = f.strip_prefix(root()).unwrap().display().to_string();
            for line in code.lines().filter(|l| !l.contains("fn from_")) {
                for maker in ["from_tablebase(", "from_search("] {
                    if line.contains(maker) {
                        makers.entry(maker).or_default().insert(rel.clone());
                    }
                }
            }
        }
    }
    let files = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(
        makers["from_tablebase("],
        files(&["eval/src/evaluator/mod.rs"])
    );
    assert_eq!(
        makers["from_search("],
        files(&[
            "eval/src/evaluator/kept.rs",
            "eval/src/evaluator/session.rs"
        ])
    );
    let decides = std::fs::read_to_string(root().join("eval/src/evaluator/session.rs")).unwrap();
    let code = code_of(&decides);
    assert!(code.contains("self.evaluator.exact(position)"));
    let evaluate = std::fs::read_to_string(root().join("eval/src/evaluator/mod.rs")).unwrap();
    assert!(
        code_of(&evaluate).contains("self.session(position.variant()).evaluate(position, budget)"),
        "Evaluator::evaluate goes through the session"
    );
}

/// The store opens the file; another crate's tables are its part of the file, reached through
/// the handle the store gives it (`PartTables`), never a connection of its own. The checker is
/// the one exception by design: it reads the file with its own decoder, sharing no code.
#[test]
fn no_crate_but_the_store_opens_an_sqlite_connection() {
    let mut opened = Vec::new();
    let others = CRATES
        .iter()
        .filter(|(name, _)| !["mancala-db", "mancala-check"].contains(name));
    for (name, dir) in others {
        for f in rust_files(&root().join(dir)) {
            let code = code_of(&std::fs::read_to_string(&f).unwrap());
            // A crate's own tests may play another process holding the file.
            let code = code.split("#[cfg(test)]").next().unwrap_or("");
            for (n, line) in code.lines().enumerate() {
                if line.contains("Connection::open") || line.contains("rusqlite::Connection::") {
                    opened.push(format!("{name} {}:{}: {line}", f.display(), n + 1));
                }
            }
        }
    }
    assert!(opened.is_empty(), "{}", opened.join("\n"));
}

/// The smaller slices' files (a group solved with its moves on disk) are read in one place:
/// the moves pass reads them a segment at a time through `far_exits`, and Kalah's solve whole
/// through `known`, which writes them. A reader elsewhere would read them all over, a page for
/// every exit.
#[test]
fn only_the_far_exits_read_the_smaller_slices_files() {
    let mut readers = Vec::new();
    for f in rust_files(&root().join("solver/src")) {
        let code = code_of(&std::fs::read_to_string(&f).unwrap());
        let allowed = ["known.rs", "far_exits.rs"]
            .iter()
            .any(|name| f.ends_with(Path::new("solve").join(name)));
        if code.contains("ValuesFile") && !allowed {
            readers.push(f.display().to_string());
        }
    }
    assert!(readers.is_empty(), "{}", readers.join("\n"));
}

#[test]
fn the_tablebase_has_at_most_fifteen_public_methods() {
    let mut methods = Vec::new();
    for f in rust_files(&root().join("db/src")) {
        let code = code_of(&std::fs::read_to_string(&f).unwrap());
        let mut rest = code.as_str();
        while let Some(at) = rest.find("impl Tablebase {") {
            let body = &rest[at..];
            // The block ends at the first `}` in column 0.
            let end = body.find("\n}").unwrap_or(body.len());
            for line in body[..end].lines() {
                if let Some(sig) = line.trim_start().strip_prefix("pub fn ") {
                    methods.push(sig.split('(').next().unwrap_or(sig).trim().to_owned());
                }
            }
            rest = &body[end..];
        }
    }
    methods.sort();
    assert!(
        !methods.is_empty() && methods.len() <= 15,
        "{} public methods: {methods:?}",
        methods.len()
    );
}

#[test]
fn the_service_runs_blocking_calls_on_its_one_pool() {
    for f in rust_files(&root().join("api/src")) {
        let code = code_of(&std::fs::read_to_string(&f).unwrap());
        assert!(
            !code.contains("web::block"),
            "{}: use AppState::blocking",
            f.display()
        );
    }
}

#[test]
fn at_most_four_public_ways_to_start_a_solve() {
    // The functions that solve slices (the puzzle prover's `solve` solves a puzzle, not a
    // slice): the reference in-memory group solve, a rank's share, the plan's run (every solve
    // into a file), and its in-memory shorthand.
    let mut starts = Vec::new();
    for dir in ["solver/src", "db/src"] {
        for f in rust_files(&root().join(dir)) {
            let code = code_of(&std::fs::read_to_string(&f).unwrap());
            for line in code.lines() {
                let line = line.trim_start();
                let Some(sig) = line.strip_prefix("pub fn ") else {
                    continue;
                };
                let name = sig.split(['(', '<']).next().unwrap_or(sig);
                let in_plan = f.ends_with("db/src/solve.rs") && name == "run";
                if name.starts_with("solve") || in_plan {
                    starts.push(name.to_owned());
                }
            }
        }
    }
    starts.sort();
    assert_eq!(starts, ["run", "solve_group", "solve_share", "solve_up_to"]);
}

#[test]
fn no_page_script_holds_more_than_one_job() {
    // The page's scripts are split by job (the API client, boards, Explore, Puzzles, the
    // review, play, matches, start-up): one past 600 lines is holding two.
    let dir = root().join("api/static");
    let mut scripts = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "js") {
            let lines = std::fs::read_to_string(&path).unwrap().lines().count();
            assert!(lines <= 600, "{}: {lines} lines", path.display());
            scripts += 1;
        }
    }
    assert!(scripts >= 10, "{scripts} scripts in {}", dir.display());
}

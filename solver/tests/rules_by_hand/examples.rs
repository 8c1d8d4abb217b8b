//! Reads a document of worked examples (see the crate's doc comment for its checks) and runs
//! every check of every example against the engine and the reference.

use std::panic::{catch_unwind, AssertUnwindSafe};

use mancala_solver::{Side, Variant};

use crate::check::{assert_illegal, check_move, game_over, legal, pit, Expect};

/// One `## Heading` of a document: its title, and its checks with their line numbers.
struct Example<'a> {
    title: &'a str,
    checks: Vec<(usize, &'a str)>,
}

/// The examples of a document, in order.
fn examples(text: &str) -> Vec<Example<'_>> {
    let mut examples: Vec<Example> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(title) = line.strip_prefix("## ") {
            examples.push(Example {
                title,
                checks: Vec::new(),
            });
        } else if let Some(check) = line.strip_prefix("    ") {
            let example = examples
                .last_mut()
                .expect("a check before the first example");
            example.checks.push((i + 1, check.trim()));
        }
    }
    examples
}

/// Where an example stands: the current position, and the legal moves last checked there.
struct State {
    variant: Variant,
    position: String,
    legal: Option<Vec<String>>,
}

/// `S-N` as [S, N].
fn pair(text: &str) -> [u32; 2] {
    let (s, n) = text.split_once('-').expect("a pair S-N");
    [s.parse().expect("a count"), n.parse().expect("a count")]
}

/// `play M -> AFTER; gains S-N[; extra turn][; ends the game][; endless]`, the `play ` taken off.
fn play(state: &mut State, text: &str) {
    let (mv, result) = text.split_once(" -> ").expect("play M -> AFTER; gains S-N");
    let mut parts = result.split("; ");
    let after = parts.next().unwrap().to_owned();
    let gains = parts.next().and_then(|g| g.strip_prefix("gains "));
    let mut expect = Expect {
        after: after.clone(),
        gained: pair(gains.expect("gains S-N after the position")),
        extra_turn: false,
        ends_game: false,
        endless: false,
    };
    for flag in parts {
        match flag {
            "extra turn" => expect.extra_turn = true,
            "ends the game" => expect.ends_game = true,
            "endless" => (expect.endless, expect.ends_game) = (true, true),
            other => panic!("unknown flag `{other}`"),
        }
    }
    check_move(state.variant, &state.position, mv, &expect);
    state.position = after;
    state.legal = None;
}

/// Runs one check line.
fn run_check(state: &mut Option<State>, line: &str) {
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    if let Ok(variant) = word.parse::<Variant>() {
        *state = Some(State {
            variant,
            position: rest.to_owned(),
            legal: None,
        });
        return;
    }
    let state = state.as_mut().expect("a position before the first check");
    let (v, position) = (state.variant, state.position.as_str());
    match word {
        "pits" => {
            for p in rest.split_whitespace() {
                let (label, count) = p.split_once('=').expect("PIT=COUNT");
                let side = match &label[..1] {
                    "S" => Side::South,
                    "N" => Side::North,
                    other => panic!("side `{other}`"),
                };
                let k = label[1..].parse().expect("a pit number");
                assert_eq!(
                    pit(v, position, side, k),
                    count.parse::<u8>().unwrap(),
                    "{p}"
                );
            }
        }
        "legal" => {
            let expected: Vec<String> = match rest {
                "none" => vec![],
                moves => moves.split(' ').map(str::to_owned).collect(),
            };
            assert_eq!(legal(v, position), expected, "{v} `{position}`");
            state.legal = Some(expected);
        }
        "illegal" => {
            let listed = state
                .legal
                .as_ref()
                .expect("a `legal` check before `illegal`");
            assert_illegal(v, position, rest, listed);
        }
        "over" => assert_eq!(game_over(v, position), Some(pair(rest)), "{v} `{position}`"),
        "not" if rest == "over" => assert_eq!(game_over(v, position), None, "{v} `{position}`"),
        "play" => play(state, rest),
        other => panic!("unknown check `{other}`"),
    }
}

/// Runs every example of the document `name`; panics naming each example that fails (the
/// failing check itself is reported as it fails).
pub fn run(name: &str, text: &str) {
    let examples = examples(text);
    assert!(!examples.is_empty(), "{name}: no examples");
    let mut failed = Vec::new();
    for example in &examples {
        assert!(
            !example.checks.is_empty(),
            "{name}: `{}` checks nothing",
            example.title
        );
        let mut state = None;
        for &(line, check) in &example.checks {
            let ran = catch_unwind(AssertUnwindSafe(|| run_check(&mut state, check)));
            if ran.is_err() {
                failed.push(format!("{name}:{line}: `{}`: {check}", example.title));
                break;
            }
        }
    }
    assert!(failed.is_empty(), "failed examples:\n{}", failed.join("\n"));
}

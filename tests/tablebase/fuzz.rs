//! Bounded fuzzing of what anyone can hand the programs (issue 56, item 4): certificates and
//! position strings with closed pits, mutated at random from valid ones (bytes changed to the
//! format's own tokens and to huge numbers, lines cut, repeated or dropped). Every one must be
//! read to a value or a clear error and checked to a verdict, without a panic; the cases are
//! seeded and counted, so a run is the same every time and ends.

use std::cell::Cell;

use mancala_check::proof;
use mancala_check::table::Table;
use mancala_solver::{Position, Variant};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use crate::common::bin::run_db;
use crate::common::scratch::scratch;

/// Pieces a mutation puts in: the format's own tokens, so that mutants get past the first
/// check and reach the deeper ones, and numbers too large for any field.
const TOKENS: [&str; 24] = [
    "x",
    "0",
    "4",
    "12",
    "255",
    "256",
    "-1",
    "99999999999999999999",
    ",",
    "/",
    " ",
    "S",
    "N",
    "\"",
    "{",
    "}",
    ":",
    "\n",
    "rio-kadalis",
    "rio-kadalis-5",
    "oware",
    "lower",
    "upper",
    "pass",
];

/// A mutation of `text`: one or two edits, each a token written over a place, a cut, or a line
/// repeated.
fn mutant(text: &str) -> impl Strategy<Value = String> {
    let text = text.to_owned();
    let edit = (
        0usize..3,
        any::<prop::sample::Index>(),
        0usize..TOKENS.len(),
    );
    prop::collection::vec(edit, 1..3).prop_map(move |edits| {
        let mut s = text.clone().into_bytes();
        for (kind, at, token) in edits {
            let at = at.index(s.len().max(1));
            match kind {
                0 => {
                    let end = (at + 1).min(s.len());
                    s.splice(at..end, TOKENS[token].bytes());
                }
                1 => s.truncate(at),
                _ => {
                    let line: Vec<u8> = s[at..].split(|&b| b == b'\n').next().unwrap().to_vec();
                    s.splice(at..at, line.into_iter().chain([b'\n']));
                }
            }
        }
        String::from_utf8_lossy(&s).into_owned()
    })
}

/// A mutation of a certificate's fields rather than its bytes, so that it stays JSON and
/// reaches the checks after the reader's: one line's one field (its position, move, bound,
/// value, variant, root or leaf seeds) replaced by a mutant of its text, or by a huge number.
fn field_mutant(text: &str) -> impl Strategy<Value = String> {
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let at = any::<prop::sample::Index>();
    let field = any::<prop::sample::Index>();
    (at, field, mutant("4,x,0,4,12/x,4,4,4,0,x S"), any::<bool>()).prop_map(
        move |(at, field, replacement, huge)| {
            let mut lines = lines.clone();
            let i = at.index(lines.len());
            let line = &mut lines[i];
            let keys: Vec<String> = line.as_object().unwrap().keys().cloned().collect();
            let key = &keys[field.index(keys.len())];
            line[key] = match huge {
                true => serde_json::json!(u64::MAX),
                false => serde_json::json!(replacement),
            };
            lines.iter().map(|l| format!("{l}\n")).collect()
        },
    )
}

/// A certificate with some of its strategy lines dropped and some moves changed to another
/// pit: still a certificate to read, and one for the checker to refuse or accept.
fn line_mutant(text: &str) -> impl Strategy<Value = String> {
    let lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let change = (any::<prop::sample::Index>(), any::<bool>(), 1u8..=7);
    prop::collection::vec(change, 1..4).prop_map(move |changes| {
        let mut lines = lines.clone();
        for (at, drop, pit) in changes {
            let i = 1 + at.index(lines.len() - 1);
            if drop {
                lines.remove(i);
            } else {
                let mut line: serde_json::Value = serde_json::from_str(&lines[i]).unwrap();
                line["move"] = serde_json::json!(pit.to_string());
                lines[i] = line.to_string();
            }
            if lines.len() < 2 {
                break;
            }
        }
        lines.iter().map(|l| format!("{l}\n")).collect()
    })
}

fn runner(cases: u32) -> TestRunner {
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha))
}

#[test]
fn mutated_certificates_of_closed_boards_are_refused_or_checked_never_a_panic() {
    // A real certificate of a closed board, over a table with its shape.
    let db = crate::proofs::table();
    let out = scratch("fuzz").join("closed.proof");
    let p = "x,x,2,x,3,3/x,1,x,2,x,1 S";
    run_db(
        &["prove", "rio-kadalis", p, "--out", out.to_str().unwrap()],
        db,
    )
    .ok();
    let text = std::fs::read_to_string(&out).unwrap();
    let table = Table::open(db, 16 << 20).unwrap();
    let honest = proof::read(text.as_bytes()).unwrap();
    assert!(proof::check(&honest, &table).accepted());
    let (read, refused) = (Cell::new(0), Cell::new(0));
    let mutants = prop_oneof![mutant(&text), field_mutant(&text), line_mutant(&text)];
    runner(3000)
        .run(&mutants, |mutated| {
            match proof::read(mutated.as_bytes()) {
                Ok(cert) => {
                    read.set(read.get() + 1);
                    // A verdict, accepted or not: what matters is that it comes.
                    let _ = proof::check(&cert, &table).accepted();
                }
                Err(e) => {
                    refused.set(refused.get() + 1);
                    prop_assert!(!e.to_string().is_empty());
                }
            }
            Ok(())
        })
        .unwrap();
    // The mutants reached both the reader's refusals and the checker.
    let (read, refused) = (read.get(), refused.get());
    assert!(
        read > 100 && refused > 100,
        "{read} read, {refused} refused"
    );
}

#[test]
fn mutated_closed_position_strings_are_read_or_refused_by_both_readers() {
    let (ours, theirs) = (Cell::new(0), Cell::new(0));
    for (variant, text) in [
        (Variant::RioKadalis, "x,x,4,4,4,4/4,4,4,4,4,x S"),
        (Variant::RioKadalis5, "4,x,4,x,4/x,4,4,4,x N 4-8"),
    ] {
        let theirs_variant: mancala_check::variant::Variant = variant.id().parse().unwrap();
        runner(3000)
            .run(&mutant(text), |mutated| {
                // The solver's reader and the checker's, each to a position or an error;
                // a position read is written back and read again the same.
                if let Ok(p) = Position::parse(variant, &mutated) {
                    ours.set(ours.get() + 1);
                    prop_assert_eq!(Position::parse(variant, &p.to_string()).ok(), Some(p));
                }
                if let Ok(p) = mancala_check::notation::parse(theirs_variant, &mutated) {
                    theirs.set(theirs.get() + 1);
                    let spec = theirs_variant.spec();
                    let again = mancala_check::notation::write(&spec, &p);
                    prop_assert_eq!(
                        mancala_check::notation::parse(theirs_variant, &again),
                        Ok(p)
                    );
                }
                Ok(())
            })
            .unwrap();
    }
    let (ours, theirs) = (ours.get(), theirs.get());
    assert!(ours > 100 && theirs > 100, "{ours} and {theirs} read");
}

/// Certificates of long random games (issue 70): every position of a game of random moves from
/// the Oware start (captures are rare in Oware, so its games are long), each given a line with
/// the move played there (its side's bound), down to the 6 seeds of the table, up to a thousand
/// plies or the first repetition. The checker builds and values each bound's game,
/// which follows the line hundreds of positions deep, on a thread of 256 KiB of stack: it walks
/// with queues of its own, so no certificate can overflow its stack.
#[test]
fn certificates_of_long_random_games_are_checked_on_a_small_stack() {
    let db = crate::proofs::table();
    let mut rng = crate::common::random::Lcg(0x0070_deeb);
    let mut longest = 0;
    for game in 0..12 {
        let start = Position::start(Variant::Oware);
        let mut p = start;
        let mut seen = std::collections::HashSet::new();
        let mut lines = vec![format!(
            "{{\"format\":\"mancala-proof/1\",\"variant\":\"oware\",\"root\":\"{start}\",\
             \"value\":0,\"tablebase_max_seeds\":6}}"
        )];
        for _ in 0..1000 {
            let successors = p.successors();
            // Positions are written without what was captured: the board and the side.
            let text = p.to_string();
            let board = text.split(' ').take(2).collect::<Vec<_>>().join(" ");
            if successors.is_empty() || p.seeds_on_board() <= 6 || !seen.insert(board.clone()) {
                break;
            }
            let played = &successors[rng.below(successors.len())];
            let bound = if p.side() == start.side() {
                "lower"
            } else {
                "upper"
            };
            lines.push(format!(
                "{{\"bound\":\"{bound}\",\"position\":\"{board}\",\"move\":\"{}\"}}",
                played.mv
            ));
            p = played.after;
        }
        longest = longest.max(lines.len() - 1);
        let text = lines.join("\n") + "\n";
        let verdict = std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(move || {
                let table = Table::open(db, 16 << 20).unwrap();
                let cert = proof::read(text.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
                let checked = proof::check(&cert, &table);
                (checked.lower.is_ok(), checked.upper.is_ok())
            })
            .unwrap()
            .join()
            .unwrap_or_else(|_| panic!("game {game}: the check did not return"));
        assert_eq!(verdict, (true, true), "game {game}: both games valued");
    }
    assert!(longest >= 100, "the longest game had {longest} plies");
}

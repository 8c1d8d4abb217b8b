//! `mancala eval VARIANT POSITION [--json]`: the solved value of a position and of every legal
//! move, best first.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Result;
use mancala_db::json::{outcome_word, EvaluationJson};
use mancala_solver::{Scoring, Value, Variant};

use super::{parse_position, print, side_name, tablebase};

/// Evaluates `position` from the tablebase at `db` and prints the result.
pub fn run(variant: Variant, position: &str, db: &Path, json: bool) -> Result<()> {
    let pos = parse_position(variant, position)?;
    let tb = tablebase::open_existing(db)?;
    let e = tb.evaluate(&pos)?;
    if json {
        let mut line = serde_json::to_string(&EvaluationJson::from(&e))?;
        line.push('\n');
        return Ok(print(&line)?);
    }
    let scoring = variant.scoring();
    let mut out = String::new();
    writeln!(out, "{} ({})  {}", variant.name(), variant.id(), pos)?;
    let mover = side_name(pos.side());
    match e.game_over {
        Some([s, n]) => writeln!(out, "Game over: final totals South {s}, North {n}.")?,
        None => writeln!(out, "{mover} to move: {}.", describe(scoring, e.value))?,
    }
    writeln!(
        out,
        "With perfect play {mover} {} the game (captured so far: South {}, North {}).",
        match outcome_word(e.outcome) {
            "win" => "wins",
            "draw" => "draws",
            _ => "loses",
        },
        pos.captured()[0],
        pos.captured()[1],
    )?;
    if !e.moves.is_empty() {
        writeln!(out)?;
        writeln!(out, "  move  value                      after")?;
        for m in &e.moves {
            writeln!(
                out,
                "  {:>4}  {:<24} {} {}",
                m.played.mv.to_string(),
                describe(scoring, m.value),
                if m.best { "*" } else { " " },
                m.played.after
            )?;
        }
        writeln!(
            out,
            "\n  * best: keeps the value, ahead by the shortest way, behind by the longest."
        )?;
    }
    Ok(print(&out)?)
}

/// `score +4, depth 7` or `win in 9` style text for a value.
fn describe(scoring: Scoring, v: Value) -> String {
    let depth = v.depth.map(|d| format!(", depth {d}")).unwrap_or_default();
    match scoring {
        Scoring::Score if v.score == 0 => "score 0 (even)".to_owned(),
        Scoring::Score => format!("score {:+}{depth}", v.score),
        Scoring::WinDrawLoss => format!("{}{depth}", outcome_word(v.score.cmp(&0))),
    }
}

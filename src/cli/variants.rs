//! `mancala variants`: every variant id with its board, seeds, kind of result and rules.

use std::fmt::Write as _;

use mancala_solver::{Scoring, Variant};

use super::print;
use super::text::wrap;

/// Width to which the rule summaries are wrapped, indent included.
const WRAP: usize = 92;

/// Spaces before the lines under a variant's id.
const INDENT: &str = "    ";

/// Prints every variant in [`Variant::ALL`] order.
pub fn run() -> anyhow::Result<()> {
    print(&listing())?;
    Ok(())
}

/// The whole listing: one block per variant, separated by blank lines.
pub fn listing() -> String {
    Variant::ALL
        .iter()
        .map(|&v| entry(v))
        .collect::<Vec<_>>()
        .join("\n")
}

/// One variant's block: id and name, then board, seeds, result, rules and source.
fn entry(v: Variant) -> String {
    let mut out = format!("{}  ({})\n", v.id(), v.name());
    let rows_note = if v.rows() == 4 {
        "each side owns two rows"
    } else {
        "each side owns one row"
    };
    let _ = writeln!(
        out,
        "{INDENT}board:   {} rows x {} pits ({rows_note}; pits numbered 1..{} per side)",
        v.rows(),
        v.pits_per_row(),
        v.pits_per_side()
    );
    let _ = writeln!(
        out,
        "{INDENT}seeds:   {} per pit, {} in all",
        v.seeds_per_pit(),
        v.total_seeds()
    );
    let result = match v.scoring() {
        Scoring::WinDrawLoss => "win/draw/loss",
        Scoring::Score => "score (seeds won)",
    };
    let _ = writeln!(out, "{INDENT}result:  {result}");
    let label = format!("{INDENT}rules:   ");
    for (i, line) in wrap(v.summary(), WRAP - label.len()).iter().enumerate() {
        if i == 0 {
            out.push_str(&label);
        } else {
            out.push_str(&" ".repeat(label.len()));
        }
        out.push_str(line);
        out.push('\n');
    }
    let _ = writeln!(out, "{INDENT}source:  {}", v.source());
    out
}

//! The board drawn as text, shared by `mancala show` and `mancala play`.
//!
//! Which pit is drawn where comes from [`mancala_solver::layout`], the one description of the
//! drawn board that the notation also uses: rows from the top, South at the bottom, each row from
//! South's left to right. Every row of counts has a line of pit labels (`N6`, `S1`, ...) on the
//! outside of its side's block, right-aligned in the same columns, so that each count stands
//! directly above or below its own pit's label:
//!
//! ```text
//!        N6  N5  N4  N3  N2  N1
//! North   4   4   4   4   4   4
//! South   4   4   4   4   4   4
//!        S1  S2  S3  S4  S5  S6
//! ```
//!
//! A pit closed with sand (Rio Kadalis after the first round of a match) is drawn as [`SAND`],
//! never as 0, and the status lines name the closed pits.

use std::fmt::Write as _;

use mancala_solver::{layout, BySide, Position, Scoring, Side};

use super::side_name;

/// Spaces between two columns of pits.
const GAP: usize = 2;

/// What a closed pit is drawn as: sand.
pub const SAND: &str = "░";

/// What pit `pit` of `side` shows: its seeds, or sand when it is closed.
fn cell_text(pos: &Position, side: Side, pit: usize) -> String {
    if pos.is_closed(side, pit) {
        SAND.to_owned()
    } else {
        pos.pit(side, pit).to_string()
    }
}

/// The label of a pit: the owner's letter and the owner's pit number, e.g. `S1`, `N14`.
fn pit_label(side: Side, pit: usize) -> String {
    format!("{}{}", side.letter(), pit)
}

/// The board of `pos` as lines of text (each ending in a newline): the rows of counts with their
/// pit labels, and on four-row boards a rule between North's rows and South's.
pub fn board(pos: &Position) -> String {
    let variant = pos.variant();
    let rows = layout(variant);
    let p = variant.pits_per_row();
    let four_rows = variant.rows() == 4;

    // Cells are right-aligned to the widest label or count on the board.
    let width = rows
        .iter()
        .flatten()
        .map(|&(side, pit)| {
            pit_label(side, pit)
                .len()
                .max(cell_text(pos, side, pit).chars().count())
        })
        .max()
        .unwrap_or(1);
    let name_of = |side: Side, inner: bool| -> String {
        match (four_rows, inner) {
            (false, _) => side_name(side).to_owned(),
            (true, false) => format!("{} outer", side_name(side)),
            (true, true) => format!("{} inner", side_name(side)),
        }
    };
    let name_width = if four_rows {
        "North outer".len()
    } else {
        "North".len()
    };
    let cells_width = rows.first().map_or(0, Vec::len) * (width + GAP) - GAP;

    let line = |name: &str, cells: Vec<String>| -> String {
        let mut text = format!("{name:<name_width$}");
        for cell in cells {
            let _ = write!(text, "{:>w$}", cell, w = width + GAP);
        }
        text.truncate(text.trim_end().len());
        text.push('\n');
        text
    };

    let mut out = String::new();
    let mut previous_side = None;
    for places in rows {
        let (side, first_pit) = places[0];
        let inner = first_pit > p;
        if four_rows && previous_side.is_some_and(|s| s != side) {
            // The rule between North's inner row and South's inner row.
            let _ = writeln!(
                out,
                "{:name_width$}{:>w$}",
                "",
                "-".repeat(cells_width),
                w = cells_width + GAP
            );
        }
        previous_side = Some(side);
        let labels = line("", places.iter().map(|&(s, k)| pit_label(s, k)).collect());
        let counts = line(
            &name_of(side, inner),
            places.iter().map(|&(s, k)| cell_text(pos, s, k)).collect(),
        );
        // Labels go on the outside of each side's block: above North's outer row and South's
        // inner row, below North's inner row and South's outer row.
        let labels_above = (side == Side::North) != inner;
        if labels_above {
            out.push_str(&labels);
            out.push_str(&counts);
        } else {
            out.push_str(&counts);
            out.push_str(&labels);
        }
    }
    out
}

/// The final totals as `South s, North n`.
fn totals_text(totals: BySide<u32>) -> String {
    format!("South {}, North {}", totals.south, totals.north)
}

/// Who wins a score game with these final totals.
fn score_result(totals: BySide<u32>) -> String {
    let BySide { south, north } = totals;
    match south.cmp(&north) {
        std::cmp::Ordering::Greater => format!("South wins by {}", south - north),
        std::cmp::Ordering::Less => format!("North wins by {}", north - south),
        std::cmp::Ordering::Equal => "a draw".to_owned(),
    }
}

/// The line that says the game is over in `pos` (whose final totals are `totals`, as
/// [`Position::game_over`] gives them), and who won. In the win/draw/loss variants the side to
/// move has lost and the totals decide nothing, so they are not repeated here.
pub fn game_over_line(pos: &Position, totals: BySide<u32>) -> String {
    let mover = side_name(pos.side());
    let winner = side_name(!pos.side());
    match pos.variant().scoring() {
        Scoring::WinDrawLoss => {
            format!("Game over: {mover}, to move, has no legal move and loses ({winner} wins).")
        }
        Scoring::Score => format!(
            "Game over: {mover}, to move, cannot play on. Final totals: {} ({}).",
            totals_text(totals),
            score_result(totals)
        ),
    }
}

/// The lines under the board: who is to move (or that the game is over, with the final totals),
/// the seeds captured so far and the seeds each side has on the board.
pub fn status(pos: &Position) -> String {
    let mut out = match pos.game_over() {
        Some(totals) => game_over_line(pos, totals),
        None => format!("{} to move.", side_name(pos.side())),
    };
    out.push('\n');
    out.push_str(&seeds_line(pos));
    out.push_str(&closed_line(pos));
    out
}

/// `Closed with sand (░): South's pits 1, 2; North's pit 1.` and a newline, or nothing when
/// every pit is open.
pub fn closed_line(pos: &Position) -> String {
    let l = pos.variant().pits_per_side();
    let sides: Vec<String> = [Side::South, Side::North]
        .into_iter()
        .filter_map(|side| {
            let pits: Vec<String> = (1..=l)
                .filter(|&k| pos.is_closed(side, k))
                .map(|k| k.to_string())
                .collect();
            let noun = if pits.len() == 1 { "pit" } else { "pits" };
            (!pits.is_empty()).then(|| format!("{}'s {noun} {}", side_name(side), pits.join(", ")))
        })
        .collect();
    if sides.is_empty() {
        return String::new();
    }
    format!("Closed with sand ({SAND}): {}.\n", sides.join("; "))
}

/// `Captured: South s, North n.  On the board: South a, North b.` and a newline.
pub fn seeds_line(pos: &Position) -> String {
    let l = pos.variant().pits_per_side();
    let on_board = |side: Side| -> u32 { (1..=l).map(|k| u32::from(pos.pit(side, k))).sum() };
    format!(
        "Captured: {}.  On the board: South {}, North {}.\n",
        totals_text(pos.captured()),
        on_board(Side::South),
        on_board(Side::North)
    )
}

/// What `mancala show` prints: the variant and canonical position string, the board and the
/// status lines.
pub fn render(pos: &Position) -> String {
    format!(
        "{} ({})  {}\n\n{}\n{}",
        pos.variant().name(),
        pos.variant().id(),
        pos,
        board(pos),
        status(pos)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_solver::Variant;

    #[test]
    fn start_boards_have_one_label_line_per_row() {
        let two = board(&Position::start(Variant::RioKadalis));
        assert_eq!(two.lines().count(), 4, "{two}");
        let four = board(&Position::start(Variant::Hawalis));
        // Four count rows, four label rows and the rule between the sides.
        assert_eq!(four.lines().count(), 9, "{four}");
    }

    #[test]
    fn closed_pits_are_sand_and_named() {
        // North's pits 5 and 6 (the top row's first two places) and South's pit 1 closed.
        let p = Position::parse(Variant::RioKadalis, "x,x,4,4,4,4/x,4,4,4,4,4 S").unwrap();
        let text = board(&p);
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows[1], "North   ░   ░   4   4   4   4", "{text}");
        assert_eq!(rows[2], "South   ░   4   4   4   4   4", "{text}");
        assert_eq!(
            closed_line(&p),
            "Closed with sand (░): South's pit 1; North's pits 5, 6.\n"
        );
        assert_eq!(closed_line(&Position::start(Variant::RioKadalis)), "");
    }

    #[test]
    fn score_results() {
        assert_eq!(score_result(BySide::new(10, 10)), "a draw");
        assert_eq!(score_result(BySide::new(12, 10)), "South wins by 2");
        assert_eq!(score_result(BySide::new(0, 4)), "North wins by 4");
    }
}

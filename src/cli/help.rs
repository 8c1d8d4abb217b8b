//! The top-level help of `mancala`: what it is, the variants, and the position notation
//! (docs/rules.md#notation), shown by `mancala --help`.

use mancala_solver::Variant;

/// The one-line description shown by `mancala -h` and at the top of `mancala --help`.
pub const ABOUT: &str = "Perfect-play endgame database and puzzles for traditional mancala games";

/// The description at the top of `mancala --help`: [`ABOUT`], then every variant by name (from
/// [`Variant::ALL`], so that a new variant is listed without editing this text).
pub fn long_about() -> String {
    let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
    format!(
        "{ABOUT}.\n\nVariants: {} (see `mancala variants`). Positions are written in one line of \
         text, described below.",
        names.join(", ")
    )
}

/// The position notation and pit numbering (docs/rules.md#notation), after the commands in
/// `mancala --help`.
pub const NOTATION_HELP: &str = "\
POSITION NOTATION

South (S) sits at the bottom of the drawn board and moves first; North (N) at the top.
Two-row boards (P pits a row): South owns the bottom row, North the top row.
Four-row boards: South owns the two bottom rows (outer = bottom row, inner = the row above it),
North the two top rows (outer = top row, inner = the row below it); the inner rows face each
other.

Pit numbers: every player numbers their own pits from their own seat. The outer (or only) row is
1..P from the player's left to right; on four-row boards the inner row continues P+1..2P from the
player's right to left. Counter-clockwise sowing visits a player's own pits in increasing number.

  Two rows (Rio Kadalis, P = 6):       Four rows (Hawalis, P = 7):
     N6 N5 N4 N3 N2 N1                    N7  N6  N5  N4  N3  N2  N1    North outer
     S1 S2 S3 S4 S5 S6                    N8  N9 N10 N11 N12 N13 N14    North inner
                                         S14 S13 S12 S11 S10  S9  S8    South inner
                                          S1  S2  S3  S4  S5  S6  S7    South outer

A position is `ROWS SIDE [CAPTURED]`, fields separated by one space (or `_`, handy in URLs and
unquoted shell arguments):
  ROWS      the rows from top to bottom as drawn, separated by `/`; in every row the pit counts
            from left to right as South sees them, separated by `,`.
              two-row:  N P..1 / S 1..P
              four-row: N outer P..1 / N inner P+1..2P / S inner 2P..P+1 / S outer 1..P
  SIDE      `S` or `N`: the side to move.
  CAPTURED  `s-n`: seeds already captured by South and by North (optional, default 0-0).
In Rio Kadalis a pit closed with sand (from the second round of a match on) is written `x`; it is
never played nor sown into.

Examples:
  Rio Kadalis start:  4,4,4,4,4,4/4,4,4,4,4,4 S
  Hawalis start:      2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2 S
  After South's 1 and North's 4 in Rio Kadalis, North having captured 4:
                      8,1,1,1,7,7/0,8,2,7,2,0 S 0-4
  Rio Kadalis, North's pits 5 and 6 closed:
                      x,x,4,4,4,4/4,4,4,4,4,4 S

A move is the mover's own pit number (1..P, or 1..2P on four-row boards), or `pass` where the
variant makes a player pass. A game record is a list of moves separated by spaces.

  mancala show rio-kadalis '4,4,4,4,4,4/4,4,4,4,4,4 S'
  mancala moves rio-kadalis 4,4,4,4,4,4/4,4,4,4,4,4_S
  mancala play rio-kadalis 1 4

Bad input (a position that does not parse or cannot occur, an illegal move) prints
`error: <message>` on standard error and exits with code 2.";

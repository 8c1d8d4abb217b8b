//! Every rule of docs/rules.md (notation and variants), for the six traditional variants and for
//! Kalah and Oware, by hand-worked examples: a position, a move, and what must follow, with the
//! working written out. Each example is checked against the engine (`Position::play`) and against
//! the plain rules of the `mancala-check` crate (its `reference` view), so that a slip in the
//! working shows up as a disagreement with both.
//!
//! The examples are written as documents, one a variant (`hawalis.md`, `kalah.md`...) and one
//! for the board (`board.md`): each `## Heading` is an example, its prose the working, and its
//! lines indented by four spaces the checks, run in order:
//!
//! * `VARIANT ROWS SIDE [CAPTURED]`: this position of this variant is the current one;
//! * `pits S1=4 N14=0 ...`: the seeds in those pits (each in its owner's numbering);
//! * `legal 1 4 pass` or `legal none`: exactly these legal moves, in this order;
//! * `illegal 7`: the move is refused, the error listing the moves of the `legal` check before;
//! * `over 10-42` or `not over`: the game is over with these final totals (South-North), or not;
//! * `play M -> AFTER; gains S-N[; extra turn][; ends the game][; endless]`: the move leads to
//!   AFTER, South and North having gained S and N seeds with it; AFTER becomes the current
//!   position.
//!
//! `endless` (a sowing that never ends) also ends the game. What does not fit these checks
//! (the drawn layout, start positions, positions found by a search) is in `board.rs` and
//! `search.rs`; the positions a variant refuses are in `notation_errors.rs`.
//!
//! Notation reminders (docs/rules.md#notation):
//! * two-row `N P..1 / S 1..P`: the top row lists North's pits from P down to 1, the bottom row
//!   South's pits from 1 up to P;
//! * four-row `N outer P..1 / N inner P+1..2P / S inner 2P..P+1 / S outer 1..P`.

/// The plain rules of the `mancala-check` crate, which share no code with the engine.
mod reference {
    pub use mancala_check::reference::*;

    /// The same variant as the plain rules name it.
    pub fn plain(v: mancala_solver::Variant) -> mancala_check::Variant {
        v.id().parse().expect("the plain rules know every variant")
    }
}

mod board;
mod check;
mod examples;
mod search;

/// One test a file of examples.
macro_rules! worked_examples {
    ($($test:ident: $file:literal,)*) => {$(
        #[test]
        fn $test() {
            examples::run($file, include_str!($file));
        }
    )*};
}

worked_examples! {
    board_by_hand: "board.md",
    hawalis_by_hand: "hawalis.md",
    bao_la_kiarabu_by_hand: "bao-la-kiarabu.md",
    al_manqala_by_hand: "al-manqala.md",
    anywoli_by_hand: "anywoli.md",
    rio_kadalis_by_hand: "rio-kadalis.md",
    kalah_by_hand: "kalah.md",
    oware_by_hand: "oware.md",
}

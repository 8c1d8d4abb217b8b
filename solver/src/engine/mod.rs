//! A search engine for every variant: the value of any legal position and of each of its moves,
//! exact where the search can prove it, a labelled estimate where it cannot.
//!
//! The tablebase holds the positions with few seeds; games start with many. [`Engine::analyse`]
//! searches forward from a position, over the allocation-free rules engine
//! ([`crate::rules::expand`]), until it reaches positions the tablebase holds (exact leaves,
//! through a callback, so that this crate knows nothing of the database), the end of the game,
//! or the depth of the current iteration, where a heuristic scores the frontier.
//!
//! * Iterative deepening (`root.rs`) over fail-soft negamax alpha-beta (`negamax.rs`), with a
//!   fixed-size transposition table (`table.rs`) and move ordering (`move_list.rs`), for half
//!   the budget; then, if the value is not exact, proof-number search of one threshold question
//!   at a time (`proof.rs`), whose answers are facts stored in the same table.
//! * Values mean what docs/rules.md#values-and-depths says, for every variant: the margin of seeds still to win
//!   (score variants) or -1, 0, +1 (win/draw/loss variants); a move's value follows from its
//!   child's as [`crate::value::move_value`] says, an endless sowing being the loss it is.
//!   Internally scores are sixteenths of a seed (`score.rs`), so that frontier estimates
//!   (`evaluation.rs`) are finer than a seed and never collide with exact values.
//! * A budget of nodes and time ([`Budget`]); running out is never an error ([`Limit`]).
//!
//! # Exactness
//!
//! Every result carries what each of its bounds rests on (`score.rs`): a bound is *proven*, true
//! of the position whatever a complete tablebase says, when it rests only on game ends, tablebase
//! values, proven bounds and complete subtrees, with no frontier estimate. Proven bounds are
//! stored in the table and reused at any depth. A move's value is exact when both its bounds are
//! proven; the position's value is exact when a move is proven to reach it and every move proven
//! not to exceed it, and deepening stops there.
//!
//! # Cycles
//!
//! Every variant but Kalah can cycle: moves that capture nothing can bring a position back. The
//! value of a position (docs/rules.md#values-and-depths) counts endless play as 0. The search scores a position
//! repeated on its path (same board, same side to move, since the last capture) as 0, which is
//! right for the line but depends on the path: the same position reached by another path may not
//! repeat anything. Such results are never stored as proven.
//!
//! Which results are path-dependent is sharper than "any repetition below": a result at ply `p`
//! that rests on repetitions only of positions at ply `p` or deeper is proven. Why: below `p`, the
//! search evaluates a game tree whose leaves are true values (game ends, tablebase, proven
//! bounds) or repetitions scored 0, and such a tree has the true value at its root. Take a
//! threshold `t > 0`. If the side to move at `p` can force `t` or more (in the real game, where
//! endless play is 0), it does so by always moving closer to its goal, so its lines never repeat
//! and end in leaves worth `t` or more: the tree gives at least `t`. If it cannot, the opponent
//! has a way to keep every line either at leaves worth less than `t` or cycling, and a cycle in
//! the tree is a repetition scored 0, also less than `t`: the tree gives less than `t`. The same
//! holds for `t <= 0` from the other side, so the tree's value is the true value; alpha-beta's
//! bounds are backed by strategies within the searched part of such a tree, so they are true
//! bounds too. A repetition of a position *above* `p`, however, is a leaf that the search from
//! `p` on its own would not have, so it spoils this at `p` (and is fine again at that shallower
//! ply). The root searches each move's child as a root of its own, so no root answer is ever
//! path-dependent: a position whose best play cycles gets its exact value 0.

mod answer;
mod budget;
mod evaluation;
mod fingerprint;
mod move_list;
mod negamax;
mod path;
mod proof;
mod proof_table;
mod reaches;
mod root;
mod score;
mod table;

pub use answer::{Analysis, MoveAnalysis, SearchValue};
pub use budget::{Budget, Limit};
pub use path::MAX_DEPTH;
pub use reaches::Reach;
pub use table::{table_bits, TranspositionTable};

use crate::position::Board;
use crate::{Family, Shape, Variant};
use budget::Meter;
use path::Path;
use proof_table::ProofTable;
use table::Table;

/// What the engine asks at every node: the tablebase's exact value of a board (seen from the
/// side to move) where it holds it, quickly `None` where it cannot. A closure `Fn(&Board) ->
/// Option<i8>` is a leaf of boards with every pit open; [`ShapedLeaf`] also answers boards with
/// closed pits (Rio Kadalis's shape tables).
pub trait Leaf {
    /// The value of `board`, every pit open.
    fn value(&self, board: &Board) -> Option<i8>;
    /// The value of `board` whose closed pits are `shape` (seen from the side to move, like the
    /// board, in any layout): none unless the leaf reads shape tables.
    #[inline]
    fn shaped_value(&self, _board: &Board, _shape: Shape) -> Option<i8> {
        None
    }
}

impl<F: Fn(&Board) -> Option<i8>> Leaf for F {
    #[inline]
    fn value(&self, board: &Board) -> Option<i8> {
        self(board)
    }
}

/// A leaf asked of every board with its closed pits: `F(board, shape)`, [`Shape::OPEN`] for a
/// full board.
pub struct ShapedLeaf<F>(pub F);

impl<F: Fn(&Board, Shape) -> Option<i8>> Leaf for ShapedLeaf<F> {
    #[inline]
    fn value(&self, board: &Board) -> Option<i8> {
        (self.0)(board, Shape::OPEN)
    }

    #[inline]
    fn shaped_value(&self, board: &Board, shape: Shape) -> Option<i8> {
        (self.0)(board, shape)
    }
}

/// A searcher for one variant, with its tablebase callback and its transposition table. The
/// table is kept from one [`Engine::analyse`] to the next, so that analysing the positions of
/// one game shares the work; it never holds anything that depends on the budget or the path.
pub struct Engine<L: Leaf> {
    variant: Variant,
    /// The tablebase: the exact value of a board (seen from the side to move) when it holds it.
    /// Asked at every node, so it should say `None` quickly for boards it cannot hold.
    leaf: L,
    /// The closed pits of the board being searched, seen from its side to move: open but in
    /// the later rounds of a Rio Kadalis match. Set at the root, flipped with the board.
    shape: Shape,
    table: Table,
    /// The numbers of questions the proofs have not settled yet ([`proof`]).
    proof_table: ProofTable,
    path: Path,
    meter: Meter,
    /// Every search uses the table at least at the size a search of this many nodes uses
    /// ([`Engine::keep_table_for`]).
    table_floor: u64,
}

impl<L: Leaf> Engine<L> {
    /// An engine for `variant` whose transposition table holds `2^table_bits` entries of 32
    /// bytes (20 bits: 32 MiB), probing `leaf` for exact values.
    pub fn new(variant: Variant, table_bits: u32, leaf: L) -> Engine<L> {
        Engine::with_table(variant, TranspositionTable::new(table_bits), leaf)
    }

    /// An engine for `variant` that searches with `table` (one an earlier engine handed back
    /// with [`Engine::into_table`]): kept as it is when it last served `variant`, cleared
    /// otherwise.
    pub fn with_table(variant: Variant, table: TranspositionTable, leaf: L) -> Engine<L> {
        let TranspositionTable {
            table: mut t,
            proofs,
            variant: used_for,
        } = table;
        if used_for.is_some_and(|v| v != variant) {
            t.clear();
        }
        t.set_cyclic(variant.family() != Family::Kalah);
        Engine {
            variant,
            leaf,
            shape: Shape::OPEN,
            table: t,
            proof_table: proofs,
            path: Path::new(),
            meter: Meter::start(Budget::UNLIMITED, None),
            table_floor: 0,
        }
    }

    /// The tablebase's value of `board` with the closed pits `shape` (the engine's leaf).
    #[inline]
    fn leaf_value(&self, board: &Board, shape: Shape) -> Option<i8> {
        match shape.is_open() {
            true => self.leaf.value(board),
            false => self.leaf.shaped_value(board, shape),
        }
    }

    /// The engine's table, with what its searches stored, for the next engine of any variant.
    pub fn into_table(self) -> TranspositionTable {
        TranspositionTable {
            table: self.table,
            proofs: self.proof_table,
            variant: Some(self.variant),
        }
    }

    /// The variant searched.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Makes every later search use the table at least at the size a search of `nodes` nodes
    /// uses, however small its own budget: for a caller that asks many small questions after
    /// one large search (the certificate builder), so that they find what it stored rather than
    /// look in, and overwrite, the few entries a small search uses.
    pub fn keep_table_for(&mut self, nodes: u64) {
        self.table_floor = nodes;
    }

    /// The table size (log2 of entries) a search of `budget` uses.
    fn table_bits_for(&self, budget: Budget) -> u32 {
        table_bits(budget.nodes.max(self.table_floor))
    }

    /// Forgets what earlier analyses stored, so that the next one depends on its position and
    /// budget alone: a search that stops at its budget proves more with a table that already
    /// knows positions, so a caller that must get the same answers whatever it searched before
    /// (the puzzle composer, run on several threads) clears the table first.
    pub fn clear_table(&mut self) {
        self.table.clear();
        self.proof_table.clear();
    }
}

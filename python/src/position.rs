//! `Position` and `Played`: positions read, validated and written as docs/rules.md's notation
//! says, and legal moves with what each does: the solver crate's rules, not a copy of them.

use mancala_solver::{Board, BySide, Move, Played, Position, Side, Slice};
use pyo3::prelude::*;

use crate::errors::{PositionError, Raise};
use crate::variant::{PyVariant, VariantArg};

/// A legal position of a variant: `Position("rio-kadalis", "0,0,1,0,2,1/1,0,0,3,0,0 S")`.
/// Immutable and hashable; `str()` writes it back in canonical notation.
#[pyclass(
    name = "Position",
    module = "mancala_tb",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyPosition(pub Position);

/// A move given as a pit number (int or text) or `"pass"`.
#[derive(FromPyObject)]
pub enum MoveArg {
    /// A pit number.
    Pit(i64),
    /// As written: `"3"` or `"pass"`.
    Text(String),
}

impl MoveArg {
    /// The move as text, for the rules to read (and to name in an error).
    pub fn text(&self) -> String {
        match self {
            MoveArg::Pit(k) => k.to_string(),
            MoveArg::Text(t) => t.clone(),
        }
    }
}

/// `S` or `N`.
pub fn side_letter(side: Side) -> &'static str {
    match side {
        Side::South => "S",
        Side::North => "N",
    }
}

/// Reads `S` or `N` (or `south`, `north`).
fn parse_side(text: &str) -> PyResult<Side> {
    match text {
        "S" | "s" | "south" => Ok(Side::South),
        "N" | "n" | "north" => Ok(Side::North),
        other => Err(PositionError::new_err(format!(
            "unknown side `{other}`: expected `S` or `N`"
        ))),
    }
}

#[pymethods]
impl PyPosition {
    /// Reads `text` (`ROWS SIDE [CAPTURED]`, docs/rules.md#notation) as a position of
    /// `variant`; `PositionError` says what is wrong, as `mancala show` does.
    #[new]
    fn new(variant: VariantArg, text: &str) -> PyResult<PyPosition> {
        Position::parse(variant.get()?, text)
            .raise()
            .map(PyPosition)
    }

    /// The start of a game of `variant`.
    #[staticmethod]
    fn start(variant: VariantArg) -> PyResult<PyPosition> {
        Ok(PyPosition(Position::start(variant.get()?)))
    }

    /// The position whose board seen from the side to move is `board`: the side to move's
    /// pits 1..L, then the opponent's pits 1..L, each in its owner's numbering. That is a row of
    /// `Tablebase.slice_arrays(...)["boards"]`, so that a row maps back to its position.
    /// `side` is the side to move (`S` or `N`), `captured` the seeds each side has taken,
    /// `(south, north)`.
    #[staticmethod]
    #[pyo3(signature = (variant, board, side = "S", captured = (0, 0)))]
    fn from_board(
        variant: VariantArg,
        board: Vec<u32>,
        side: &str,
        captured: (u32, u32),
    ) -> PyResult<PyPosition> {
        let variant = variant.get()?;
        let cells = 2 * variant.pits_per_side();
        if board.len() != cells {
            return Err(PositionError::new_err(format!(
                "a board of {} has {cells} pits (the mover's {} then the opponent's), not {}",
                variant.id(),
                variant.pits_per_side(),
                board.len()
            )));
        }
        let mut relative = Board::EMPTY;
        for (i, &seeds) in board.iter().enumerate() {
            relative.cells[i] = u8::try_from(seeds).map_err(|_| {
                PositionError::new_err(format!("pit {} holds {seeds} seeds: too many", i + 1))
            })?;
        }
        let side = parse_side(side)?;
        let position = Position::from_relative(
            variant,
            &relative,
            side,
            BySide::new(captured.0, captured.1),
        );
        // Through the notation, so that every limit of the variant is checked by the rules'
        // own validation (seed totals, per-side limits, captured seeds).
        Position::parse(variant, &position.to_string())
            .raise()
            .map(PyPosition)
    }

    /// The variant.
    #[getter]
    fn variant(&self) -> PyVariant {
        PyVariant(self.0.variant())
    }

    /// The side to move: `S` or `N`.
    #[getter]
    fn side(&self) -> &'static str {
        side_letter(self.0.side())
    }

    /// Seeds captured so far, `(south, north)`.
    #[getter]
    fn captured(&self) -> (u32, u32) {
        let c = self.0.captured();
        (c.south, c.north)
    }

    /// Seeds on the board.
    #[getter]
    fn seeds_on_board(&self) -> u32 {
        self.0.seeds_on_board()
    }

    /// The seeds of `side`'s pits 1..L, in its own numbering (docs/rules.md#notation); `None`
    /// for a pit closed with sand (Rio Kadalis after a match's first round).
    fn pits(&self, side: &str) -> PyResult<Vec<Option<u32>>> {
        let side = parse_side(side)?;
        Ok((1..=self.0.variant().pits_per_side())
            .map(|k| (!self.0.is_closed(side, k)).then(|| u32::from(self.0.pit(side, k))))
            .collect())
    }

    /// Whether any pit is closed with sand: such a position is in its shape table's slice
    /// (`slice`), not in the full board's.
    #[getter]
    fn has_closed_pits(&self) -> bool {
        self.0.has_closed_pits()
    }

    /// The board seen from the side to move, as the tablebase numbers it: its pits 1..L, then
    /// the opponent's 1..L (a row of `slice_arrays`). A position with closed pits has no such
    /// row: `PositionError`.
    #[getter]
    fn board(&self) -> PyResult<Vec<u32>> {
        self.every_pit_open()?;
        let cells = 2 * self.0.variant().pits_per_side();
        Ok(self.0.relative_board().cells[..cells]
            .iter()
            .map(|&c| u32::from(c))
            .collect())
    }

    /// The slice the tablebase stores this position in (`"12"`, `"5-3"` in four-row variants:
    /// the mover's seeds, then the opponent's, or `"44@5+6"` for a board with closed pits: its
    /// shape table's, by the open pits of mover and opponent) and its row there.
    #[getter]
    fn slice(&self) -> (String, u64) {
        let (shape, board) = (self.0.relative_shape(), self.0.relative_board());
        let (slice, laid_out) = Slice::of_board(self.0.variant(), shape, &board);
        (slice.id.to_string(), slice.index(&laid_out))
    }

    /// The final totals `(south, north)` when the game is over here, else `None`.
    #[getter]
    fn game_over(&self) -> Option<(u32, u32)> {
        self.0.game_over().map(|t| (t.south, t.north))
    }

    /// The legal moves, in pit order, as written (`"3"`, `"pass"`).
    fn legal_moves(&self) -> Vec<String> {
        self.0.legal_moves().iter().map(Move::to_string).collect()
    }

    /// Every legal move with what it does, in pit order.
    fn moves(&self) -> Vec<PyPlayed> {
        self.0.successors().into_iter().map(PyPlayed).collect()
    }

    /// Plays `move` (a pit number or `"pass"`); `MoveError` says why it is not legal and which
    /// moves are.
    #[pyo3(signature = (r#move))]
    fn play(&self, r#move: MoveArg) -> PyResult<PyPlayed> {
        self.0.play_text(&r#move.text()).raise().map(PyPlayed)
    }

    /// The position after `moves`, played in order; `MoveError` names the first that is not
    /// legal, by its place in the list.
    fn play_record(&self, moves: Vec<MoveArg>) -> PyResult<PyPosition> {
        let mut position = self.0;
        for (i, mv) in moves.iter().enumerate() {
            let text = mv.text();
            position = match position.play_text(&text) {
                Ok(played) => played.after,
                Err(e) => {
                    return Err(crate::errors::MoveError::new_err(format!(
                        "move {} of the record (`{text}`, in `{position}`): {}",
                        i + 1,
                        crate::errors::message(&e)
                    )))
                }
            };
        }
        Ok(PyPosition(position))
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Position({:?}, {:?})",
            self.0.variant().id(),
            self.0.to_string()
        )
    }
}

impl PyPosition {
    /// `PositionError` when a pit is closed: such a board is no row of a full board's slice
    /// (its shape table lays out its open pits alone, see `slice`).
    fn every_pit_open(&self) -> PyResult<()> {
        if self.0.has_closed_pits() {
            return Err(PositionError::new_err(format!(
                "{}: a position with closed pits has no row of every pit; its shape table \
                 numbers its open pits alone (see `slice`)",
                self.0
            )));
        }
        Ok(())
    }
}

/// A legal move played from a position, and what it did.
#[pyclass(name = "Played", module = "mancala_tb", frozen)]
#[derive(Clone, Copy)]
pub struct PyPlayed(pub Played);

#[pymethods]
impl PyPlayed {
    /// The move as written: `"3"` or `"pass"`.
    #[getter]
    fn r#move(&self) -> String {
        self.0.mv.to_string()
    }

    /// The position after it (captured seeds updated; when it ends the game, every seed
    /// allocated).
    #[getter]
    fn after(&self) -> PyPosition {
        PyPosition(self.0.after)
    }

    /// Seeds it added to each side, `(south, north)`: captures, and the allocation at the end
    /// of the game when it ends it.
    #[getter]
    fn captured(&self) -> (u32, u32) {
        (self.0.captured.south, self.0.captured.north)
    }

    /// The mover moves again.
    #[getter]
    fn extra_turn(&self) -> bool {
        self.0.extra_turn
    }

    /// The game is over after it.
    #[getter]
    fn ends_game(&self) -> bool {
        self.0.ends_game
    }

    /// The sowing never ends (Hawalis, Bao la Kiarabu), which loses the game for the mover.
    #[getter]
    fn endless(&self) -> bool {
        self.0.endless
    }

    fn __repr__(&self) -> String {
        format!(
            "Played({:?} -> {:?})",
            self.0.mv.to_string(),
            self.0.after.to_string()
        )
    }
}

/// The position the evaluating methods are asked about: `(position)` with a `Position`, or
/// `(variant, text)` with a variant (or its id) and a position string.
pub fn resolve(first: &Bound<'_, PyAny>, text: Option<&str>) -> PyResult<Position> {
    match text {
        Some(text) => {
            let variant: VariantArg = first.extract()?;
            Position::parse(variant.get()?, text).raise()
        }
        None => match first.extract::<PyPosition>() {
            Ok(p) => Ok(p.0),
            Err(_) => Err(PositionError::new_err(format!(
                "expected a Position, or a variant and a position string \
                 (evaluate(\"rio-kadalis\", \"0,0,1,0,2,1/1,0,0,3,0,0 S\")), not {}",
                first.repr()?
            ))),
        },
    }
}

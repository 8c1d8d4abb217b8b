//! How a composition of problems draws its candidates: what a composition is filed under beside
//! its variant, range and seed, so that the composer (`compose`) and the store (`store`) share
//! it without importing each other.

/// How a composition draws its candidates, as a user asks for them (`mancala puzzles compose
/// --scan`, `--closed-pits`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draw {
    /// Random positions of the range and positions of the engine's games, every pit open.
    Sample,
    /// Every position of the solved range in turn ([`crate::compose::scan::Scan`]).
    Scan,
    /// Random positions of the range on boards with pits closed with sand (Rio Kadalis, a
    /// match's later rounds): the boards of every shape table's slices, the closed pits the
    /// low-numbered ones as a match closes them.
    SampleClosed,
}

impl Draw {
    /// The number it is filed under with a composition's progress (the `scan` column, which
    /// held 0 and 1 before closed boards were drawn).
    pub fn code(self) -> i64 {
        match self {
            Draw::Sample => 0,
            Draw::Scan => 1,
            Draw::SampleClosed => 2,
        }
    }
}

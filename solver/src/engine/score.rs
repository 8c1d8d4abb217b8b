//! The engine's internal score scale, and what a score rests on.
//!
//! Scores are kept in sixteenths of a seed ([`UNIT`] to a seed): exact values are multiples of
//! 16, while the heuristic at the frontier ([`super::evaluation`]) is always odd, so an estimate
//! can be finer than a seed and never reads as an exact value by accident. Win/draw/loss
//! variants use the same scale with values -16, 0 and +16 and estimates strictly between.
//!
//! A score alone does not say whether it can be trusted; its [`Basis`] does (one for each of
//! the two bounds a fail-soft score claims, see [`Outcome`]). Exactness is
//! tracked, not guessed: every result carries whether a frontier estimate went into it, and the
//! lowest ply of the search path whose position it found repeated (a repetition scores as
//! endless play, 0, which is the value of that line only because of where the search came from).

/// Sixteenths of a seed in one seed: the internal scale.
pub(super) const UNIT: i32 = 16;

/// Beyond every score: no value is larger than 98 seeds (1568 sixteenths), and the table stores
/// scores in an `i16`.
pub(super) const INFINITY: i32 = 1 << 14;

/// No repeated position: the anchor of a result that rests on no repetition.
const NO_ANCHOR: u16 = u16::MAX;

/// What a search result rests on.
///
/// A result at ply `p` is *proven* (a fact about the position, the same by whatever path it is
/// reached, storable in the table as exact and reusable at any depth) when no estimate went into
/// it and every repetition it rests on repeats a position at ply `p` or deeper. A repetition of
/// a position above `p` makes it path-dependent: proven perhaps at that shallower ply, not here.
/// See the module documentation of [`super`] for why repetitions at or below `p` are harmless.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Basis {
    /// A frontier estimate (or an estimate from the table) went into the result.
    estimated: bool,
    /// The lowest ply of a repeated position the result rests on; [`NO_ANCHOR`] for none.
    anchor: u16,
}

impl Basis {
    /// Rests only on facts: game ends, tablebase values, proven table bounds.
    pub(super) const EXACT: Basis = Basis {
        estimated: false,
        anchor: NO_ANCHOR,
    };

    /// Rests on a heuristic estimate.
    pub(super) const ESTIMATE: Basis = Basis {
        estimated: true,
        anchor: NO_ANCHOR,
    };

    /// Endless play, because the position stood at ply `ply` of the path already.
    pub(super) fn repetition(ply: usize) -> Basis {
        Basis {
            estimated: false,
            anchor: ply as u16,
        }
    }

    /// What a result resting on both `self` and `other` rests on.
    #[inline]
    pub(super) fn combined(self, other: Basis) -> Basis {
        Basis {
            estimated: self.estimated || other.estimated,
            anchor: self.anchor.min(other.anchor),
        }
    }

    /// Whether a result at ply `ply` with this basis is a fact about its position.
    #[inline]
    pub(super) fn is_proven_at(self, ply: usize) -> bool {
        !self.estimated && usize::from(self.anchor) >= ply
    }

    /// Whether an estimate went into the result.
    #[inline]
    pub(super) fn is_estimate(self) -> bool {
        self.estimated
    }
}

/// A fail-soft search result: `score` in sixteenths, and what each of its two claims rests on.
///
/// A score claims `value >= score` (unless the search failed low) and `value <= score` (unless
/// it failed high). The two claims rest on different parts of the tree: the first on the best
/// move alone, the second on every move. So each has its own [`Basis`], or none when the claim
/// is not made, and a proven lower bound can be stored even when the upper one rests on a
/// repetition or an estimate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Outcome {
    /// The score for the side to move, in sixteenths of a seed.
    pub(super) score: i32,
    /// What `value >= score` rests on; `None` when the search does not claim it.
    pub(super) lower: Option<Basis>,
    /// What `value <= score` rests on; `None` when the search does not claim it.
    pub(super) upper: Option<Basis>,
}

impl Outcome {
    /// A score that is the value, both ways resting on `basis`.
    #[inline]
    pub(super) fn value(score: i32, basis: Basis) -> Outcome {
        Outcome {
            score,
            lower: Some(basis),
            upper: Some(basis),
        }
    }

    /// A score that is a fact.
    #[inline]
    pub(super) fn exact(score: i32) -> Outcome {
        Outcome::value(score, Basis::EXACT)
    }

    /// A heuristic score.
    #[inline]
    pub(super) fn estimate(score: i32) -> Outcome {
        Outcome::value(score, Basis::ESTIMATE)
    }

    /// The same result seen by the other side, after a move that gained `gain` and passed the
    /// turn: the score negated and shifted, the claims swapped.
    #[inline]
    pub(super) fn for_opponent_mover(self, gain: i32) -> Outcome {
        Outcome {
            score: gain - self.score,
            lower: self.upper,
            upper: self.lower,
        }
    }

    /// The same result after a move that gained `gain` and gave the mover another turn.
    #[inline]
    pub(super) fn for_same_mover(self, gain: i32) -> Outcome {
        Outcome {
            score: gain + self.score,
            ..self
        }
    }

    /// At a search root (ply 0, where no repetition is path-dependent): whether
    /// `value >= score` is proven.
    pub(super) fn proves_at_least(&self) -> bool {
        self.lower.is_some_and(|b| b.is_proven_at(0))
    }

    /// At a search root: whether `value <= score` is proven.
    pub(super) fn proves_at_most(&self) -> bool {
        self.upper.is_some_and(|b| b.is_proven_at(0))
    }
}

/// A score in sixteenths rounded to whole seeds (or to -1, 0, +1 in win/draw/loss variants),
/// halves away from zero: exact scores are multiples of [`UNIT`] and come out unchanged.
pub(super) fn to_seeds(score: i32) -> i8 {
    let half = UNIT / 2;
    let rounded = if score >= 0 {
        (score + half) / UNIT
    } else {
        (score - half) / UNIT
    };
    rounded.clamp(i8::MIN.into(), i8::MAX.into()) as i8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repetitions_below_a_node_do_not_make_it_path_dependent() {
        let b = Basis::EXACT.combined(Basis::repetition(3));
        assert!(b.is_proven_at(3));
        assert!(b.is_proven_at(0));
        assert!(!b.is_proven_at(4));
        assert!(!Basis::ESTIMATE.is_proven_at(0));
        assert!(Basis::repetition(5).combined(Basis::ESTIMATE).is_estimate());
    }

    #[test]
    fn rounding_keeps_exact_values_and_rounds_halves_away_from_zero() {
        assert_eq!(to_seeds(3 * UNIT), 3);
        assert_eq!(to_seeds(-3 * UNIT), -3);
        assert_eq!(to_seeds(7), 0);
        assert_eq!(to_seeds(8), 1);
        assert_eq!(to_seeds(-8), -1);
        assert_eq!(to_seeds(-25), -2);
    }
}

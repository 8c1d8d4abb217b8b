//! Ratings: an initial rating from a puzzle's difficulty, and Glicko-2 updates of the puzzle
//! and the player at a player's first attempt (the puzzle is rated like a player: it wins when
//! the player fails), recorded with the attempt.

use mancala_db::DbError;
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::{NewAttempt, PuzzleRating, PuzzleStore, RecordedAttempt, Solution, Theme};

/// Rating deviation of a new puzzle: Glicko-2's deviation for an unknown player.
pub const INITIAL_DEVIATION: f64 = 350.0;
/// Volatility of a new puzzle: Glicko-2's usual starting value.
pub const INITIAL_VOLATILITY: f64 = 0.06;

/// The initial rating from what makes a puzzle hard: each extra move of the solver, each
/// tempting capture that loses, and themes that hide the solution (a quiet first move, a
/// sacrifice, a relay whose end must be counted, and the motifs of the Anuak problems: binikh
/// chains with extra turns, relay chains, forks, North left without a move). Clamped to
/// 600..2600.
pub fn initial_rating(s: &Solution, themes: &[Theme]) -> f64 {
    let mut r = 1000.0;
    r += 200.0 * (s.moves_to_find() as f64 - 1.0);
    r += 60.0 * s.tempting as f64;
    r += 10.0 * s.choices as f64;
    for t in themes {
        r += match t {
            Theme::Sacrifice => 150.0,
            Theme::Quiet => 100.0,
            Theme::Relay | Theme::Chain => 60.0,
            Theme::Immobilisation | Theme::Starvation => 40.0,
            Theme::Binikh | Theme::ExtraTurn | Theme::BinikhFork => 40.0,
            _ => 0.0,
        };
    }
    r.clamp(600.0, 2600.0)
}

/// A rating as skillratings takes it.
fn glicko(r: PuzzleRating) -> Glicko2Rating {
    Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

/// A rating as the database keeps it.
fn stored(r: Glicko2Rating) -> PuzzleRating {
    PuzzleRating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

/// The new ratings of a puzzle and a player after the player's first attempt at it: one
/// Glicko-2 game in which the puzzle wins when the player fails.
pub fn after_attempt(
    puzzle: PuzzleRating,
    player: PuzzleRating,
    solved: bool,
) -> (PuzzleRating, PuzzleRating) {
    let outcome = if solved {
        Outcomes::LOSS
    } else {
        Outcomes::WIN
    };
    let (p, q) = glicko2(
        &glicko(puzzle),
        &glicko(player),
        &outcome,
        &Glicko2Config::new(),
    );
    (stored(p), stored(q))
}

/// Records a finished attempt (solved, failed at a wrong move, or given up), re-rating the
/// puzzle and the player by [`after_attempt`] if it is the player's first at the puzzle, all in
/// one transaction on `writer` (the ratings are read inside it, so concurrent attempts each
/// start from the last one's result).
pub fn record_attempt(
    writer: &PuzzleStore,
    attempt: &NewAttempt<'_>,
) -> Result<RecordedAttempt, DbError> {
    let solved = attempt.solved;
    writer.record_attempt(attempt, |puzzle, player| {
        after_attempt(puzzle, player, solved)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::glicko2::glicko2_rating_period;

    /// The initial rating, worked by hand: 3 moves to find (+400), 2 tempting captures (+120),
    /// 7 choices (+70), quiet (+100), sacrifice (+150), binikh and extra turn (+40 each):
    /// 1000 + 400 + 120 + 70 + 100 + 150 + 80 = 1920. One move and nothing else: 1000 + 10 per
    /// choice (2): 1020. Fifteen moves: clamped to 2600.
    #[test]
    fn initial_rating_adds_up_what_makes_a_puzzle_hard() {
        let solution = |decisions: usize, tempting: usize, choices: usize| Solution {
            line: Vec::new(),
            by_solver: Vec::new(),
            decisions: vec![true; decisions],
            tempting,
            choices,
            cycle_save: false,
        };
        let motifs = [
            Theme::Long,
            Theme::Quiet,
            Theme::Sacrifice,
            Theme::Binikh,
            Theme::ExtraTurn,
        ];
        assert_eq!(initial_rating(&solution(3, 2, 7), &motifs), 1920.0);
        assert_eq!(
            initial_rating(&solution(1, 0, 2), &[Theme::OneMove]),
            1020.0
        );
        assert_eq!(initial_rating(&solution(15, 0, 30), &[]), 2600.0);
    }

    /// Glickman's worked example ("Example of the Glicko-2 system", 2013): a 1500 / 200 / 0.06
    /// player beats a 1400 / 30 player and loses to 1550 / 100 and 1700 / 300 ones, tau 0.5:
    /// new rating 1464.06, deviation 151.52, volatility 0.05999.
    #[test]
    fn glickmans_worked_example() {
        let player = Glicko2Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opp = |rating, deviation| Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let config = Glicko2Config {
            tau: 0.5,
            ..Glicko2Config::new()
        };
        let new = glicko2_rating_period(
            &player,
            &[
                (opp(1400.0, 30.0), Outcomes::WIN),
                (opp(1550.0, 100.0), Outcomes::LOSS),
                (opp(1700.0, 300.0), Outcomes::LOSS),
            ],
            &config,
        );
        assert!((new.rating - 1464.06).abs() < 0.01, "{new:?}");
        assert!((new.deviation - 151.52).abs() < 0.01, "{new:?}");
        assert!((new.volatility - 0.05999).abs() < 0.00001, "{new:?}");
    }

    /// One game against an equal opponent, worked by hand with Glickman's steps (tau 0.5):
    /// mu = 0, phi = 350 / 173.7178 = 2.014761, g(phi_opp) = 1 / sqrt(1 + 3 phi^2 / pi^2)
    /// = 1 / sqrt(2.233868) = 0.669070, E = 0.5, v = 1 / (g^2 E (1 - E)) = 8.93545; the
    /// volatility stays 0.0600 to four places (delta^2 = 8.936 < phi^2 + v = 12.995), so
    /// phi* = sqrt(phi^2 + 0.06^2) = 2.015654 and phi' = 1 / sqrt(1 / phi*^2 + 1 / v)
    /// = 1 / sqrt(0.246132 + 0.111914) = 1.671208; mu' = phi'^2 g (1 - E) = 0.934334. The
    /// winner goes to 1500 + 173.7178 * 0.934334 = 1662.3 with deviation
    /// 1.671208 * 173.7178 = 290.3; the loser to 1337.7.
    #[test]
    fn a_failed_attempt_raises_an_equal_puzzle() {
        let newcomer = crate::NEWCOMER;
        let (puzzle, player) = after_attempt(newcomer, newcomer, false);
        assert!((puzzle.rating - 1662.3).abs() < 0.5, "{puzzle:?}");
        assert!((puzzle.deviation - 290.3).abs() < 0.5, "{puzzle:?}");
        assert!((player.rating - 1337.7).abs() < 0.5, "{player:?}");
        let (puzzle, player) = after_attempt(newcomer, newcomer, true);
        assert!((puzzle.rating - 1337.7).abs() < 0.5, "{puzzle:?}");
        assert!((player.rating - 1662.3).abs() < 0.5, "{player:?}");
    }
}

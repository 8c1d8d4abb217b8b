//! A Rio Kadalis match round by round (`mancala match --json` and `POST /api/{variant}/match`): each round's start, the moves played in it, the perfect play that
//! finished it, what each side won, and how the match stands or ended (docs/matches.md).

use mancala_eval::rounds::{MatchWorth, PerfectRound};
use mancala_solver::match_game::MatchValue;
use mancala_solver::match_play::Match;
use mancala_solver::rounds::{MatchEnd, RoundStart};
use mancala_solver::{Side, Variant};
use serde::Serialize;
use utoipa::ToSchema;

use super::evaluation::EvaluationJson;
use super::value::Totals;
use crate::words::{SideName, VariantId};

/// A match and where it stands.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Match)]
pub struct MatchJson {
    /// The variant id (`rio-kadalis` or `rio-kadalis-5`).
    #[schema(value_type = VariantId)]
    pub variant: &'static str,
    /// The rounds begun, the first first; the last may still be going on.
    pub rounds: Vec<RoundJson>,
    /// How the match ended, or `null` while it goes on.
    #[schema(required = true)]
    pub end: Option<MatchEndJson>,
    /// The round under way, where it stands (the last round's `position`): its value and
    /// every move's, as `GET /api/{variant}` answers them; `null` when the match is over, or
    /// (on the command line) when the rounds were played on to the end by perfect play.
    #[schema(required = true)]
    pub evaluation: Option<EvaluationJson>,
    /// What the match is worth from the round under way when it is played to be won, and
    /// after each move (docs/matches.md, "Played to win the match"); `null` where
    /// `evaluation` is.
    #[schema(required = true)]
    pub worth: Option<MatchWorthJson>,
}

/// What a match is worth when it is played to be won: the match solved as one game over its
/// round starts, each round's value saying which splits of its seeds a side can force.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = MatchWorth)]
pub struct MatchWorthJson {
    /// From where the round under way stands.
    pub value: MatchValueJson,
    /// Every value it rests on is exact (the round starts' and the position's); `false`: some
    /// are a search's estimates.
    pub exact: bool,
    /// After each legal move, in `evaluation`'s order.
    pub moves: Vec<MoveWorthJson>,
    /// Moves better for the match than every move marked `best` in `evaluation` (perfect play
    /// for seeds: the most seeds, then the depth rule), for the side to move; open values are
    /// not compared. Empty when playing for seeds is playing for the match.
    pub better_for_match: Vec<String>,
}

/// What the match is worth after one move.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = MoveWorth)]
pub struct MoveWorthJson {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// After it.
    pub value: MatchValueJson,
}

/// A match's value when it is played to be won.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = MatchValue)]
pub struct MatchValueJson {
    /// `won`: `winner` can force the match's win; `draw`: neither side can (the match repeats
    /// a start); `open`: neither the round's value nor a search of the round (within its
    /// limits) decides it.
    #[schema(value_type = String, example = "draw")]
    pub outcome: &'static str,
    /// The side that can force the win; `null` unless `won`.
    #[schema(value_type = Option<SideName>, required = true)]
    pub winner: Option<&'static str>,
    /// The rounds within which it wins, the one under way included; `null` unless `won`.
    #[schema(required = true)]
    pub rounds: Option<usize>,
}

impl From<MatchValue> for MatchValueJson {
    fn from(v: MatchValue) -> MatchValueJson {
        let (outcome, winner, rounds) = match v {
            MatchValue::Won { winner, rounds } => ("won", Some(winner.name()), Some(rounds)),
            MatchValue::Draw => ("draw", None, None),
            MatchValue::Undecided => ("open", None, None),
        };
        MatchValueJson {
            outcome,
            winner,
            rounds,
        }
    }
}

/// One round of a match.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Round)]
pub struct RoundJson {
    /// 1 for the first round.
    #[schema(minimum = 1)]
    pub round: usize,
    /// How the round began.
    pub start: RoundStartJson,
    /// The moves played in it from its start, as a record gives them.
    pub moves: Vec<String>,
    /// Where the round stands after those moves (its start when none was played).
    pub position: String,
    /// The perfect play that finished the round from `position`, when it was finished so
    /// rather than played to its end; else `null`.
    #[schema(required = true)]
    pub perfect: Option<PerfectJson>,
    /// What each side won in the round and its winnings with its reserve, once the round is
    /// over; `null` while it goes on.
    #[schema(required = true)]
    pub result: Option<RoundResultJson>,
}

/// How a round begins.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = RoundStart)]
pub struct RoundStartJson {
    /// Pits each side has open (its highest-numbered), the rest closed with sand.
    pub open: Totals,
    /// Seeds each side keeps off the board, added to its winnings when the round ends.
    pub reserve: Totals,
    /// Who moves first.
    #[schema(value_type = SideName)]
    pub starter: &'static str,
    /// The round's start position (`x` for a closed pit).
    pub position: String,
}

/// The perfect play that finished a round.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = PerfectRound)]
pub struct PerfectJson {
    /// The side to move where it began.
    #[schema(value_type = SideName)]
    pub side: &'static str,
    /// The value of that position for that side: seeds still to win minus seeds still to lose.
    pub value: i32,
    /// The value is exact; `false`: a search's estimate (and the split it gives one).
    pub exact: bool,
}

/// How a round ended.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = RoundResult)]
pub struct RoundResultJson {
    /// Seeds each side won in the round: captured, plus those left in its row at the end.
    pub won: Totals,
    /// Each side's winnings: what it won plus its reserve.
    pub winnings: Totals,
}

/// How a match ended.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = MatchEnd)]
pub struct MatchEndJson {
    /// `south` or `north` when a side could open no pit; `null` for a draw by repetition.
    #[schema(value_type = Option<SideName>, required = true)]
    pub winner: Option<&'static str>,
    /// A draw: the round that the next one would repeat (from 1); else `null`.
    #[schema(required = true)]
    pub repeats_round: Option<usize>,
}

impl MatchJson {
    /// The JSON form of `game`; `perfect[i]` is the perfect play that finished round `i + 1`
    /// (by the side to move where it began), if it was finished so.
    pub fn new(game: &Match, perfect: &[Option<(Side, PerfectRound)>]) -> MatchJson {
        let variant = game.variant();
        let rounds = game
            .rounds()
            .iter()
            .enumerate()
            .map(|(i, r)| RoundJson {
                round: i + 1,
                start: RoundStartJson::new(&r.start, variant),
                moves: r.moves.clone(),
                position: r.position.to_string(),
                perfect: perfect
                    .get(i)
                    .copied()
                    .flatten()
                    .map(|(side, p)| PerfectJson {
                        side: side.name(),
                        value: p.value,
                        exact: p.exact,
                    }),
                result: r.result.map(|res| RoundResultJson {
                    won: res.won.into(),
                    winnings: res.winnings.into(),
                }),
            })
            .collect();
        let end = game.end().map(|e| match e {
            MatchEnd::Won { winner } => MatchEndJson {
                winner: Some(winner.name()),
                repeats_round: None,
            },
            MatchEnd::Repetition { first } => MatchEndJson {
                winner: None,
                repeats_round: Some(first),
            },
        });
        MatchJson {
            variant: variant.id(),
            rounds,
            end,
            evaluation: None,
            worth: None,
        }
    }

    /// The same with the evaluation of the round under way.
    pub fn with_evaluation(self, evaluation: EvaluationJson) -> MatchJson {
        MatchJson {
            evaluation: Some(evaluation),
            ..self
        }
    }

    /// The same with what the match is worth from the round under way.
    pub fn with_worth(self, worth: &MatchWorth) -> MatchJson {
        MatchJson {
            worth: Some(MatchWorthJson {
                value: worth.value.into(),
                exact: worth.exact,
                moves: worth
                    .moves
                    .iter()
                    .map(|&(mv, v)| MoveWorthJson {
                        mv: mv.to_string(),
                        value: v.into(),
                    })
                    .collect(),
                better_for_match: worth
                    .better_for_match
                    .iter()
                    .map(|m| m.to_string())
                    .collect(),
            }),
            ..self
        }
    }
}

impl RoundStartJson {
    fn new(start: &RoundStart, variant: Variant) -> RoundStartJson {
        RoundStartJson {
            open: Totals {
                south: start.open.south.into(),
                north: start.open.north.into(),
            },
            reserve: start.reserve.into(),
            starter: start.starter.name(),
            position: start.position(variant).to_string(),
        }
    }
}

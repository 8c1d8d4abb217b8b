//! A Rio Kadalis match as it is played (docs/rules.md#rio-kadalis-matches): rounds begun one
//! after another, each played move by move from its start or finished at once by a split of
//! its seeds (perfect play), until a player can open no pit or a round would start as an
//! earlier one did. The one account of a match that `mancala match`, the service's match route
//! and the page all read, so that they agree on where a match stands.

use thiserror::Error;

use crate::rounds::{has_matches, AfterRound, MatchEnd, RoundResult, RoundStart};
use crate::{BySide, MoveError, Position, Variant};

/// A match so far: every round begun, the last one under way unless the match is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    variant: Variant,
    rounds: Vec<Round>,
    end: Option<MatchEnd>,
}

/// One round of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// Where the match stood as it began.
    pub start: RoundStart,
    /// The moves played in it, as written in the record (none for a round finished by a
    /// split, [`Match::finish_round`]).
    pub moves: Vec<String>,
    /// Where it stands: its start, or the position its moves reached.
    pub position: Position,
    /// How it ended, once it has.
    pub result: Option<RoundResult>,
}

/// Why a match record cannot be played, naming the round (from 1) and the move (from 1).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum MatchError {
    /// Matches of rounds are a rule of Rio Kadalis only.
    #[error(
        "{} ({}) is not played as a match of rounds: only rio-kadalis and rio-kadalis-5 are",
        variant.name(),
        variant.id()
    )]
    NoMatches {
        /// The variant asked for.
        variant: Variant,
    },
    /// A round given after the match was over.
    #[error("round {round}: the match was over after round {}", round - 1)]
    MatchOver {
        /// The round given.
        round: usize,
    },
    /// A round given while the one before it had not ended.
    #[error("round {round}: round {} had not ended (its record stops before the round's end)", round - 1)]
    RoundNotOver {
        /// The round given.
        round: usize,
    },
    /// A move given after its round had ended.
    #[error("round {round}, move {number} (`{text}`): the round was over")]
    RoundOver {
        /// The round.
        round: usize,
        /// The move's place in the round's record, from 1.
        number: usize,
        /// The move as given.
        text: String,
    },
    /// A move that is malformed or not legal where it was played.
    #[error("round {round}, move {number}, {} to move in `{position}`: {error}", position.side().title())]
    Move {
        /// The round.
        round: usize,
        /// The move's place in the round's record, from 1.
        number: usize,
        /// The position it was to be played in.
        position: Position,
        /// What is wrong with it.
        error: MoveError,
    },
}

impl Match {
    /// A match of `variant` at the start of its first round.
    pub fn new(variant: Variant) -> Result<Match, MatchError> {
        Match::starting(variant, RoundStart::first(variant))
    }

    /// A match of `variant` taken up at `start` (a later round's start, [`RoundStart::new`]),
    /// which it counts as its round 1.
    pub fn starting(variant: Variant, start: RoundStart) -> Result<Match, MatchError> {
        if !has_matches(variant) {
            return Err(MatchError::NoMatches { variant });
        }
        Ok(Match {
            variant,
            rounds: vec![Round::begin(variant, start)],
            end: None,
        })
    }

    /// The match whose rounds went as `records` say: record `i` is round `i + 1`'s moves, in
    /// order. Every record but the last must end its round; the last may stop within it (the
    /// round under way) or end it (the next round then begins, unless the match is over).
    pub fn replay<R, M>(variant: Variant, records: R) -> Result<Match, MatchError>
    where
        R: IntoIterator<Item = M>,
        M: IntoIterator,
        M::Item: AsRef<str>,
    {
        Match::replay_from(variant, RoundStart::first(variant), records)
    }

    /// [`Match::replay`] of a match taken up at `start`.
    pub fn replay_from<R, M>(
        variant: Variant,
        start: RoundStart,
        records: R,
    ) -> Result<Match, MatchError>
    where
        R: IntoIterator<Item = M>,
        M: IntoIterator,
        M::Item: AsRef<str>,
    {
        let mut game = Match::starting(variant, start)?;
        for (i, record) in records.into_iter().enumerate() {
            let round = i + 1;
            if game.end.is_some() {
                return Err(MatchError::MatchOver { round });
            }
            if game.rounds.len() < round {
                return Err(MatchError::RoundNotOver { round });
            }
            for (j, text) in record.into_iter().enumerate() {
                game.play(round, j + 1, text.as_ref())?;
            }
        }
        Ok(game)
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Every round begun, in order.
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// The round under way, `None` once the match is over.
    pub fn current(&self) -> Option<&Round> {
        self.rounds.last().filter(|r| r.result.is_none())
    }

    /// How the match ended, `None` while it goes on.
    pub fn end(&self) -> Option<MatchEnd> {
        self.end
    }

    /// Ends the round under way with each player having won `won` (captured in it, plus what
    /// is left in their row), as perfect play from where it stands decides; begins the next
    /// round unless the match is over. Does nothing once the match is over.
    pub fn finish_round(&mut self, won: BySide<u32>) {
        let Some(round) = self.rounds.last_mut().filter(|r| r.result.is_none()) else {
            return;
        };
        let result = round.start.after(self.variant, won);
        round.result = Some(result);
        match result.after {
            AfterRound::Won { winner } => self.end = Some(MatchEnd::Won { winner }),
            AfterRound::Next(next) => match self.rounds.iter().position(|r| r.start == next) {
                Some(i) => self.end = Some(MatchEnd::Repetition { first: i + 1 }),
                None => self.rounds.push(Round::begin(self.variant, next)),
            },
        }
    }

    /// Plays `text`, move `number` of round `round`, in the round under way (which is
    /// `round`); ends the round when the move ends it.
    fn play(&mut self, round: usize, number: usize, text: &str) -> Result<(), MatchError> {
        // Once a move of this record has ended its round, the round under way is a later
        // one (or none): the record's further moves come after its end.
        let under_way = self.rounds.len() == round;
        let Some(current) = self
            .rounds
            .last_mut()
            .filter(|r| under_way && r.result.is_none())
        else {
            return Err(MatchError::RoundOver {
                round,
                number,
                text: text.to_owned(),
            });
        };
        let played = current
            .position
            .play_text(text)
            .map_err(|error| MatchError::Move {
                round,
                number,
                position: current.position,
                error,
            })?;
        current.position = played.after;
        current.moves.push(text.to_owned());
        if played.ends_game {
            let won = current
                .position
                .game_over()
                .unwrap_or(current.position.captured());
            self.finish_round(won);
        }
        Ok(())
    }
}

impl Round {
    /// A round begun at `start`, no move played yet.
    fn begin(variant: Variant, start: RoundStart) -> Round {
        Round {
            start,
            moves: Vec::new(),
            position: start.position(variant),
            result: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Side;

    #[test]
    fn a_new_match_is_at_the_start_of_round_one() {
        let v = Variant::RioKadalis;
        let m = Match::new(v).unwrap();
        assert_eq!(m.rounds().len(), 1);
        let current = m.current().unwrap();
        assert_eq!(current.position, Position::start(v));
        assert_eq!(current.start, RoundStart::first(v));
        assert_eq!(m.end(), None);
        assert_eq!(
            Match::new(Variant::Oware).unwrap_err().to_string(),
            "Oware (oware) is not played as a match of rounds: only rio-kadalis and \
             rio-kadalis-5 are"
        );
    }

    #[test]
    fn finished_rounds_open_the_next_and_a_repeated_start_draws() {
        let v = Variant::RioKadalis;
        let mut m = Match::new(v).unwrap();
        // 24 each: North (who did not start) starts round 2, all pits open.
        m.finish_round(BySide::new(24, 24));
        assert_eq!(m.rounds().len(), 2);
        let second = m.current().unwrap().start;
        assert_eq!(second.open, BySide::new(6, 6));
        assert_eq!(second.starter, Side::North);
        assert_eq!(
            m.current().unwrap().position.to_string(),
            "4,4,4,4,4,4/4,4,4,4,4,4 N"
        );
        // 24 each again: South starts round 3, which is round 1's start: a draw.
        m.finish_round(BySide::new(24, 24));
        assert_eq!(m.end(), Some(MatchEnd::Repetition { first: 1 }));
        assert_eq!(m.rounds().len(), 2);
        assert!(m.current().is_none());
        m.finish_round(BySide::new(48, 0));
        assert_eq!(
            m.rounds().len(),
            2,
            "nothing happens once the match is over"
        );
    }

    #[test]
    fn a_player_below_four_seeds_loses_the_match() {
        let v = Variant::RioKadalis5;
        let mut m = Match::new(v).unwrap();
        // Five pits, 40 seeds: North wins 3, below one pit's four.
        m.finish_round(BySide::new(37, 3));
        assert_eq!(
            m.end(),
            Some(MatchEnd::Won {
                winner: Side::South
            })
        );
    }

    #[test]
    fn records_name_the_round_and_move_at_fault() {
        let v = Variant::RioKadalis;
        // A round's record that stops within it: the round is under way.
        let m = Match::replay(v, [vec!["1"]]).unwrap();
        assert_eq!(m.current().unwrap().moves, ["1"]);
        assert_ne!(m.current().unwrap().position, Position::start(v));
        // A second round while the first goes on.
        let e = Match::replay(v, [vec!["1"], vec!["2"]]).unwrap_err();
        assert_eq!(e, MatchError::RoundNotOver { round: 2 });
        assert_eq!(
            e.to_string(),
            "round 2: round 1 had not ended (its record stops before the round's end)"
        );
        // Pit 7 does not exist with six pits.
        let e = Match::replay(v, [vec!["7"]]).unwrap_err();
        assert!(
            matches!(
                e,
                MatchError::Move {
                    round: 1,
                    number: 1,
                    ..
                }
            ),
            "{e:?}"
        );
        assert_eq!(
            e.to_string(),
            "round 1, move 1, South to move in `4,4,4,4,4,4/4,4,4,4,4,4 S`: move `7`: \
             expected a pit number from 1 to 6, written alone (no spaces, signs or leading \
             zeros), or `pass`"
        );
    }

    /// A round's record played to its end, move by move, chosen by a fixed pseudo-random
    /// sequence from the legal moves (the round's end is then wherever the rules say).
    fn a_whole_round(v: Variant) -> (Vec<String>, BySide<u32>) {
        let mut pos = RoundStart::first(v).position(v);
        let mut seed = 12345u64;
        let mut moves = Vec::new();
        loop {
            let legal = pos.legal_moves();
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = legal[(seed >> 33) as usize % legal.len()];
            let played = pos.play(mv).unwrap();
            moves.push(mv.to_string());
            pos = played.after;
            if played.ends_game {
                return (moves, pos.game_over().unwrap());
            }
            assert!(moves.len() < 5000, "a round that does not end");
        }
    }

    #[test]
    fn a_round_played_to_its_end_begins_the_next() {
        let v = Variant::RioKadalis5;
        let (moves, won) = a_whole_round(v);
        // Every seed of the five pits' 40 goes to one player or the other.
        assert_eq!(won.south + won.north, 40);
        let m = Match::replay(v, [moves.clone()]).unwrap();
        let first = &m.rounds()[0];
        assert_eq!(first.moves, moves);
        let result = first.result.expect("the round ended");
        assert_eq!(result.won, won);
        assert_eq!(result, RoundStart::first(v).after(v, won));
        match result.after {
            AfterRound::Next(next) => {
                assert_eq!(m.current().unwrap().start, next);
                assert_eq!(m.current().unwrap().position, next.position(v));
            }
            AfterRound::Won { winner } => {
                assert_eq!(m.end(), Some(MatchEnd::Won { winner }))
            }
        }
        // One more move in the same record comes after the round's end.
        let mut longer = moves.clone();
        longer.push("1".into());
        let e = Match::replay(v, [longer]).unwrap_err();
        assert_eq!(
            e,
            MatchError::RoundOver {
                round: 1,
                number: moves.len() + 1,
                text: "1".into()
            }
        );
    }
}

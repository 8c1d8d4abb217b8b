//! `mancala match VARIANT [ROUND]...`: a Rio Kadalis match round by round
//! (docs/rules.md#rio-kadalis-matches): the rounds given as records are played as written, and
//! with `--perfect` the match goes on with every round played perfectly for its own score, to
//! its end. `mancala match table VARIANT`: where a match goes from every round start it can
//! reach ([`super::match_table`]).

use std::fmt::Write as _;

use anyhow::Result;
use clap::{Args, Subcommand};
use mancala_db::PLY_BUDGET;
use mancala_solver::rounds::{AfterRound, MatchEnd, RoundResult, RoundStart};
use mancala_solver::{Position, Variant};

use super::args::{match_variant, variant_parser};
use super::search_args::{budget_text, with_spinner, BudgetArgs, SearchingArgs};
use super::{print, side_name, BadInput};

/// Rounds a match plays by perfect play at most before it stops to say so.
const MAX_ROUNDS: usize = 100;

/// A Rio Kadalis match, round by round.
///
/// Rio Kadalis is played as a match of rounds: at a round's end each player fills pits with four
/// seeds from their winnings, from their pit P down; pits that cannot be filled are closed with
/// sand; the rest stays in reserve. The player who won fewer seeds starts the next round. A player
/// with under four seeds can open no pit and loses the match; a round that would start as an
/// earlier one did makes the match a draw (docs/rules.md#rio-kadalis-matches).
///
/// Each ROUND is one round's moves, as a game record ('1 4 2 6 ...'), played as written from
/// that round's start; a last round that has not ended is the match's current round. With
/// `--perfect` (the default when no round is given) the match then goes on with every round
/// played perfectly for its own score: each round's start is valued (from the tablebase or by a
/// search within the budget, exact or an estimate, marked `~`), and the board's seeds are split
/// as that value says.
#[derive(Debug, Args)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    after_help = "Examples:\n  mancala match rio-kadalis-5 --budget 200000\n  \
                  mancala match rio-kadalis '1 4 2'\n  mancala match table rio-kadalis-5"
)]
pub struct MatchArgs {
    #[command(subcommand)]
    table: Option<MatchCommand>,
    /// rio-kadalis or rio-kadalis-5.
    #[arg(value_parser = variant_parser(), required = true)]
    variant: Option<Variant>,
    /// The rounds played so far, each one round's moves ('1 4 2 6 ...').
    rounds: Vec<String>,
    /// After the rounds given, play on with perfect play for both to the match's end (the
    /// default when no round is given).
    #[arg(long)]
    perfect: bool,
    #[command(flatten)]
    budget: BudgetArgs,
    #[command(flatten)]
    db: super::args::DbPath,
}

/// The subcommand of `match`.
#[derive(Debug, Subcommand)]
enum MatchCommand {
    Table(super::match_table::TableArgs),
}

impl MatchArgs {
    /// Plays the match, or prints the match table.
    pub fn run(self) -> Result<()> {
        if let Some(MatchCommand::Table(table)) = self.table {
            return table.run();
        }
        let Some(variant) = self.variant else {
            return Err(BadInput("match: give a VARIANT (see --help)".into()).into());
        };
        self.play(variant)
    }
}

impl MatchArgs {
    fn play(self, variant: Variant) -> Result<()> {
        match_variant(variant)?;
        let budget = self.budget.budget(PLY_BUDGET.nodes);
        let searching = SearchingArgs {
            json: false,
            budget: self.budget,
            db: self.db,
        };
        let mut out = format!("{} ({}): a match\n", variant.name(), variant.id());
        let mut starts = vec![RoundStart::first(variant)];
        let mut end = None;
        let mut in_progress = None;
        for (i, record) in self.rounds.iter().enumerate() {
            if end.is_some() {
                return Err(BadInput(format!(
                    "round {}: the match was over after round {i}",
                    i + 1
                ))
                .into());
            }
            let start = *starts.last().expect("a round to play");
            let (position, over) = play_round(variant, &start, record, i + 1)?;
            round_header(&mut out, i + 1, &start, variant);
            let moves = record.split_whitespace().count();
            writeln!(out, "  played  {moves} moves, to {position}")?;
            if !over {
                in_progress = Some(position);
                break;
            }
            let won = position.game_over().expect("the round is over");
            let result = start.after(variant, won);
            end = follow(&mut out, variant, &mut starts, &result);
        }
        let perfect = self.perfect || self.rounds.is_empty();
        // Opened once the records are read, so that a bad record is the only error said.
        let evaluator = searching.evaluator(budget)?;
        if let Some(position) = in_progress {
            let e = evaluator.evaluate(&position, budget)?;
            let mark = if e.source.is_exact() { "" } else { "~" };
            writeln!(
                out,
                "\nThe round goes on: {} to move, worth {mark}{:+} to them with perfect play.",
                side_name(position.side()),
                e.value.score
            )?;
        } else if end.is_none() && perfect {
            while end.is_none() && starts.len() <= MAX_ROUNDS {
                let n = starts.len();
                let start = *starts.last().expect("a round to play");
                let round = with_spinner(
                    format!("round {n}: a search of at most {}", budget_text(budget)),
                    || evaluator.perfect_round(variant, &start, budget),
                )?;
                round_header(&mut out, n, &start, variant);
                let mark = if round.exact { "" } else { "~" };
                writeln!(
                    out,
                    "  perfect play: worth {mark}{:+} to {} ({})",
                    round.value,
                    side_name(start.starter),
                    if round.exact { "exact" } else { "an estimate" }
                )?;
                let result = start.after(variant, round.won);
                end = follow(&mut out, variant, &mut starts, &result);
            }
        }
        out.push('\n');
        out.push_str(&match end {
            Some(MatchEnd::Won { winner }) => format!(
                "Match: {} wins after {} round{}: {} can open no pit.\n",
                side_name(winner),
                starts.len(),
                if starts.len() == 1 { "" } else { "s" },
                side_name(!winner)
            ),
            Some(MatchEnd::Repetition { first }) => format!(
                "Match: a draw. Round {} would start as round {first} did, and the match would \
                 repeat for ever.\n",
                starts.len() + 1
            ),
            None if in_progress.is_some() => "Match: in progress.\n".to_owned(),
            None if perfect => format!("Match: not over after {MAX_ROUNDS} rounds.\n"),
            None => format!(
                "Match: round {} is next (--perfect plays on).\n",
                starts.len()
            ),
        });
        Ok(print(&out)?)
    }
}

/// Plays `record` from the start of round `number`: the position reached, and whether the
/// round is over there.
fn play_round(
    variant: Variant,
    start: &RoundStart,
    record: &str,
    number: usize,
) -> Result<(Position, bool), BadInput> {
    let mut pos = start.position(variant);
    let mut over = pos.game_over().is_some();
    for (i, text) in record.split_whitespace().enumerate() {
        if over {
            return Err(BadInput(format!(
                "round {number}, move {} (`{text}`): the round was over",
                i + 1
            )));
        }
        let played = pos.play_text(text).map_err(|e| {
            BadInput(format!(
                "round {number}, move {} (`{text}`, {} to move in `{pos}`): {e}",
                i + 1,
                side_name(pos.side())
            ))
        })?;
        pos = played.after;
        over = played.ends_game;
    }
    Ok((pos, over))
}

/// `Round n: South 6 pits (reserve 0), ..., South starts` and the start position.
fn round_header(out: &mut String, number: usize, start: &RoundStart, variant: Variant) {
    let _ = writeln!(out, "\nRound {number}: {start}");
    let _ = writeln!(out, "  start   {}", start.position(variant));
}

/// Writes a round's result and what follows, adding the next round's start to `starts`; the
/// match's end when it is over.
fn follow(
    out: &mut String,
    variant: Variant,
    starts: &mut Vec<RoundStart>,
    result: &RoundResult,
) -> Option<MatchEnd> {
    let RoundResult {
        won,
        winnings,
        after,
    } = *result;
    let _ = writeln!(
        out,
        "  won     South {}, North {}; winnings with the reserves: South {}, North {}",
        won.south, won.north, winnings.south, winnings.north
    );
    match after {
        AfterRound::Won { winner } => Some(MatchEnd::Won { winner }),
        AfterRound::Next(next) => {
            if let Some(i) = starts.iter().position(|s| *s == next) {
                return Some(MatchEnd::Repetition { first: i + 1 });
            }
            let _ = writeln!(out, "  next    {next}: {}", next.position(variant));
            starts.push(next);
            None
        }
    }
}

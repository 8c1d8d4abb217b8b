//! `mancala match VARIANT [ROUND]...`: a Rio Kadalis match round by round
//! (docs/rules.md#rio-kadalis-matches): the rounds given as records are played as written, and
//! with `--perfect` the match goes on with every round played perfectly for its own score, to
//! its end. `mancala match table VARIANT`: where a match goes from every round start it can
//! reach ([`super::match_table`]).

use std::collections::HashMap;
use std::fmt::Write as _;

use anyhow::Result;
use clap::{Args, Subcommand};
use mancala_eval::rounds::PerfectRound;
use mancala_eval::rounds::ROUND_START_BUDGET;
use mancala_eval::PLY_BUDGET;
use mancala_solver::match_play::{Match, Round};
use mancala_solver::rounds::{MatchEnd, RoundResult, RoundStart};
use mancala_solver::{Side, Variant};
use mancala_wire::response::{EvaluationJson, MatchJson};

use super::args::match_variant_parser;
use super::json_help::json_help;
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
    after_help = format!(
        "{}\n\nExamples:\n  mancala match rio-kadalis-5 --budget 200000\n  \
         mancala match rio-kadalis '1 4 2' --json\n  \
         mancala match rio-kadalis --start 1,6,3,17,S '6 4 6 3' '5 1'\n  \
         mancala match table rio-kadalis-5",
        json_help("Match", None)
    )
)]
pub struct MatchArgs {
    #[command(subcommand)]
    table: Option<MatchCommand>,
    /// rio-kadalis or rio-kadalis-5.
    #[arg(value_parser = match_variant_parser(), required = true)]
    variant: Option<Variant>,
    /// The rounds played so far, each one round's moves ('1 4 2 6 ...').
    rounds: Vec<String>,
    /// Take the match up at a later round's start, counted as round 1:
    /// OPEN_SOUTH,OPEN_NORTH,RESERVE_SOUTH,RESERVE_NORTH,STARTER (S or N), e.g. `2,6,1,15,N`
    /// (South's pits 5 and 6 open with 1 seed in reserve, North's six with 15, North to start).
    /// Each side opens 1 to P pits; a side with a closed pit keeps 0 to 3 in reserve; four seeds
    /// a pit open plus the reserves make the variant's 48 or 40. Default: the first round.
    #[arg(long, value_name = "START")]
    start: Option<String>,
    /// After the rounds given, play on with perfect play for both to the match's end (the
    /// default when no round is given).
    #[arg(long)]
    perfect: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
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
        let budget = self.budget.budget(PLY_BUDGET.nodes);
        let searching = SearchingArgs {
            json: false,
            budget: self.budget,
            db: self.db,
        };
        let start = match &self.start {
            Some(text) => {
                RoundStart::parse(variant, text).map_err(|e| BadInput(format!("--start: {e}")))?
            }
            None => RoundStart::first(variant),
        };
        let records = self.rounds.iter().map(|r| r.split_whitespace());
        let mut game =
            Match::replay_from(variant, start, records).map_err(|e| BadInput(e.to_string()))?;
        let perfect = self.perfect || self.rounds.is_empty();
        // Opened once the records are read, so that a bad record is the only error said.
        let evaluator = searching.evaluator(budget)?;
        // The perfect play that finished each round, by round number, for the report.
        let mut finishes = HashMap::new();
        while perfect && game.rounds().len() <= MAX_ROUNDS {
            let Some(round) = game.current() else { break };
            let n = game.rounds().len();
            let finish = with_spinner(
                format!("round {n}: a search of at most {}", budget_text(budget)),
                || evaluator.perfect_round(&round.position, budget),
            )?;
            finishes.insert(n, (round.position.side(), finish));
            game.finish_round(finish.won);
        }
        if self.json {
            let perfect: Vec<_> = (1..=game.rounds().len())
                .map(|n| finishes.get(&n).copied())
                .collect();
            let mut json = MatchJson::new(&game, &perfect);
            if let Some(round) = game.current() {
                let e = evaluator.evaluate(&round.position, budget)?;
                let worth = evaluator.match_game(variant, ROUND_START_BUDGET)?.worth(
                    &evaluator,
                    &round.start,
                    &e,
                );
                json = json
                    .with_evaluation(EvaluationJson::with_source(&e, &e.source))
                    .with_worth(&worth);
            }
            let mut line = serde_json::to_string(&json)?;
            line.push('\n');
            return Ok(print(&line)?);
        }
        let mut out = format!("{} ({}): a match\n", variant.name(), variant.id());
        let rounds = game.rounds();
        for (i, round) in rounds.iter().enumerate() {
            let next = rounds.get(i + 1).map(|r| r.start);
            report_round(
                &mut out,
                variant,
                i + 1,
                round,
                finishes.get(&(i + 1)),
                next,
            );
        }
        let in_progress = game.current().filter(|r| !r.moves.is_empty());
        if let (Some(round), false) = (in_progress, perfect) {
            let e = evaluator.evaluate(&round.position, budget)?;
            let mark = if e.source.is_exact() { "" } else { "~" };
            writeln!(
                out,
                "\nThe round goes on: {} to move, worth {mark}{:+} to them with perfect play.",
                side_name(round.position.side()),
                e.value.score
            )?;
        }
        let played = game.rounds().len();
        out.push('\n');
        out.push_str(&match game.end() {
            Some(MatchEnd::Won { winner }) => format!(
                "Match: {} wins after {played} round{}: {} can open no pit.\n",
                side_name(winner),
                if played == 1 { "" } else { "s" },
                side_name(!winner)
            ),
            Some(MatchEnd::Repetition { first }) => format!(
                "Match: a draw. Round {} would start as round {first} did, and the match would \
                 repeat for ever.\n",
                played + 1
            ),
            None if perfect => format!("Match: not over after {MAX_ROUNDS} rounds.\n"),
            None if in_progress.is_some() => "Match: in progress.\n".to_owned(),
            None => format!("Match: round {played} is next (--perfect plays on).\n"),
        });
        Ok(print(&out)?)
    }
}

/// Writes round `number`: its start, the moves played, the perfect play that `finish`ed it
/// (by the side to move where it began), what each won and the `next` round's start (none
/// when the match ended with it).
fn report_round(
    out: &mut String,
    variant: Variant,
    number: usize,
    round: &Round,
    finish: Option<&(Side, PerfectRound)>,
    next: Option<RoundStart>,
) {
    let _ = writeln!(out, "\nRound {number}: {}", round.start);
    let _ = writeln!(out, "  start   {}", round.start.position(variant));
    if !round.moves.is_empty() {
        let _ = writeln!(
            out,
            "  played  {} moves, to {}",
            round.moves.len(),
            round.position
        );
    }
    if let Some(&(side, finish)) = finish {
        let mark = if finish.exact { "" } else { "~" };
        let _ = writeln!(
            out,
            "  perfect play{}: worth {mark}{:+} to {} ({})",
            if round.moves.is_empty() { "" } else { " on" },
            finish.value,
            side_name(side),
            if finish.exact { "exact" } else { "an estimate" }
        );
    }
    let Some(RoundResult { won, winnings, .. }) = round.result else {
        return;
    };
    let _ = writeln!(
        out,
        "  won     South {}, North {}; winnings with the reserves: South {}, North {}",
        won.south, won.north, winnings.south, winnings.north
    );
    if let Some(next) = next {
        let _ = writeln!(out, "  next    {next}: {}", next.position(variant));
    }
}

//! `mancala match table VARIANT`: for every start of a round that the match's seeds allow (each
//! player's winnings at least 4 and adding up to the game's seeds, either to start), the round's
//! perfect-play value and where the match goes from there when every round is played perfectly
//! for its own score: who wins it and in how many rounds, or a draw by repetition. An entry is
//! exact when every round value on its way is; each round value says where it comes from: the
//! tablebase (a full board or a shape table), or a certificate that mancala-check accepts, made
//! and checked here, or (when no certificate is found within the prover's limits) the search
//! alone.

use std::fmt::Write as _;

use anyhow::Result;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use mancala_check::proof;
use mancala_check::table::Table;
use mancala_eval::prove::ProofOptions;
use mancala_eval::rounds::PerfectRound;
use mancala_eval::{Evaluator, PLY_BUDGET};
use mancala_solver::match_game::{
    self, round_nodes, round_starts, seed_optimal, Leads, MatchSolution, MatchValue,
    SeedOptimalEnd, SeedOptimalMatch,
};
use mancala_solver::rounds::RoundStart;
use mancala_solver::{Position, Side, Variant};

use super::args::match_variant_parser;
use super::search_args::{budget_text, SearchingArgs};
use super::{print, side_name};

/// Where a Rio Kadalis match goes from every round start, under perfect play in each round.
///
/// Every round start the seeds allow is listed: each player's open pits and reserve (from
/// winnings of 4 or more that add up to the game's seeds) and who starts. Each round is valued
/// (from the tablebase or by a search within the budget: exact, or an estimate marked `~`), its
/// seeds split as the value says, and the match followed from there to its end. The first row
/// is the first round: the result of a whole match. Each exact value not in the tablebase is
/// proven by a certificate, made and checked by mancala-check's own rules as the table is made
/// (a second or so a round start); the column `from` says which.
#[derive(Debug, Args)]
#[command(after_help = "Example: mancala match table rio-kadalis-5 --budget 1000000")]
pub struct TableArgs {
    /// rio-kadalis or rio-kadalis-5.
    #[arg(value_parser = match_variant_parser())]
    variant: Variant,
    #[command(flatten)]
    searching: SearchingArgs,
}

/// Where a round's value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    /// The tablebase holds the round's start (its full board, or its shape table).
    Table,
    /// A certificate of the exact value, accepted by mancala-check.
    Certificate,
    /// The search's exact value, which the prover found no certificate for within its limits.
    Search,
    /// An estimate.
    Estimate,
}

impl Source {
    fn word(self) -> &'static str {
        match self {
            Source::Table => "table",
            Source::Certificate => "cert",
            Source::Search => "search",
            Source::Estimate => "~",
        }
    }
}

/// How hard the table tries to prove a round: searches of 100,000 nodes, up to 1.6 million, and
/// at most a million positions in a certificate.
const PROOF: ProofOptions = ProofOptions {
    budget: 100_000,
    max_budget: 1_600_000,
    max_positions: 1_000_000,
    time: None,
};

/// Where the value of the round from `position` comes from, `round` its value: the tablebase, a
/// certificate made here and accepted by mancala-check over `table` (the same file), or the
/// search alone.
fn source(
    evaluator: &Evaluator,
    table: &Table,
    position: &Position,
    round: &PerfectRound,
) -> Source {
    if !round.exact {
        return Source::Estimate;
    }
    if evaluator.holds(position) {
        return Source::Table;
    }
    let Ok(certificate) = evaluator.prove(position, PROOF, &mut |_| {}) else {
        return Source::Search;
    };
    let mut bytes = Vec::new();
    let checked = certificate.write_jsonl(&mut bytes).is_ok()
        && i32::from(certificate.value) == round.value
        && proof::read(bytes.as_slice()).is_ok_and(|c| proof::check(&c, table).accepted());
    match checked {
        true => Source::Certificate,
        false => Source::Search,
    }
}

/// One row of the table: a round start, its round played perfectly, and the match from there.
struct Row {
    start: RoundStart,
    round: PerfectRound,
    source: Source,
    /// Where the seeds of its round, played for them, lead.
    next: Leads,
    /// Where the match goes when every round is played for its own score.
    seed_optimal: SeedOptimalMatch,
    /// The match's value when it is played to be won.
    match_optimal: MatchSolution,
}

impl TableArgs {
    /// Values every round start and prints the table.
    pub fn run(self) -> Result<()> {
        let variant = self.variant;
        let budget = self.searching.budget.budget(PLY_BUDGET.nodes);
        let evaluator = self.searching.evaluator(budget)?;
        let starts = round_starts(variant);
        let bar = ProgressBar::new(starts.len() as u64);
        bar.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} round starts {elapsed} {msg}")
                .expect("a valid template"),
        );
        bar.set_message(format!("(searches of at most {})", budget_text(budget)));
        let checker = Table::open(std::path::Path::new(evaluator.tablebase().path()), 1 << 30)?;
        let mut rounds = Vec::with_capacity(starts.len());
        for start in &starts {
            let position = start.position(variant);
            let round = evaluator.perfect_round(&position, budget)?;
            let from = source(&evaluator, &checker, &position, &round);
            rounds.push((round, from));
            bar.inc(1);
        }
        bar.finish_and_clear();
        let nodes = round_nodes(variant, &starts, |i| rounds[i].0.won.south);
        let match_optimal = match_game::values(&nodes);
        let rows: Vec<Row> = starts
            .iter()
            .zip(&rounds)
            .enumerate()
            .map(|(i, (&start, &(round, source)))| Row {
                start,
                round,
                source,
                next: nodes[i].after[round.won.south as usize],
                seed_optimal: seed_optimal(&nodes, i),
                match_optimal: match_optimal[i],
            })
            .collect();
        let all_exact = rounds.iter().all(|(round, _)| round.exact);
        Ok(print(&table(
            variant,
            &rows,
            all_exact,
            budget_text(budget),
        ))?)
    }
}

/// The table as text; `all_exact` whether every round value is exact (the match-optimal
/// values draw on all of them).
fn table(variant: Variant, rows: &[Row], all_exact: bool, budget: String) -> String {
    let mut out = format!(
        "{} ({}): where a match goes from each round start, every round played perfectly\n\
         for its own score (round values from the tablebase or searches of at most {budget};\n\
         ~ an estimate), and what it is worth when played to win the match.\n\n",
        variant.name(),
        variant.id()
    );
    let _ = writeln!(
        out,
        "{:>3}  {:<11} {:<11} {:<7} {:>6}  {:<6}  {:<7} {:>4}  {:<31}  for the match",
        "#", "South", "North", "starts", "value*", "from", "won S-N", "next", "for seeds"
    );
    let (mut exact_rows, mut differ, mut not_monotone, mut undecided) = (0, 0, 0, 0);
    let mut from = [0usize; 4];
    for (i, row) in rows.iter().enumerate() {
        let s = &row.start;
        let pits = |side: Side| format!("{} +{}", s.open[side], s.reserve[side]);
        let mark = if row.round.exact { "" } else { "~" };
        let exact = row.seed_optimal.starts.iter().all(|&j| rows[j].round.exact);
        exact_rows += usize::from(exact);
        from[row.source as usize] += 1;
        let next = match row.next {
            Leads::Next(n) => (n + 1).to_string(),
            Leads::Won(_) | Leads::Never => "end".to_owned(),
        };
        let rounds = |n: usize| format!("{n} round{}", if n == 1 { "" } else { "s" });
        let played = row.seed_optimal.starts.len();
        let for_seeds = match row.seed_optimal.end {
            SeedOptimalEnd::Won(winner) => {
                format!("{} wins in {}", side_name(winner), rounds(played))
            }
            SeedOptimalEnd::Repetition => format!("a draw: repeats after {}", rounds(played)),
        };
        let same = match (row.seed_optimal.end, row.match_optimal.value) {
            (SeedOptimalEnd::Won(a), MatchValue::Won { winner: b, .. }) => a == b,
            (SeedOptimalEnd::Repetition, MatchValue::Draw) => true,
            _ => false,
        };
        differ += usize::from(!same);
        not_monotone += usize::from(!row.match_optimal.monotone);
        undecided += usize::from(row.match_optimal.value == MatchValue::Undecided);
        let for_match = match row.match_optimal.value {
            MatchValue::Won { winner, rounds: n } => {
                format!("{} wins within {}", side_name(winner), rounds(n))
            }
            MatchValue::Draw => "a draw".to_owned(),
            MatchValue::Undecided => "open: a search of the round must say".to_owned(),
        };
        let _ = writeln!(
            out,
            "{:>3}  {:<11} {:<11} {:<7} {:>6}  {:<6}  {:<7} {:>4}  {:<31}  {for_match}{}{}",
            i + 1,
            pits(Side::South),
            pits(Side::North),
            side_name(s.starter),
            format!("{mark}{:+}", row.round.value),
            row.source.word(),
            format!("{}-{}", row.round.won.south, row.round.won.north),
            next,
            format!("{for_seeds}{}", if exact { "" } else { " (estimate)" }),
            if row.match_optimal.monotone {
                ""
            } else {
                " (not monotone)"
            },
            if same { "" } else { " (differs)" },
        );
    }
    let _ = writeln!(
        out,
        "\nSouth and North: pits open + reserve. value*: the round's value for the side that \
         starts it (seeds it wins from the board minus those it loses). won S-N: what each side \
         wins in the round. from: where the round's value comes from, the tablebase (table), \
         a certificate checked by mancala-check's own rules as this table was made (cert), the \
         search alone (search) or an estimate (~): {} table, {} cert, {} search, {} ~. Exact \
         entries (every round value on the way exact): {exact_rows} of {}.",
        from[Source::Table as usize],
        from[Source::Certificate as usize],
        from[Source::Search as usize],
        from[Source::Estimate as usize],
        rows.len()
    );
    let _ = writeln!(
        out,
        "\nfor seeds: where the match goes when every round is played for its own score. for the \
         match: what the match is worth when it is played to be won (the match solved as one game \
         over these round starts, docs/matches.md), {}. Not monotone: a start at which more \
         seeds for a side are not always at least as good for it in the match ({not_monotone} of \
         {}); open: a start the rounds' values alone do not decide ({undecided}); the match's \
         value differs from where playing for seeds leads at {differ} of {} starts.",
        match all_exact {
            true => "exact: every round value is",
            false => "an estimate: not every round value is exact",
        },
        rows.len(),
        rows.len()
    );
    out
}

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
use mancala_solver::rounds::{AfterRound, RoundStart, SEEDS_PER_PIT};
use mancala_solver::{BySide, Position, Side, Variant};

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

/// One row of the table: a round start, its round played perfectly, and what follows.
struct Row {
    start: RoundStart,
    round: PerfectRound,
    source: Source,
    /// The next round's row, or the match's winner.
    next: Result<usize, Side>,
}

/// Where the match goes from a row.
enum Fate {
    Won { winner: Side, rounds: usize },
    Repetition { rounds: usize },
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
        let rows: Vec<Row> = starts
            .iter()
            .zip(rounds)
            .map(|(&start, (round, source))| {
                let next = match start.after(variant, round.won).after {
                    AfterRound::Won { winner } => Err(winner),
                    AfterRound::Next(n) => Ok(starts
                        .iter()
                        .position(|s| *s == n)
                        .expect("every round start is a row")),
                };
                Row {
                    start,
                    round,
                    source,
                    next,
                }
            })
            .collect();
        Ok(print(&table(variant, &rows, budget_text(budget)))?)
    }
}

/// Every round start the seeds allow, the first round first.
fn round_starts(variant: Variant) -> Vec<RoundStart> {
    let total = variant.total_seeds();
    let p = variant.pits_per_side() as u32;
    let first = RoundStart::first(variant);
    let mut out = vec![first];
    let side = |w: u32| {
        let k = (w / SEEDS_PER_PIT).min(p);
        (k as u8, w - SEEDS_PER_PIT * k)
    };
    for south in SEEDS_PER_PIT..=total - SEEDS_PER_PIT {
        let ((ks, rs), (kn, rn)) = (side(south), side(total - south));
        for starter in [Side::South, Side::North] {
            let start = RoundStart {
                open: BySide::new(ks, kn),
                reserve: BySide::new(rs, rn),
                starter,
            };
            if start != first {
                out.push(start);
            }
        }
    }
    out
}

/// Where the match goes from row `i`, and whether every round value on the way is exact.
fn fate(rows: &[Row], i: usize) -> (Fate, bool) {
    let mut seen = vec![i];
    let mut exact = rows[i].round.exact;
    let mut at = i;
    loop {
        match rows[at].next {
            Err(winner) => {
                let rounds = seen.len();
                return (Fate::Won { winner, rounds }, exact);
            }
            Ok(next) if seen.contains(&next) => {
                return (Fate::Repetition { rounds: seen.len() }, exact);
            }
            Ok(next) => {
                exact &= rows[next].round.exact;
                seen.push(next);
                at = next;
            }
        }
    }
}

/// The table as text.
fn table(variant: Variant, rows: &[Row], budget: String) -> String {
    let mut out = format!(
        "{} ({}): where a match goes from each round start, every round played perfectly\n\
         for its own score (round values from the tablebase or searches of at most {budget};\n\
         ~ an estimate).\n\n",
        variant.name(),
        variant.id()
    );
    let _ = writeln!(
        out,
        "{:>3}  {:<11} {:<11} {:<7} {:>6}  {:<6}  {:<7} {:>4}  match",
        "#", "South", "North", "starts", "value*", "from", "won S-N", "next"
    );
    let mut exact_rows = 0;
    let mut from = [0usize; 4];
    for (i, row) in rows.iter().enumerate() {
        let s = &row.start;
        let pits = |side: Side| format!("{} +{}", s.open[side], s.reserve[side]);
        let mark = if row.round.exact { "" } else { "~" };
        let (fate, exact) = fate(rows, i);
        exact_rows += usize::from(exact);
        from[row.source as usize] += 1;
        let next = match row.next {
            Ok(n) => (n + 1).to_string(),
            Err(_) => "end".to_owned(),
        };
        let words = match fate {
            Fate::Won { winner, rounds } => format!(
                "{} wins in {rounds} round{}",
                side_name(winner),
                if rounds == 1 { "" } else { "s" }
            ),
            Fate::Repetition { rounds } => {
                format!(
                    "a draw: repeats after {rounds} round{}",
                    if rounds == 1 { "" } else { "s" }
                )
            }
        };
        let _ = writeln!(
            out,
            "{:>3}  {:<11} {:<11} {:<7} {:>6}  {:<6}  {:<7} {:>4}  {words}{}",
            i + 1,
            pits(Side::South),
            pits(Side::North),
            side_name(s.starter),
            format!("{mark}{:+}", row.round.value),
            row.source.word(),
            format!("{}-{}", row.round.won.south, row.round.won.north),
            next,
            if exact { "" } else { " (estimate)" }
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
    out
}

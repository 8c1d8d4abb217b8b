//! `mancala db info` and `mancala db verify`: what a tablebase holds, and whether it is intact.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use anyhow::{bail, Result};
use clap::{Args, Subcommand};

use mancala_solver::{SliceId, TableShape};

use mancala_solver::Variant;

use super::args::{variant_parser, DbPath};
use super::hints::quoted;
use super::print;
use super::text::thousands;

/// `mancala db ...`.
#[derive(Debug, Subcommand)]
pub enum DbCommand {
    /// List the solved slices: positions, bytes stored, positions won/drawn/lost for the side to
    /// move, time taken, date, and the solver and rules versions.
    Info(InfoArgs),
    /// Check every slice: its row against its slice and its chunks (positions, chunk numbers,
    /// counts), every chunk against the checksum that binds it to its place, and the values;
    /// exits non-zero naming each damaged slice and chunk. With --deep, then also every stored
    /// value and depth against an independent implementation of the rules.
    Verify(VerifyArgs),
}

/// `mancala db info`.
#[derive(Debug, Args)]
pub struct InfoArgs {
    /// Print the list as JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    db: DbPath,
}

/// `mancala db verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Delete the damaged slices (a damaged chunk or slice row, chunks missing or out of place)
    /// and chunks with no slice row, naming each, so that `mancala solve` solves them again (the
    /// other slices are kept).
    #[arg(long, conflicts_with = "deep")]
    delete_damaged: bool,
    /// After the checks above, check every position of every slice with mancala-check, a second
    /// implementation of the rules and of the file format that shares no code with the solver:
    /// its stored value must be the best of its moves' values worked out from the stored values
    /// of the positions they lead to, and its depth must follow from the depths of its
    /// value-keeping moves (docs/rules.md, "Values and depths"). Each disagreement is named
    /// (variant, slice, position, stored and expected figures) and makes the command fail.
    /// Resumable: the slices checked in full are recorded in DB.deep-verify next to the file, and
    /// so, about once a minute, is how far into a large slice the check got; a deep check stopped
    /// and started again goes on from there (a slice solved again is checked again); the file is
    /// removed once a check of the whole file has passed. The default tablebase takes a few
    /// minutes on two cores.
    #[arg(long)]
    deep: bool,
    /// With --deep: only this variant's slices. A clockwise Rio Kadalis (rio-kadalis-cw,
    /// rio-kadalis-5-cw) has none: its rules, the checker's own, are checked against the
    /// counter-clockwise tables it reads, at each position's mirror (from the start each time).
    #[arg(long, requires = "deep", value_parser = variant_parser())]
    variant: Option<Variant>,
    /// With --deep and --variant: only this slice (`12`, or `5-3` on four-row boards: the
    /// mover's seeds, then the opponent's).
    #[arg(long, requires = "variant")]
    slice: Option<mancala_check::index::SliceId>,
    /// With --deep: memory for the check, as `2GiB` or `12GiB`. Where the chunks a slice's moves
    /// reach fit SIZE decoded (three bytes a position), they are held and the slice is checked
    /// in one pass; else in pieces of at most SIZE / (16 × pits a side) positions, each piece
    /// reading every chunk its moves reach once, so a larger SIZE reads the file fewer times
    /// (Rio Kadalis slice 32 in 12 GiB: 43 pieces). The check holds about SIZE and a little
    /// more. `--cache` is its old name.
    #[arg(
        long,
        requires = "deep",
        default_value = "2GiB",
        value_name = "SIZE",
        alias = "cache"
    )]
    memory: bytesize::ByteSize,
    #[command(flatten)]
    db: DbPath,
}

impl DbCommand {
    /// Runs `db info` or `db verify`.
    pub fn run(self) -> Result<()> {
        match self {
            DbCommand::Info(args) => args.run(),
            DbCommand::Verify(args) => args.run(),
        }
    }
}

impl InfoArgs {
    /// Lists every stored slice with its size and statistics, per variant with totals.
    fn run(self) -> Result<()> {
        let json = self.json;
        let tb = mancala_db::Tablebase::open_read_only(&self.db.path)?;
        let slices = tb.slices(None)?;
        if json {
            let mut line = serde_json::to_string(&slices)?;
            line.push('\n');
            return Ok(print(&line)?);
        }
        let mut out = String::new();
        writeln!(out, "{}: {} slices", tb.path(), slices.len())?;
        let mut variant = String::new();
        let (mut positions, mut bytes) = (0u64, 0u64);
        for s in &slices {
            if s.variant != variant {
                variant = s.variant.clone();
                writeln!(
                    out,
                    "\n{variant}\n  {:>7} {:>13} {:>11} {:>13} {:>13} {:>13} {:>8}  solved",
                    "slice", "positions", "bytes", "won", "drawn", "lost", "seconds"
                )?;
            }
            writeln!(
                out,
                "  {:>7} {:>13} {:>11} {:>13} {:>13} {:>13} {:>8.1}  {}{}",
                s.slice,
                thousands(s.positions),
                thousands(s.bytes),
                thousands(s.wins),
                thousands(s.draws),
                thousands(s.losses),
                s.seconds,
                s.solved_at,
                if s.is_current() {
                    String::new()
                } else {
                    format!(
                        " (stale: solver {} rules {}; not served)",
                        s.solver_version, s.rules_version
                    )
                }
            )?;
            positions += s.positions;
            bytes += s.bytes;
        }
        writeln!(
            out,
            "\nIn all: {} positions in {} bytes ({:.2} bytes a position).",
            thousands(positions),
            thousands(bytes),
            bytes as f64 / positions.max(1) as f64
        )?;
        Ok(print(&out)?)
    }
}

impl VerifyArgs {
    /// Checks every chunk; fails naming each damaged slice and chunk. With `--delete-damaged`, the
    /// damaged slices (and chunks with no slice row) are deleted, each named, so that `mancala
    /// solve` solves them again.
    fn run(self) -> Result<()> {
        let db = self.db.path.as_path();
        let tb = if self.delete_damaged {
            mancala_db::Tablebase::open(db)?
        } else {
            mancala_db::Tablebase::open_read_only(db)?
        };
        let mut checked = 0;
        let damage = tb.verify(|_| checked += 1)?;
        if damage.is_empty() {
            print(&format!(
                "{}: all {checked} slices intact (every chunk matches its checksum and its slice row).\n",
                tb.path()
            ))?;
            if !self.deep {
                return Ok(());
            }
            drop(tb);
            let options = mancala_check::deep::Options {
                variant: self.variant.map(|v| {
                    v.id()
                        .parse()
                        .expect("the independent checker knows every variant")
                }),
                slice: self.slice,
                memory_bytes: usize::try_from(self.memory.as_u64()).unwrap_or(usize::MAX),
                ..mancala_check::deep::Options::default()
            };
            return super::deep_verify::run(db, &options);
        }
        for d in &damage {
            let chunk = d.chunk.map(|c| format!(" chunk {c}")).unwrap_or_default();
            eprintln!(
                "damaged: {} slice {}{chunk}: {}",
                d.variant, d.slice, d.what
            );
        }
        let slices: BTreeSet<(&str, &str)> = damage
            .iter()
            .map(|d| (d.variant.as_str(), d.slice.as_str()))
            .collect();
        if !self.delete_damaged {
            bail!(
                "{} damaged chunk(s) or slice row(s) in {}, in {} slice(s); `mancala db verify \
                 --delete-damaged --db {}` deletes those slices, and `mancala solve` then solves \
                 them again",
                damage.len(),
                tb.path(),
                slices.len(),
                quoted(tb.path())
            );
        }
        // What each variant was solved to, for the command that solves the slices again: its
        // largest slice, stored or named by the damage (a chunk with no row).
        let mut sizes: BTreeMap<&str, u32> = BTreeMap::new();
        let rows = tb.slices(None)?;
        let named = slices
            .iter()
            .filter_map(|&(v, s)| Some((v, s.parse::<SliceId>().ok()?.total())));
        for (variant, seeds) in rows
            .iter()
            .map(|r| (r.variant.as_str(), r.seeds))
            .chain(named)
        {
            if slices.iter().any(|(v, _)| *v == variant) {
                let size = sizes.entry(variant).or_default();
                *size = (*size).max(seeds);
            }
        }
        for (variant, slice) in &slices {
            tb.delete_slice(variant, slice)?;
            eprintln!("deleted: {variant} slice {slice}");
        }
        // The shape tables among them (Rio Kadalis's boards with closed pits), which a solve
        // makes only when named.
        let mut shapes: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
        for &(variant, slice) in &slices {
            if let Ok(SliceId::Shaped {
                mover, opponent, ..
            }) = slice.parse::<SliceId>()
            {
                let shape = TableShape::new(mover, opponent).to_string();
                shapes.entry(variant).or_default().insert(shape);
            }
        }
        let again: Vec<String> = sizes
            .iter()
            .map(|(v, n)| {
                let named = match shapes.get(v) {
                    Some(s) => format!(
                        " --shapes {}",
                        s.iter().cloned().collect::<Vec<_>>().join(",")
                    ),
                    None => String::new(),
                };
                format!(
                    "`mancala solve {v} --max-seeds {n}{named} --db {}`",
                    quoted(tb.path())
                )
            })
            .collect();
        Ok(print(&format!(
            "{}: deleted {} damaged slice(s), kept the others; {} solves them again.\n",
            tb.path(),
            slices.len(),
            again.join(" and ")
        ))?)
    }
}

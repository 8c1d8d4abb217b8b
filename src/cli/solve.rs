//! `mancala solve VARIANT|all [--max-seeds N]`: solves every missing slice, smallest first, with
//! progress, storing each group of slices in one transaction as soon as it is done.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use mancala_db::Tablebase;
use mancala_solver::solve::{solve_group, KnownValues, Progress};
use mancala_solver::{Slice, Variant};

/// The default size of each variant's tablebase: the most seeds on the board (four-row: both
/// sides together) that `mancala solve all` solves. Chosen so that the six traditional variants
/// together take about two minutes on two cores, and Kalah and Oware about two minutes more
/// (see BENCHMARKS.md): Oware to 20 seeds, the minimum, takes most of that; `kalah` to 16
/// seeds gives the Kalah search (`mancala eval`) 16-seed leaves, with which the start of
/// Kalah(6, 4) is searched in about 25 s (larger Kalah slices cost far more per position: to 18
/// seeds takes 48 s); `kalah-4` to 24 seeds holds the start of Kalah(4, 3).
pub fn default_max_seeds(variant: Variant) -> u32 {
    match variant {
        Variant::Hawalis => 8,
        Variant::BaoLaKiarabu => 7,
        Variant::AlManqala => 14,
        Variant::Anywoli => 8,
        Variant::RioKadalis => 20,
        Variant::RioKadalis5 => 20,
        Variant::Kalah => 16,
        Variant::Kalah5 => 16,
        Variant::Kalah4 => 24,
        Variant::Oware => 16,
    }
}

/// What `solve` is asked to solve.
#[derive(Clone, Copy, Debug)]
pub enum Target {
    /// One variant.
    One(Variant),
    /// Every variant, each to its default size.
    All,
}

/// One solved group, for the summary.
pub struct Done {
    slices: String,
    positions: u64,
    seconds: f64,
    wins: u64,
    draws: u64,
    losses: u64,
}

/// Solves what is missing and prints a summary. `quiet` hides the progress bars (the per-group
/// lines and the summary still go to standard error).
pub fn run(target: Target, max_seeds: Option<u32>, db: &Path, quiet: bool) -> Result<()> {
    let tb = Tablebase::open(db)?;
    let variants: Vec<Variant> = match target {
        Target::One(v) => vec![v],
        Target::All => Variant::ALL.to_vec(),
    };
    let mut done = Vec::new();
    let started = Instant::now();
    for v in variants {
        let max = max_seeds.unwrap_or_else(|| default_max_seeds(v));
        done.extend(solve_variant(&tb, v, max, quiet)?);
    }
    summary(&done, started.elapsed(), tb.path());
    Ok(())
}

/// Solves the missing slices of `variant` up to `max` seeds into `tb`, and says what it solved.
pub fn solve_variant(tb: &Tablebase, variant: Variant, max: u32, quiet: bool) -> Result<Vec<Done>> {
    let mut done = Vec::new();
    let slices = Slice::up_to(variant, max);
    let stored = tb.current_slices(variant)?;
    // Resume: the values of every slice already stored are loaded back; missing ones are solved.
    let mut known = KnownValues::new();
    for s in &slices {
        if stored.contains(&s.id) {
            let values = tb
                .load_values(*s)
                .with_context(|| format!("reading back {s} to resume"))?;
            known.insert(s.id, Arc::from(values));
        }
    }
    let missing: Vec<Slice> = slices
        .iter()
        .filter(|s| !known.contains(s.id))
        .copied()
        .collect();
    if missing.is_empty() {
        eprintln!(
            "{variant}: all {} slices up to {max} seeds are solved already",
            slices.len()
        );
        return Ok(done);
    }
    let total: u64 = missing.iter().map(Slice::len).sum();
    eprintln!(
        "{variant}: solving {} slices up to {max} seeds ({} positions; {} solved already)",
        missing.len(),
        thousands(total),
        slices.len() - missing.len()
    );
    let bars = Bars::new(total, quiet);
    for slice in &missing {
        if known.contains(slice.id) {
            continue; // solved with its mirror
        }
        let group = slice.group();
        let names: Vec<String> = group.iter().map(|s| s.id.to_string()).collect();
        let positions: u64 = group.iter().map(Slice::len).sum();
        bars.start_group(&format!("{variant} slice {}", names.join(" + ")));
        let t = Instant::now();
        let solved = solve_group(&group, &known, &bars)?;
        let seconds = t.elapsed().as_secs_f64();
        tb.write_group(&solved, seconds)?;
        let (mut wins, mut draws, mut losses) = (0, 0, 0);
        for s in &solved {
            for (v, n) in s.histogram() {
                match v.cmp(&0) {
                    std::cmp::Ordering::Greater => wins += n,
                    std::cmp::Ordering::Equal => draws += n,
                    std::cmp::Ordering::Less => losses += n,
                }
            }
            known.insert(s.slice.id, Arc::from(s.values.clone()));
        }
        bars.finish_group(positions);
        bars.println(format!(
            "  {variant} slice {:>7}: {:>13} positions in {:>7.1} s ({}/s)  won {} drawn {} lost {}",
            names.join(" + "),
            thousands(positions),
            seconds,
            thousands((positions as f64 / seconds.max(1e-9)) as u64),
            thousands(wins),
            thousands(draws),
            thousands(losses),
        ));
        done.push(Done {
            slices: format!("{variant} {}", names.join(" + ")),
            positions,
            seconds,
            wins,
            draws,
            losses,
        });
    }
    bars.clear();
    Ok(done)
}

fn summary(done: &[Done], elapsed: Duration, db: &str) {
    if done.is_empty() {
        eprintln!("Nothing to solve: every requested slice is in {db}.");
        return;
    }
    let positions: u64 = done.iter().map(|d| d.positions).sum();
    let solving: f64 = done.iter().map(|d| d.seconds).sum();
    let (w, d, l) = done.iter().fold((0, 0, 0), |acc, x| {
        (acc.0 + x.wins, acc.1 + x.draws, acc.2 + x.losses)
    });
    eprintln!(
        "Solved {} groups ({} .. {}): {} positions in {:.1} s ({}/s), {:.1} s in all; won {} drawn {} lost {}. Stored in {db}.",
        done.len(),
        done[0].slices,
        done[done.len() - 1].slices,
        thousands(positions),
        solving,
        thousands((positions as f64 / solving.max(1e-9)) as u64),
        elapsed.as_secs_f64(),
        thousands(w),
        thousands(d),
        thousands(l),
    );
}

/// `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Two progress bars: all positions to solve in this run (with the time left), and the current
/// group's pass.
struct Bars {
    multi: MultiProgress,
    overall: ProgressBar,
    pass: ProgressBar,
    group: std::sync::Mutex<String>,
}

impl Bars {
    fn new(total: u64, quiet: bool) -> Bars {
        let multi = MultiProgress::new();
        if quiet {
            multi.set_draw_target(indicatif::ProgressDrawTarget::hidden());
        }
        let overall = multi.add(ProgressBar::new(total));
        overall.set_style(
            ProgressStyle::with_template(
                "{prefix:>12} [{bar:30}] {human_pos}/{human_len} positions  {elapsed} elapsed, ~{eta} left",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        overall.set_prefix("all");
        let pass = multi.add(ProgressBar::new(0));
        pass.set_style(
            ProgressStyle::with_template(
                "{prefix:>12} [{bar:30}] {human_pos}/{human_len} {msg} ({per_sec})",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        overall.enable_steady_tick(Duration::from_millis(200));
        Bars {
            multi,
            overall,
            pass,
            group: std::sync::Mutex::new(String::new()),
        }
    }

    fn start_group(&self, name: &str) {
        *self.group.lock().unwrap_or_else(|e| e.into_inner()) = name.to_owned();
        self.pass.set_prefix("group");
    }

    fn finish_group(&self, positions: u64) {
        self.overall.inc(positions);
    }

    fn println(&self, line: String) {
        if self.multi.is_hidden() {
            eprintln!("{line}");
        } else {
            let _ = self.multi.println(line);
        }
    }

    fn clear(&self) {
        self.pass.finish_and_clear();
        self.overall.finish_and_clear();
    }
}

impl Progress for Bars {
    fn pass(&self, name: &str, total: u64) {
        let group = self.group.lock().unwrap_or_else(|e| e.into_inner()).clone();
        self.pass.set_length(total);
        self.pass.set_position(0);
        self.pass.reset_eta();
        self.pass.set_message(format!("{group}: {name}"));
    }

    fn advance(&self, n: u64) {
        self.pass.inc(n);
    }
}

//! `mancala db verify --deep`: every stored value and depth checked by `mancala-check`, the
//! independent checker (its own rules, its own reading of the file), with a progress bar, each
//! disagreement named, and the summary.

use std::path::Path;
use std::time::Duration;

use anyhow::{bail, Result};
use indicatif::{ProgressBar, ProgressStyle};
use mancala_check::deep::{self, Options, Progress, SliceResult, Unchecked};
use mancala_check::table::Slice;

use super::print;
use super::text::thousands;

/// The bar of a deep verification and the lines it prints above it.
struct Bar {
    bar: ProgressBar,
}

impl Bar {
    fn println(&self, line: String) {
        if self.bar.is_hidden() {
            eprintln!("{line}");
        } else {
            self.bar.println(line);
        }
    }
}

impl Progress for Bar {
    fn start(&self, slices: &[Slice], positions: u64, already_checked: usize) {
        self.bar.set_length(positions);
        if already_checked > 0 {
            self.println(format!(
                "  {already_checked} slice(s) already checked (recorded in the progress file): \
                 going on with the {} left",
                slices.len()
            ));
        }
    }

    fn slice_started(&self, slice: &Slice) {
        self.bar
            .set_message(format!("{} slice {}", slice.variant, slice.id));
    }

    fn positions_done(&self, n: u64) {
        self.bar.inc(n);
    }

    fn slice_done(&self, slice: &Slice, result: &SliceResult) {
        for d in &result.disagreements {
            self.println(format!("disagreement: {d}"));
        }
        let more = result.disagreeing - result.disagreements.len() as u64;
        if more > 0 {
            self.println(format!(
                "disagreement: {} slice {}: {} more not listed",
                slice.variant,
                slice.id,
                thousands(more)
            ));
        }
    }

    fn unchecked(&self, u: &Unchecked) {
        self.println(format!(
            "not checked: {} slice {}: {}",
            u.variant, u.slice, u.why
        ));
    }

    fn note(&self, text: &str) {
        self.println(format!("note: {text}"));
    }
}

/// Runs the deep verification of `db` and prints what it found; fails when a position disagrees
/// or a slice could not be checked.
pub fn run(db: &Path, options: &Options) -> Result<()> {
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix:>6} [{bar:30}] {human_pos}/{human_len} positions ({per_sec}) {elapsed} \
             elapsed, ~{eta} left  {msg}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar.set_prefix("deep");
    bar.enable_steady_tick(Duration::from_millis(200));
    let progress = Bar { bar };
    let report = deep::verify(db, options, &progress)?;
    progress.bar.finish_and_clear();
    let rate = report.positions as f64 / report.seconds.max(1e-9);
    let already = if report.already_checked > 0 {
        format!(
            "; {} slice(s) checked before (the progress file {})",
            report.already_checked,
            deep::resume::path_of(db).display()
        )
    } else {
        String::new()
    };
    if report.passed() {
        return Ok(print(&format!(
            "{}: deep check: all {} slice(s) checked agree with the independent rules of \
             mancala-check ({} positions in {:.1} s, {}/s){already}.\n",
            db.display(),
            report.agreeing,
            thousands(report.positions),
            report.seconds,
            thousands(rate as u64),
        ))?);
    }
    let mut faults = Vec::new();
    if report.disagreements > 0 {
        faults.push(format!(
            "{} position(s) in {} slice(s) whose stored value or depth is not what the \
             independent rules give",
            thousands(report.disagreements),
            report.disagreeing_slices
        ));
    }
    if !report.unchecked.is_empty() {
        faults.push(format!(
            "{} slice(s) that could not be checked",
            report.unchecked.len()
        ));
    }
    bail!(
        "{}: deep check failed: {} ({} slice(s) agree; {} positions checked in {:.1} s){already}",
        db.display(),
        faults.join(" and "),
        report.agreeing,
        thousands(report.positions),
        report.seconds
    )
}

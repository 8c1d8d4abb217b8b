//! The progress of a solve on the terminal: two progress bars (the whole solve, the current
//! group's pass), a line for each group stored, and the summary at the end. Drawn for
//! `mancala solve` (by rank 0 under `mpirun`) and `serve`'s first build.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use mancala_db::{SolveProgress, SolvedGroup};
use mancala_solver::solve::Progress;
use mancala_solver::{Slice, Variant};

use super::text::thousands;

/// Who follows a solve besides the terminal: `serve`'s background build, which `GET /api/status`
/// reports (`serve` ties it to the service's build status; the solve knows nothing of HTTP).
pub trait BuildWatcher: Send + Sync {
    /// The solve begins, with `total` positions to solve in all.
    fn solving(&self, total: u64);
    /// A group of `variant`, named `name` (`rio-kadalis slice 12`), begins.
    fn group_started(&self, variant: Variant, name: &str);
    /// A group of `positions` positions is stored.
    fn group_stored(&self, positions: u64);
}

/// `4-0 + 0-4`: the slices of a group, as the per-group lines and the progress bars name it.
fn group_name(group: &[Slice]) -> String {
    let names: Vec<String> = group.iter().map(|s| s.id.to_string()).collect();
    names.join(" + ")
}

/// The last line of a solve: groups, positions, rate, time and results in all.
pub fn summary(done: &[SolvedGroup], elapsed: Duration, db: &str) {
    let (Some(first), Some(last)) = (done.first(), done.last()) else {
        eprintln!("Nothing to solve: every requested slice is in {db}.");
        return;
    };
    let positions: u64 = done.iter().map(|d| d.positions).sum();
    let solving: f64 = done.iter().map(|d| d.seconds).sum();
    let (w, d, l) = done.iter().fold((0, 0, 0), |acc, x| {
        (acc.0 + x.wins, acc.1 + x.draws, acc.2 + x.losses)
    });
    eprintln!(
        "Solved {} groups ({} {} .. {} {}): {} positions in {:.1} s ({}/s), {:.1} s in all; won {} drawn {} lost {}. Stored in {db}.",
        done.len(),
        first.variant(),
        group_name(&first.slices),
        last.variant(),
        group_name(&last.slices),
        thousands(positions),
        solving,
        thousands((positions as f64 / solving.max(1e-9)) as u64),
        elapsed.as_secs_f64(),
        thousands(w),
        thousands(d),
        thousands(l),
    );
}

/// Two progress bars: all positions to solve in this run (with the time left), and the current
/// group's pass; and the line printed for each group stored.
pub struct Bars {
    multi: MultiProgress,
    overall: ProgressBar,
    pass: ProgressBar,
    /// `rio-kadalis slice 12`: the group being solved, shown before the pass's name.
    group: Mutex<String>,
    /// When the group started, and its passes so far with when each started.
    passes: Mutex<(Instant, Vec<(String, Instant)>)>,
    /// The background build that this solve is a step of (`serve`'s first build), told of
    /// each group begun and stored.
    watcher: Option<Arc<dyn BuildWatcher>>,
}

/// A group that takes at least this long gets a line with the time of each of its passes: the
/// log of a long solve then says where the time went.
const PASS_TIMES_AFTER: Duration = Duration::from_secs(10);

impl Bars {
    /// Bars for a solve of `total` positions, hidden when `quiet`, telling `watcher` (if any)
    /// of each group.
    pub fn new(total: u64, quiet: bool, watcher: Option<Arc<dyn BuildWatcher>>) -> Bars {
        let multi = MultiProgress::new();
        if quiet {
            multi.set_draw_target(ProgressDrawTarget::hidden());
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
            group: Mutex::new(String::new()),
            passes: Mutex::new((Instant::now(), Vec::new())),
            watcher,
        }
    }

    /// `moves 120.1 s, predecessors 30.2 s, ..., storing 10.0 s` for a group stored now that
    /// spent `solving` seconds in the solver, or `None` when it took less than
    /// [`PASS_TIMES_AFTER`] in all.
    fn pass_times(&self, solving: f64) -> Option<String> {
        let (started, passes) = &*self.passes.lock().unwrap_or_else(|e| e.into_inner());
        let in_all = started.elapsed();
        if in_all < PASS_TIMES_AFTER {
            return None;
        }
        // Each pass ends where the next begins, the last one where the solver returned.
        let solved = *started + Duration::from_secs_f64(solving);
        let ends = passes.iter().skip(1).map(|(_, at)| *at).chain([solved]);
        let mut parts: Vec<String> = passes
            .iter()
            .zip(ends)
            .map(|((name, from), to)| {
                let took = to.saturating_duration_since(*from).as_secs_f64();
                format!("{name} {took:.1} s")
            })
            .collect();
        let storing = (in_all.as_secs_f64() - solving).max(0.0);
        parts.push(format!("storing {storing:.1} s"));
        Some(parts.join(", "))
    }

    fn println(&self, line: String) {
        if self.multi.is_hidden() {
            eprintln!("{line}");
        } else {
            let _ = self.multi.println(line);
        }
    }

    /// Removes the bars from the terminal.
    pub fn clear(&self) {
        self.pass.finish_and_clear();
        self.overall.finish_and_clear();
    }
}

impl Progress for Bars {
    fn pass(&self, name: &str, total: u64) {
        let passes = &mut self.passes.lock().unwrap_or_else(|e| e.into_inner()).1;
        passes.push((name.to_string(), Instant::now()));
        let group = self.group.lock().unwrap_or_else(|e| e.into_inner()).clone();
        self.pass.set_length(total);
        self.pass.set_position(0);
        self.pass.reset_eta();
        self.pass.set_message(format!("{group}: {name}"));
    }

    fn advance(&self, n: u64) {
        self.pass.inc(n);
    }

    fn note(&self, message: &str) {
        let group = self.group.lock().unwrap_or_else(|e| e.into_inner()).clone();
        self.println(format!("  {group}: {message}"));
    }
}

impl SolveProgress for Bars {
    fn group_started(&self, group: &[Slice]) {
        let variant = group[0].variant;
        let name = format!("{variant} slice {}", group_name(group));
        if let Some(watcher) = &self.watcher {
            watcher.group_started(variant, &name);
        }
        *self.group.lock().unwrap_or_else(|e| e.into_inner()) = name;
        *self.passes.lock().unwrap_or_else(|e| e.into_inner()) = (Instant::now(), Vec::new());
        self.pass.set_prefix("group");
    }

    fn group_stored(&self, group: &SolvedGroup) {
        self.overall.inc(group.positions);
        if let Some(watcher) = &self.watcher {
            watcher.group_stored(group.positions);
        }
        self.println(format!(
            "  {} slice {:>7}: {:>13} positions in {:>7.1} s ({}/s)  won {} drawn {} lost {}",
            group.variant(),
            group_name(&group.slices),
            thousands(group.positions),
            group.seconds,
            thousands((group.positions as f64 / group.seconds.max(1e-9)) as u64),
            thousands(group.wins),
            thousands(group.draws),
            thousands(group.losses),
        ));
        if let Some(times) = self.pass_times(group.seconds) {
            self.println(format!(
                "    {} slice {}: {times}",
                group.variant(),
                group_name(&group.slices)
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_group_gets_the_time_of_each_pass() {
        let bars = Bars::new(0, true, None);
        let ago = |s: u64| Instant::now().checked_sub(Duration::from_secs(s)).unwrap();
        // Started 20 s ago: moves for 15 s, then the retrograde until the solver returned after
        // 18 s; stored in the last 2 s.
        *bars.passes.lock().unwrap() = (
            ago(20),
            vec![("moves".into(), ago(20)), ("retrograde".into(), ago(5))],
        );
        assert_eq!(
            bars.pass_times(18.0).as_deref(),
            Some("moves 15.0 s, retrograde 3.0 s, storing 2.0 s")
        );
        // A group of less than ten seconds gets no such line.
        *bars.passes.lock().unwrap() = (ago(9), vec![("moves".into(), ago(9))]);
        assert_eq!(bars.pass_times(8.0), None);
    }
}

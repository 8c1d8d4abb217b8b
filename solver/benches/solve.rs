//! Solver benchmark: solves a fixed set of slices per variant in memory and reports positions per
//! second, the time of each pass, and peak memory (also per position of the largest group). Not a test: run it with
//!
//! ```text
//! cargo bench -p mancala-solver --bench solve                    # the default set
//! cargo bench -p mancala-solver --bench solve -- rio-kadalis:20  # any VARIANT:MAX_SEEDS list
//! cargo bench -p mancala-solver --bench solve -- --wide oware:16  # every group in 64 bits
//! ```
//!
//! `--wide` numbers every group from 2^32, so that the solver holds its positions in 64 bits as
//! it does a group past 2^32 positions: what those pay, measured on groups that fit.
//!
//! Results go to standard output as a Markdown table for BENCHMARKS.md.

#[path = "../tests/in_memory/mod.rs"]
mod in_memory;

use std::sync::Mutex;
use std::time::Instant;

use mancala_solver::solve::{KnownValues, Progress};
use mancala_solver::{Slice, Variant};

/// Times the solver's passes.
struct PassClock {
    current: Mutex<Option<(String, Instant)>>,
    totals: Mutex<Vec<(String, f64)>>,
}

impl PassClock {
    fn close(&self) {
        if let Some((name, t)) = self.current.lock().unwrap().take() {
            let mut totals = self.totals.lock().unwrap();
            let secs = t.elapsed().as_secs_f64();
            match totals.iter_mut().find(|(n, _)| *n == name) {
                Some(entry) => entry.1 += secs,
                None => totals.push((name, secs)),
            }
        }
    }
}

impl Progress for PassClock {
    fn pass(&self, name: &str, _total: u64) {
        self.close();
        *self.current.lock().unwrap() = Some((name.to_owned(), Instant::now()));
    }
    fn advance(&self, _: u64) {}
}

/// Peak resident memory of this process since the last reset, in bytes (Linux).
fn peak_rss() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

/// Resets the peak so that each variant's figure is its own (Linux: clear_refs 5).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let first = match std::env::args().any(|a| a == "--wide") {
        true => 1 << 32,
        false => 0,
    };
    let jobs: Vec<(Variant, u32)> = if args.is_empty() {
        vec![
            (Variant::Hawalis, 6),
            (Variant::BaoLaKiarabu, 6),
            (Variant::AlManqala, 12),
            (Variant::Anywoli, 8),
            (Variant::RioKadalis, 16),
            (Variant::RioKadalis5, 20),
        ]
    } else {
        args.iter()
            .map(|a| {
                let (v, n) = a.split_once(':').expect("VARIANT:MAX_SEEDS");
                (
                    v.parse().expect("variant id"),
                    n.parse().expect("seed count"),
                )
            })
            .collect()
    };
    println!("| variant | max seeds | positions | seconds | positions/s | moves | predecessors | values | depths | peak memory | bytes a position of the largest group |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (variant, max) in jobs {
        reset_peak();
        let clock = PassClock {
            current: Mutex::new(None),
            totals: Mutex::new(Vec::new()),
        };
        let mut known = KnownValues::new();
        let start = Instant::now();
        let mut positions = 0u64;
        let mut largest = 0u64;
        let slices = Slice::up_to(variant, max);
        in_memory::solve_slices_numbered_from(first, &slices, &mut known, &clock, |solved| {
            let group = solved.iter().map(|s| s.values.len() as u64).sum::<u64>();
            positions += group;
            largest = largest.max(group);
        });
        clock.close();
        let secs = start.elapsed().as_secs_f64();
        let totals = clock.totals.lock().unwrap();
        let pass = |name: &str| {
            totals
                .iter()
                .find(|(n, _)| n == name)
                .map_or(0.0, |(_, s)| *s)
        };
        let peak = peak_rss();
        println!(
            "| {variant} | {max} | {positions} | {secs:.1} | {:.0} | {:.1} | {:.1} | {:.1} | {:.1} | {:.2} GiB | {:.1} |",
            positions as f64 / secs,
            pass("moves"),
            pass("predecessors"),
            pass("values"),
            pass("depths"),
            peak as f64 / (1u64 << 30) as f64,
            peak as f64 / largest.max(1) as f64,
        );
    }
}

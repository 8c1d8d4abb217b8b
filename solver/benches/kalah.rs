//! Kalah benchmark: the value of the start position of `Kalah(P, n)` by the exact search of
//! `mancala_solver::kalah_mtdf`, with an in-memory tablebase at its leaves. Not a test: run it with
//!
//! ```text
//! cargo bench -p mancala-solver --bench kalah              # Kalah(6, 4), 16-seed leaves
//! cargo bench -p mancala-solver --bench kalah -- 6:4:18    # any P:n:LEAF_SEEDS list (0: none)
//! cargo bench -p mancala-solver --bench kalah -- table     # every P <= 6, n <= 4 (README.md)
//! ```
//!
//! Results go to standard output as Markdown tables for BENCHMARKS.md and README.md.

#[path = "../tests/in_memory/mod.rs"]
mod in_memory;

use std::time::Instant;

use mancala_solver::kalah_mtdf::{start_board, KalahSearch, Leaves, SearchOptions};
use mancala_solver::solve::KnownValues;
use mancala_solver::{Board, Variant};

/// The variant id of Kalah on `p` pits a row, if it has one.
fn variant(p: usize) -> Option<Variant> {
    match p {
        6 => Some(Variant::Kalah),
        5 => Some(Variant::Kalah5),
        4 => Some(Variant::Kalah4),
        _ => None,
    }
}

/// Solves every slice of `v` up to `max` seeds in memory; returns the values and the seconds.
fn tablebase(v: Variant, max: u32) -> (KnownValues, f64) {
    let t = Instant::now();
    let known = in_memory::known_up_to(v, max);
    (known, t.elapsed().as_secs_f64())
}

/// What one computation gave.
struct Run {
    value: i8,
    method: String,
    tablebase_seconds: f64,
    search_seconds: f64,
    nodes: u64,
    leaf_hits: u64,
}

/// The start value of `Kalah(p, n)` by search, with the slices up to `leaves` seeds (0: none)
/// solved first and probed at the leaves.
fn search(p: usize, n: u8, leaves: u32) -> Run {
    let (known, tablebase_seconds) = match (variant(p), leaves) {
        (Some(v), l) if l > 0 => {
            let (k, s) = tablebase(v, l);
            (Some(k), s)
        }
        _ => (None, 0.0),
    };
    let mut options = SearchOptions::new(p);
    options.tt_bits = 24;
    options.leaf_max_seeds = known.as_ref().map(|_| leaves);
    let t = Instant::now();
    let (value, nodes, leaf_hits) = match (&known, variant(p)) {
        (Some(k), Some(v)) => start_value(KalahSearch::new(options, k.leaves(v)), p, n),
        _ => start_value(KalahSearch::new(options, |_: &Board| None), p, n),
    };
    Run {
        value,
        method: if known.is_some() {
            format!("search, {leaves}-seed tablebase at the leaves")
        } else {
            "search".to_owned()
        },
        tablebase_seconds,
        search_seconds: t.elapsed().as_secs_f64(),
        nodes,
        leaf_hits,
    }
}

/// The value of the start of `Kalah(p, n)` by `s`, with its nodes and leaf hits.
fn start_value(mut s: KalahSearch<impl Leaves>, p: usize, n: u8) -> (i8, u64, u64) {
    let value = s
        .value(&start_board(p, n), 0, &mut |_| {})
        .expect("no budget");
    (value, s.nodes(), s.leaf_hits())
}

/// The start value of `Kalah(p, n)` from a full tablebase of its variant.
fn full_tablebase(p: usize, n: u8) -> Run {
    let v = variant(p).expect("a variant");
    let seeds = 2 * p as u32 * n as u32;
    let (known, secs) = tablebase(v, seeds);
    Run {
        value: known.value(v, &start_board(p, n)).expect("solved"),
        method: format!("full tablebase ({seeds} seeds)"),
        tablebase_seconds: secs,
        search_seconds: 0.0,
        nodes: 0,
        leaf_hits: 0,
    }
}

/// The results table of README.md: every `Kalah(P, n)` with P <= 6 and n <= 4, from a full
/// tablebase where that takes under a minute, else by search over the default tablebase sizes.
fn table() {
    println!("| P | n | value | method | tablebase s | search s | nodes |");
    println!("|---:|---:|---:|---|---:|---:|---:|");
    for p in 1..=6usize {
        for n in 1..=4u8 {
            let seeds = 2 * p as u32 * n as u32;
            let r = match p {
                1..=3 => search(p, n, 0),
                // Full tablebases: kalah-4 to 32 seeds takes 34 s; kalah-5 to 20 seeds 6 s;
                // kalah to 12 seeds 1 s. Above that the slices grow too fast.
                4 => full_tablebase(p, n),
                5 if seeds <= 20 => full_tablebase(p, n),
                6 if seeds <= 12 => full_tablebase(p, n),
                5 => search(p, n, 20),
                _ => search(p, n, 16),
            };
            println!(
                "| {p} | {n} | {:+} | {} | {:.1} | {:.1} | {} |",
                r.value, r.method, r.tablebase_seconds, r.search_seconds, r.nodes
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    if args.iter().any(|a| a == "table") {
        table();
        return;
    }
    let jobs: Vec<(usize, u8, u32)> = if args.is_empty() {
        vec![(6, 4, 16)]
    } else {
        args.iter()
            .map(|a| {
                let parts: Vec<&str> = a.split(':').collect();
                assert_eq!(parts.len(), 3, "P:n:LEAF_SEEDS, e.g. 6:4:16");
                (
                    parts[0].parse().expect("P"),
                    parts[1].parse().expect("n"),
                    parts[2].parse().expect("leaf seeds"),
                )
            })
            .collect()
    };
    println!("| board | value | leaves | tablebase s | search s | nodes | nodes/s | leaf probes |");
    println!("|---|---:|---|---:|---:|---:|---:|---:|");
    for (p, n, leaves) in jobs {
        let r = search(p, n, leaves);
        println!(
            "| Kalah({p}, {n}) | {:+} | {} | {:.1} | {:.1} | {} | {:.0} | {} |",
            r.value,
            if leaves > 0 {
                format!("slices up to {leaves} seeds")
            } else {
                "none".to_owned()
            },
            r.tablebase_seconds,
            r.search_seconds,
            r.nodes,
            r.nodes as f64 / r.search_seconds.max(1e-9),
            r.leaf_hits,
        );
        let _ = &r.method;
    }
}

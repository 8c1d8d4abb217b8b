//! Probe benchmark: the cost of one probe of a cached chunk (the service's hot path), and of a
//! probe that has to read and decode its chunk from SQLite. Not a test: run it with
//!
//! ```text
//! cargo bench -p mancala-db --bench probe
//! ```

use std::time::Instant;

use mancala_db::Tablebase;
use mancala_solver::solve::Silent;
use mancala_solver::{Board, Shape, Slice, SliceId, Variant};

const RUNS: usize = 7;

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.total_cmp(b));
    xs[xs.len() / 2]
}

fn main() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bench.db");
    let variant = Variant::RioKadalis;
    Tablebase::open(&path)
        .expect("create")
        .solve_up_to(variant, 12, &Silent)
        .expect("solve");
    let slice = Slice {
        variant,
        id: SliceId::Seeds(12),
    };
    // Pseudo-random boards of the slice, generated up front so only probing is timed.
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let boards: Vec<Board> = (0..1_000_000)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            slice.board(x % slice.len())
        })
        .collect();

    // Cold: a fresh read-only handle, one probe per chunk (each reads and decodes its chunk).
    let mut cold = Vec::new();
    for _ in 0..RUNS {
        let tb = Tablebase::open_read_only(&path).expect("open");
        let chunks = slice.len().div_ceil(mancala_db::CHUNK_SIZE);
        let t = Instant::now();
        for c in 0..chunks {
            tb.probe_board(
                variant,
                Shape::OPEN,
                &slice.board(c * mancala_db::CHUNK_SIZE),
            )
            .expect("probe");
        }
        cold.push(t.elapsed().as_secs_f64() * 1e6 / chunks as f64);
    }

    // Warm: every chunk cached, a million probes of random positions.
    let tb = Tablebase::open_read_only(&path).expect("open");
    for b in &boards {
        tb.probe_board(variant, Shape::OPEN, b).expect("probe");
    }
    let mut warm = Vec::new();
    let mut checksum = 0i64;
    for _ in 0..RUNS {
        let t = Instant::now();
        for b in &boards {
            checksum += tb
                .probe_board(variant, Shape::OPEN, b)
                .expect("probe")
                .score as i64;
        }
        warm.push(t.elapsed().as_secs_f64() * 1e9 / boards.len() as f64);
    }
    println!("| probe | median of {RUNS} runs |");
    println!("|---|---:|");
    println!(
        "| cached chunk (rio-kadalis slice 12, random positions) | {:.0} ns |",
        median(warm)
    );
    println!(
        "| chunk read from SQLite and decoded (64 Ki positions) | {:.0} µs |",
        median(cold)
    );
    eprintln!("(checksum {checksum})");
}

//! `mancala solve --memory LIMIT`: how much memory a solve may take, and the refusal of a group
//! that would take more, before anything is solved (the alternative being the kernel killing the
//! solve half-way). The need of each group and where its moves go are the plan's
//! ([`mancala_db::SolvePlan`], from the solver's own estimate); this module only compares them
//! with the limit and the free disk, and words the refusal. A group solved on disk must also fit
//! the free space of the work directory's disk.

use anyhow::{bail, Result};
use bytesize::ByteSize;
use mancala_db::{MovesPlace, SolvePlan};
use mancala_solver::solve::MOST_POSITIONS;
use mancala_solver::Slice;

use super::text::thousands;

/// Bytes as a person reads them: `2.4 GiB`.
pub fn bytes(n: u64) -> String {
    ByteSize::b(n).display().iec().to_string()
}

/// The memory this machine has available now (`MemAvailable` of `/proc/meminfo`), or `None`
/// where that cannot be read.
pub fn available() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Fails, naming the first group of `plan` that needs more than `limit` bytes of memory (its
/// positions, what it needs and what there is), or more disk than the work directory's disk
/// has free, and the largest `--max-seeds` that fits; succeeds when every group fits. The
/// figures and where each group's moves go are the plan's; with ranks sharing the groups,
/// `limit` and the figures are each rank's.
pub fn check(plan: &SolvePlan, limit: u64, source: &str) -> Result<()> {
    let variant = plan.variant();
    let setup = plan.setup();
    let each = match plan.ranks() {
        1 => String::new(),
        n => format!(" on each of {n} ranks"),
    };
    let free = free_disk(&setup.work_dir);
    for group in plan.groups() {
        let need = &group.need;
        let names: Vec<String> = group.slices.iter().map(|s| s.id.to_string()).collect();
        // The slices below this group's seeds all fit (they come first, or are stored already).
        let below = group.slices[0]
            .id
            .total()
            .checked_sub(1)
            .and_then(|n| Slice::up_to(variant, n).last().map(|s| s.id.total()));
        let fits = below.map_or_else(String::new, |n| {
            format!("; up to {n} seeds fits: `mancala solve {variant} --max-seeds {n}`")
        });
        let what = format!(
            "{variant} slice {} ({} positions, about {} moves within it){each}",
            names.join(" + "),
            thousands(need.positions),
            thousands(need.moves),
        );
        if need.positions > MOST_POSITIONS {
            bail!(
                "{what} is too large for the solver, which numbers a group's positions in 40 bits \
                 (at most {}){fits}",
                thousands(MOST_POSITIONS)
            );
        }
        if group.memory() > limit {
            let ways = match setup.moves {
                MovesPlace::Auto => format!(
                    "about {} of memory with its moves in memory, {} with them on disk",
                    bytes(need.in_memory),
                    bytes(need.on_disk)
                ),
                _ => format!(
                    "about {} of memory with its moves {}",
                    bytes(group.memory()),
                    if group.moves_on_disk {
                        "on disk"
                    } else {
                        "in memory"
                    }
                ),
            };
            bail!(
                "{what} needs {ways} (the values of the {} positions of the smaller slices \
                 in memory with the moves, in files with them on disk); {source} is {}{fits}",
                thousands(need.smaller_positions),
                bytes(limit),
            );
        }
        if let Some(free) = free.filter(|&free| group.disk() > free) {
            bail!(
                "{what} needs about {} of disk in {} with its moves on disk; {} is free \
                 there (--work-dir puts them elsewhere){fits}",
                bytes(group.disk()),
                setup.work_dir.display(),
                bytes(free),
            );
        }
    }
    Ok(())
}

/// The free space of the disk that holds `dir` (or the nearest existing parent).
fn free_disk(dir: &std::path::Path) -> Option<u64> {
    let existing = dir.ancestors().find(|p| p.exists())?;
    let existing = if existing.as_os_str().is_empty() {
        std::path::Path::new(".")
    } else {
        existing
    };
    fs4::available_space(existing).ok()
}

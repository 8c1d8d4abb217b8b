//! `mancala solve --memory LIMIT`: how much memory a solve may take, and the refusal of a group
//! that would take more, before anything is solved (the alternative being the kernel killing the
//! solve half-way). The need of each group is the solver's own estimate
//! ([`mancala_solver::solve::shared_memory_need`]), with its moves in memory or on disk as `--moves`
//! says; a group solved on disk must also fit the free space of the work directory's disk.

use anyhow::{bail, Result};
use bytesize::ByteSize;
use mancala_db::{MovesPlace, SolveSetup, Tablebase};
use mancala_solver::solve::{shared_memory_need, MemoryNeed};
use mancala_solver::{Slice, Variant};

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

/// The groups of `variant` up to `max` seeds that `tb` does not hold yet, in solving order,
/// with what each needs (each rank, when `ranks` share them).
fn missing_groups(
    tb: &Tablebase,
    variant: Variant,
    max: u32,
    ranks: u64,
) -> Result<Vec<(Vec<Slice>, MemoryNeed)>> {
    let stored = tb.current_slices(variant)?;
    let mut groups: Vec<(Vec<Slice>, MemoryNeed)> = Vec::new();
    for slice in Slice::up_to(variant, max) {
        if stored.contains(&slice.id) || groups.iter().any(|(g, _)| g.contains(&slice)) {
            continue;
        }
        let group = slice.group();
        let need = shared_memory_need(&group, ranks);
        groups.push((group, need));
    }
    Ok(groups)
}

/// How a group would be solved under `setup` and a memory limit: with its moves on disk or not,
/// and the memory that takes.
fn plan(need: &MemoryNeed, setup: &SolveSetup, limit: u64) -> (bool, u64) {
    let on_disk = match setup.moves {
        MovesPlace::Memory => false,
        MovesPlace::Disk => true,
        MovesPlace::Auto => need.moves_on_disk(limit),
    };
    (
        on_disk,
        if on_disk {
            need.on_disk
        } else {
            need.in_memory
        },
    )
}

/// The most memory that solving the missing groups of `variant` up to `max` seeds needs at once
/// (the largest group's need, each group in memory or on disk as `setup` has it), on each rank
/// when `ranks` share them.
pub fn peak(
    tb: &Tablebase,
    variant: Variant,
    max: u32,
    setup: &SolveSetup,
    ranks: u64,
) -> Result<u64> {
    let limit = setup.memory_limit.unwrap_or(u64::MAX);
    Ok(missing_groups(tb, variant, max, ranks)?
        .iter()
        .map(|(_, need)| plan(need, setup, limit).1)
        .max()
        .unwrap_or(0))
}

/// Fails, naming the first group of `variant` up to `max` seeds that needs more than `limit`
/// bytes of memory (its positions, what it needs and what there is), or more disk than the work
/// directory's disk has free, and the largest `--max-seeds` that fits; succeeds when every
/// missing group fits. With `ranks` sharing the groups, `limit` and the figures are each rank's.
pub fn check(
    tb: &Tablebase,
    variant: Variant,
    max: u32,
    limit: u64,
    source: &str,
    setup: &SolveSetup,
    ranks: u64,
) -> Result<()> {
    let groups = missing_groups(tb, variant, max, ranks)?;
    let each = match ranks {
        1 => String::new(),
        n => format!(" on each of {n} ranks"),
    };
    let free = free_disk(&setup.work_dir);
    for (group, need) in &groups {
        let (on_disk, memory) = plan(need, setup, limit);
        let names: Vec<String> = group.iter().map(|s| s.id.to_string()).collect();
        // The slices below this group's seeds all fit (they come first, or are stored already).
        let below = group[0]
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
        if need.positions >= u32::MAX as u64 {
            bail!(
                "{what} is too large for the solver, which numbers a group's positions in 32 bits \
                 (at most 4,294,967,294){fits}"
            );
        }
        if memory > limit {
            let ways = match setup.moves {
                MovesPlace::Auto => format!(
                    "about {} of memory with its moves in memory, {} with them on disk",
                    bytes(need.in_memory),
                    bytes(need.on_disk)
                ),
                _ => format!(
                    "about {} of memory with its moves {}",
                    bytes(memory),
                    if on_disk { "on disk" } else { "in memory" }
                ),
            };
            bail!(
                "{what} needs {ways}, with the values of the {} positions of the smaller slices; \
                 {source} is {}{fits}",
                thousands(need.smaller_positions),
                bytes(limit),
            );
        }
        if let (true, Some(free)) = (on_disk, free) {
            if need.disk > free {
                bail!(
                    "{what} needs about {} of disk in {} with its moves on disk; {} is free \
                     there (--work-dir puts them elsewhere){fits}",
                    bytes(need.disk),
                    setup.work_dir.display(),
                    bytes(free),
                );
            }
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

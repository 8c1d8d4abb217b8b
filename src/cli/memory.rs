//! `mancala solve --memory LIMIT`: how much memory a solve may take, and the refusal of a group
//! that would take more, before anything is solved (the alternative being the kernel killing the
//! solve half-way). The need of each group is the solver's own estimate
//! ([`mancala_solver::solve::memory_need`]).

use anyhow::{bail, Result};
use bytesize::ByteSize;
use mancala_db::Tablebase;
use mancala_solver::solve::{memory_need, MemoryNeed};
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
/// with what each needs.
fn missing_groups(
    tb: &Tablebase,
    variant: Variant,
    max: u32,
) -> Result<Vec<(Vec<Slice>, MemoryNeed)>> {
    let stored = tb.current_slices(variant)?;
    let mut groups: Vec<(Vec<Slice>, MemoryNeed)> = Vec::new();
    for slice in Slice::up_to(variant, max) {
        if stored.contains(&slice.id) || groups.iter().any(|(g, _)| g.contains(&slice)) {
            continue;
        }
        let group = slice.group();
        let need = memory_need(&group);
        groups.push((group, need));
    }
    Ok(groups)
}

/// The most memory that solving the missing groups of `variant` up to `max` seeds needs at once
/// (the largest group's need).
pub fn peak(tb: &Tablebase, variant: Variant, max: u32) -> Result<u64> {
    Ok(missing_groups(tb, variant, max)?
        .iter()
        .map(|(_, need)| need.bytes)
        .max()
        .unwrap_or(0))
}

/// Fails, naming the first group of `variant` up to `max` seeds that needs more than `limit`
/// bytes (its positions, what it needs and what there is) and the largest `--max-seeds` that
/// fits; succeeds when every missing group fits.
pub fn check(tb: &Tablebase, variant: Variant, max: u32, limit: u64, source: &str) -> Result<()> {
    let groups = missing_groups(tb, variant, max)?;
    let Some(at) = groups.iter().position(|(_, need)| need.bytes > limit) else {
        return Ok(());
    };
    let (group, need) = &groups[at];
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
    bail!(
        "{variant} slice {} ({} positions, about {} moves within it) needs about {} of memory to \
         solve, with the values of the {} positions of the smaller slices; {source} is {}{fits}",
        names.join(" + "),
        thousands(need.positions),
        thousands(need.moves),
        bytes(need.bytes),
        thousands(need.smaller_positions),
        bytes(limit),
    )
}

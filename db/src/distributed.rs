//! Solving into the database with each group shared by several ranks (docs/distributed.md):
//! `mancala solve` under `mpirun`.
//!
//! Rank 0 alone opens the database: it lists the slices missing, reads back the smaller
//! slices' values that each group's exits look up and sends them to every rank, and stores each
//! group. Every rank solves its share of the group ([`solve_share`]), then encodes the database
//! chunks of its share (a share is made of whole chunks) and sends them to rank 0, which
//! stores the group in one transaction, inserting one rank's chunks at a time, as they come:
//! the same rows as a single process, the same checksums. An interrupted solve resumes from the groups stored, with any number of ranks.

use std::time::Instant;

use mancala_solver::solve::{
    clear_work, exit_slices, histogram, partition, rank_root, solve_share, KnownValues, Ranks,
    SolvedShare,
};
use mancala_solver::{Slice, Variant};

use crate::chunk::CHUNK_SIZE;
use crate::solve::{SolveProgress, SolveSetup, SolveUpToError, SolvedGroup};
use crate::store::{encode_chunks, EncodedChunk, StoredSlice};
use crate::Tablebase;

/// Bytes of a chunk's header as a rank sends it: its slice in the group (1), its number (8),
/// its checksum (4) and its length (8).
const CHUNK_HEADER: usize = 21;

/// Solves and stores every slice of `variant` up to `max_seeds` seeds that rank 0's database
/// lacks, each group shared by `ranks`. Every rank calls it; `tb` is the database on rank 0
/// and `None` on the others. `setup` says where each group's moves go ([`SolveSetup`], its
/// memory limit being each rank's); with their moves on disk, each rank has its own work
/// directory under `setup.work_dir` ([`rank_root`]: a node's local disk, or a shared one).
/// Returns the groups solved, on every rank.
///
/// An error on one rank leaves the others waiting in a collective: the caller must end them
/// all (`MPI_Abort`), and the next solve resumes from the groups stored.
pub fn solve_shared(
    tb: Option<&Tablebase>,
    variant: Variant,
    max_seeds: u32,
    ranks: &dyn Ranks,
    setup: &SolveSetup,
    progress: &impl SolveProgress,
) -> Result<Vec<SolvedGroup>, SolveUpToError> {
    let all = Slice::up_to(variant, max_seeds);
    // The slices missing, as their places in `all`, from rank 0.
    let mut missing = Vec::new();
    if let Some(tb) = tb {
        let plan = tb.plan_solve(variant, max_seeds)?;
        for s in plan.missing() {
            let k = all
                .iter()
                .position(|x| x == s)
                .expect("planned from the same list");
            missing.extend((k as u32).to_le_bytes());
        }
    }
    ranks.broadcast(&mut missing);
    let missing: Vec<Slice> = missing
        .chunks_exact(4)
        .map(|b| all[u32::from_le_bytes(b.try_into().expect("4 bytes")) as usize])
        .collect();

    let mut known = KnownValues::new();
    let mut done: Vec<SolvedGroup> = Vec::new();
    for slice in &missing {
        if done.iter().any(|g| g.slices.contains(slice)) {
            continue; // solved with its mirror
        }
        let group = slice.group();
        for needed in exit_slices(&group) {
            let mut bytes = match tb {
                Some(tb) => tb
                    .load_values(needed)
                    .map_err(|source| SolveUpToError::Resume {
                        slice: needed,
                        source,
                    })?
                    .into_iter()
                    .map(|v| v as u8)
                    .collect(),
                None => Vec::new(),
            };
            ranks.broadcast(&mut bytes);
            known.insert(needed.id, bytes.into_iter().map(|v| v as i8).collect());
        }
        progress.group_started(&group);
        let started = Instant::now();
        let partition = partition(&group, ranks.size(), CHUNK_SIZE);
        // Emptied of the smaller slices once the moves pass is done.
        let options = setup.shared_options(&group, ranks.size());
        let share = solve_share(&group, &mut known, progress, ranks, &partition, &options)?;
        let seconds = started.elapsed().as_secs_f64();

        let (bytes, mut counts) = encode_share(&group, &share);
        drop(share);
        ranks.sum(&mut counts);
        let histograms: Vec<Vec<(i8, u64)>> = counts.chunks(256).map(histogram_of).collect();
        match tb {
            Some(tb) => {
                let slices: Vec<StoredSlice> = group
                    .iter()
                    .zip(&histograms)
                    .map(|(&slice, histogram)| StoredSlice {
                        slice,
                        positions: slice.len(),
                        histogram,
                        chunks: Vec::new(),
                    })
                    .collect();
                // Each rank's chunks inserted as they come, in the group's one transaction.
                tb.insert_group(&slices, seconds, |insert| {
                    let mut stored = Ok(());
                    ranks.gather(&bytes, &mut |chunks| {
                        if stored.is_ok() {
                            stored = decode_chunks(&chunks, |k, c| insert(k, &c));
                        }
                    });
                    stored
                })?;
            }
            None => ranks.gather(&bytes, &mut |_| {}),
        }
        drop(bytes);
        // No rank clears its checkpoints before the group is stored.
        ranks.max(&mut [0]);
        if let Some(root) = &options.work_dir {
            let mine = rank_root(root, ranks.rank(), ranks.size());
            clear_work(&mine, &group).map_err(|source| SolveUpToError::ClearWork {
                dir: mine.clone(),
                source,
            })?;
            if mine != *root {
                let _ = std::fs::remove_dir(&mine);
            }
        }
        let summary = SolvedGroup::counted(group, &histograms, seconds);
        progress.group_stored(&summary, &[]);
        done.push(summary);
    }
    Ok(done)
}

/// This rank's share of a solved group as it sends it to rank 0: its database chunks, each with
/// its header ([`CHUNK_HEADER`]), and the count of each value in each slice (256 a slice).
fn encode_share(group: &[Slice], share: &SolvedShare) -> (Vec<u8>, Vec<u64>) {
    let mut bytes = Vec::new();
    let mut counts = vec![0u64; 256 * group.len()];
    let mut offset = 0usize;
    for (k, slice) in group.iter().enumerate() {
        let len = slice.len() as usize;
        let from = share.share.start.max(offset);
        let to = share.share.end.min(offset + len);
        if from < to {
            let values = &share.values[from - share.share.start..to - share.share.start];
            let depths = &share.depths[from - share.share.start..to - share.share.start];
            for (v, n) in histogram(values) {
                counts[256 * k + (v as i16 + 128) as usize] = n;
            }
            for c in encode_chunks(*slice, (from - offset) as u64, values, depths) {
                bytes.push(k as u8);
                bytes.extend(c.chunk.to_le_bytes());
                bytes.extend(c.crc.to_le_bytes());
                bytes.extend((c.data.len() as u64).to_le_bytes());
                bytes.extend(c.data);
            }
        }
        offset += len;
    }
    (bytes, counts)
}

/// The histogram of 256 counts, one a value from -128 up ([`encode_share`]'s).
fn histogram_of(counts: &[u64]) -> Vec<(i8, u64)> {
    (0..256)
        .filter(|&i| counts[i] > 0)
        .map(|i| ((i as i16 - 128) as i8, counts[i]))
        .collect()
}

/// Hands `chunk` each chunk one rank sent ([`encode_share`]) with its slice in the group,
/// stopping at the first error.
fn decode_chunks<E>(
    mut bytes: &[u8],
    mut chunk: impl FnMut(usize, EncodedChunk) -> Result<(), E>,
) -> Result<(), E> {
    let number = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("8 bytes"));
    while !bytes.is_empty() {
        let (head, rest) = bytes.split_at(CHUNK_HEADER);
        let len = number(&head[13..21]) as usize;
        let (data, rest) = rest.split_at(len);
        chunk(
            head[0] as usize,
            EncodedChunk {
                chunk: number(&head[1..9]),
                crc: u32::from_le_bytes(head[9..13].try_into().expect("4 bytes")),
                data: data.to_vec(),
            },
        )?;
        bytes = rest;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use mancala_solver::solve::{OneRank, Partition};
    use mancala_solver::SliceId;

    use super::*;

    /// What a rank sends of its share reads back as the chunks and counts of a whole-slice
    /// encoding, for a two-slice group cut in three shares across the slices' boundary.
    #[test]
    fn shares_encode_to_the_chunks_of_the_whole_slices() {
        let slice = |m, o| Slice {
            variant: Variant::Hawalis,
            id: SliceId::Sides(m, o),
        };
        let group = [slice(4, 3), slice(3, 4)];
        let n: usize = group.iter().map(|s| s.len() as usize).sum();
        // Values and depths made up: what is encoded does not need to be solved.
        let values: Vec<i8> = (0..n).map(|i| (i % 7) as i8 - 3).collect();
        let depths: Vec<u16> = (0..n).map(|i| (i % 1000) as u16).collect();
        let partition = Partition::new(&group, 3, CHUNK_SIZE);
        let mut stored: Vec<StoredSlice> = group
            .iter()
            .map(|&slice| StoredSlice {
                slice,
                positions: slice.len(),
                histogram: &[],
                chunks: Vec::new(),
            })
            .collect();
        let mut counts = vec![0u64; 512];
        for r in 0..3 {
            let share = partition.share(r);
            let part = SolvedShare {
                values: values[share.clone()].to_vec(),
                depths: depths[share.clone()].to_vec(),
                share,
            };
            let (bytes, c) = encode_share(&group, &part);
            counts.iter_mut().zip(c).for_each(|(a, b)| *a += b);
            decode_chunks(&bytes, |k, c| {
                stored[k].chunks.push(c);
                Ok::<(), ()>(())
            })
            .unwrap();
        }
        let mut offset = 0;
        for (k, s) in stored.iter_mut().enumerate() {
            let len = group[k].len() as usize;
            let (v, d) = (&values[offset..offset + len], &depths[offset..offset + len]);
            s.chunks.sort_by_key(|c| c.chunk);
            assert_eq!(s.chunks, encode_chunks(group[k], 0, v, d), "slice {k}");
            assert_eq!(histogram_of(&counts[256 * k..256 * (k + 1)]), histogram(v));
            offset += len;
        }
        // One rank hands its own bytes to itself.
        let mut got = Vec::new();
        OneRank.gather(b"abc", &mut |b| got.push(b));
        assert_eq!(got, [b"abc".to_vec()]);
    }
}

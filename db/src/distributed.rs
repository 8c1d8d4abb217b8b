//! What the ranks of a shared solve send rank 0 once a group is solved (docs/distributed.md):
//! each rank encodes the database chunks of its share (a share is made of whole chunks) and
//! sends them as bytes, which rank 0 reads back into the rows it inserts, in the group's one
//! transaction ([`crate::solve`]): the same rows as a single process, the same checksums.

use mancala_solver::solve::{ShareResults, ShareValues, SolveError};

use crate::chunk::CHUNK_SIZE;
use crate::store::{encode_chunk, EncodedChunk};

/// Bytes of a chunk's header as a rank sends it: its slice in the group (1), its number (8),
/// its checksum (4) and its length (8).
const CHUNK_HEADER: usize = 21;

/// A rank's share encoded ([`encode_share`]).
pub(crate) struct EncodedShare {
    /// The database chunks of each slice of the group, in group order (empty where the share
    /// holds none of the slice).
    pub chunks: Vec<Vec<EncodedChunk>>,
    /// How many of the share's positions have each value, 256 counts (from -128 up) a slice.
    pub counts: Vec<u64>,
    /// The share's values.
    pub values: ShareValues,
}

/// The database chunks of a rank's share, encoded on every core a few at a time as the solve
/// hands them over (its depths given back as they go), with its values counted.
pub(crate) fn encode_share(results: ShareResults) -> Result<EncodedShare, SolveError> {
    let slices: Vec<_> = results.slices().into_iter().map(|(s, _, _)| s).collect();
    let (made, values) = results.map_chunks(CHUNK_SIZE, |k, first, values, depths| {
        let mut counts = [0u64; 256];
        for &v in values {
            counts[(v as i16 + 128) as usize] += 1;
        }
        (encode_chunk(slices[k], first, values, depths), counts)
    })?;
    let mut counts = vec![0u64; 256 * slices.len()];
    let chunks = made
        .into_iter()
        .enumerate()
        .map(|(k, slice)| {
            slice
                .into_iter()
                .map(|(chunk, c)| {
                    for (total, n) in counts[256 * k..256 * (k + 1)].iter_mut().zip(c) {
                        *total += n;
                    }
                    chunk
                })
                .collect()
        })
        .collect();
    Ok(EncodedShare {
        chunks,
        counts,
        values,
    })
}

/// A share's chunks ([`encode_share`]) as a rank sends them to rank 0: each with its header
/// ([`CHUNK_HEADER`]), one after the other.
pub(crate) fn chunks_to_bytes(chunks: Vec<Vec<EncodedChunk>>) -> Vec<u8> {
    let mut bytes = Vec::new();
    for (k, slice) in chunks.into_iter().enumerate() {
        for c in slice {
            bytes.push(k as u8);
            bytes.extend(c.chunk.to_le_bytes());
            bytes.extend(c.crc.to_le_bytes());
            bytes.extend((c.data.len() as u64).to_le_bytes());
            bytes.extend(c.data);
        }
    }
    bytes
}

/// The histogram of 256 counts, one a value from -128 up.
pub(crate) fn histogram_of(counts: &[u64]) -> Vec<(i8, u64)> {
    (0..256)
        .filter(|&i| counts[i] > 0)
        .map(|i| ((i as i16 - 128) as i8, counts[i]))
        .collect()
}

/// Hands `chunk` each chunk one rank sent ([`chunks_to_bytes`]) with its slice in the group,
/// stopping at the first error.
pub(crate) fn decode_chunks<E>(
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
    use mancala_solver::solve::{histogram, partition, OneRank, Ranks, SolvedPart, SolvedShare};
    use mancala_solver::{Slice, SliceId, Variant};

    use super::*;
    use crate::store::encode_chunks;

    /// What ranks send of their shares reads back as the chunks of a whole-slice encoding, and
    /// their counts add up to the slices' histograms, for a two-slice group cut in three shares
    /// across the slices' boundary; each share's values come back as they went in.
    #[test]
    fn shares_encode_to_the_chunks_of_the_whole_slices() {
        let slice = |m, o| Slice {
            variant: Variant::Hawalis,
            id: SliceId::Sides(m, o),
        };
        let group = [slice(4, 3), slice(3, 4)];
        let lens: Vec<usize> = group.iter().map(|s| s.len() as usize).collect();
        let n: usize = lens.iter().sum();
        // Values and depths made up: what is encoded does not need to be solved.
        let values: Vec<i8> = (0..n).map(|i| (i % 7) as i8 - 3).collect();
        let depths: Vec<u16> = (0..n).map(|i| (i % 1000) as u16).collect();
        let partition = partition(&group, 3, CHUNK_SIZE);
        let mut stored: Vec<Vec<EncodedChunk>> = vec![Vec::new(); 2];
        let mut counts = vec![0u64; 2 * 256];
        let mut cut = 0;
        for r in 0..3 {
            let share = partition.share(r);
            // The share's part of each slice, as the solver gives it.
            let mut start = 0;
            let parts = group
                .iter()
                .map(|&slice| {
                    let end = start + slice.len() as usize;
                    let (from, to) = (share.start.clamp(start, end), share.end.clamp(start, end));
                    let part = SolvedPart {
                        slice,
                        first: (from - start) as u64,
                        values: values[from..to].to_vec(),
                        depths: depths[from..to].to_vec(),
                    };
                    start = end;
                    part
                })
                .collect::<Vec<_>>();
            cut += parts.iter().filter(|p| !p.values.is_empty()).count();
            let held: Vec<(Slice, Vec<i8>)> =
                parts.iter().map(|p| (p.slice, p.values.clone())).collect();
            let results = ShareResults::from_share(SolvedShare { share, parts });
            let encoded = encode_share(results).unwrap();
            assert_eq!(encoded.values.into_runs().unwrap(), held);
            counts
                .iter_mut()
                .zip(encoded.counts)
                .for_each(|(c, n)| *c += n);
            let bytes = chunks_to_bytes(encoded.chunks);
            decode_chunks(&bytes, |k, c| {
                stored[k].push(c);
                Ok::<(), ()>(())
            })
            .unwrap();
        }
        // Some share holds positions of both slices.
        assert!(cut > 2, "{partition:?}");
        let mut offset = 0;
        for (k, chunks) in stored.iter_mut().enumerate() {
            let (v, d) = (
                &values[offset..offset + lens[k]],
                &depths[offset..offset + lens[k]],
            );
            chunks.sort_by_key(|c| c.chunk);
            assert_eq!(*chunks, encode_chunks(group[k], 0, v, d), "slice {k}");
            assert_eq!(histogram_of(&counts[256 * k..256 * (k + 1)]), histogram(v));
            offset += lens[k];
        }
        // One rank hands its own bytes to itself.
        let mut got = Vec::new();
        OneRank.gather(b"abc", &mut |b| got.push(b));
        assert_eq!(got, [b"abc".to_vec()]);
    }

    /// Ranks' parts of a slice past 2^32 positions (Rio Kadalis slice 32: 5,752,004,349) are
    /// sent and read back at the chunk numbers their positions' indices give, past 65,536, each
    /// chunk checked at its place: one from index 2^32, and the slice's last chunk, shorter
    /// than the others.
    #[test]
    fn parts_of_a_slice_past_2_32_are_chunked_at_their_indices() {
        let slice = Slice {
            variant: Variant::RioKadalis,
            id: SliceId::Seeds(32),
        };
        let len = slice.len();
        assert_eq!(len, 5_752_004_349);
        let last = (len - 1) / CHUNK_SIZE * CHUNK_SIZE;
        for (first, n) in [(1u64 << 32, 2 * CHUNK_SIZE), (last, len - last)] {
            // Made-up values and depths, a function of the index.
            let index = |k: u64| first + k;
            let values: Vec<i8> = (0..n).map(|k| (index(k) % 13) as i8 - 6).collect();
            let depths: Vec<u16> = (0..n).map(|k| (index(k) % 977) as u16).collect();
            let part = SolvedPart {
                slice,
                first,
                values: values.clone(),
                depths: depths.clone(),
            };
            let share = SolvedShare {
                share: 0..n as usize,
                parts: vec![part],
            };
            let encoded = encode_share(ShareResults::from_share(share)).unwrap();
            let bytes = chunks_to_bytes(encoded.chunks);
            let mut got = Vec::new();
            decode_chunks(&bytes, |_, c| {
                got.push(c);
                Ok::<(), ()>(())
            })
            .unwrap();
            assert_eq!(got.len() as u64, n.div_ceil(CHUNK_SIZE));
            for (k, c) in got.iter().enumerate() {
                let at = k as u64 * CHUNK_SIZE;
                // The chunk of the position with index `first + at`, as a probe finds it.
                assert_eq!(c.chunk, (first + at) / CHUNK_SIZE);
                assert!(c.chunk >= 1 << 16);
                let run = at as usize..(at + CHUNK_SIZE).min(n) as usize;
                let place = crate::chunk::Place {
                    variant: "rio-kadalis",
                    slice: "32",
                    chunk: c.chunk,
                    len: run.len() as u64,
                    solver_version: mancala_solver::SOLVER_VERSION,
                    rules_version: mancala_solver::RULES_VERSION,
                };
                let decoded = crate::chunk::decode(&c.data, c.crc, &place, |e| {
                    panic!("chunk {}: {e}", c.chunk)
                })
                .unwrap();
                assert_eq!(decoded.values, values[run.clone()]);
                assert_eq!(decoded.depths, depths[run]);
            }
        }
    }
}

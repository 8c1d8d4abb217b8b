//! One chunk of a slice as the file stores it (docs/tablebase-format.md, "Chunks"): the zstd
//! compression of the values (one `i8` each) followed by the depths (`u16` little-endian each,
//! [`NO_DEPTH`] for none), and a CRC-32 that binds those bytes to their place.

use super::Stored;

/// The depth stored for a position that has none (its value is 0).
pub const NO_DEPTH: u16 = u16::MAX;

/// A decoded chunk: the values and depths of consecutive positions of one slice, each
/// position's three bytes together (its value, then its depth little-endian), so that reading
/// one position touches one place in memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    entries: Vec<[u8; 3]>,
}

impl Chunk {
    /// The chunk of these values and depths ([`NO_DEPTH`] for none), in position order.
    pub fn new(values: &[i8], depths: &[u16]) -> Chunk {
        let entries = values
            .iter()
            .zip(depths)
            .map(|(&v, &d)| {
                let [lo, hi] = d.to_le_bytes();
                [v as u8, lo, hi]
            })
            .collect();
        Chunk { entries }
    }

    /// Positions in it.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it holds no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Memory it takes: three bytes a position.
    pub fn bytes(&self) -> usize {
        3 * self.entries.len()
    }

    /// The value and depth of its position `i`.
    ///
    /// # Panics
    /// When `i` is not below [`Chunk::len`].
    pub fn stored(&self, i: usize) -> Stored {
        let [v, lo, hi] = self.entries[i];
        let depth = u16::from_le_bytes([lo, hi]);
        Stored {
            value: v as i8,
            depth: (depth != NO_DEPTH).then_some(depth),
        }
    }

    /// Asks the processor to start fetching position `i` from memory (nothing when `i` is out
    /// of range): the deep check asks for every move's position before it reads any, so that
    /// the waits for memory overlap instead of following one another.
    pub fn prefetch(&self, i: usize) {
        #[cfg(target_arch = "x86_64")]
        if let Some(entry) = self.entries.get(i) {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            // SAFETY: a prefetch is a hint that never faults and changes nothing but caches;
            // the address is a live element anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(entry.as_ptr().cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }
}

/// Everything a chunk's checksum binds its bytes to.
#[derive(Clone, Copy, Debug)]
pub struct Place<'a> {
    /// The variant id.
    pub variant: &'a str,
    /// The slice's name (`12`, `5-3`).
    pub slice: &'a str,
    /// The chunk's number in its slice, from 0.
    pub chunk: u64,
    /// Positions in the chunk.
    pub positions: u64,
    /// The solver version of the slice's row.
    pub solver_version: &'a str,
    /// The rules version of the slice's row.
    pub rules_version: &'a str,
}

impl Place<'_> {
    /// The checksum that `data` must carry at this place: the CRC-32 (IEEE, as zlib's) of the
    /// variant id, the slice name, the chunk number and the positions in the chunk (in decimal),
    /// the solver version and the rules version, each followed by a zero byte, then the data.
    pub fn checksum(&self, data: &[u8]) -> u32 {
        let mut crc = crc32fast::Hasher::new();
        let chunk = self.chunk.to_string();
        let positions = self.positions.to_string();
        for field in [
            self.variant,
            self.slice,
            &chunk,
            &positions,
            self.solver_version,
            self.rules_version,
        ] {
            crc.update(field.as_bytes());
            crc.update(&[0]);
        }
        crc.update(data);
        crc.finalize()
    }
}

/// Decodes the chunk stored at `place` as `data` with checksum `crc`; the error says what is
/// wrong (the caller names the chunk).
pub fn decode(data: &[u8], crc: u32, place: &Place) -> Result<Chunk, String> {
    if place.checksum(data) != crc {
        return Err(format!(
            "checksum mismatch: stored {crc:#010x}, its bytes at this place give {:#010x}",
            place.checksum(data)
        ));
    }
    let n = usize::try_from(place.positions).map_err(|_| "too many positions".to_owned())?;
    let want = n
        .checked_mul(3)
        .ok_or_else(|| "too many positions".to_owned())?;
    let raw = zstd::bulk::decompress(data, want).map_err(|e| format!("cannot decompress: {e}"))?;
    if raw.len() != want {
        return Err(format!(
            "{} bytes once decompressed instead of {want} (three a position)",
            raw.len()
        ));
    }
    let (values, depths) = raw.split_at(n);
    let entries = values
        .iter()
        .zip(depths.chunks_exact(2))
        .map(|(&v, d)| [v, d[0], d[1]])
        .collect();
    Ok(Chunk { entries })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLACE: Place = Place {
        variant: "oware",
        slice: "12",
        chunk: 3,
        positions: 4,
        solver_version: "1",
        rules_version: "1",
    };

    /// The bytes of a chunk of four positions, encoded as the format says.
    fn encoded() -> Vec<u8> {
        let values: [i8; 4] = [3, 0, -2, 1];
        let depths: [u16; 4] = [5, NO_DEPTH, 300, 1];
        let mut raw: Vec<u8> = values.iter().map(|&v| v as u8).collect();
        for d in depths {
            raw.extend_from_slice(&d.to_le_bytes());
        }
        zstd::bulk::compress(&raw, 5).unwrap()
    }

    #[test]
    fn a_chunk_decodes_at_its_place_only() {
        let data = encoded();
        let crc = PLACE.checksum(&data);
        let c = decode(&data, crc, &PLACE).unwrap();
        let stored: Vec<(i8, Option<u16>)> = (0..c.len())
            .map(|i| (c.stored(i).value, c.stored(i).depth))
            .collect();
        assert_eq!(
            stored,
            [(3, Some(5)), (0, None), (-2, Some(300)), (1, Some(1))]
        );
        for elsewhere in [
            Place { chunk: 4, ..PLACE },
            Place {
                slice: "1",
                chunk: 23,
                ..PLACE
            },
            Place {
                rules_version: "2",
                ..PLACE
            },
        ] {
            assert!(decode(&data, crc, &elsewhere)
                .unwrap_err()
                .contains("checksum"));
        }
        // The right checksum of bytes that are not a chunk of this length.
        let short = Place {
            positions: 5,
            ..PLACE
        };
        let e = decode(&data, short.checksum(&data), &short).unwrap_err();
        assert!(e.contains("bytes once decompressed"), "{e}");
    }

    #[test]
    fn the_checksum_is_a_plain_crc_32_of_the_fields_and_the_data() {
        // "oware\012\03\04\01\01\0" then the data, as one CRC-32.
        let data = [1u8, 2, 3];
        let mut all = b"oware\x0012\x003\x004\x001\x001\x00".to_vec();
        all.extend_from_slice(&data);
        assert_eq!(PLACE.checksum(&data), crc32fast::hash(&all));
    }
}

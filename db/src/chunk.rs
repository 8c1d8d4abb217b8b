//! Chunks: a slice is stored in pieces of [`CHUNK_SIZE`] positions, each compressed and
//! checksummed on its own, so a probe reads and decodes one small piece and damage stays local.
//!
//! A chunk's checksum covers its place as well as its bytes ([`Place`]: variant, slice, chunk
//! number, positions, solver and rules versions), so a chunk moved to another place, together
//! with its checksum, fails verification there instead of being served as the values of other
//! positions.

use std::sync::Arc;

use crate::DbError;

/// Positions per chunk. 64 Ki positions are 192 KiB decoded, a few KiB to a few tens of KiB
/// compressed.
pub const CHUNK_SIZE: u64 = 1 << 16;

/// zstd level: decoding speed is the same at every level; 5 writes three times as fast as 9
/// (which was an eighth of the Kalah solve's time) for chunks 4 % larger.
const ZSTD_LEVEL: i32 = 5;

/// A decoded chunk: the values and depths of consecutive positions of one slice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    /// Value of each position, from the side to move.
    pub values: Vec<i8>,
    /// Depth of each position ([`mancala_solver::solve::NO_DEPTH`] where none).
    pub depths: Vec<u16>,
}

/// Where a chunk belongs: everything its checksum binds its bytes to.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Place<'a> {
    /// The variant id.
    pub variant: &'a str,
    /// The slice's name (`12`, `5-3`).
    pub slice: &'a str,
    /// The chunk's number in its slice.
    pub chunk: u64,
    /// Positions in the chunk.
    pub len: u64,
    /// The solver version the slice row records.
    pub solver_version: &'a str,
    /// The rules version the slice row records.
    pub rules_version: &'a str,
}

impl Place<'_> {
    /// The checksum of `data` stored at this place: a CRC-32 of the place's fields (each ended
    /// by a zero byte, so that no two places read alike) followed by the data.
    pub(crate) fn checksum(&self, data: &[u8]) -> u32 {
        let mut hasher = crc32fast::Hasher::new();
        for field in [
            self.variant,
            self.slice,
            &self.chunk.to_string(),
            &self.len.to_string(),
            self.solver_version,
            self.rules_version,
        ] {
            hasher.update(field.as_bytes());
            hasher.update(&[0]);
        }
        hasher.update(data);
        hasher.finalize()
    }
}

/// The checksum chunks carried before it covered their place (schema versions 1 and 2): a
/// CRC-32 of the data alone. Only the migration that re-stamps old files reads it.
pub(crate) fn legacy_checksum(data: &[u8]) -> u32 {
    crc32fast::hash(data)
}

/// Encodes one chunk for `place`: returns the BLOB and its checksum.
pub(crate) fn encode(values: &[i8], depths: &[u16], place: &Place) -> (Vec<u8>, u32) {
    let mut raw = Vec::with_capacity(values.len() * 3);
    raw.extend(values.iter().map(|&v| v as u8));
    for d in depths {
        raw.extend_from_slice(&d.to_le_bytes());
    }
    let mut data =
        zstd::bulk::compress(&raw, ZSTD_LEVEL).expect("compressing in memory cannot fail");
    // zstd allocates its bound (the raw size and more); a group's chunks are all held until its
    // transaction, so without this they would take as much memory as the values and depths.
    data.shrink_to_fit();
    let crc = place.checksum(&data);
    (data, crc)
}

/// Decodes the chunk stored at `place`, checking its checksum first; `where_` names it in
/// errors.
pub(crate) fn decode(
    data: &[u8],
    crc: u32,
    place: &Place,
    where_: impl Fn(String) -> DbError,
) -> Result<Chunk, DbError> {
    with_raw(data, crc, place, where_, |values, depths| Chunk {
        values: values.iter().map(|&b| b as i8).collect(),
        depths: depths
            .chunks_exact(2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .collect(),
    })
}

/// The values alone of the chunk stored at `place` (a third of its decoded size), checked as
/// [`decode`] checks the whole.
pub(crate) fn decode_values(
    data: &[u8],
    crc: u32,
    place: &Place,
    where_: impl Fn(String) -> DbError,
) -> Result<Arc<[i8]>, DbError> {
    with_raw(data, crc, place, where_, |values, _| {
        values.iter().map(|&b| b as i8).collect()
    })
}

/// Checks the chunk stored at `place`, decompresses it into this thread's buffer and hands its
/// values' and its depths' bytes to `read`.
fn with_raw<T>(
    data: &[u8],
    crc: u32,
    place: &Place,
    where_: impl Fn(String) -> DbError,
    read: impl FnOnce(&[u8], &[u8]) -> T,
) -> Result<T, DbError> {
    if place.checksum(data) != crc {
        return Err(where_(
            "checksum mismatch (its bytes, or the place they are stored at, changed)".into(),
        ));
    }
    let len = place.len as usize;
    DECODER.with_borrow_mut(|decoder| {
        let Decoder { context, raw } = decoder;
        let context = match context {
            Some(context) => context,
            None => context.insert(
                zstd::bulk::Decompressor::new()
                    .map_err(|e| where_(format!("cannot start decompressing: {e}")))?,
            ),
        };
        raw.clear();
        // One byte more than a right chunk needs, so that a longer one is told apart.
        raw.reserve(len * 3 + 1);
        context
            .decompress_to_buffer(data, raw)
            .map_err(|e| where_(format!("cannot decompress: {e}")))?;
        if raw.len() != len * 3 {
            return Err(where_(format!(
                "{} bytes instead of {}",
                raw.len(),
                len * 3
            )));
        }
        let (values, depths) = raw.split_at(len);
        Ok(read(values, depths))
    })
}

/// A thread's zstd context and buffer for decoding chunks, made once and reused: a fresh
/// context and a fresh buffer for every chunk (half a MiB, on pages the kernel must clear each
/// time) took most of the time of a search probing a large slice.
#[derive(Default)]
struct Decoder {
    context: Option<zstd::bulk::Decompressor<'static>>,
    raw: Vec<u8>,
}

thread_local! {
    static DECODER: std::cell::RefCell<Decoder> = std::cell::RefCell::new(Decoder::default());
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLACE: Place = Place {
        variant: "oware",
        slice: "12",
        chunk: 3,
        len: 1000,
        solver_version: "s1",
        rules_version: "r1",
    };

    fn err(what: String) -> DbError {
        DbError::Corrupt {
            variant: "v".into(),
            slice: "s".into(),
            chunk: 0,
            what,
        }
    }

    fn sample() -> (Vec<i8>, Vec<u16>) {
        let values: Vec<i8> = (0..1000).map(|i| (i % 17 - 8) as i8).collect();
        let depths: Vec<u16> = (0..1000).map(|i| (i * 7 % 300) as u16).collect();
        (values, depths)
    }

    #[test]
    fn round_trip_and_damage_is_detected() {
        let (values, depths) = sample();
        let (mut data, crc) = encode(&values, &depths, &PLACE);
        let c = decode(&data, crc, &PLACE, err).unwrap();
        assert_eq!((c.values, c.depths), (values, depths));
        data[3] ^= 1;
        let e = decode(&data, crc, &PLACE, err).unwrap_err();
        assert!(e.to_string().contains("checksum"), "{e}");
    }

    #[test]
    fn a_chunk_of_the_wrong_size_or_not_zstd_fails_and_the_next_decodes() {
        // Checksums made for the bad bytes, so that the decoding itself meets them.
        let (values, depths) = sample();
        let (short, _) = encode(&values[..999], &depths[..999], &PLACE);
        let garbage = vec![0x5a; 300];
        let (good, crc) = encode(&values, &depths, &PLACE);
        for bad in [short, garbage] {
            let e = decode(&bad, PLACE.checksum(&bad), &PLACE, err).unwrap_err();
            let e = e.to_string();
            assert!(
                e.contains("2997 bytes instead of 3000") || e.contains("cannot decompress"),
                "{e}"
            );
            // The thread's reused decoder is not left broken by the failure.
            let c = decode(&good, crc, &PLACE, err).unwrap();
            assert_eq!((&c.values, &c.depths), (&values, &depths));
        }
    }

    #[test]
    fn a_chunk_read_at_another_place_fails_its_checksum() {
        let (values, depths) = sample();
        let (data, crc) = encode(&values, &depths, &PLACE);
        let elsewhere = [
            Place {
                variant: "kalah",
                ..PLACE
            },
            Place {
                slice: "13",
                ..PLACE
            },
            Place { chunk: 4, ..PLACE },
            Place {
                solver_version: "s2",
                ..PLACE
            },
            Place {
                rules_version: "r2",
                ..PLACE
            },
            // The fields are delimited: `1`+`23` is not `12`+`3`.
            Place {
                slice: "1",
                chunk: 23,
                ..PLACE
            },
        ];
        for place in elsewhere {
            let e = decode(&data, crc, &place, err).unwrap_err();
            assert!(e.to_string().contains("checksum"), "{place:?}: {e}");
        }
        // The length is bound too (checked before decompression can notice it).
        let shorter = Place { len: 999, ..PLACE };
        assert!(decode(&data, crc, &shorter, err)
            .unwrap_err()
            .to_string()
            .contains("checksum"));
        // A plain CRC of the data (the old stamp) is not accepted either.
        assert!(decode(&data, legacy_checksum(&data), &PLACE, err).is_err());
    }
}

//! Chunks: a slice is stored in pieces of [`CHUNK_SIZE`] positions, each compressed and
//! checksummed on its own, so a probe reads and decodes one small piece and damage stays local.

use crate::DbError;

/// Positions per chunk. 64 Ki positions are 192 KiB decoded, a few KiB to a few tens of KiB
/// compressed.
pub const CHUNK_SIZE: u64 = 1 << 16;

/// zstd level: decoding speed is the same at every level, and 9 is still fast to write.
const ZSTD_LEVEL: i32 = 9;

/// A decoded chunk: the values and depths of consecutive positions of one slice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    /// Value of each position, from the side to move.
    pub values: Vec<i8>,
    /// Depth of each position ([`mancala_solver::solve::NO_DEPTH`] where none).
    pub depths: Vec<u16>,
}

/// Encodes one chunk: returns the BLOB and its CRC-32.
pub(crate) fn encode(values: &[i8], depths: &[u16]) -> (Vec<u8>, u32) {
    let mut raw = Vec::with_capacity(values.len() * 3);
    raw.extend(values.iter().map(|&v| v as u8));
    for d in depths {
        raw.extend_from_slice(&d.to_le_bytes());
    }
    let data = zstd::bulk::compress(&raw, ZSTD_LEVEL).expect("compressing in memory cannot fail");
    let crc = crc32fast::hash(&data);
    (data, crc)
}

/// Decodes a chunk of `len` positions, checking its CRC first; `where_` names it in errors.
pub(crate) fn decode(
    data: &[u8],
    crc: u32,
    len: usize,
    where_: impl Fn(String) -> DbError,
) -> Result<Chunk, DbError> {
    if crc32fast::hash(data) != crc {
        return Err(where_("checksum mismatch".into()));
    }
    let raw = zstd::bulk::decompress(data, len * 3)
        .map_err(|e| where_(format!("cannot decompress: {e}")))?;
    if raw.len() != len * 3 {
        return Err(where_(format!(
            "{} bytes instead of {}",
            raw.len(),
            len * 3
        )));
    }
    let values = raw[..len].iter().map(|&b| b as i8).collect();
    let depths = raw[len..]
        .chunks_exact(2)
        .map(|b| u16::from_le_bytes([b[0], b[1]]))
        .collect();
    Ok(Chunk { values, depths })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_damage_is_detected() {
        let values: Vec<i8> = (0..1000).map(|i| (i % 17 - 8) as i8).collect();
        let depths: Vec<u16> = (0..1000).map(|i| (i * 7 % 300) as u16).collect();
        let (mut data, crc) = encode(&values, &depths);
        let err = |w: String| DbError::Corrupt {
            variant: "v".into(),
            slice: "s".into(),
            chunk: 0,
            what: w,
        };
        let c = decode(&data, crc, 1000, err).unwrap();
        assert_eq!((c.values, c.depths), (values, depths));
        data[3] ^= 1;
        let e = decode(&data, crc, 1000, err).unwrap_err();
        assert!(e.to_string().contains("checksum"), "{e}");
    }
}

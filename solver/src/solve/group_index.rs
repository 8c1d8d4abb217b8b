//! A position's number within the group being solved: 32 bits, or 64 for a group numbered past
//! 2^32, chosen once a group.
//!
//! The solver holds group positions by the hundred million: in its levels, its predecessor
//! table, the moves' records and what ranks send each other. Most groups number fewer than 2^32
//! positions, and 32-bit numbers halve what those take and keep twice as many in a cache line;
//! Rio Kadalis from slice 32 up (5.75 × 10^9 positions) needs more. Every pass is compiled for
//! both widths, as the relay sowing is compiled for each row length, and
//! [`super::solve_part`] picks one by the largest number the group's numbering reaches
//! ([`GroupIndex::fits`]), so a small group pays nothing for the large ones.
//!
//! A wide number takes 40 bits in the predecessor table and the moves' files ([`GroupIndex::TABLE_BITS`]):
//! 2^40 positions a group, past the 1.3 × 10^11 of the largest slice of any game here.

use super::ranks::Ranks;

/// The most positions a group may have: what a wide number holds.
pub const MOST_POSITIONS: u64 = 1 << <u64 as GroupIndex>::TABLE_BITS;

/// A group position as the solver holds it: `u32` or `u64`.
pub(super) trait GroupIndex:
    Copy + Default + Ord + Send + Sync + std::fmt::Debug + 'static
{
    /// Bits a number takes in the predecessor table and in the moves' files: a whole number of
    /// bytes.
    const TABLE_BITS: u32;
    /// A move within the group, `(child, parent)`, as the moves pass hands it on.
    type Record: Copy + Default + Send + Sync + std::fmt::Debug + 'static;

    /// Whether every number below `end` fits this width.
    fn fits(end: usize) -> bool {
        (end as u64) <= 1 << Self::TABLE_BITS
    }
    /// The number of position `i` (below 2^[`GroupIndex::TABLE_BITS`]).
    fn new(i: usize) -> Self;
    /// The position of a number.
    fn get(self) -> usize;
    /// The move from `parent` into `child`.
    fn record(child: usize, parent: usize) -> Self::Record;
    /// A move's child.
    fn child(r: Self::Record) -> usize;
    /// A move's parent.
    fn parent(r: Self::Record) -> Self;
    /// Appends the number's [`GroupIndex::TABLE_BITS`] bits, little-endian.
    fn write(self, out: &mut Vec<u8>);
    /// Reads back what [`GroupIndex::write`] wrote at the start of `bytes`.
    fn read(bytes: &[u8]) -> Self;
    /// [`Ranks::exchange`] of numbers of this width.
    fn exchange(ranks: &dyn Ranks, out: Vec<Vec<Self>>) -> Vec<Self>;
    /// [`Ranks::exchange`] of records of this width.
    fn exchange_records(ranks: &dyn Ranks, out: Vec<Vec<Self::Record>>) -> Vec<Self::Record>;
}

/// Bytes a number takes in the table: [`GroupIndex::TABLE_BITS`] / 8.
pub(super) const fn bytes<I: GroupIndex>() -> usize {
    I::TABLE_BITS as usize / 8
}

impl GroupIndex for u32 {
    const TABLE_BITS: u32 = 32;
    /// `child << 32 | parent`.
    type Record = u64;

    #[inline]
    fn new(i: usize) -> u32 {
        debug_assert!(i <= u32::MAX as usize);
        i as u32
    }
    #[inline]
    fn get(self) -> usize {
        self as usize
    }
    #[inline]
    fn record(child: usize, parent: usize) -> u64 {
        (child as u64) << 32 | parent as u64
    }
    #[inline]
    fn child(r: u64) -> usize {
        (r >> 32) as usize
    }
    #[inline]
    fn parent(r: u64) -> u32 {
        r as u32
    }
    #[inline]
    fn write(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    #[inline]
    fn read(b: &[u8]) -> u32 {
        u32::from_le_bytes([b[0], b[1], b[2], b[3]])
    }
    fn exchange(ranks: &dyn Ranks, out: Vec<Vec<u32>>) -> Vec<u32> {
        ranks.exchange(out)
    }
    fn exchange_records(ranks: &dyn Ranks, out: Vec<Vec<u64>>) -> Vec<u64> {
        ranks.exchange_wide(out)
    }
}

impl GroupIndex for u64 {
    const TABLE_BITS: u32 = 40;
    /// `child << 64 | parent`.
    type Record = u128;

    #[inline]
    fn new(i: usize) -> u64 {
        debug_assert!((i as u64) < 1 << Self::TABLE_BITS);
        i as u64
    }
    #[inline]
    fn get(self) -> usize {
        self as usize
    }
    #[inline]
    fn record(child: usize, parent: usize) -> u128 {
        (child as u128) << 64 | parent as u128
    }
    #[inline]
    fn child(r: u128) -> usize {
        (r >> 64) as usize
    }
    #[inline]
    fn parent(r: u128) -> u64 {
        r as u64
    }
    #[inline]
    fn write(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes()[..5]);
    }
    #[inline]
    fn read(b: &[u8]) -> u64 {
        u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], 0, 0, 0])
    }
    fn exchange(ranks: &dyn Ranks, out: Vec<Vec<u64>>) -> Vec<u64> {
        ranks.exchange_wide(out)
    }
    /// Each record sent as two 64-bit words, child first.
    fn exchange_records(ranks: &dyn Ranks, out: Vec<Vec<u128>>) -> Vec<u128> {
        let words = out
            .into_iter()
            .map(|rs| {
                rs.into_iter()
                    .flat_map(|r| [(r >> 64) as u64, r as u64])
                    .collect()
            })
            .collect();
        ranks
            .exchange_wide(words)
            .chunks_exact(2)
            .map(|w| (w[0] as u128) << 64 | w[1] as u128)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers and records of either width read back as they went in, at the ends of their
    /// ranges; a wide number past 2^32 keeps its high bits in the table's five bytes.
    #[test]
    fn numbers_and_records_read_back() {
        fn check<I: GroupIndex>(numbers: &[usize]) {
            for &n in numbers {
                let mut bytes = Vec::new();
                I::new(n).write(&mut bytes);
                assert_eq!(bytes.len(), super::bytes::<I>());
                assert_eq!(I::read(&bytes).get(), n);
                for &m in numbers {
                    let r = I::record(n, m);
                    assert_eq!((I::child(r), I::parent(r).get()), (n, m));
                }
            }
        }
        check::<u32>(&[0, 1, 0x1234_5678, u32::MAX as usize]);
        check::<u64>(&[
            0,
            1,
            u32::MAX as usize,
            1 << 32,
            0xab_cdef_0123,
            (1 << 40) - 1,
        ]);
        assert!(u32::fits(u32::MAX as usize) && !u32::fits(1 << 33));
        assert!(u64::fits(1 << 40) && !u64::fits((1 << 40) + 1));
    }
}

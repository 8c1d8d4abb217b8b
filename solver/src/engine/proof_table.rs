//! The proof search's memory of questions it has not settled: their proof and disproof numbers
//! by position and threshold ([`super::proof`]), a guide for the search and never a fact.

/// Entries of an engine's [`ProofTable`] (log2): 2^18 of 32 bytes, 8 MiB, room for the
/// unsettled questions of a quick answer's proofs (a million nodes, most of them settled).
pub(super) const PROOF_TABLE_BITS: u32 = 18;

/// The numbers of unsettled questions, by position and threshold, in a fixed amount of memory:
/// a guide for the search, never a fact (a slot is overwritten by the next question hashed to
/// it).
pub(super) struct ProofTable {
    entries: Vec<ProofEntry>,
}

#[derive(Clone, Copy, Default)]
struct ProofEntry {
    key: u128,
    k: i32,
    pn: u32,
    dn: u32,
}

impl ProofTable {
    /// A table of `2^bits` entries of 32 bytes.
    pub(super) fn new(bits: u32) -> ProofTable {
        ProofTable {
            entries: vec![ProofEntry::default(); 1 << bits],
        }
    }

    /// Its size in bytes.
    pub(super) fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<ProofEntry>()
    }

    /// Forgets every entry.
    pub(super) fn clear(&mut self) {
        self.entries.fill(ProofEntry::default());
    }

    #[inline]
    fn slot(&self, key: u128, k: i32) -> usize {
        let mixed = (key >> 64) as u64 ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed as usize) & (self.entries.len() - 1)
    }

    pub(super) fn probe(&self, key: u128, k: i32) -> Option<(u32, u32)> {
        let e = &self.entries[self.slot(key, k)];
        (e.key == key && e.k == k).then_some((e.pn, e.dn))
    }

    pub(super) fn store(&mut self, key: u128, k: i32, (pn, dn): (u32, u32)) {
        let slot = self.slot(key, k);
        self.entries[slot] = ProofEntry { key, k, pn, dn };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_is_found_by_its_position_and_threshold_only() {
        let mut t = ProofTable::new(4);
        let key = 0xABCD_u128 << 64 | 5;
        t.store(key, 16, (3, 7));
        assert_eq!(t.probe(key, 16), Some((3, 7)));
        assert_eq!(t.probe(key, 32), None, "another threshold");
        assert_eq!(t.probe(key ^ 2, 16), None, "another position");
        t.clear();
        assert_eq!(t.probe(key, 16), None);
    }
}

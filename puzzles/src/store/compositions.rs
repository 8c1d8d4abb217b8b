//! Where each composition of problems stands: the next candidate to examine, kept
//! with the problems found in one transaction, so that a composition stopped at any point (a
//! time box, Ctrl-C, a crash) resumes where it stopped, never losing or repeating a problem.

use std::ops::RangeInclusive;

use mancala_solver::Variant;
use rusqlite::{params, OptionalExtension};

use super::{insert_in, Collection, Puzzle};
use mancala_db::{DbError, WithPath};

use super::PuzzleStore;

/// One composition: the problems of a variant and collection with a range of seeds on the
/// board, drawn from the candidates of one seed, or scanned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompositionKey {
    /// The variant.
    pub variant: Variant,
    /// The collection the problems go to.
    pub collection: Collection,
    /// Seeds on the board.
    pub seeds: RangeInclusive<u32>,
    /// Every solved position of the range in turn, instead of sampled candidates.
    pub scan: bool,
    /// The seed of the sampled candidates.
    pub seed: u64,
}

impl CompositionKey {
    /// The range as stored: `A..B`.
    fn seeds_text(&self) -> String {
        format!("{}..{}", self.seeds.start(), self.seeds.end())
    }
}

impl PuzzleStore {
    /// The first candidate of `key` not yet examined: 0 for a new composition.
    pub fn composition_next(&self, key: &CompositionKey) -> Result<u64, DbError> {
        let next: Option<i64> = self
            .db
            .connection()
            .query_row(
                "SELECT next_candidate FROM compositions
                 WHERE variant = ?1 AND collection = ?2 AND seeds = ?3 AND scan = ?4
                     AND seed = ?5",
                params![
                    key.variant.id(),
                    key.collection.as_str(),
                    key.seeds_text(),
                    key.scan,
                    key.seed as i64
                ],
                |r| r.get(0),
            )
            .optional()
            .at(self.db.path())?;
        Ok(next.unwrap_or(0) as u64)
    }

    /// Stores the problems found and where the composition of `key` now stands, in one
    /// transaction; returns how many problems were new.
    pub fn store_composed(
        &self,
        key: &CompositionKey,
        puzzles: &[Puzzle],
        next_candidate: u64,
    ) -> Result<usize, DbError> {
        let mut conn = self.db.connection();
        let tx = conn.transaction().at(self.db.path())?;
        let inserted = insert_in(&tx, puzzles).at(self.db.path())?;
        tx.execute(
            "INSERT INTO compositions (variant, collection, seeds, scan, seed, next_candidate)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (variant, collection, seeds, scan, seed)
             DO UPDATE SET next_candidate = excluded.next_candidate",
            params![
                key.variant.id(),
                key.collection.as_str(),
                key.seeds_text(),
                key.scan,
                key.seed as i64,
                next_candidate as i64
            ],
        )
        .at(self.db.path())?;
        tx.commit().at(self.db.path())?;
        Ok(inserted)
    }
}

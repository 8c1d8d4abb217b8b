//! Where each composition of problems stands: the next candidate to examine, kept
//! with the problems found in one transaction, so that a composition stopped at any point (a
//! time box, Ctrl-C, a crash) resumes where it stopped, never losing or repeating a problem.

use std::ops::RangeInclusive;

use mancala_solver::Variant;
use rusqlite::types::Value as SqlValue;
use rusqlite::{params_from_iter, OptionalExtension, ParamsFromIter};

use super::{insert_in, Collection, Puzzle};
use crate::draw::Draw;
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
    /// How the candidates are drawn (sampled, scanned, or sampled on boards with closed pits).
    pub draw: Draw,
    /// The seed of the sampled candidates.
    pub seed: u64,
}

impl CompositionKey {
    /// The range as stored: `A..B`.
    fn seeds_text(&self) -> String {
        format!("{}..{}", self.seeds.start(), self.seeds.end())
    }

    /// The statement parameters: `?1` to `?5` the key, `?6` the value written, if any.
    fn params(&self, value: Option<i64>) -> ParamsFromIter<Vec<SqlValue>> {
        let mut all = vec![
            SqlValue::from(self.variant.id().to_owned()),
            SqlValue::from(self.collection.as_str().to_owned()),
            SqlValue::from(self.seeds_text()),
            SqlValue::from(self.draw.code()),
            SqlValue::from(self.seed as i64),
        ];
        all.extend(value.map(SqlValue::from));
        params_from_iter(all)
    }
}

impl PuzzleStore {
    /// The first candidate of `key` not yet examined: 0 for a new composition.
    pub fn composition_next(&self, key: &CompositionKey) -> Result<u64, DbError> {
        Ok(self.composition_column(key, "next_candidate")?.unwrap_or(0))
    }

    /// How many new problems the last run of `key` found, if a run was recorded
    /// ([`PuzzleStore::record_composition_run`]).
    pub fn composition_last_found(&self, key: &CompositionKey) -> Result<Option<u64>, DbError> {
        self.composition_column(key, "last_found")
    }

    /// One column of `key`'s row: `None` when there is no row or the column is NULL.
    fn composition_column(
        &self,
        key: &CompositionKey,
        column: &'static str,
    ) -> Result<Option<u64>, DbError> {
        let value: Option<Option<i64>> = self
            .db
            .connection()
            .query_row(
                &format!(
                    "SELECT {column} FROM compositions
                     WHERE variant = ?1 AND collection = ?2 AND seeds = ?3 AND scan = ?4
                         AND seed = ?5"
                ),
                key.params(None),
                |r| r.get(0),
            )
            .optional()
            .at(self.db.path())?;
        Ok(value.flatten().map(|n| n as u64))
    }

    /// Records that a run of `key` has ended having found `found` new problems (where it
    /// stands is kept as [`PuzzleStore::store_composed`] left it).
    pub fn record_composition_run(&self, key: &CompositionKey, found: u64) -> Result<(), DbError> {
        self.db
            .connection()
            .execute(
                "INSERT INTO compositions
                     (variant, collection, seeds, scan, seed, next_candidate, last_found)
                 VALUES (?1, ?2, ?3, ?4, ?5, 0, ?6)
                 ON CONFLICT (variant, collection, seeds, scan, seed)
                 DO UPDATE SET last_found = excluded.last_found",
                key.params(Some(found as i64)),
            )
            .at(self.db.path())?;
        Ok(())
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
            key.params(Some(next_candidate as i64)),
        )
        .at(self.db.path())?;
        tx.commit().at(self.db.path())?;
        Ok(inserted)
    }
}

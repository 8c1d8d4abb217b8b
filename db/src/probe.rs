//! Probing: a board's slice and index, then its chunk from the in-memory cache (shared by every
//! thread) or, on a miss, from SQLite.

use std::sync::Arc;

use mancala_solver::solve::NO_DEPTH;
use mancala_solver::{
    Board, Position, Slice, SliceId, Value, Variant, RULES_VERSION, SOLVER_VERSION,
};
use rusqlite::{params, OptionalExtension};

use crate::chunk::{Chunk, CHUNK_SIZE};
use crate::error::WithPath;
use crate::{DbError, Tablebase};

type Key = (Variant, SliceId, u64);

/// Decoded chunks, least recently used evicted first; safe to share between threads.
pub(crate) struct ChunkCache {
    chunks: quick_cache::sync::Cache<Key, Arc<Chunk>>,
}

impl ChunkCache {
    pub(crate) fn new(capacity: usize) -> ChunkCache {
        ChunkCache {
            chunks: quick_cache::sync::Cache::new(capacity),
        }
    }

    /// Drops every cached chunk of a slice that was just written again.
    pub(crate) fn forget_slice(&self, variant: Variant, id: SliceId) {
        self.chunks.retain(|k, _| !(k.0 == variant && k.1 == id));
    }
}

impl Tablebase {
    /// The solved value of a position (its `CAPTURED` field plays no part).
    pub fn probe(&self, position: &Position) -> Result<Value, DbError> {
        self.probe_board(position.variant(), &position.relative_board())
    }

    /// The solved value of a board seen from the side to move (its pits first).
    #[inline]
    pub fn probe_board(&self, variant: Variant, board: &Board) -> Result<Value, DbError> {
        let slice = Slice::of(variant, board);
        if slice.checked_len().is_none() {
            // Too large to index, so never stored: say so before computing an index.
            return Err(self.not_solved(slice));
        }
        let index = slice.index(board);
        let chunk = self.cached_chunk(slice, index / CHUNK_SIZE)?;
        let i = (index % CHUNK_SIZE) as usize;
        let depth = chunk.depths[i];
        Ok(Value {
            score: chunk.values[i],
            depth: (depth != NO_DEPTH).then_some(depth),
        })
    }

    fn cached_chunk(&self, slice: Slice, chunk: u64) -> Result<Arc<Chunk>, DbError> {
        self.cache
            .chunks
            .get_or_insert_with(&(slice.variant, slice.id, chunk), || {
                self.ensure_solved(slice)?;
                self.read_chunk(slice, chunk).map(Arc::new)
            })
    }

    /// Fails with [`DbError::NotSolved`] unless the slice is stored under the current rules.
    fn ensure_solved(&self, slice: Slice) -> Result<(), DbError> {
        let row: Option<(String, String)> = self
            .conn()
            .query_row(
                "SELECT solver_version, rules_version FROM slices WHERE variant = ?1 AND slice = ?2",
                params![slice.variant.id(), slice.id.to_string()],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .at(&self.path)?;
        match row {
            Some((s, r)) if s == SOLVER_VERSION && r == RULES_VERSION => Ok(()),
            _ => Err(self.not_solved(slice)),
        }
    }

    fn not_solved(&self, slice: Slice) -> DbError {
        DbError::NotSolved {
            variant: slice.variant,
            slice: slice.id,
            seeds: slice.id.total(),
            path: self.path.clone(),
        }
    }
}

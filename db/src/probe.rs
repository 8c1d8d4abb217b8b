//! Probing: a board's slice and index, then its chunk from the in-memory cache (shared by every
//! thread) or, on a miss, from SQLite.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use mancala_solver::solve::NO_DEPTH;
use mancala_solver::{Board, Slice, SliceId, Value, Variant};

use crate::chunk::{Chunk, CHUNK_SIZE};
use crate::{DbError, Tablebase};

type Key = (Variant, SliceId, u64);

/// Decoded chunks, least recently used evicted first, and the slices whose rows were found
/// whole; safe to share between threads.
pub(crate) struct ChunkCache {
    chunks: quick_cache::sync::Cache<Key, Arc<Chunk>>,
    /// Slices whose row agrees with the slice and its chunk numbers ([`Tablebase::slice_faults`]):
    /// checked when a probe first meets the slice, not on every probe.
    whole: Mutex<HashSet<(Variant, SliceId)>>,
}

impl ChunkCache {
    pub(crate) fn new(capacity: usize) -> ChunkCache {
        ChunkCache {
            chunks: quick_cache::sync::Cache::new(capacity),
            whole: Mutex::new(HashSet::new()),
        }
    }

    /// Drops every cached chunk of a slice that was just written again (or deleted), and what
    /// was known of its row.
    pub(crate) fn forget_slice(&self, variant: Variant, id: SliceId) {
        self.chunks.retain(|k, _| !(k.0 == variant && k.1 == id));
        self.whole().remove(&(variant, id));
    }

    fn whole(&self) -> std::sync::MutexGuard<'_, HashSet<(Variant, SliceId)>> {
        self.whole.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Tablebase {
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

    /// Fails with [`DbError::NotSolved`] unless the slice is stored under the current rules, and
    /// with [`DbError::DamagedSlice`] when its row disagrees with the slice or its chunk numbers
    /// (checked once, the first time the slice is met).
    fn ensure_solved(&self, slice: Slice) -> Result<(), DbError> {
        let Some(info) = self.slice_row(slice)? else {
            return Err(self.not_solved(slice));
        };
        if !info.is_current() {
            return Err(self.not_solved(slice));
        }
        if self.cache.whole().contains(&(slice.variant, slice.id)) {
            return Ok(());
        }
        let faults = self.slice_faults(&info, slice, slice.len())?;
        if !faults.is_empty() {
            let what: Vec<String> = faults
                .into_iter()
                .map(|(chunk, what)| match chunk {
                    Some(c) if !what.starts_with("chunk") => format!("chunk {c} {what}"),
                    _ => what,
                })
                .collect();
            return Err(DbError::DamagedSlice {
                variant: info.variant,
                slice: info.slice,
                what: what.join("; "),
            });
        }
        self.cache.whole().insert((slice.variant, slice.id));
        Ok(())
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

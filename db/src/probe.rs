//! Probing: a board's slice and index, then its chunk from the in-memory cache (shared by every
//! thread) or, on a miss, from SQLite. A board with closed pits is probed in its shape table,
//! moved into that table's layout first ([`Slice::of_board`]).

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use mancala_solver::solve::NO_DEPTH;
use mancala_solver::{Board, Shape, Slice, SliceId, Value, Variant};

use crate::chunk::{Chunk, CHUNK_SIZE};
use crate::{DbError, Tablebase};

type Key = (Variant, SliceId, u64);

/// Decoded chunks, least recently used evicted first, and the slices whose rows were found
/// whole; safe to share between threads.
pub(crate) struct ChunkCache {
    chunks: quick_cache::sync::Cache<Key, Arc<Chunk>>,
    /// The values alone of chunks, for the searches' probes ([`Tablebase::probe_score`]): a
    /// third of a whole chunk's memory, so three times the chunks in the same memory, and a
    /// search over a large table probes all over it.
    scores: quick_cache::sync::Cache<Key, Arc<[i8]>, ByBytes>,
    /// Slices whose row agrees with the slice and its chunk numbers ([`Tablebase::slice_faults`]):
    /// checked when a probe first meets the slice, not on every probe.
    whole: Mutex<HashSet<(Variant, SliceId)>>,
}

impl ChunkCache {
    /// A cache of at most `capacity` whole chunks and `score_bytes` bytes of values alone.
    pub(crate) fn new(capacity: usize, score_bytes: u64) -> ChunkCache {
        let scores = score_bytes / CHUNK_SIZE;
        ChunkCache {
            chunks: quick_cache::sync::Cache::new(capacity),
            scores: quick_cache::sync::Cache::with_weighter(scores as usize, score_bytes, ByBytes),
            whole: Mutex::new(HashSet::new()),
        }
    }

    /// Drops every cached chunk of a slice that was just written again (or deleted), and what
    /// was known of its row.
    pub(crate) fn forget_slice(&self, variant: Variant, id: SliceId) {
        self.chunks.retain(|k, _| !(k.0 == variant && k.1 == id));
        self.scores.retain(|k, _| !(k.0 == variant && k.1 == id));
        self.whole().remove(&(variant, id));
    }

    fn whole(&self) -> std::sync::MutexGuard<'_, HashSet<(Variant, SliceId)>> {
        self.whole.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A chunk's values weigh their bytes.
#[derive(Clone, Copy)]
struct ByBytes;

impl quick_cache::Weighter<Key, Arc<[i8]>> for ByBytes {
    fn weight(&self, _: &Key, values: &Arc<[i8]>) -> u64 {
        values.len() as u64
    }
}

impl Tablebase {
    /// The solved score of a board seen from the side to move (its pits first), its closed
    /// pits `shape` seen from the same side ([`Shape::OPEN`] but in a Rio Kadalis match),
    /// without its depth: what a search's leaf needs. Read from the chunk whole if it is
    /// cached, else from a cache of chunks' values alone, which holds three times as many in
    /// the same memory.
    #[inline]
    pub fn probe_score(
        &self,
        variant: Variant,
        shape: Shape,
        board: &Board,
    ) -> Result<i8, DbError> {
        let (slice, chunk, i) = self.locate(variant, shape, board)?;
        let key = (slice.variant, slice.id, chunk);
        if let Some(whole) = self.cache.chunks.get(&key) {
            return Ok(whole.values[i]);
        }
        let values = self.cache.scores.get_or_insert_with(&key, || {
            self.ensure_solved(slice)?;
            self.read_chunk_values(slice, chunk)
        })?;
        Ok(values[i])
    }

    /// The solved value of a board seen from the side to move (its pits first), its closed
    /// pits `shape` seen from the same side ([`Shape::OPEN`] but in a Rio Kadalis match).
    #[inline]
    pub fn probe_board(
        &self,
        variant: Variant,
        shape: Shape,
        board: &Board,
    ) -> Result<Value, DbError> {
        let (slice, chunk, i) = self.locate(variant, shape, board)?;
        let chunk = self.cached_chunk(slice, chunk)?;
        let depth = chunk.depths[i];
        Ok(Value {
            score: chunk.values[i],
            depth: (depth != NO_DEPTH).then_some(depth),
        })
    }

    /// Where a board of `shape` is stored: its slice, its chunk and its place in the chunk.
    #[inline]
    fn locate(
        &self,
        variant: Variant,
        shape: Shape,
        board: &Board,
    ) -> Result<(Slice, u64, usize), DbError> {
        let (slice, board) = Slice::of_board(variant, shape, board);
        if slice.checked_len().is_none() || !slice.is_reachable() {
            // Too large to index, or more seeds than a shape table holds: never stored. Say
            // so before computing an index.
            return Err(self.not_solved(slice));
        }
        let index = slice.index(&board);
        Ok((slice, index / CHUNK_SIZE, (index % CHUNK_SIZE) as usize))
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

//! One slice's check with every chunk its moves reach decoded once and held in memory: where
//! those chunks fit the memory given (three bytes a position), the moves are valued as they are
//! played, in one pass, without the asks and sorting of [`super::pieces`].

use rayon::prelude::*;

use super::{Children, Context, Method, Piece, SliceResult};
use crate::rules::{Pos, MAX_PITS};
use crate::table::chunk::Chunk;
use crate::table::{Slice, Stored, TableError};

/// The decoded chunks of the slices a slice's moves reach, by slot.
pub(super) struct Held {
    chunks: Vec<Vec<Chunk>>,
}

impl Held {
    /// Every chunk of `context`'s reachable slices, decoded; `None` when they would take more
    /// than `memory` bytes.
    pub(super) fn load(context: &Context, memory: usize) -> Result<Option<Held>, TableError> {
        let positions: u64 = context
            .reachable
            .iter()
            .flatten()
            .flatten()
            .map(|s: &Slice| s.positions)
            .sum();
        if positions.saturating_mul(3) > memory as u64 {
            return Ok(None);
        }
        let chunks = context
            .reachable
            .iter()
            .map(|s| match s {
                Some(Ok(s)) => (0..s.chunks())
                    .into_par_iter()
                    .map(|c| context.table.read_chunk(s, c))
                    .collect(),
                _ => Ok(Vec::new()),
            })
            .collect::<Result<_, TableError>>()?;
        Ok(Some(Held { chunks }))
    }
}

/// The held chunks as a [`Children`]: each position read where it lies, every ask's figures
/// fetched from memory before the first is read.
struct Reads<'a, 'c> {
    context: &'a Context<'c>,
    held: &'a Held,
    /// The asks not yet answered: their chunk and place in it.
    pending: [(&'a Chunk, usize); MAX_PITS],
    asked: usize,
    answered: usize,
}

impl Children for Reads<'_, '_> {
    fn ask(&mut self, pos: &Pos) -> Result<(), TableError> {
        let (slot, index) = self.context.locate(pos)?;
        let Some(Some(Ok(slice))) = self.context.reachable.get(slot) else {
            unreachable!("locate finds readable slices only")
        };
        let chunk = &self.held.chunks[slot][(index / slice.chunk_size) as usize];
        let i = (index % slice.chunk_size) as usize;
        chunk.prefetch(i);
        if self.answered == self.asked {
            (self.asked, self.answered) = (0, 0);
        }
        self.pending[self.asked] = (chunk, i);
        self.asked += 1;
        Ok(())
    }

    fn answer(&mut self) -> Stored {
        let (chunk, i) = self.pending[self.answered];
        self.answered += 1;
        chunk.stored(i)
    }
}

/// Positions checked between two records of a slice's progress: about a minute's work.
const PIECE_POSITIONS: u64 = 1 << 27;

impl Method for Held {
    fn piece_chunks(&self, slice: &Slice, _memory: usize) -> u64 {
        (PIECE_POSITIONS / slice.chunk_size.max(1)).max(1)
    }

    /// Checks the chunks from the held chunks, in one pass.
    fn check(&self, piece: &Piece) -> Result<SliceResult, TableError> {
        let (context, chunks) = (piece.context, &piece.chunks);
        let own = &self.chunks[super::slot_of(context.slice.id)];
        let results: Vec<SliceResult> = (chunks.start as usize..chunks.end as usize)
            .into_par_iter()
            .map(|c| {
                let mut reads = Reads {
                    context,
                    held: self,
                    pending: [(&own[c], 0); MAX_PITS],
                    asked: 0,
                    answered: 0,
                };
                let r = context.walk(c as u64, Some(&own[c]), &mut reads)?;
                (piece.done)(r.positions);
                Ok(r)
            })
            .collect::<Result<_, TableError>>()?;
        Ok(SliceResult::merged(results, context.report_limit))
    }
}

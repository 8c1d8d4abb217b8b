//! One slice's check in pieces, each chunk it reads decoded once a piece.
//!
//! A position's moves reach positions all over its own slice and the smaller ones, so a check
//! that reads each move's position where it lies decodes nearly a chunk a read once the slices
//! outgrow memory (Rio Kadalis slice 32: 24 GB of decoded chunks, under 23,000 positions a
//! second). Where those chunks do not fit the memory given (else [`super::held`]), a piece of
//! the slice (as many consecutive chunks as the memory allows) is checked in three passes:
//!
//! 1. **ask**: every position's moves are played and the place of each position after a move
//!    (its slice, chunk and place in the chunk) is written down, in the order the moves are
//!    valued;
//! 2. **fetch**: the places are sorted, so that each chunk they name is read and decoded once,
//!    and the stored figures are written beside the ask they answer;
//! 3. **value**: the moves are played again and valued from those figures, in the same order,
//!    and each position's expected figures compared with its stored ones.
//!
//! An ask is 8 bytes (where, then which ask it was) while sorting and 4 (its answer) after, so
//! a piece holds at most `memory / (16 × pits a side)` positions.

use std::sync::atomic::{AtomicU32, Ordering};

use rayon::prelude::*;

use super::{Children, Context, Method, Piece, SliceResult};
use crate::rules::Pos;
use crate::table::chunk::NO_DEPTH;
use crate::table::{Slice, Stored, TableError};

/// The chunks of the slices one slice's moves reach, numbered one after another, and how an
/// ask packs into a `u64`: the chunk's number, the place in it, the ask's number.
pub(super) struct Places<'a> {
    /// By slot: the number of the slot's first chunk (`None`: no slice there).
    first_chunk: Vec<Option<u64>>,
    /// The chunks' slices: (first chunk's number, slot), ascending.
    starts: Vec<(u64, usize)>,
    reachable: &'a [Option<Result<Slice, String>>],
    /// Bits of the place in a chunk.
    place_bits: u32,
    /// Bits of the ask's number.
    ask_bits: u32,
}

/// Bits that hold every number below `n`.
fn bits_below(n: u64) -> u32 {
    u64::BITS - n.saturating_sub(1).leading_zeros()
}

impl<'a> Places<'a> {
    pub(super) fn new(reachable: &'a [Option<Result<Slice, String>>]) -> Places<'a> {
        let mut first_chunk = vec![None; reachable.len()];
        let mut starts = Vec::new();
        let (mut chunks, mut largest) = (0u64, 1u64);
        for (slot, s) in reachable.iter().enumerate() {
            if let Some(Ok(s)) = s {
                first_chunk[slot] = Some(chunks);
                starts.push((chunks, slot));
                chunks += s.chunks();
                largest = largest.max(s.chunk_size);
            }
        }
        let place_bits = bits_below(largest);
        Places {
            first_chunk,
            starts,
            reachable,
            place_bits,
            ask_bits: u64::BITS - place_bits - bits_below(chunks.max(1)),
        }
    }

    /// The most asks one piece may hold.
    pub(super) fn max_asks(&self) -> u64 {
        1 << self.ask_bits
    }

    /// Where the position with `index` in the slice of `slot` is stored (without the ask).
    fn place(&self, slot: usize, index: u64) -> u64 {
        let Some(Some(Ok(slice))) = self.reachable.get(slot) else {
            unreachable!("asks are only made of readable slices")
        };
        let chunk = self.first_chunk[slot].unwrap_or(0) + index / slice.chunk_size;
        (chunk << self.place_bits) | (index % slice.chunk_size)
    }

    /// The chunk's number of a packed ask.
    fn chunk_of(&self, packed: u64) -> u64 {
        packed >> (self.place_bits + self.ask_bits)
    }

    /// The slice and chunk of chunk number `n`.
    fn slice_chunk(&self, n: u64) -> (&'a Slice, u64) {
        let k = self.starts.partition_point(|&(first, _)| first <= n) - 1;
        let (first, slot) = self.starts[k];
        let Some(Some(Ok(slice))) = self.reachable.get(slot) else {
            unreachable!("starts holds readable slices only")
        };
        (slice, n - first)
    }
}

/// The ask pass's [`Children`]: writes down where each position after a move is stored.
struct Ask<'a, 'c> {
    context: &'a Context<'c>,
    places: &'a Places<'c>,
    asked: Vec<u64>,
}

impl Children for Ask<'_, '_> {
    fn ask(&mut self, pos: &Pos) -> Result<(), TableError> {
        let (slot, index) = self.context.locate(pos)?;
        self.asked.push(self.places.place(slot, index));
        Ok(())
    }

    /// Nothing yet: this pass only asks.
    fn answer(&mut self) -> Stored {
        Stored {
            value: 0,
            depth: None,
        }
    }
}

/// The value pass's [`Children`]: the fetched figures, in the order they were asked for.
struct Answers<'a> {
    answers: &'a [AtomicU32],
    next: usize,
}

impl Children for Answers<'_> {
    /// Answered already, in the order asked.
    fn ask(&mut self, _pos: &Pos) -> Result<(), TableError> {
        Ok(())
    }

    fn answer(&mut self) -> Stored {
        let packed = self.answers[self.next].load(Ordering::Relaxed);
        self.next += 1;
        let depth = (packed >> 8) as u16;
        Stored {
            value: packed as u8 as i8,
            depth: (depth != NO_DEPTH).then_some(depth),
        }
    }
}

fn pack(s: Stored) -> u32 {
    u32::from(s.value as u8) | u32::from(s.depth.unwrap_or(NO_DEPTH)) << 8
}

impl Method for Places<'_> {
    /// Positions a piece may hold in `memory` bytes with this numbering: whole chunks, at
    /// least one.
    fn piece_chunks(&self, slice: &Slice, memory: usize) -> u64 {
        let pits = slice.variant.spec().pits_per_side().max(1) as u64;
        let positions = (memory as u64 / (16 * pits)).min(self.max_asks() / pits);
        (positions / slice.chunk_size.max(1)).max(1)
    }

    /// Checks the chunks (a piece) in the three passes of the module's documentation.
    fn check(&self, piece: &Piece) -> Result<SliceResult, TableError> {
        let (context, chunks) = (piece.context, &piece.chunks);
        let places = self;
        // Ask: each chunk's asks, then all of them in one array, each with its number.
        let asked: Vec<Vec<u64>> = chunks
            .clone()
            .into_par_iter()
            .map(|c| {
                let mut ask = Ask {
                    context,
                    places,
                    asked: Vec::new(),
                };
                context.walk(c, None, &mut ask)?;
                Ok(ask.asked)
            })
            .collect::<Result<_, TableError>>()?;
        let firsts: Vec<usize> = asked
            .iter()
            .scan(0, |n, a| {
                let first = *n;
                *n += a.len();
                Some(first)
            })
            .collect();
        let total = asked.iter().map(Vec::len).sum::<usize>();
        assert!(
            total as u64 <= places.max_asks(),
            "a piece is sized to hold its asks"
        );
        let mut sorted = vec![0u64; total];
        let mut rest = sorted.as_mut_slice();
        let mut parts = Vec::with_capacity(asked.len());
        for a in &asked {
            let (part, tail) = rest.split_at_mut(a.len());
            parts.push(part);
            rest = tail;
        }
        parts
            .into_par_iter()
            .zip(asked)
            .zip(&firsts)
            .for_each(|((part, asked), &first)| {
                for (j, (slot, place)) in part.iter_mut().zip(asked).enumerate() {
                    *slot = place << places.ask_bits | (first + j) as u64;
                }
            });
        sorted.par_sort_unstable();

        // Fetch: each chunk named, decoded once, its figures written beside their asks.
        let answers: Vec<AtomicU32> = (0..total).map(|_| AtomicU32::new(0)).collect();
        let ask_mask = places.max_asks() - 1;
        let place_mask = (1u64 << places.place_bits) - 1;
        sorted
            .par_chunk_by(|&a, &b| places.chunk_of(a) == places.chunk_of(b))
            .try_for_each(|same_chunk| {
                let (slice, chunk) = places.slice_chunk(places.chunk_of(same_chunk[0]));
                let decoded = context.table.read_chunk(slice, chunk)?;
                for &p in same_chunk {
                    let i = (p >> places.ask_bits) & place_mask;
                    answers[(p & ask_mask) as usize]
                        .store(pack(decoded.stored(i as usize)), Ordering::Relaxed);
                }
                Ok::<(), TableError>(())
            })?;
        drop(sorted);

        // Value: the moves played again, each valued from its answer, each position compared.
        let results: Vec<SliceResult> = firsts
            .par_iter()
            .enumerate()
            .map(|(k, &first)| {
                let c = chunks.start + k as u64;
                let own = context.table.read_chunk(context.slice, c)?;
                let mut answers = Answers {
                    answers: &answers,
                    next: first,
                };
                let r = context.walk(c, Some(&own), &mut answers)?;
                (piece.done)(r.positions);
                Ok(r)
            })
            .collect::<Result<_, TableError>>()?;
        Ok(SliceResult::merged(results, context.report_limit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_packed_figure_unpacks_to_itself() {
        for s in [
            Stored {
                value: -32,
                depth: Some(117),
            },
            Stored {
                value: 0,
                depth: None,
            },
            Stored {
                value: 5,
                depth: Some(0),
            },
        ] {
            let answers = [AtomicU32::new(pack(s))];
            let mut a = Answers {
                answers: &answers,
                next: 0,
            };
            assert_eq!(a.answer(), s);
        }
    }

    #[test]
    fn bits_below_holds_every_smaller_number() {
        assert_eq!(bits_below(1), 0);
        assert_eq!(bits_below(2), 1);
        assert_eq!(bits_below(65_536), 16);
        assert_eq!(bits_below(65_537), 17);
    }
}

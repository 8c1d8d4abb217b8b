//! Pass 1: every position's moves, generated once.
//!
//! Where the rules cannot un-make a move simply, predecessors come from generating every
//! position's moves forward: each move that stays in the group goes to the [`EdgeSpill`] as a
//! `(child, parent)` record, to be inverted into the predecessor table. Where they can (Oware,
//! Rio Kadalis: [`crate::rules::can_unmake`]), the retrograde finds predecessors that way
//! ([`super::predecessors`]) and this pass only counts the moves. Moves that leave the group (captures, the end of the
//! game) need no edge: their values are known already and are folded into the position's best
//! exit. What stays in memory is two bytes a position.

use std::sync::Mutex;

use rayon::prelude::*;

use super::edges::EdgeSpill;
use super::far_exits::{self, Bounds, FarExits, Found};
use super::group_index::GroupIndex;
use super::ranks::{Partition, Ranks};
use super::{KnownValues, Progress, SolveError};
use crate::cache;
use crate::rules::{self, Next};
use crate::slice::Slice;
use crate::value::{self, Value};

/// No exit at all (below every real value).
pub(super) const NO_EXIT: i8 = i8::MIN;
/// The `pending` of a position where the game is over (it has no moves to count).
pub(super) const TERMINAL: u8 = 0x80;

/// Positions handed to one parallel task.
const CHUNK: usize = 1 << 14;

/// What the retrograde needs to know of each position besides its predecessors.
pub(super) struct Exits {
    /// The best value among moves leaving the group, or the final value of a game-over
    /// position; [`NO_EXIT`] when there is none.
    pub best_exit: Vec<i8>,
    /// Moves staying in the group (one per move, even when two reach the same position), or
    /// [`TERMINAL`].
    pub pending: Vec<u8>,
}

/// Generates every move of this rank's share of the group (its slices one after the other):
/// the exits folded into [`Exits`], the in-group moves counted, and sent to `spill` when there
/// is one (no spill: the retrograde un-makes them, [`super::predecessors`]). A move into a
/// position another rank holds goes to that rank's spill, in rounds of `far.round` positions.
/// Exits into slices that `known` holds in files are read within `far` ([`FarExits`]).
#[allow(clippy::too_many_arguments)]
pub(super) fn build<I: GroupIndex>(
    group: &[Slice],
    known: &KnownValues,
    far: Bounds,
    spill: Option<&EdgeSpill<I>>,
    ranks: &dyn Ranks,
    partition: &Partition,
    progress: &dyn Progress,
) -> Result<Exits, SolveError> {
    group_len(group)?;
    // Every slice a capture can reach must be known: check once, so the hot loop can index.
    check_known(group, known)?;

    let share = partition.share(ranks.rank());
    // Exits into slices in files are read a budget of them at a time: those of the positions
    // from `unread` on (in the share) are not read yet.
    let round_len = far.round;
    let far = FarExits::new(&exit_slices(group), known, far);
    let mut unread = 0;
    progress.pass("moves", share.len() as u64);
    let mut exits = Exits {
        best_exit: vec![NO_EXIT; share.len()],
        pending: vec![0; share.len()],
    };
    // Every rank takes part in every exchange, so all count the rounds of the largest share.
    let exchanging = spill.is_some() && partition.ranks() > 1;
    let rounds = match exchanging {
        true => partition.largest_share(),
        false => share.len(),
    }
    .div_ceil(round_len);
    // A record's child as the spill numbers it: from the share's start.
    let local = |r: I::Record| I::record(I::child(r) - share.start, I::parent(r).get());
    let work_error = |spill: &EdgeSpill<I>, source| SolveError::Work {
        dir: spill.dir().to_path_buf(),
        source,
    };
    for round in 0..rounds {
        let from = (round * round_len).min(share.len());
        let to = (from + round_len).min(share.len());
        let away: Mutex<Vec<Vec<I::Record>>> = Mutex::new(vec![Vec::new(); partition.ranks()]);
        exits.best_exit[from..to]
            .par_chunks_mut(CHUNK)
            .zip(exits.pending[from..to].par_chunks_mut(CHUNK))
            .enumerate()
            .try_for_each(|(c, (best_exit, pending))| {
                let start = share.start + from + c * CHUNK;
                let mut found = far.as_ref().map(|f| f.found(from + c * CHUNK - unread));
                let mut records = expand_range::<I>(
                    group,
                    partition.first(),
                    known,
                    far.as_ref().zip(found.as_mut()),
                    start,
                    spill.is_some(),
                    best_exit,
                    pending,
                )?;
                if let (Some(far), Some(found)) = (&far, found) {
                    far.add(found);
                }
                if let Some(spill) = spill {
                    if exchanging {
                        let mut others = vec![Vec::new(); partition.ranks()];
                        records.retain(|&r| {
                            let child = I::child(r);
                            let held = share.contains(&child);
                            if !held {
                                others[partition.owner(child)].push(r);
                            }
                            held
                        });
                        let mut away = away.lock().unwrap_or_else(|e| e.into_inner());
                        for (to, more) in away.iter_mut().zip(others) {
                            to.extend(more);
                        }
                    }
                    records.iter_mut().for_each(|r| *r = local(*r));
                    spill.add(&records).map_err(|e| work_error(spill, e))?;
                }
                progress.advance(best_exit.len() as u64);
                Ok(())
            })?;
        if let (true, Some(spill)) = (exchanging, spill) {
            let mut got =
                I::exchange_records(ranks, away.into_inner().unwrap_or_else(|e| e.into_inner()));
            got.par_iter_mut().for_each(|r| *r = local(*r));
            got.par_chunks(CHUNK)
                .try_for_each(|records| spill.add(records))
                .map_err(|e| work_error(spill, e))?;
        }
        if let Some(far) = &far {
            let last = round + 1 == rounds;
            if last || far.full() || to + round_len - unread > far_exits::MOST_POSITIONS {
                far.read(&mut exits.best_exit[unread..to])?;
                unread = to;
            }
        }
    }
    // The records' lists were freed as they were read, into the allocator's arenas.
    if far.is_some() {
        drop(far);
        cache::give_back_freed();
    }
    Ok(exits)
}

/// Positions in a group, refused when the solver's widest numbers cannot number them
/// ([`super::group_index`]: 2^40).
pub(super) fn group_len(group: &[Slice]) -> Result<usize, SolveError> {
    let total: u64 = group.iter().map(Slice::len).sum();
    if total > super::MOST_POSITIONS {
        return Err(SolveError::TooLarge {
            variant: group[0].variant,
            slice: group[0].id,
            what: format!("{total} positions (at most 2^40)"),
        });
    }
    Ok(total as usize)
}

/// The smaller slices whose values the exits of `group` look up: those a capture can reach.
/// A capture takes seeds only off the board, so that is every smaller slice (four-row: of the
/// opponent's side, since after a capture by the mover, `(m, o)`, the opponent moves in
/// `(o', m)` with `o' < o`; a shape table's: of the same table, whose pits stay as they are).
pub fn exit_slices(group: &[Slice]) -> Vec<Slice> {
    let mut out: Vec<Slice> = Vec::new();
    for slice in group.iter().filter(|s| s.id.total() > 0) {
        let below = slice.id.total() - 1;
        let smaller = match slice.id {
            crate::SliceId::Shaped {
                mover, opponent, ..
            } => Slice::up_to_shaped(
                slice.variant,
                crate::TableShape::new(mover, opponent),
                below,
            ),
            _ => Slice::up_to(slice.variant, below),
        };
        for smaller in smaller {
            let reachable_by_capture = match (smaller.id, slice.id) {
                (crate::SliceId::Sides(m2, o2), crate::SliceId::Sides(m, o)) => m2 < o && o2 == m,
                _ => true,
            };
            if reachable_by_capture && !out.contains(&smaller) {
                out.push(smaller);
            }
        }
    }
    out
}

/// Fails unless every slice that a capture from the group can reach is known.
pub(super) fn check_known(group: &[Slice], known: &KnownValues) -> Result<(), SolveError> {
    match exit_slices(group)
        .into_iter()
        .find(|s| !known.contains(s.id))
    {
        Some(needed) => Err(SolveError::MissingSlice {
            variant: needed.variant,
            slice: group[0].id,
            needed: needed.id,
        }),
        None => Ok(()),
    }
}

/// Exits whose child's value is still to be read, gathered over a few positions: each read is a
/// miss in the smaller slices' values (gigabytes for a large group; half the time of the moves
/// pass's own code went to it on Oware slice 24), so each is prefetched when found and all are
/// read together, their misses overlapping.
const DEFERRED: usize = 32;

/// Exits waiting for their child's value: the position in the range, what the move gained, who
/// moves next, and where the child's value is.
type Deferred<'a> = Vec<(usize, [u8; 2], Next, &'a i8)>;

/// Generates the moves of group positions `start..start + best_exit.len()` (the group numbered
/// from `first`), filling their exits and returning their in-group moves as records (none
/// unless `edges`). Exits into slices that `known` holds in files are left to `far`.
#[allow(clippy::too_many_arguments)]
fn expand_range<I: GroupIndex>(
    group: &[Slice],
    first: usize,
    known: &KnownValues,
    mut far: Option<(&FarExits, &mut Found)>,
    start: usize,
    edges: bool,
    best_exit: &mut [i8],
    pending: &mut [u8],
) -> Result<Vec<I::Record>, SolveError> {
    let variant = group[0].variant;
    let l = variant.pits_per_side();
    let scoring = variant.scoring();
    let mut records = Vec::with_capacity(if edges { best_exit.len() * 4 } else { 0 });
    // Where each of the group's slices starts in the group's numbering.
    let offsets: Vec<usize> = group
        .iter()
        .scan(first, |acc, s| {
            let o = *acc;
            *acc += s.len() as usize;
            Some(o)
        })
        .collect();
    let locate = |i: usize| -> usize { offsets.iter().rposition(|&o| o <= i).unwrap_or(0) };
    let mut g = locate(start);
    let mut board = group[g].board((start - offsets[g]) as u64);
    let mut deferred: Deferred = Vec::with_capacity(2 * DEFERRED);
    let resolve = |deferred: &mut Deferred, best_exit: &mut [i8]| {
        for (k, gain, next, child) in deferred.drain(..) {
            best_exit[k] = best_exit[k].max(value::move_score(variant, gain, next, *child));
        }
    };
    // The closed pits of the boards of slice `g` (none but in a shape table).
    let mut shape = group[g].shape();
    for k in 0..best_exit.len() {
        let i = start + k;
        let (mut best, mut internal) = (NO_EXIT, 0u8);
        let terminal = rules::expand_shaped(variant, shape, &board, |_, o| {
            // The slice and index of the move's child (`None`: the game is over).
            let child = || match shape.is_open() {
                true => Slice::of_child(variant, o),
                false => o.child_board(l).map(|seen| {
                    let s = Slice::of_shaped(variant, o.child_shape(shape, l), &seen);
                    (s, s.index(&seen))
                }),
            };
            if !value::is_exit(o) {
                internal = internal.saturating_add(1);
                if !edges {
                    return;
                }
                let (s, index) = child().expect("a move that passes the turn has a child");
                let slot = group.iter().position(|x| x.id == s.id).expect("same group");
                let c = offsets[slot] + index as usize;
                records.push(I::record(c, i));
                return;
            }
            match child() {
                Some((s, index)) => {
                    let recorded = far.as_mut().is_some_and(|(far, found)| {
                        let gain = value::immediate(scoring, o.gain);
                        far.record(found, k, s.id, index, gain, o.next)
                    });
                    if !recorded {
                        let values = known.get(s.id).expect("checked by check_known");
                        let child_value = &values[index as usize];
                        cache::prefetch(child_value);
                        deferred.push((k, o.gain, o.next, child_value));
                    }
                }
                // The game is over, or goes on forever: no child's value is needed.
                None => best = best.max(value::move_value(variant, o, Value::ENDLESS).score),
            }
        });
        if let Some(t) = terminal {
            best = value::terminal_score(scoring, &t);
            internal = TERMINAL;
        } else if internal >= TERMINAL {
            return Err(SolveError::TooLarge {
                variant,
                slice: group[g].id,
                what: format!("{internal} moves from one position (at most 127)"),
            });
        }
        best_exit[k] = best;
        pending[k] = internal;
        if deferred.len() >= DEFERRED {
            resolve(&mut deferred, best_exit);
        }
        if k + 1 < best_exit.len() && !group[g].advance(&mut board) {
            g += 1;
            board = group[g].board(0);
            shape = group[g].shape();
        }
    }
    resolve(&mut deferred, best_exit);
    Ok(records)
}

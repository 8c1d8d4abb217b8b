//! Pass 1: the successor graph of a group, inverted.
//!
//! Un-moving a relay sowing is impractical, so predecessors come from generating every position's
//! moves forward and inverting the edges. Moves that leave the group (captures, the end of the
//! game) need no edge: their values are known already and are folded into [`Node::best_exit`].

use std::sync::atomic::{AtomicU32, Ordering};

use rayon::prelude::*;

use super::{KnownValues, Progress, SolveError};
use crate::rules;
use crate::slice::Slice;
use crate::value::{self, Value};

/// No exit at all (below every real value).
pub(super) const NO_EXIT: i8 = i8::MIN;

/// Positions handed to one parallel task.
const CHUNK: usize = 1 << 14;

/// What the retrograde passes need to know of one position besides its in-group edges.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Node {
    /// The best value among moves leaving the group, or the final value of a game-over
    /// position; [`NO_EXIT`] when there is none.
    pub best_exit: i8,
    /// How many exits reach `best_exit`.
    pub exits_at_best: u8,
    /// Moves staying in the group (one per move, even when two reach the same position).
    pub internal: u8,
    /// The game is over here.
    pub terminal: bool,
}

/// A group's positions (its slices one after the other) with their predecessors.
pub(super) struct Graph {
    pub nodes: Vec<Node>,
    /// `preds[pred_start[i]..pred_start[i + 1]]` are the positions with a move to `i`.
    pub pred_start: Vec<u32>,
    pub preds: Vec<u32>,
}

impl Graph {
    #[inline]
    pub fn preds(&self, i: usize) -> &[u32] {
        &self.preds[self.pred_start[i] as usize..self.pred_start[i + 1] as usize]
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }
}

/// One chunk's forward edges.
struct Forward {
    nodes: Vec<Node>,
    children: Vec<u32>,
}

pub(super) fn build(
    group: &[Slice],
    known: &KnownValues,
    progress: &dyn Progress,
) -> Result<Graph, SolveError> {
    let first = group[0];
    let too_large = |what: String| SolveError::TooLarge {
        variant: first.variant,
        slice: first.id,
        what,
    };
    let total: u64 = group.iter().map(Slice::len).sum();
    if total >= u32::MAX as u64 {
        return Err(too_large(format!("{total} positions (at most 2^32 - 1)")));
    }
    let total = total as usize;
    // Every slice a capture can reach must be known: check once, so the hot loop can index.
    check_known(group, known)?;

    progress.pass("moves", total as u64);
    let chunks = total.div_ceil(CHUNK);
    let forward: Vec<Forward> = (0..chunks)
        .into_par_iter()
        .map(|c| {
            let start = c * CHUNK;
            let end = (start + CHUNK).min(total);
            let f = expand_range(group, known, start, end);
            progress.advance((end - start) as u64);
            f
        })
        .collect();

    let edges: usize = forward.iter().map(|f| f.children.len()).sum();
    if edges >= u32::MAX as usize {
        return Err(too_large(format!(
            "{edges} moves within the slice (at most 2^32 - 1)"
        )));
    }
    progress.pass("predecessors", total as u64);
    let in_degree: Vec<AtomicU32> = (0..total).map(|_| AtomicU32::new(0)).collect();
    forward.par_iter().for_each(|f| {
        for &c in &f.children {
            in_degree[c as usize].fetch_add(1, Ordering::Relaxed);
        }
    });
    let mut pred_start = Vec::with_capacity(total + 1);
    let mut sum = 0u32;
    pred_start.push(0);
    for d in &in_degree {
        sum += d.load(Ordering::Relaxed);
        pred_start.push(sum);
    }
    // Reuse the in-degree counters as fill cursors.
    in_degree
        .par_iter()
        .zip(&pred_start[..total])
        .for_each(|(d, &s)| d.store(s, Ordering::Relaxed));
    let preds: Vec<AtomicU32> = (0..edges).map(|_| AtomicU32::new(0)).collect();
    forward.par_iter().enumerate().for_each(|(c, f)| {
        let mut k = 0;
        for (parent, node) in (c * CHUNK..).zip(&f.nodes) {
            for &child in &f.children[k..k + node.internal as usize] {
                let slot = in_degree[child as usize].fetch_add(1, Ordering::Relaxed);
                preds[slot as usize].store(parent as u32, Ordering::Relaxed);
            }
            k += node.internal as usize;
        }
        progress.advance(f.nodes.len() as u64);
    });
    drop(in_degree);
    let mut nodes = Vec::with_capacity(total);
    for f in forward {
        nodes.extend_from_slice(&f.nodes);
    }
    let preds = preds.into_iter().map(AtomicU32::into_inner).collect();
    Ok(Graph {
        nodes,
        pred_start,
        preds,
    })
}

/// Fails unless every slice that a capture from the group can reach is known. A capture takes
/// seeds only off the board, so that is every smaller slice (four-row: of the opponent's side).
fn check_known(group: &[Slice], known: &KnownValues) -> Result<(), SolveError> {
    for slice in group.iter().filter(|s| s.id.total() > 0) {
        for smaller in Slice::up_to(slice.variant, slice.id.total() - 1) {
            let reachable_by_capture = match (smaller.id, slice.id) {
                (crate::SliceId::Sides(m2, o2), crate::SliceId::Sides(m, o)) => {
                    // After a capture by the mover the opponent moves: (o', m) with o' < o.
                    m2 < o && o2 == m
                }
                _ => true,
            };
            if reachable_by_capture && !known.contains(smaller.id) {
                return Err(SolveError::MissingSlice {
                    variant: slice.variant,
                    slice: slice.id,
                    needed: smaller.id,
                });
            }
        }
    }
    Ok(())
}

/// Generates the moves of group positions `start..end`.
fn expand_range(group: &[Slice], known: &KnownValues, start: usize, end: usize) -> Forward {
    let variant = group[0].variant;
    let l = variant.pits_per_side();
    let scoring = variant.scoring();
    let mut out = Forward {
        nodes: Vec::with_capacity(end - start),
        children: Vec::with_capacity((end - start) * 4),
    };
    // Where each of the group's slices starts in the group's numbering.
    let offsets: Vec<usize> = group
        .iter()
        .scan(0usize, |acc, s| {
            let o = *acc;
            *acc += s.len() as usize;
            Some(o)
        })
        .collect();
    let locate = |i: usize| -> usize { offsets.iter().rposition(|&o| o <= i).unwrap_or(0) };
    let mut g = locate(start);
    let mut board = group[g].board((start - offsets[g]) as u64);
    for i in start..end {
        let mut node = Node {
            best_exit: NO_EXIT,
            ..Node::default()
        };
        let terminal = rules::expand(variant, &board, |_, o| {
            let child = o.child_board(l);
            if !value::is_exit(o) {
                let seen = child.expect("a move that passes the turn has a child");
                let s = Slice::of(variant, &seen);
                let k = group.iter().position(|x| x.id == s.id).expect("same group");
                out.children
                    .push((offsets[k] as u64 + s.index(&seen)) as u32);
                node.internal += 1;
                return;
            }
            let child_value = child.map_or(Value::ENDLESS, |seen| {
                let s = Slice::of(variant, &seen);
                let values = known.get(s.id).expect("checked by check_known");
                Value {
                    score: values[s.index(&seen) as usize],
                    depth: None,
                }
            });
            let exit = value::move_value(variant, o, child_value).score;
            match exit.cmp(&node.best_exit) {
                std::cmp::Ordering::Greater => {
                    node.best_exit = exit;
                    node.exits_at_best = 1;
                }
                std::cmp::Ordering::Equal => node.exits_at_best += 1,
                std::cmp::Ordering::Less => {}
            }
        });
        if let Some(t) = terminal {
            node.best_exit = value::terminal_score(scoring, &t);
            node.terminal = true;
        }
        out.nodes.push(node);
        if i + 1 < end && !group[g].advance(&mut board) {
            g += 1;
            board = group[g].board(0);
        }
    }
    out
}

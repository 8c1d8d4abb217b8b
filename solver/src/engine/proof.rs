//! Proof-number search of one question: is the value of a position at least `k`?
//!
//! The iterations of [`super::root`] score their frontier with a heuristic, so a value they
//! cannot settle within a depth stays an estimate however close the proof is. This search is
//! built to prove instead: depth-first proof-number search (df-pn, Nagai 2002) of a yes-or-no
//! question, with no depth and no heuristic. It grows the tree where the fewest positions are
//! left to settle, so it follows a forcing line to the tablebase however deep it goes, and it
//! stops at a position as soon as the question is settled there, which for a threshold near the
//! value is far sooner than the value itself.
//!
//! The question at a position is asked of its side to move, "value >= k" (sixteenths, `k` a
//! whole number of seeds): a move answers it when its value is at least `k`, which is a
//! question of the same kind at the position it leads to, for the mover again (after an extra
//! turn: "value >= k - gain") or negated for the opponent ("not value >= gain - k + 1"). So a
//! position's proof number (how many leaves must still be proven at least, for yes) is the
//! least of its moves', and its disproof number the sum of theirs, with the opponent's
//! numbers swapped (negamax form).
//!
//! Settled at once, without moves: the tablebase; the table's proven bounds and the seeds on
//! the board (a value lies within them); the game's end; a repetition on the path (endless play
//! is worth 0, resting on the earlier ply as in [`super::negamax`]: see [`super`] for why that is
//! sound within the tree below the repeated position). An answer that rests on no repetition
//! above its position is a fact: it goes into the transposition table as a proven bound (value
//! at least `k`, or at most `k` less one seed), where every later search, of this analysis or
//! the next, finds it. Unsettled numbers go into a table of their own, keyed by position and
//! question, which only guides the search.

use super::budget::Stop;
use super::evaluation::evaluate;
use super::fingerprint::fingerprint;
use super::move_list::{MoveList, MAX_MOVES};
use super::path::{Visit, MAX_DEPTH};
use super::score::{INFINITY, UNIT};
use super::table::{Knowledge, NO_MOVE};
use super::{Engine, Leaf};
use crate::position::Board;
use crate::rules::{MoveEffect, Next};
use crate::value::{immediate, terminal_score};
use crate::{Family, Shape};

/// A proof or disproof number that says "settled the other way": never reached by a sum.
const INF: u32 = u32::MAX / 2;

/// No repetition: the anchor of an answer that rests on none.
const NO_ANCHOR: usize = usize::MAX;

/// Grows a threshold a little past the second-best child's number (the 1 + epsilon trick of
/// Pawlewicz and Lew), so that the search does not switch back and forth between two children
/// of nearly equal numbers: a quarter more.
const EPSILON_DIVISOR: u32 = 4;

/// The proof or disproof number a first guess gives the answer it does not expect.
const GUESS: u32 = 3;

/// A question a move asks of the position it leads to: "value >= `k`" for whoever moves there,
/// on `board` with the closed pits `shape` (both seen by that side). `swapped` when that is the
/// opponent: the move reaches its threshold when the answer there is no.
struct Question {
    board: Board,
    shape: Shape,
    k: i32,
    swapped: bool,
}

/// What is known of a question: its proof and disproof numbers (0 for settled yes, resp. no),
/// and for a settled answer the lowest ply of a repeated position it rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Numbers {
    pn: u32,
    dn: u32,
    anchor: usize,
}

impl Numbers {
    /// Settled: yes (`holds`) or no, resting on a repetition at `anchor`.
    fn settled(holds: bool, anchor: usize) -> Numbers {
        match holds {
            true => Numbers {
                pn: 0,
                dn: INF,
                anchor,
            },
            false => Numbers {
                pn: INF,
                dn: 0,
                anchor,
            },
        }
    }

    fn is_settled(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

/// One move of a position being proven: its numbers for the question "this move reaches `k`"
/// (`phi` to prove it, `delta` to disprove it), and its anchor once settled.
#[derive(Clone, Copy)]
struct Child {
    phi: u32,
    delta: u32,
    anchor: usize,
}

impl Child {
    /// The move's numbers from those of the question it asks (`swapped` as in [`Question`]).
    fn of(n: Numbers, swapped: bool) -> Child {
        let (phi, delta) = if swapped { (n.dn, n.pn) } else { (n.pn, n.dn) };
        Child {
            phi,
            delta,
            anchor: n.anchor,
        }
    }
}

impl<L: Leaf> Engine<L> {
    /// Whether the move `effect` is worth at least `k` sixteenths to its mover: `Some` when the
    /// search settles it (a fact), `None` when it cannot go on (its numbers grew past what can
    /// be counted). The position it leads to is searched as a root of its own, as the
    /// iterations do.
    pub(super) fn move_at_least(
        &mut self,
        effect: &MoveEffect,
        k: i32,
    ) -> Result<Option<bool>, Stop> {
        let top = INF - 1;
        let q = match self.question_after(effect, k) {
            Err(holds) => return Ok(Some(holds)),
            Ok(q) => q,
        };
        let child = self.search_question(&q, Visit::ROOT, top, top)?;
        Ok(match (child.phi, child.delta) {
            (0, _) => Some(true),
            (_, 0) => Some(false),
            _ => None,
        })
    }

    /// The question "the move `effect` reaches `k`" asks of the position it leads to, or its
    /// answer when the move ends the game or sows for ever.
    fn question_after(&self, effect: &MoveEffect, k: i32) -> Result<Question, bool> {
        let gain = UNIT * i32::from(immediate(self.variant.scoring(), effect.gain));
        let l = self.variant.pits_per_side();
        match effect.next {
            Next::Over => Err(gain >= k),
            Next::Endless => Err(-UNIT >= k),
            Next::Mover => Ok(Question {
                board: effect.board,
                shape: self.shape,
                k: k - gain,
                swapped: false,
            }),
            Next::Opponent => Ok(Question {
                board: effect.board.flipped(l),
                shape: self.shape.flipped(l),
                k: gain - k + UNIT,
                swapped: true,
            }),
        }
    }

    /// Searches `q` at `visit` until settled or past `th_phi` to prove the move or `th_delta`
    /// to disprove it: the move's numbers.
    fn search_question(
        &mut self,
        q: &Question,
        visit: Visit,
        th_phi: u32,
        th_delta: u32,
    ) -> Result<Child, Stop> {
        let shape = std::mem::replace(&mut self.shape, q.shape);
        let (th_pn, th_dn) = match q.swapped {
            false => (th_phi, th_delta),
            true => (th_delta, th_phi),
        };
        let n = self.mid(&q.board, visit, q.k, th_pn, th_dn);
        self.shape = shape;
        Ok(Child::of(n?, q.swapped))
    }

    /// What is settled of "value >= `k`" at `board` (with the closed pits `shape`, keyed
    /// `key`) without its moves: the tablebase, the table's proven bounds and the seeds' bounds.
    fn settled_at_once(&self, board: &Board, shape: Shape, key: u128, k: i32) -> Option<bool> {
        if let Some(v) = self.leaf_value(board, shape) {
            return Some(UNIT * i32::from(v) >= k);
        }
        let (mut lo, mut hi) = self.seed_bounds(board);
        if let Some(e) = self.table.probe(key) {
            lo = lo.max(e.proven_lower.into());
            hi = hi.min(e.proven_upper.into());
        }
        if lo >= k {
            Some(true)
        } else if hi < k {
            Some(false)
        } else {
            None
        }
    }

    /// The numbers of "value >= `k`" at `board` (seen from its side to move, at `visit`),
    /// searched until it is settled or its proof number reaches `th_pn` or its disproof
    /// number `th_dn` (df-pn's multiple iterative deepening).
    fn mid(
        &mut self,
        board: &Board,
        visit: Visit,
        k: i32,
        th_pn: u32,
        th_dn: u32,
    ) -> Result<Numbers, Stop> {
        self.meter.tick()?;
        let key = fingerprint(board, self.shape);
        if let Some(holds) = self.settled_at_once(board, self.shape, key, k) {
            return Ok(Numbers::settled(holds, NO_ANCHOR));
        }
        if self.variant.family() != Family::Kalah {
            if let Some(ply) = self.path.enter(visit, key) {
                return Ok(Numbers::settled(0 >= k, ply));
            }
        }
        let moves = match MoveList::generate(self.variant, self.shape, board) {
            Ok(moves) => moves,
            Err(end) => {
                let score = UNIT * i32::from(terminal_score(self.variant.scoring(), &end));
                return Ok(Numbers::settled(score >= k, NO_ANCHOR));
            }
        };
        if visit.ply >= usize::from(MAX_DEPTH) {
            // No room on the path: given up here, past the thresholds so that the parent
            // turns to another move.
            return Ok(Numbers {
                pn: th_pn.max(1),
                dn: th_dn.max(1),
                anchor: NO_ANCHOR,
            });
        }
        let n = moves.len();
        let mut children = [Child {
            phi: 1,
            delta: 1,
            anchor: NO_ANCHOR,
        }; MAX_MOVES];
        for (i, child) in children[..n].iter_mut().enumerate() {
            *child = self.first_numbers(moves.effect(i as u8), k);
        }
        let start = self.meter.nodes();
        loop {
            let result = combine(&children[..n]);
            if result.is_settled() || result.pn >= th_pn || result.dn >= th_dn {
                self.remember(key, k, visit, result, self.meter.nodes() - start);
                return Ok(result);
            }
            let (best, second) = most_proving(&children[..n]);
            let c = children[best];
            let th_phi = th_pn.min(
                second
                    .saturating_add(1)
                    .max(second.saturating_add(second / EPSILON_DIVISOR)),
            );
            let th_delta = th_dn
                .saturating_sub(result.dn)
                .saturating_add(c.delta)
                .min(INF - 1);
            let effect = moves.effect(best as u8);
            let q = self.question_after(effect, k).expect(
                "a move settled before any search is never chosen: its numbers are 0 or INF",
            );
            children[best] = self.search_question(&q, visit.child(effect), th_phi, th_delta)?;
        }
    }

    /// The numbers of the move `effect` for "reaches `k`" before it is searched: settled when
    /// it ends the game, sows for ever or leads to a position settled at once; else what the
    /// proof table remembers of the question there, or a first guess.
    fn first_numbers(&self, effect: &MoveEffect, k: i32) -> Child {
        match self.question_after(effect, k) {
            Err(holds) => Child::of(Numbers::settled(holds, NO_ANCHOR), false),
            Ok(q) => {
                let key = fingerprint(&q.board, q.shape);
                let n = match self.settled_at_once(&q.board, q.shape, key, q.k) {
                    Some(holds) => Numbers::settled(holds, NO_ANCHOR),
                    None => self.remembered(&q.board, key, q.k),
                };
                Child::of(n, q.swapped)
            }
        }
    }

    /// The numbers the proof table remembers of "value >= `k`" at `board` (keyed `key`), or a
    /// first guess from what the search expects of it: the estimate of the table (from the
    /// iterations), else the heuristic. A question the estimate says yes to starts with one
    /// leaf to prove and [`GUESS`] to disprove, one it says no to the other way round, so that
    /// the search tries the likely answer first.
    fn remembered(&self, board: &Board, key: u128, k: i32) -> Numbers {
        if let Some((pn, dn)) = self.proof_table.probe(key, k) {
            return Numbers {
                pn,
                dn,
                anchor: NO_ANCHOR,
            };
        }
        let likely = match self.table.probe(key) {
            Some(e) if e.depth > 0 && i32::from(e.lower) >= k => true,
            Some(e) if e.depth > 0 && i32::from(e.upper) < k => false,
            _ => evaluate(self.variant, board) >= k,
        };
        let (pn, dn) = if likely { (1, GUESS) } else { (GUESS, 1) };
        Numbers {
            pn,
            dn,
            anchor: NO_ANCHOR,
        }
    }

    /// Keeps what a search of "value >= `k`" at the board keyed `key` (at `visit`, `nodes`
    /// nodes) found: a settled answer resting on no repetition above it as a proven bound in
    /// the transposition table; unsettled numbers in the proof table; a path-dependent answer
    /// nowhere.
    fn remember(&mut self, key: u128, k: i32, visit: Visit, n: Numbers, nodes: u64) {
        if !n.is_settled() {
            self.proof_table.store(key, k, (n.pn, n.dn));
        } else if n.anchor >= visit.ply {
            let proven = match n.pn == 0 {
                true => (k, INFINITY),
                false => (-INFINITY, k - UNIT),
            };
            let knowledge = Knowledge {
                proven,
                estimate: (-INFINITY, INFINITY),
                depth: 0,
            };
            self.table.store(key, knowledge, NO_MOVE, nodes);
        }
    }
}

/// A position's numbers from its moves': proven by any move proven (resting on the least
/// path-dependent such move), disproven when every move is (resting on all of them).
fn combine(children: &[Child]) -> Numbers {
    let pn = children.iter().map(|c| c.phi).min().unwrap_or(INF);
    let dn = children
        .iter()
        .fold(0u32, |sum, c| sum.saturating_add(c.delta))
        .min(INF);
    let anchor = if pn == 0 {
        children
            .iter()
            .filter(|c| c.phi == 0)
            .map(|c| c.anchor)
            .max()
            .unwrap_or(NO_ANCHOR)
    } else if dn == 0 {
        children.iter().map(|c| c.anchor).min().unwrap_or(NO_ANCHOR)
    } else {
        NO_ANCHOR
    };
    Numbers { pn, dn, anchor }
}

/// The move to search next (the least proof number, the first of equals) and the second least
/// proof number.
fn most_proving(children: &[Child]) -> (usize, u32) {
    let mut best = 0;
    let mut second = INF;
    for (i, c) in children.iter().enumerate().skip(1) {
        if c.phi < children[best].phi {
            second = children[best].phi;
            best = i;
        } else if c.phi < second {
            second = c.phi;
        }
    }
    (best, second)
}

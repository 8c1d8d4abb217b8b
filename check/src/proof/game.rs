//! The finite game a certificate describes for one bound, built from its root, and its value.
//!
//! Building: from the root, every position reached is either a *leaf* (at most
//! `tablebase_max_seeds` seeds on the board: its value is read from the tablebase), *terminal*
//! (the game is over: its end's value), or a *node*: at the chooser's nodes the only move is the
//! strategy's, at the other side's every legal move is open. A chooser's node with no line is
//! worth the least its seeds allow the chooser (every seed to the other side, or a loss): a
//! strategy need say nothing where the bound holds whatever happens, as a win's upper bound
//! does.
//!
//! Valuing, as docs/rules.md values positions and with endless play worth 0: seeds never come
//! back onto the board, so the nodes are valued by the seeds on their board, fewest first; a
//! move that gains seeds (or gives an extra turn, or ends the game) leads to a leaf, a terminal
//! position or a node with fewer seeds, all valued already, so its value is known: an *exit*.
//! The other moves (nothing gained, the turn passed) stay among the nodes of the same seed
//! count, where they may cycle. Those are solved by **iterating thresholds**: for each `t > 0`
//! among the exits' absolute values, largest first, the nodes whose mover can force at least
//! `t` (W) and those whose mover cannot avoid at most `-t` (L) are the least fixed point of
//! * p is in W when one of its moves is an exit worth at least `t`, or passes the turn to a
//!   node in L (or gives it back to a node in W);
//! * p is in L when each of its moves is an exit worth at most `-t`, or passes the turn to a
//!   node in W (or gives it back to a node in L);
//!
//! found by propagating from the exits backwards (a counter of the moves not yet known to lose
//! at each node). A node's value is the largest `t` with it in W, else minus the largest `t`
//! with it in L, else 0: no side can force play out of the cycles to anything better, which is
//! endless play. (Every value is an exit's value or its negation, so those thresholds suffice.)

use std::collections::{HashMap, HashSet, VecDeque};

use super::{Bound, BoundError, BoundValue, Certificate};
use crate::notation;
use crate::rules::value::{gain_value, terminal_value};
use crate::rules::{outcome, Next, Outcome, Played, Pos};
use crate::table::Table;
use crate::variant::Spec;

/// A move of a node, as the valuation sees it.
#[derive(Clone, Copy, Debug)]
enum Edge {
    /// Its value is known: it ends the game, is endless, or reaches a leaf or a terminal
    /// position.
    Known(i32),
    /// It reaches node `child` with fewer seeds: worth `gain + sign * value(child)`.
    Down { child: u32, gain: i32, sign: i32 },
    /// It reaches node `child` with as many seeds, nothing gained: worth `sign * value(child)`
    /// (`sign` -1: the turn passes; +1: the same side moves again).
    Same { child: u32, sign: i32 },
}

/// A node: the seeds on its board and its moves (a range of the game's edges).
struct Node {
    seeds: u32,
    edges: std::ops::Range<usize>,
}

/// What the game of one bound is worth to the root's side to move.
pub(super) fn value(
    cert: &Certificate,
    table: &Table,
    bound: Bound,
) -> Result<BoundValue, BoundError> {
    let header = &cert.header;
    let spec = header.variant.spec();
    let root = header.root;
    let (chooser, strategy) = match bound {
        Bound::Lower => (root.side, &cert.lower),
        Bound::Upper => (1 - root.side, &cert.upper),
    };
    let mut game = Game {
        spec,
        table,
        max_seeds: header.tablebase_max_seeds,
        bound,
        leaves: HashSet::new(),
    };
    // The root itself may be a leaf or a finished game.
    if let Some(v) = game.settled(&root)? {
        return Ok(BoundValue {
            bound,
            value: v,
            positions: 0,
            leaves: game.leaves.len(),
            unreachable_lines: strategy.moves.len(),
            unlined: 0,
            first_unlined: None,
        });
    }
    let mut nodes: Vec<Node> = Vec::new();
    let mut edges: Vec<Edge> = Vec::new();
    let mut ids: HashMap<Pos, u32> = HashMap::new();
    let mut queue: VecDeque<Pos> = VecDeque::new();
    let mut used_lines = 0;
    let mut unlined = 0;
    let mut first_unlined = None;
    ids.insert(root, 0);
    queue.push_back(root);
    while let Some(pos) = queue.pop_front() {
        let seeds = pos.board_total();
        let Outcome::Moves(moves) = outcome(&spec, &pos) else {
            // A finished game is settled before it becomes a node.
            return Err(BoundError::Inconsistent {
                bound,
                position: notation::write_board(&spec, &pos),
            });
        };
        let chosen: Vec<&Played> = if pos.side == chooser {
            let Some(&(mv, _line)) = strategy.moves.get(&pos) else {
                // No line: the position is worth the least its seeds allow its chooser (a
                // strategy need say nothing where nothing the chooser does matters).
                let start = edges.len();
                edges.push(Edge::Known(-most_worth(&spec, seeds)));
                nodes.push(Node {
                    seeds,
                    edges: start..edges.len(),
                });
                unlined += 1;
                first_unlined.get_or_insert_with(|| notation::write_board(&spec, &pos));
                continue;
            };
            used_lines += 1;
            // Legal: the reading checked every line's move against its position.
            moves.iter().filter(|m| m.mv == mv).collect()
        } else {
            moves.iter().collect()
        };
        let start = edges.len();
        for played in chosen {
            let gain = gain_value(&spec, pos.side, played.gained);
            let sign = match played.next {
                Next::Over => {
                    edges.push(Edge::Known(gain));
                    continue;
                }
                Next::Endless => {
                    edges.push(Edge::Known(-1));
                    continue;
                }
                Next::Mover => 1,
                Next::Opponent => -1,
            };
            let child = played.after.without_captured();
            if let Some(v) = game.settled(&child)? {
                edges.push(Edge::Known(gain + sign * v));
                continue;
            }
            let next_id = ids.len() as u32;
            let id = *ids.entry(child).or_insert_with(|| {
                queue.push_back(child);
                next_id
            });
            let child_seeds = child.board_total();
            if child_seeds < seeds {
                edges.push(Edge::Down {
                    child: id,
                    gain,
                    sign,
                });
            } else if gain == 0 {
                edges.push(Edge::Same { child: id, sign });
            } else {
                // Seeds gained leave the board: a move that gains keeps fewer seeds on it.
                return Err(BoundError::Inconsistent {
                    bound,
                    position: notation::write_board(&spec, &pos),
                });
            }
        }
        nodes.push(Node {
            seeds,
            edges: start..edges.len(),
        });
    }
    let values = solve(&nodes, &edges);
    Ok(BoundValue {
        bound,
        value: values[0],
        positions: nodes.len(),
        leaves: game.leaves.len(),
        unreachable_lines: strategy.moves.len() - used_lines,
        unlined,
        first_unlined,
    })
}

/// The most a position with `seeds` on the board can be worth to either side: every seed
/// (score variants), or a win.
fn most_worth(spec: &Spec, seeds: u32) -> i32 {
    match spec.win_draw_loss() {
        true => 1,
        false => seeds as i32,
    }
}

/// What the building needs besides the nodes.
struct Game<'a> {
    spec: Spec,
    table: &'a Table,
    max_seeds: u32,
    bound: Bound,
    /// The leaves met, to count them.
    leaves: HashSet<Pos>,
}

impl Game<'_> {
    /// The value of a leaf (from the tablebase) or of a finished game, for its side to move;
    /// `None` for a node.
    fn settled(&mut self, pos: &Pos) -> Result<Option<i32>, BoundError> {
        if pos.board_total() <= self.max_seeds {
            let stored =
                self.table
                    .probe(self.spec.variant, pos)
                    .map_err(|cause| BoundError::Leaf {
                        bound: self.bound,
                        position: notation::write_board(&self.spec, pos),
                        cause,
                    })?;
            self.leaves.insert(*pos);
            return Ok(Some(i32::from(stored.value)));
        }
        Ok(match outcome(&self.spec, pos) {
            Outcome::Over(totals) => Some(terminal_value(&self.spec, pos, totals)),
            Outcome::Moves(_) => None,
        })
    }
}

/// The value of every node for its side to move (see the module's documentation).
fn solve(nodes: &[Node], edges: &[Edge]) -> Vec<i32> {
    let mut value = vec![0i32; nodes.len()];
    // The nodes of each seed count, fewest seeds first.
    let mut levels: Vec<u32> = nodes.iter().map(|n| n.seeds).collect();
    levels.sort_unstable();
    levels.dedup();
    let mut by_level: HashMap<u32, Vec<u32>> = HashMap::new();
    for (i, n) in nodes.iter().enumerate() {
        by_level.entry(n.seeds).or_default().push(i as u32);
    }
    for seeds in levels {
        let members = &by_level[&seeds];
        // Local numbering of the level's nodes.
        let local: HashMap<u32, usize> = members.iter().enumerate().map(|(i, &n)| (n, i)).collect();
        // Each node's exits (values now known) and moves within the level, and who reaches
        // whom within it.
        let mut exits: Vec<Vec<i32>> = vec![Vec::new(); members.len()];
        let mut inside: Vec<Vec<(usize, i32)>> = vec![Vec::new(); members.len()];
        let mut reached_from: Vec<Vec<(usize, i32)>> = vec![Vec::new(); members.len()];
        for (i, &n) in members.iter().enumerate() {
            for e in &edges[nodes[n as usize].edges.clone()] {
                match *e {
                    Edge::Known(x) => exits[i].push(x),
                    Edge::Down { child, gain, sign } => {
                        exits[i].push(gain + sign * value[child as usize])
                    }
                    Edge::Same { child, sign } => {
                        let c = local[&child];
                        inside[i].push((c, sign));
                        reached_from[c].push((i, sign));
                    }
                }
            }
        }
        let mut thresholds: Vec<i32> = exits
            .iter()
            .flatten()
            .map(|x| x.abs())
            .filter(|&t| t > 0)
            .collect();
        thresholds.sort_unstable_by(|a, b| b.cmp(a));
        thresholds.dedup();
        let mut level_value: Vec<Option<i32>> = vec![None; members.len()];
        for t in thresholds {
            let (win, lose) = attract(t, &exits, &inside, &reached_from);
            for i in 0..members.len() {
                if level_value[i].is_none() {
                    if win[i] {
                        level_value[i] = Some(t);
                    } else if lose[i] {
                        level_value[i] = Some(-t);
                    }
                }
            }
        }
        for (i, &n) in members.iter().enumerate() {
            value[n as usize] = level_value[i].unwrap_or(0);
        }
    }
    value
}

/// The W and L sets of threshold `t` in one level (see the module's documentation).
fn attract(
    t: i32,
    exits: &[Vec<i32>],
    inside: &[Vec<(usize, i32)>],
    reached_from: &[Vec<(usize, i32)>],
) -> (Vec<bool>, Vec<bool>) {
    let n = exits.len();
    let mut win = vec![false; n];
    let mut lose = vec![false; n];
    // The moves of each node not yet known to lose (to be at most -t for it).
    let mut open = vec![0usize; n];
    let mut queue = VecDeque::new();
    for i in 0..n {
        if exits[i].iter().any(|&x| x >= t) {
            win[i] = true;
            queue.push_back(i);
            continue;
        }
        open[i] = exits[i].iter().filter(|&&x| x > -t).count() + inside[i].len();
        if open[i] == 0 {
            lose[i] = true;
            queue.push_back(i);
        }
    }
    while let Some(c) = queue.pop_front() {
        for &(p, sign) in &reached_from[c] {
            if win[p] || lose[p] {
                continue;
            }
            // The move p -> c is worth sign * value(c) to p's mover.
            let good_for_p = (sign < 0 && lose[c]) || (sign > 0 && win[c]);
            if good_for_p {
                win[p] = true;
                queue.push_back(p);
            } else {
                open[p] -= 1;
                if open[p] == 0 {
                    lose[p] = true;
                    queue.push_back(p);
                }
            }
        }
    }
    (win, lose)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nodes all of one seed count.
    fn level(edges_of: &[Vec<Edge>]) -> Vec<i32> {
        let mut nodes = Vec::new();
        let mut edges = Vec::new();
        for es in edges_of {
            let start = edges.len();
            edges.extend_from_slice(es);
            nodes.push(Node {
                seeds: 8,
                edges: start..edges.len(),
            });
        }
        solve(&nodes, &edges)
    }

    #[test]
    fn a_cycle_nobody_is_forced_out_of_is_worth_0() {
        // 0 -> 1 -> 0, each passing the turn, and no other move.
        let pass = |c| Edge::Same { child: c, sign: -1 };
        assert_eq!(level(&[vec![pass(1)], vec![pass(0)]]), [0, 0]);
        // Node 1 may also leave with 3: it does, so node 0 (whose only move reaches it) gets -3.
        assert_eq!(
            level(&[vec![pass(1)], vec![pass(0), Edge::Known(3)]]),
            [-3, 3]
        );
        // Node 0 may leave with -2 or go round: going round (0) is better.
        assert_eq!(
            level(&[vec![pass(1), Edge::Known(-2)], vec![pass(0)]]),
            [0, 0]
        );
    }

    #[test]
    fn fewer_seeds_are_valued_first() {
        // Node 1 (4 seeds) is worth 5; node 0 (8 seeds) reaches it passing the turn, gaining 2.
        let nodes = [
            Node {
                seeds: 8,
                edges: 0..1,
            },
            Node {
                seeds: 4,
                edges: 1..2,
            },
        ];
        let edges = [
            Edge::Down {
                child: 1,
                gain: 2,
                sign: -1,
            },
            Edge::Known(5),
        ];
        assert_eq!(solve(&nodes, &edges), [-3, 5]);
    }
}

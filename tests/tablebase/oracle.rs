//! The oracle: an exhaustive search over the positions reachable from those under test, which
//! shares nothing with the solver but the rules engine and nothing with the database.

use std::collections::HashMap;

use mancala_solver::{Board, BySide, Played, Position, Scoring, Variant};

use crate::common::eval::Val;

/// What a move does, for the oracle: either its value is known without the current seed total
/// (a capture, the end of the game), or it passes the turn to a position of the same total.
#[derive(Clone, Copy, Debug)]
enum Edge {
    Exit(i32),
    Child(usize),
}

/// Every position reachable from some roots, with its value and depth: the score from the
/// mover's point of view (win/draw/loss as 1/0/-1) and the depth (None exactly when the score is
/// 0).
pub struct Oracle {
    variant: Variant,
    /// Positions by the board seen from the side to move (its pits first).
    index: HashMap<Board, usize>,
    /// One position of each board (with whatever captured counts it was reached with).
    pub positions: Vec<Position>,
    value: Vec<i32>,
    depth: Vec<Option<u32>>,
}

/// Seeds the mover (0 South, 1 North) gains minus those the opponent gains with a move, from
/// the captured totals before and after; 0 in a win/draw/loss game, where seeds do not count.
pub fn margin(scoring: Scoring, mover: usize, before: [u32; 2], after: [u32; 2]) -> i32 {
    match scoring {
        Scoring::WinDrawLoss => 0,
        Scoring::Score => {
            let m = mover;
            (after[m] - before[m]) as i32 - (after[1 - m] - before[1 - m]) as i32
        }
    }
}

/// The engine's per-side pair as the string-reading checks write it, `[South, North]`.
fn pair(b: BySide<u32>) -> [u32; 2] {
    [b.south, b.north]
}

impl Oracle {
    /// Explores and solves every position reachable from `roots`.
    pub fn new(variant: Variant, roots: &[Position]) -> Oracle {
        let mut o = Oracle {
            variant,
            index: HashMap::new(),
            positions: Vec::new(),
            value: Vec::new(),
            depth: Vec::new(),
        };
        let mut todo = Vec::new();
        for r in roots {
            o.add(*r, &mut todo);
        }
        while let Some(i) = todo.pop() {
            let p = o.positions[i];
            for m in p.successors() {
                if !m.ends_game {
                    o.add(m.after, &mut todo);
                }
            }
        }
        let n = o.positions.len();
        o.value = vec![0; n];
        o.depth = vec![None; n];
        // Seeds never come back onto the board: solve one total at a time, smallest first.
        let mut totals: Vec<u32> = o.positions.iter().map(Position::seeds_on_board).collect();
        totals.sort_unstable();
        totals.dedup();
        for t in totals {
            let level: Vec<usize> = (0..n)
                .filter(|&i| o.positions[i].seeds_on_board() == t)
                .collect();
            o.solve_level(&level, t);
        }
        o
    }

    /// Adds a position not seen yet, to be explored.
    fn add(&mut self, p: Position, todo: &mut Vec<usize>) {
        let key = p.relative_board();
        if !self.index.contains_key(&key) {
            self.index.insert(key, self.positions.len());
            todo.push(self.positions.len());
            self.positions.push(p);
        }
    }

    /// The number of an explored position.
    fn id(&self, p: &Position) -> usize {
        self.index[&p.relative_board()]
    }

    /// A move as an edge: an exit with its value, or the position it passes the turn to.
    fn edge(&self, p: &Position, m: &Played) -> Edge {
        let mover = p.side();
        let gain = margin(
            self.variant.scoring(),
            mover.index(),
            pair(p.captured()),
            pair(m.after.captured()),
        );
        if m.endless {
            return Edge::Exit(-1);
        }
        if m.ends_game {
            return Edge::Exit(match self.variant.scoring() {
                Scoring::Score => gain,
                // The side left to move cannot move and has lost.
                Scoring::WinDrawLoss => {
                    if m.after.side() == mover {
                        -1
                    } else {
                        1
                    }
                }
            });
        }
        let child = self.id(&m.after);
        let same_side = m.after.side() == mover;
        let captured = m.after.captured() != p.captured();
        if !captured && !same_side {
            return Edge::Child(child);
        }
        let v = self.value[child];
        Edge::Exit(if same_side { gain + v } else { gain - v })
    }

    /// The value of a finished game for the side to move, or None.
    fn terminal(&self, p: &Position) -> Option<i32> {
        let totals = p.game_over()?;
        Some(match self.variant.scoring() {
            Scoring::Score => margin(
                self.variant.scoring(),
                p.side().index(),
                pair(p.captured()),
                pair(totals),
            ),
            Scoring::WinDrawLoss => -1,
        })
    }

    /// Solves the positions of one seed total, those of smaller totals being solved already.
    fn solve_level(&mut self, level: &[usize], total: u32) {
        let edges: Vec<Vec<Edge>> = level
            .iter()
            .map(|&i| {
                let p = self.positions[i];
                p.successors().iter().map(|m| self.edge(&p, m)).collect()
            })
            .collect();
        let terminal: Vec<Option<i32>> = level
            .iter()
            .map(|&i| self.terminal(&self.positions[i]))
            .collect();
        let local: HashMap<usize, usize> = level.iter().enumerate().map(|(k, &i)| (i, k)).collect();
        let max = match self.variant.scoring() {
            Scoring::Score => total as i32,
            Scoring::WinDrawLoss => 1,
        };
        // win[k] / lose[k]: the largest t with v >= t / v <= -t found so far.
        let mut win = vec![0i32; level.len()];
        let mut lose = vec![0i32; level.len()];
        for t in (1..=max).rev() {
            loop {
                let mut changed = false;
                for k in 0..level.len() {
                    if win[k] > 0 || lose[k] > 0 {
                        continue;
                    }
                    if let Some(v) = terminal[k] {
                        if v >= t {
                            win[k] = t;
                            changed = true;
                        } else if v <= -t {
                            lose[k] = t;
                            changed = true;
                        }
                        continue;
                    }
                    let good = |e: &Edge| match *e {
                        Edge::Exit(v) => v >= t,
                        Edge::Child(c) => lose[local[&c]] >= t,
                    };
                    let bad = |e: &Edge| match *e {
                        Edge::Exit(v) => v <= -t,
                        Edge::Child(c) => win[local[&c]] >= t,
                    };
                    if edges[k].iter().any(good) {
                        win[k] = t;
                        changed = true;
                    } else if edges[k].iter().all(bad) {
                        lose[k] = t;
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
        }
        let value: Vec<i32> = (0..level.len())
            .map(|k| if win[k] > 0 { win[k] } else { -lose[k] })
            .collect();
        // Depth levels (docs/rules.md#values-and-depths): terminal positions 0; an exit is 1 ply;
        // the side ahead takes the smallest value-keeping move, the side behind the largest.
        let mut depth: Vec<Option<u32>> = vec![None; level.len()];
        for k in 0..level.len() {
            if terminal[k].is_some() && value[k] != 0 {
                depth[k] = Some(0);
            }
        }
        for d in 1.. {
            let mut resolved = false;
            for k in 0..level.len() {
                if value[k] == 0 || depth[k].is_some() {
                    continue;
                }
                let keeping: Vec<Option<u32>> = edges[k]
                    .iter()
                    .filter_map(|e| match *e {
                        Edge::Exit(v) => (v == value[k]).then_some(Some(1)),
                        Edge::Child(c) => {
                            let c = local[&c];
                            (-value[c] == value[k]).then(|| depth[c].map(|x| x + 1))
                        }
                    })
                    .collect();
                let done = if value[k] > 0 {
                    keeping.iter().any(|x| matches!(x, Some(x) if *x <= d))
                } else {
                    keeping.iter().all(|x| matches!(x, Some(x) if *x <= d))
                };
                if done {
                    depth[k] = Some(d);
                    resolved = true;
                }
            }
            if !resolved {
                break;
            }
        }
        for k in 0..level.len() {
            assert!(
                value[k] == 0 || depth[k].is_some(),
                "oracle: no depth for {}",
                self.positions[level[k]]
            );
            self.value[level[k]] = value[k];
            self.depth[level[k]] = depth[k];
        }
    }

    /// The value of a position for its side to move.
    pub fn value_of(&self, p: &Position) -> Val {
        let i = self.id(p);
        (self.value[i], self.depth[i])
    }

    /// The value of a move for the mover.
    pub fn move_value(&self, p: &Position, m: &Played) -> Val {
        match self.edge(p, m) {
            Edge::Exit(v) => (v, (v != 0).then_some(1)),
            Edge::Child(c) => (-self.value[c], self.depth[c].map(|d| d + 1)),
        }
    }
}

//! Anywoli and Rio Kadalis (docs/rules.md, "Anywoli", "Rio Kadalis"): relay sowing over both
//! rows (the emptied pit sown into on a lap), a four made mid-sowing going to the pit's owner, a
//! four made by the last seed (binikh) going to the mover and ending the move; an endless sowing
//! is not a legal move. Clockwise Rio Kadalis goes round the same ring the other way.

use super::endless::Watch;
use super::{forced_pass, from_ring, played, ring, Move, Moves, Next, Outcome, Pos, MAX_PITS};
use super::{NORTH, SOUTH};
use crate::variant::Spec;

/// The moves of a relay position.
pub(super) fn outcome(
    spec: &Spec,
    pos: &Pos,
    clockwise: bool,
    binikh_extra_turn: bool,
    anywoli_end: bool,
) -> Outcome {
    let p = spec.p;
    let n = 2 * p;
    let me = pos.side;
    let you = 1 - me;
    if anywoli_end && pos.board_total() <= 4 {
        // Anywoli: four or fewer seeds on the board, the game is over with score 0: nothing
        // more is gained by either side.
        return Outcome::Over(pos.captured);
    }
    let mut moves = Moves::new();
    let board = ring(pos, p);
    // The closed pits as ring cells: the sowing goes round the open pits only.
    let closed = u32::from(pos.closed[SOUTH]) | u32::from(pos.closed[NORTH]) << p;
    let next_pit = |at: usize, n: usize| next_open(at, n, closed, clockwise);
    for k in 1..=p {
        let start = me * p + k - 1;
        let mut r = board;
        if r[start] == 0 {
            continue;
        }
        let mut hand = u32::from(r[start]);
        r[start] = 0;
        let mut at = start; // the pit the last seed went into
        let mut gain = [0u32; 2];
        let mut watch: Watch<([u8; 2 * MAX_PITS], u32, usize)> = Watch::new();
        let mut endless = false;
        let mut over = false;
        let mut extra = false;
        'sowing: loop {
            // A lift: board, hand and the next pit.
            if watch.repeats(|| (r, hand, next_pit(at, n))) {
                endless = true;
                break;
            }
            loop {
                at = next_pit(at, n);
                r[at] += 1;
                hand -= 1;
                if hand > 0 {
                    if r[at] == 4 {
                        // A four mid-sowing goes to the owner of the pit.
                        let owner = at / p;
                        gain[owner] += 4;
                        r[at] = 0;
                        let left = || seeds(&r[..n]) + hand;
                        if anywoli_end && left() <= 4 {
                            // The capturer takes what is left, the hand included.
                            gain[owner] += left();
                            r = [0; 2 * MAX_PITS];
                            over = true;
                            break 'sowing;
                        }
                    }
                    continue;
                }
                // The last seed of the hand.
                match r[at] {
                    4 => {
                        // Binikh: the mover takes the four, the sowing ends.
                        gain[me] += 4;
                        r[at] = 0;
                        let left = seeds(&r[..n]);
                        if anywoli_end && left <= 4 {
                            gain[me] += left;
                            r = [0; 2 * MAX_PITS];
                            over = true;
                        } else {
                            extra = binikh_extra_turn;
                        }
                        break 'sowing;
                    }
                    1 => break 'sowing, // into an empty pit: the sowing ends
                    _ => {
                        // 2, 3, 5 or more: lift them all and go on from the next pit.
                        hand = u32::from(r[at]);
                        r[at] = 0;
                        continue 'sowing;
                    }
                }
            }
        }
        if endless {
            continue; // an endless sowing is not a legal move
        }
        let captured = [
            pos.captured[SOUTH] + gain[SOUTH],
            pos.captured[NORTH] + gain[NORTH],
        ];
        let after = Pos {
            closed: pos.closed,
            ..from_ring(&r, p, if extra { me } else { you }, captured)
        };
        let next = if over {
            Next::Over
        } else if extra {
            Next::Mover
        } else {
            Next::Opponent
        };
        moves.push(played(pos, Move::Pit(k as u8), after, next));
    }
    if moves.is_empty() {
        if anywoli_end {
            // Anywoli: a player without a legal move passes.
            return forced_pass(pos);
        }
        // Rio Kadalis: the round ends, each player takes the seeds of their own row.
        return Outcome::Over([
            pos.captured[SOUTH] + pos.side_total(SOUTH),
            pos.captured[NORTH] + pos.side_total(NORTH),
        ]);
    }
    Outcome::Moves(moves)
}

/// The open pit after `at` on a ring of `n` whose closed cells are the set bits of `closed`,
/// going up the ring, or down it when `clockwise` (counting round without a division: this is
/// done for every seed sown). The mover's pit just emptied is open, so there is one.
fn next_open(mut at: usize, n: usize, closed: u32, clockwise: bool) -> usize {
    loop {
        at = match (clockwise, at) {
            (false, _) if at + 1 == n => 0,
            (false, _) => at + 1,
            (true, 0) => n - 1,
            (true, _) => at - 1,
        };
        if closed >> at & 1 == 0 {
            return at;
        }
    }
}

/// Seeds in some pits.
fn seeds(cells: &[u8]) -> u32 {
    cells.iter().map(|&c| u32::from(c)).sum()
}

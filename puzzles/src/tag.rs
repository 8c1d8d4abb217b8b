//! Which theme tags a puzzle's solution line shows (the tags themselves, their names and
//! meanings, are [`Theme`], stored with the puzzle).

use mancala_solver::rules::Next;
use mancala_solver::{Direction, Family, Move, Played, Position, Side, Variant};

use crate::{Solution, Theme};

/// Where the first hand of a sowing from `pit` ends, and how many seeds that pit held before
/// (relay families only: the whole board is one ring of the mover's own loop or of both rows,
/// its closed pits left out, gone round in the variant's direction).
fn first_hand_landing(before: &Position, pit: u8) -> Option<u8> {
    let v = before.variant();
    let l = v.pits_per_side();
    let b = before.relative_board();
    let shape = before.relative_shape();
    let cells = match v.family() {
        Family::FourRow => l,
        Family::Relay => 2 * l,
        _ => return None,
    };
    let mut ring: Vec<usize> = (0..cells).filter(|&c| !shape.is_closed(c)).collect();
    if v.direction() == Direction::Clockwise {
        ring.reverse();
    }
    let from = ring.iter().position(|&c| c == pit as usize - 1)?;
    let seeds = b.cells[pit as usize - 1] as usize;
    if seeds == 0 || seeds >= ring.len() {
        return None; // a full lap changes the count on the way: not a plain first hand
    }
    Some(b.cells[ring[(from + seeds) % ring.len()]])
}

/// The themes of a solution from `start`.
pub fn themes(start: &Position, s: &Solution) -> Vec<Theme> {
    let variant = start.variant();
    let solver = start.side();
    let mut tags = Vec::new();
    tags.push(match s.moves_to_find() {
        1 => Theme::OneMove,
        2 => Theme::Short,
        3 | 4 => Theme::Long,
        _ => Theme::VeryLong,
    });
    let first = &s.line[0];
    if first.captured[solver] == 0 {
        tags.push(Theme::Quiet);
    }
    let mut before = *start;
    let (mut sacrifice, mut relay, mut binikh, mut extra, mut starve, mut slam) =
        (false, false, false, false, false, false);
    let (mut chain, mut feeding, mut trap, mut fork) = (false, false, false, false);
    for (i, (p, &mine)) in s.line.iter().zip(&s.by_solver).enumerate() {
        if mine {
            chain |= emptied_pits(&before, p) >= 3;
            feeding |= variant == Variant::AlManqala && side_seeds(&before, !solver) == 0;
            trap |= leaves_only_endless(p);
            fork |= binikh_threats(&before) >= 2;
            let gives = p.captured[!solver] > 0;
            let reply_captures = s
                .line
                .get(i + 1)
                .is_some_and(|r| !s.by_solver[i + 1] && r.captured[!solver] > 0);
            sacrifice |= gives || reply_captures;
            if let Move::Pit(k) = p.mv {
                match first_hand_landing(&before, k) {
                    Some(3) if variant.family() == Family::Relay => binikh = true,
                    Some(c) if c > 0 => relay = true,
                    _ => {}
                }
            }
            binikh |= p.extra_turn && variant == Variant::Anywoli;
            extra |= p.extra_turn;
            let (theirs_before, theirs_after) =
                (side_seeds(&before, !solver), side_seeds(&p.after, !solver));
            // A move that ends the game by its own rule allocates the seeds left: an empty side
            // then is no slam and no starvation.
            let emptied = theirs_before > 0 && theirs_after == 0 && p.effect.next != Next::Over;
            starve |= emptied;
            slam |= emptied && p.captured[solver] > 0;
        }
        before = p.after;
    }
    if sacrifice {
        tags.push(Theme::Sacrifice);
    }
    if relay {
        tags.push(Theme::Relay);
    }
    if binikh {
        tags.push(Theme::Binikh);
    }
    if extra {
        tags.push(Theme::ExtraTurn);
    }
    if starve {
        tags.push(Theme::Starvation);
    }
    // After the last solver move the opponent has no move (the game ends for want of one, not
    // by the move's own rule), or only a pass.
    let last = s.line.last().expect("a solution has a move");
    let ended_by_rule = matches!(last.effect.next, Next::Over | Next::Endless);
    let after = last.after;
    if after.side() != solver
        && !ended_by_rule
        && (last.ends_game || after.legal_moves().iter().all(|m| *m == Move::Pass))
    {
        tags.push(Theme::Immobilisation);
    }
    if slam {
        tags.push(Theme::GrandSlam);
    }
    for (on, theme) in [
        (chain, Theme::Chain),
        (feeding, Theme::Feeding),
        (s.cycle_save, Theme::CycleSave),
        (trap, Theme::EndlessTrap),
        (fork, Theme::BinikhFork),
        (start.has_closed_pits(), Theme::ClosedPits),
    ] {
        if on {
            tags.push(theme);
        }
    }
    tags
}

/// The seeds in `side`'s pits.
fn side_seeds(pos: &Position, side: Side) -> u32 {
    let l = pos.variant().pits_per_side();
    (1..=l).map(|k| pos.pit(side, k) as u32).sum()
}

/// Pits that held seeds before the move `p` from `before` and are empty after it, the pit it
/// was played from not counted: each lifted for another lap or captured. A move that ends the
/// game or never ends counts none (the allocation empties the board; an endless sowing leaves
/// it as it was).
fn emptied_pits(before: &Position, p: &Played) -> usize {
    let Move::Pit(from) = p.mv else { return 0 };
    if matches!(p.effect.next, Next::Over | Next::Endless) {
        return 0;
    }
    let (b, a) = (before.relative_board(), p.effect.board);
    let cells = 2 * before.variant().pits_per_side();
    (0..cells)
        .filter(|&i| i != from as usize - 1 && b.cells[i] > 0 && a.cells[i] == 0)
        .count()
}

/// Hawalis and Bao la Kiarabu: after the solver's move `p` the opponent is to move and every
/// one of its moves is an endless sowing, or it has none.
fn leaves_only_endless(p: &Played) -> bool {
    let v = p.after.variant();
    if !matches!(v, Variant::Hawalis | Variant::BaoLaKiarabu)
        || p.extra_turn
        || matches!(p.effect.next, Next::Over | Next::Endless)
    {
        return false;
    }
    p.after
        .successors()
        .iter()
        .all(|r| r.effect.next == Next::Endless)
}

/// Relay games (Rio Kadalis, Anywoli): how many of the side to move's moves would make a binikh
/// four (the first hand ends in a pit holding three).
fn binikh_threats(before: &Position) -> usize {
    if before.variant().family() != Family::Relay {
        return 0;
    }
    before
        .legal_moves()
        .iter()
        .filter(|mv| matches!(mv, Move::Pit(k) if first_hand_landing(before, *k) == Some(3)))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The themes of a one-move line: `mv` played from `position`, a decision.
    fn one_move(variant: Variant, position: &str, mv: u8) -> Vec<Theme> {
        let start = Position::parse(variant, position).unwrap();
        let played = start.play(Move::Pit(mv)).unwrap();
        let s = Solution {
            line: vec![played],
            by_solver: vec![true],
            decisions: vec![true],
            tempting: 0,
            choices: start.legal_moves().len(),
            cycle_save: false,
        };
        themes(&start, &s)
    }

    /// Rio Kadalis, South 1,1,1,1,1,0 and North pits 1-3 holding one seed each. S2 by hand:
    /// its seed lands on S3 (lifted: 2), which sows S4 and S5 (lifted: 2), which sow S6 and N1
    /// (lifted: 2), which sow N2 and N3 (lifted: 2), which sow N4 and N5, empty: the end.
    /// S3, S5, N1 and N3 are left empty: a chain. S1 lifts only S2 and S4: no chain.
    #[test]
    fn a_move_emptying_three_pits_is_a_chain() {
        let p = "0,0,0,1,1,1/1,1,1,1,1,0 S 20-20";
        assert!(one_move(Variant::RioKadalis, p, 2).contains(&Theme::Chain));
        assert!(!one_move(Variant::RioKadalis, p, 1).contains(&Theme::Chain));
    }

    /// Rio Kadalis, South 1,3,0,2,0,3: S1's seed lands on S2's three and S4's two seeds end
    /// on S6's three, two fours threatened at once; S2 and S6 land on empty pits.
    #[test]
    fn two_binikh_fours_at_once_are_a_fork() {
        let p = "0,0,0,0,1,2/1,3,0,2,0,3 S 18-18";
        assert!(one_move(Variant::RioKadalis, p, 2).contains(&Theme::BinikhFork));
    }

    /// South 1,0,2,0,3,2, North's pit 6 holding 3 and pit 1 holding 1. Clockwise, S1's one
    /// seed falls into N6 (three: a binikh four); S3's two into S2 (empty) and S1 (one).
    /// Counter-clockwise S1 would land on S2 (empty), S3 on S5 (three). With South's pit 2
    /// closed, clockwise S3's two seeds skip it: S1, then N6 (three).
    #[test]
    fn the_first_hand_lands_in_the_variant_s_direction_round_the_open_pits() {
        let p = "3,0,0,0,0,1/1,0,2,0,3,2 S 16-20";
        let cw = Position::parse(Variant::RioKadalisCw, p).unwrap();
        assert_eq!(first_hand_landing(&cw, 1), Some(3));
        assert_eq!(first_hand_landing(&cw, 3), Some(1));
        let ccw = Position::parse(Variant::RioKadalis, p).unwrap();
        assert_eq!(first_hand_landing(&ccw, 1), Some(0));
        assert_eq!(first_hand_landing(&ccw, 3), Some(3));
        let closed = Position::parse(Variant::RioKadalisCw, "3,0,0,0,0,1/1,x,2,0,3,2 S 16-20");
        assert_eq!(first_hand_landing(&closed.unwrap(), 3), Some(3));
    }

    /// A position with closed pits is tagged so.
    #[test]
    fn a_board_with_closed_pits_is_tagged_closed_pits() {
        let p = "1,3,x,x,x,x/3,0,x,x,x,1 S 20-20";
        assert!(one_move(Variant::RioKadalis, p, 6).contains(&Theme::ClosedPits));
        let q = "0,0,0,0,1,2/1,3,0,2,0,3 S 18-18";
        assert!(!one_move(Variant::RioKadalis, q, 2).contains(&Theme::ClosedPits));
    }

    /// Al-manqala with North's row empty: South must feed (S7 is its only move that reaches
    /// North). The same rows in Rio Kadalis's family are no feeding.
    #[test]
    fn south_forced_to_give_seeds_in_al_manqala_is_feeding() {
        let p = "0,0,0,0,0,0,0/0,0,0,0,0,1,1 S";
        assert!(one_move(Variant::AlManqala, p, 7).contains(&Theme::Feeding));
        let q = "0,0,0,0,0,0/2,1,1,1,1,2 S 20-20";
        assert!(!one_move(Variant::RioKadalis, q, 1).contains(&Theme::Feeding));
    }
}

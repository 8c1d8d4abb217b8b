//! Positions found by a search with the reference rather than worked by hand: endless sowings,
//! and a Rio Kadalis round that ends because every move is endless.

use mancala_solver::BySide;
use mancala_solver::Move;
use mancala_solver::MoveError;
use mancala_solver::Variant::{Anywoli, BaoLaKiarabu, Hawalis, RioKadalis, RioKadalis5};

use crate::check::{game_over, legal, pos};
use crate::reference::{self, plain, RefOutcome, RefPos};

/// Endless sowings found by brute force with the reference (boards built ahead of a relay wave,
/// see `reference::endless_from_pit_1`), for both sides: the engine must flag each as a legal,
/// endless, game-ending move that leaves the board as it was.
#[test]
fn four_row_endless_moves_found_by_search() {
    for v in [Hawalis, BaoLaKiarabu] {
        let found = reference::endless_from_pit_1(plain(v), 10);
        assert!(found.len() >= 5, "{v}: {}", found.len());
        for r in found {
            for north in [false, true] {
                let mut r = r.clone();
                if north {
                    r.pits.swap(0, 1);
                    r.side = reference::NORTH;
                }
                let text = r.text();
                let p = pos(v, &text);
                let played = p.play(Move::Pit(1)).unwrap();
                assert!(
                    played.endless && played.ends_game,
                    "{v} `{text}`: {played:?}"
                );
                assert_eq!(played.captured, BySide::default());
                assert_eq!(played.after.absolute_board(), p.absolute_board());
                assert_eq!(played.after.side(), !p.side());
                assert_eq!(played.after.captured(), p.captured());
                // Only pit 1 is known to be endless; the others agree with the reference too.
                let r_moves = match r.outcome() {
                    RefOutcome::Moves(ms) => ms,
                    RefOutcome::GameOver(_) => unreachable!(),
                };
                let mine: Vec<(String, bool)> = p
                    .successors()
                    .iter()
                    .map(|s| (s.mv.to_string(), s.endless))
                    .collect();
                let theirs: Vec<(String, bool)> = r_moves
                    .iter()
                    .map(|m| (m.text.clone(), m.endless))
                    .collect();
                assert_eq!(mine, theirs, "{v} `{text}`");
            }
        }
    }
}

/// Endless relay sowings are not legal moves (Anywoli, Rio Kadalis): positions found by brute
/// force with the reference, then the engine must leave that pit out of the legal moves.
#[test]
fn relay_endless_sowings_are_not_legal() {
    for v in [Anywoli, RioKadalis, RioKadalis5] {
        let found = reference::endless_from_pit_1(plain(v), 6);
        assert!(found.len() >= 3, "{v}: {}", found.len());
        for r in found {
            let text = r.text();
            assert!(r.pits[0][0] > 0, "{text}");
            let moves = legal(v, &text);
            assert!(!moves.contains(&"1".to_owned()), "{v} `{text}`: {moves:?}");
            assert!(!moves.is_empty(), "{v} `{text}`");
            let p = pos(v, &text);
            assert!(matches!(
                p.play(Move::Pit(1)),
                Err(MoveError::Illegal { .. })
            ));
        }
    }
}

#[test]
fn rio_kadalis_round_ends_when_every_move_is_endless() {
    // A tiny brute-force search with the reference: Rio Kadalis on 5 pits, South holding seeds
    // in pit 1 only, North any small distribution, totals 8, 12, 16: the first position whose
    // only move is endless. Then no legal move, so the round ends and EACH side takes the seeds
    // of its own row.
    let p = 5;
    let mut found = None;
    'search: for total in [8u32, 12, 16] {
        for h in 1..total {
            // Every North row holding total - h seeds.
            let mut north = vec![0u32; p];
            let rest = total - h;
            fn each(
                north: &mut Vec<u32>,
                i: usize,
                left: u32,
                f: &mut dyn FnMut(&[u32]) -> bool,
            ) -> bool {
                if i == north.len() - 1 {
                    north[i] = left;
                    return f(north);
                }
                for c in 0..=left {
                    north[i] = c;
                    if each(north, i + 1, left - c, f) {
                        return true;
                    }
                }
                false
            }
            let mut hit = None;
            each(&mut north, 0, rest, &mut |n| {
                let mut south = vec![0; p];
                south[0] = h;
                let r = RefPos::new(plain(RioKadalis5), south, n.to_vec(), reference::SOUTH);
                if let RefOutcome::GameOver(t) = r.outcome() {
                    hit = Some((r, t));
                    return true;
                }
                false
            });
            if hit.is_some() {
                found = hit;
                break 'search;
            }
        }
    }
    let (r, totals) = found.expect("no position found");
    let text = r.text();
    assert_eq!(
        totals,
        [
            r.side_total(reference::SOUTH),
            r.side_total(reference::NORTH)
        ]
    );
    assert!(totals[0] > 0 && totals[1] > 0, "{text}");
    // The engine agrees: no legal move, each takes their own row.
    assert_eq!(legal(RioKadalis5, &text), Vec::<String>::new());
    assert_eq!(game_over(RioKadalis5, &text), Some(totals));
    // (The search finds `4,0,6,0,1/5,0,0,0,0 S`: South's only move, S1 = 5, is endless; South
    // takes 5, North 11.)
    assert_eq!(text, "4,0,6,0,1/5,0,0,0,0 S");
    assert_eq!(totals, [5, 11]);
}

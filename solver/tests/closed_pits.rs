//! Rio Kadalis boards with closed pits (docs/rules.md#rio-kadalis-matches) against a plain
//! implementation written here from the rules' text alone: the ring of open pits as a list of
//! (side, pit), a lap-start state kept in a set to see an endless sowing, and values found by
//! sweeping every position of a shape until nothing changes.
//!
//! * hand-worked moves on boards with closed pits;
//! * the moves of random closed-pit positions (each side at least one open pit, any pits
//!   closed) agree with the plain rules: the moves, the positions after, the seeds gained, the
//!   end of the round; the position strings read back;
//! * the search's values of every position of small shapes, and of each move, agree with the
//!   plain values (exhaustive retrograde sweeps);
//! * so do the shape tables' (the retrograde solver's) of every position of several shapes,
//!   whichever pits are closed, and of each position's mirror; and the six-hole table of five
//!   open pits a side is the five-hole game's.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use mancala_solver::engine::{Budget, Engine};
use mancala_solver::solve::{solve_group, KnownValues, Silent};
use mancala_solver::{
    Board, BySide, Direction, Move, Position, Shape, Slice, SliceId, TableShape, Variant,
};

mod in_memory;

const SOUTH: usize = 0;
const NORTH: usize = 1;

/// A position as the rules describe it: each side's pits 1..P, `None` for a closed pit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Plain {
    pits: [Vec<Option<u32>>; 2],
    side: usize,
    captured: [u32; 2],
    /// Sown clockwise (`rio-kadalis-cw`): round the same ring the other way.
    clockwise: bool,
}

/// What a legal move does: the position after (the round's end applied), the seeds gained,
/// whether the round is over after it.
struct PlainMove {
    pit: usize,
    after: Plain,
    gains: [u32; 2],
    over: bool,
}

impl Plain {
    fn p(&self) -> usize {
        self.pits[0].len()
    }

    /// The open pits in sowing order (counter-clockwise: South 1..P, then North 1..P;
    /// clockwise the other way round).
    fn ring(&self) -> Vec<(usize, usize)> {
        let mut ring: Vec<(usize, usize)> = (0..2)
            .flat_map(|side| (0..self.p()).map(move |k| (side, k)))
            .filter(|&(side, k)| self.pits[side][k].is_some())
            .collect();
        if self.clockwise {
            ring.reverse();
        }
        ring
    }

    fn row_total(&self, side: usize) -> u32 {
        self.pits[side].iter().flatten().sum()
    }

    /// The text of a position string: North's pits P..1, South's 1..P, `x` for closed.
    fn text(&self) -> String {
        let cell = |c: &Option<u32>| c.map_or("x".to_owned(), |s| s.to_string());
        let north: Vec<String> = self.pits[NORTH].iter().rev().map(cell).collect();
        let south: Vec<String> = self.pits[SOUTH].iter().map(cell).collect();
        let side = if self.side == SOUTH { "S" } else { "N" };
        let mut t = format!("{}/{} {side}", north.join(","), south.join(","));
        if self.captured != [0, 0] {
            t += &format!(" {}-{}", self.captured[0], self.captured[1]);
        }
        t
    }

    /// Sows pit `k` (0-based) of the side to move: the board after and the gains, or `None`
    /// for an endless sowing.
    fn sow(&self, k: usize) -> Option<(Plain, [u32; 2])> {
        let me = self.side;
        let ring = self.ring();
        let mut b = self.clone();
        let seeds = |b: &Plain, (s, k): (usize, usize)| b.pits[s][k].unwrap();
        let mut at = ring.iter().position(|&c| c == (me, k)).unwrap();
        let mut hand = seeds(&b, ring[at]);
        b.pits[me][k] = Some(0);
        let mut gains = [0, 0];
        let mut lifts: HashSet<(Plain, u32, usize)> = HashSet::new();
        lifts.insert((b.clone(), hand, at));
        loop {
            at = (at + 1) % ring.len();
            let (s, c) = ring[at];
            let now = seeds(&b, ring[at]) + 1;
            b.pits[s][c] = Some(now);
            hand -= 1;
            if now == 4 {
                // Mid-sowing the owner takes a four; the last seed's four (binikh) the mover,
                // and the move ends.
                b.pits[s][c] = Some(0);
                gains[if hand > 0 { s } else { me }] += 4;
                if hand == 0 {
                    break;
                }
            } else if hand == 0 {
                if now == 1 {
                    break;
                }
                hand = now;
                b.pits[s][c] = Some(0);
                if !lifts.insert((b.clone(), hand, at)) {
                    return None;
                }
            }
        }
        b.side = 1 - me;
        b.captured = [self.captured[0] + gains[0], self.captured[1] + gains[1]];
        Some((b, gains))
    }

    /// The pits (0-based) of the side to move whose sowing ends: its legal moves.
    fn legal(&self) -> Vec<usize> {
        let me = self.side;
        (0..self.p())
            .filter(|&k| self.pits[me][k].is_some_and(|s| s > 0))
            .filter(|&k| self.sow(k).is_some())
            .collect()
    }

    /// The legal moves in pit order.
    fn moves(&self) -> Vec<PlainMove> {
        self.legal()
            .into_iter()
            .map(|k| {
                let (mut after, mut gains) = self.sow(k).expect("legal");
                let over = after.legal().is_empty();
                if over {
                    for side in [SOUTH, NORTH] {
                        let row = after.row_total(side);
                        gains[side] += row;
                        after.captured[side] += row;
                        for c in after.pits[side].iter_mut().flatten() {
                            *c = 0;
                        }
                    }
                }
                PlainMove {
                    pit: k + 1,
                    after,
                    gains,
                    over,
                }
            })
            .collect()
    }

    /// The final totals when the side to move has no legal move (each takes their own row).
    fn over(&self) -> Option<[u32; 2]> {
        self.legal().is_empty().then(|| {
            [
                self.captured[0] + self.row_total(SOUTH),
                self.captured[1] + self.row_total(NORTH),
            ]
        })
    }
}

/// A small deterministic generator (SplitMix64), so that every run checks the same positions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random position of a round of `variant` with at least one closed pit: any pits closed
/// (often the match's pattern, a side's lowest pits), at least one open a side, small counts
/// with now and then a big pile, the total a multiple of 4 and within the game's seeds.
fn random_position(rng: &mut Rng, variant: Variant) -> Plain {
    let p = variant.pits_per_side();
    loop {
        let mut pits: [Vec<Option<u32>>; 2] = [vec![], vec![]];
        for side in pits.iter_mut() {
            let open: Vec<bool> = if rng.below(2) == 0 {
                // As a match opens them: pits P..P-k+1.
                let k = 1 + rng.below(p as u64) as usize;
                (0..p).map(|i| i >= p - k).collect()
            } else {
                (0..p).map(|_| rng.below(3) > 0).collect()
            };
            let density = rng.below(4);
            *side = open
                .iter()
                .map(|&o| {
                    o.then(|| match density {
                        0 => rng.below(2) as u32,
                        1 => rng.below(4) as u32,
                        2 => rng.below(7) as u32,
                        _ if rng.below(8) == 0 => rng.below(20) as u32,
                        _ => rng.below(5) as u32,
                    })
                })
                .collect();
        }
        let closed = pits.iter().flatten().any(Option::is_none);
        let open_each = pits.iter().all(|s| s.iter().any(Option::is_some));
        let total: u32 = pits.iter().flatten().flatten().sum();
        if !closed || !open_each || total > variant.total_seeds() || !total.is_multiple_of(4) {
            continue;
        }
        let left = variant.total_seeds() - total;
        let south = rng.below(u64::from(left) + 1) as u32;
        let north = rng.below(u64::from(left - south) + 1) as u32;
        let captured = if rng.below(3) == 0 {
            [0, 0]
        } else {
            [south, north]
        };
        return Plain {
            pits,
            side: rng.below(2) as usize,
            captured,
            clockwise: variant.direction() == Direction::Clockwise,
        };
    }
}

fn parse(variant: Variant, text: &str) -> Position {
    Position::parse(variant, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn hand_worked_moves_on_closed_boards() {
    // North's pits 5 and 6 closed; South plays S1 (4 seeds). The ring is S1..S6, N1..N4.
    // S2..S5 -> 5 (last in S5: lift 5). S6, N1, N2, N3 -> 5, N4 -> 5 (last: lift 5).
    // N5, N6 are skipped: S1 (0 -> 1), S2..S4 -> 6, S5 (0 -> 1, last, empty): ends.
    let p = parse(Variant::RioKadalis, "x,x,4,4,4,4/4,4,4,4,4,4 S");
    let played = p.play(Move::Pit(1)).unwrap();
    assert_eq!(played.after.to_string(), "x,x,0,5,5,5/1,6,6,6,1,5 N");

    // Five pits; South has only pit 5 open, North pits 4 and 5. S5 = 3: N4 (3 -> 4, not the
    // last): North, the owner, takes 4; N5 (2 -> 3); then past South's closed pits 1..4 to S5
    // itself (0 -> 1, last, empty): ends. (On the full board the seeds would go to N1, N2, N3.)
    let p = parse(Variant::RioKadalis5, "2,3,x,x,x/x,x,x,x,3 S");
    let played = p.play(Move::Pit(5)).unwrap();
    assert_eq!(played.after.to_string(), "3,0,x,x,x/x,x,x,x,1 N 0-4");

    // North's only open pit N6 holds 3; South plays S6 = 2: N6 (3 -> 4, not the last): North
    // takes 4; after N6 the ring goes on to S1 (0 -> 1, last, empty): ends. North has no seed left to move: the round ends, each side
    // taking its own row (South S1's 1 and S2's 3).
    let p = parse(Variant::RioKadalis, "3,x,x,x,x,x/0,3,x,x,x,2 S");
    let played = p.play(Move::Pit(6)).unwrap();
    assert_eq!(played.captured, BySide::new(4, 4));
    assert!(played.ends_game);
    assert_eq!(played.after.to_string(), "0,x,x,x,x,x/0,0,x,x,x,0 N 4-4");

    // Binikh on a closed board: North has N5 = 3 and N6 = 1 open. S6 = 1 skips N1..N4 into
    // N5 (3 -> 4, last): South takes it; North still has N6 to play.
    let p = parse(Variant::RioKadalis, "1,3,x,x,x,x/3,0,x,x,x,1 S");
    let played = p.play(Move::Pit(6)).unwrap();
    assert_eq!(played.captured, BySide::new(4, 0));
    assert!(!played.ends_game);
    assert_eq!(played.after.to_string(), "1,0,x,x,x,x/3,0,x,x,x,0 N 4-0");

    // Clockwise, five pits, South's pit 1 and North's 1 and 2 closed: N5 = 1, N4 = 3, N3 = 2;
    // S = x,0,3,0,3. S3 = 3 goes down: S2 (0 -> 1), S1 closed and skipped, N5 (1 -> 2), N4
    // (3 -> 4, the last seed): binikh, South takes the four and the move ends.
    let p = parse(Variant::RioKadalis5Cw, "1,3,2,x,x/x,0,3,0,3 S");
    let played = p.play(Move::Pit(3)).unwrap();
    assert_eq!(played.captured, BySide::new(4, 0));
    assert_eq!(played.after.to_string(), "2,0,2,x,x/x,1,0,0,3 N 4-0");
    // S5 = 3 goes down: S4 (0 -> 1), S3 (3 -> 4, not the last): South, its owner, takes
    // it; S2 (0 -> 1, last, empty): ends.
    let played = p.play(Move::Pit(5)).unwrap();
    assert_eq!(played.captured, BySide::new(4, 0));
    assert_eq!(played.after.to_string(), "1,3,2,x,x/x,1,0,1,0 N 4-0");
}

#[test]
fn closed_pits_are_refused_where_the_rules_have_none() {
    for (variant, text, words) in [
        (
            Variant::Oware,
            "4,4,4,4,4,x/4,4,4,4,4,4 S",
            "North's pit 1 is closed (`x`), but oware has no closed pits",
        ),
        (
            Variant::RioKadalis,
            "4,4,4,4,4,4/x,x,x,x,x,x S",
            "every pit of South is closed",
        ),
        (
            Variant::RioKadalis5,
            "x,x,x,x,x/4,4,4,4,4 N",
            "every pit of North is closed",
        ),
    ] {
        let e = Position::parse(variant, text).unwrap_err().to_string();
        assert!(e.contains(words), "{text}: {e}");
    }
    // A closed pit is never played.
    let p = parse(Variant::RioKadalis, "x,x,4,4,4,4/x,4,4,4,4,4 S");
    let e = p.play(Move::Pit(1)).unwrap_err().to_string();
    assert!(e.contains("legal moves: 2 3 4 5 6"), "{e}");
}

#[test]
fn random_closed_positions_move_as_the_plain_rules_say() {
    let mut rng = Rng(20261204);
    // Pits with seeds that are no legal move: endless sowings, round a ring of open pits.
    let mut endless = 0;
    for variant in [
        Variant::RioKadalis,
        Variant::RioKadalis5,
        Variant::RioKadalisCw,
        Variant::RioKadalis5Cw,
    ] {
        for _ in 0..3000 {
            let plain = random_position(&mut rng, variant);
            let text = plain.text();
            let pos = parse(variant, &text);
            assert_eq!(pos.to_string(), text, "the string reads back");
            assert!(pos.has_closed_pits());
            let expected = plain.moves();
            let got = pos.successors();
            let pits: Vec<usize> = expected.iter().map(|m| m.pit).collect();
            let got_pits: Vec<usize> = got
                .iter()
                .map(|p| match p.mv {
                    Move::Pit(k) => k as usize,
                    Move::Pass => panic!("{text}: Rio Kadalis never passes"),
                })
                .collect();
            assert_eq!(got_pits, pits, "{text}: legal moves");
            for (e, g) in expected.iter().zip(&got) {
                assert_eq!(g.after.to_string(), e.after.text(), "{text} pit {}", e.pit);
                assert_eq!(
                    [g.captured.south, g.captured.north],
                    e.gains,
                    "{text} pit {}: gains",
                    e.pit
                );
                assert_eq!(g.ends_game, e.over, "{text} pit {}: end of round", e.pit);
                assert!(!g.extra_turn && !g.endless, "{text}");
            }
            let me = plain.side;
            endless += (0..plain.p())
                .filter(|&k| plain.pits[me][k].is_some_and(|s| s > 0))
                .filter(|&k| !pits.contains(&(k + 1)))
                .count();
            let over = pos.game_over().map(|t| [t.south, t.north]);
            assert_eq!(over, plain.over(), "{text}: end of round");
        }
    }
    assert!(endless > 0, "the random positions include endless sowings");
}

/// Every position of one shape (the open pits of each side, absolute) with at most `max`
/// seeds on the board, either side to move, nothing captured.
fn positions_of_shape(open: [&[usize]; 2], p: usize, max: u32) -> Vec<Plain> {
    let cells: Vec<(usize, usize)> = (0..2)
        .flat_map(|side| open[side].iter().map(move |&k| (side, k - 1)))
        .collect();
    let mut out = Vec::new();
    let mut counts = vec![0u32; cells.len()];
    loop {
        let total: u32 = counts.iter().sum();
        if total <= max && total.is_multiple_of(4) {
            for side in [SOUTH, NORTH] {
                let mut pits = [vec![None; p], vec![None; p]];
                for (&(s, k), &c) in cells.iter().zip(&counts) {
                    pits[s][k] = Some(c);
                }
                out.push(Plain {
                    pits,
                    side,
                    captured: [0, 0],
                    clockwise: false,
                });
            }
        }
        // The next count vector (odometer), each count up to `max`.
        let mut i = 0;
        loop {
            if i == counts.len() {
                return out;
            }
            counts[i] += 1;
            if counts[i] <= max {
                break;
            }
            counts[i] = 0;
            i += 1;
        }
    }
}

/// The value of every position (for its side to move: seeds still to win minus seeds still
/// to lose, endless play 0), by levels of seeds on the board (a capture leaves a lower level),
/// and within a level by threshold: for each `t`, the positions whose mover can force `t` or
/// more, and those that must concede `t` or more, grown by sweeps until nothing changes.
fn plain_values(all: &[Plain]) -> HashMap<Plain, i32> {
    let key = |p: &Plain| Plain {
        captured: [0, 0],
        ..p.clone()
    };
    let mut value: HashMap<Plain, i32> = HashMap::new();
    let max = all.iter().map(|p| p.row_total(0) + p.row_total(1)).max();
    for level in (0..=max.unwrap_or(0)).step_by(4) {
        let here: Vec<&Plain> = all
            .iter()
            .filter(|p| p.row_total(0) + p.row_total(1) == level)
            .collect();
        // Each move: an exit with its margin for the mover, or a child in this level.
        enum Edge {
            Exit(i32),
            Child(Plain),
        }
        let edges: Vec<Vec<Edge>> = here
            .iter()
            .map(|p| {
                let me = p.side;
                p.moves()
                    .into_iter()
                    .map(|m| {
                        let margin = m.gains[me] as i32 - m.gains[1 - me] as i32;
                        let child = key(&m.after);
                        if m.over {
                            Edge::Exit(margin)
                        } else if m.gains != [0, 0] {
                            Edge::Exit(margin - value[&child])
                        } else {
                            Edge::Child(child)
                        }
                    })
                    .collect()
            })
            .collect();
        let terminal: Vec<Option<i32>> = here
            .iter()
            .map(|p| {
                p.over()
                    .map(|_| p.row_total(p.side) as i32 - p.row_total(1 - p.side) as i32)
            })
            .collect();
        let mut found = vec![0i32; here.len()];
        for t in 1..=level as i32 {
            let mut wins: HashSet<Plain> = HashSet::new();
            let mut losses: HashSet<Plain> = HashSet::new();
            loop {
                let mut changed = false;
                for (i, p) in here.iter().enumerate() {
                    let k = key(p);
                    let (win, loss) = match terminal[i] {
                        Some(v) => (v >= t, v <= -t),
                        None => (
                            edges[i].iter().any(|e| match e {
                                Edge::Exit(v) => *v >= t,
                                Edge::Child(c) => losses.contains(c),
                            }),
                            edges[i].iter().all(|e| match e {
                                Edge::Exit(v) => *v <= -t,
                                Edge::Child(c) => wins.contains(c),
                            }),
                        ),
                    };
                    if win && wins.insert(k.clone()) {
                        changed = true;
                    }
                    if loss && losses.insert(k) {
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
            for (i, p) in here.iter().enumerate() {
                let k = key(p);
                if wins.contains(&k) {
                    found[i] = t;
                } else if losses.contains(&k) {
                    found[i] = -t;
                }
            }
        }
        for (p, v) in here.iter().zip(found) {
            value.insert(key(p), v);
        }
    }
    value
}

#[test]
fn search_values_of_small_shapes_are_the_exhaustive_values() {
    let no_tablebase = |_: &Board| None;
    for (variant, open, max) in [
        // As a match opens them: South pits 5 and 6, North 4 to 6.
        (Variant::RioKadalis, [&[5usize, 6][..], &[4, 5, 6][..]], 12),
        // Any pits: South 2 and 4, North 1.
        (Variant::RioKadalis5, [&[2usize, 4][..], &[1][..]], 16),
    ] {
        let all = positions_of_shape(open, variant.pits_per_side(), max);
        let values = plain_values(&all);
        let mut engine = Engine::new(variant, 16, no_tablebase);
        let (mut nonzero, mut moves, mut exact_moves) = (0, 0, 0);
        for p in &all {
            let pos = parse(variant, &p.text());
            let a = engine
                .analyse_watched(
                    &pos.relative_board(),
                    pos.relative_shape(),
                    Budget::UNLIMITED,
                    Arc::new(AtomicBool::new(false)),
                    &mut |_| {},
                )
                .unwrap();
            let expected = values[p];
            nonzero += usize::from(expected != 0);
            assert!(a.value.exact, "{}: not proven", p.text());
            assert_eq!(i32::from(a.value.score), expected, "{}", p.text());
            // Each move's value: its margin, then minus the value of the position it leads to.
            for (m, plain) in a.moves.iter().zip(p.moves()) {
                let me = p.side;
                let margin = plain.gains[me] as i32 - plain.gains[1 - me] as i32;
                let child = Plain {
                    captured: [0, 0],
                    ..plain.after.clone()
                };
                let expected = if plain.over {
                    margin
                } else {
                    margin - values[&child]
                };
                // Deepening stops once the position's value is proven, so a move's own value
                // may still be an estimate; what the search proved of it must hold.
                let at = format!("{} pit {}", p.text(), plain.pit);
                if m.value.exact {
                    exact_moves += 1;
                    assert_eq!(i32::from(m.value.score), expected, "{at}");
                }
                assert!(
                    m.value.at_least.is_none_or(|v| i32::from(v) <= expected),
                    "{at}"
                );
                assert!(
                    m.value.at_most.is_none_or(|v| i32::from(v) >= expected),
                    "{at}"
                );
                moves += 1;
            }
        }
        // The shapes are not all draws: the comparison has something to compare.
        assert!(
            nonzero * 4 > all.len(),
            "{variant}: {nonzero} of {}",
            all.len()
        );
        assert!(
            exact_moves * 2 > moves,
            "{variant}: {exact_moves} of {moves} moves exact"
        );
    }
}

/// Every slice of the shape table of `first` and `second` open pits up to `max` seeds, solved
/// smallest first as a database solves them: each slice's values by its id.
fn solve_shape_table(
    variant: Variant,
    first: u8,
    second: u8,
    max: u32,
) -> HashMap<SliceId, Vec<i8>> {
    let mut out = HashMap::new();
    let slices = Slice::up_to_shaped(variant, TableShape::new(first, second), max);
    in_memory::solve_slices(&slices, &mut KnownValues::new(), &Silent, |solved| {
        out.extend(solved.iter().map(|s| (s.slice.id, s.values.clone())));
    });
    out
}

/// A closed-pit position's value in the shape tables: its board moved into its shape's layout.
fn table_value(tables: &HashMap<SliceId, Vec<i8>>, pos: &Position) -> i32 {
    let l = pos.variant().pits_per_side();
    let (board, shape) = pos.relative_board().compact(l, pos.relative_shape());
    let slice = Slice::of_shaped(pos.variant(), shape, &board);
    i32::from(tables[&slice.id][slice.index(&board) as usize])
}

#[test]
fn shape_tables_hold_the_exhaustive_values_of_every_position_of_their_shapes() {
    for (variant, open, max) in [
        // As a match opens them: South pits 5 and 6, North 4 to 6.
        (Variant::RioKadalis, [&[5usize, 6][..], &[4, 5, 6][..]], 16),
        // Any pits: South 2 and 4, North 1 (its mirror, one table with the other).
        (Variant::RioKadalis5, [&[2usize, 4][..], &[1][..]], 12),
        (Variant::RioKadalis5, [&[3usize][..], &[1, 5][..]], 12),
        // One pit a side, and the most seeds three pits a side hold.
        (Variant::RioKadalis, [&[2usize][..], &[6][..]], 8),
        (
            Variant::RioKadalis,
            [&[1usize, 3, 5][..], &[2, 4, 6][..]],
            12,
        ),
    ] {
        let (a, b) = (open[0].len() as u8, open[1].len() as u8);
        let tables = solve_shape_table(variant, a, b, max);
        let all = positions_of_shape(open, variant.pits_per_side(), max);
        let values = plain_values(&all);
        let mut nonzero = 0;
        for p in &all {
            let pos = parse(variant, &p.text());
            let expected = values[p];
            nonzero += usize::from(expected != 0);
            assert_eq!(table_value(&tables, &pos), expected, "{}", p.text());
            // Its mirror (the two rows swapped, the other side to move) is the same game seen
            // from the other chair: read from North's rows, it has the same value.
            let mirror = Plain {
                pits: [p.pits[1].clone(), p.pits[0].clone()],
                side: 1 - p.side,
                captured: [0, 0],
                clockwise: false,
            };
            let mirrored = parse(variant, &mirror.text());
            assert_eq!(
                table_value(&tables, &mirrored),
                expected,
                "{}",
                mirror.text()
            );
        }
        // Not all draws: the comparison has something to compare.
        assert!(nonzero * 4 > all.len(), "{variant} {open:?}: {nonzero}");
    }
}

#[test]
fn the_five_and_five_shape_of_six_holes_is_the_five_hole_game() {
    // Rio Kadalis with one pit closed a side is the five-hole game on its ring: the shape
    // table's values equal the five-hole full board's, board for board.
    let shaped = solve_shape_table(Variant::RioKadalis, 5, 5, 12);
    let mut known = KnownValues::new();
    let mut compared = 0;
    for slice in Slice::up_to(Variant::RioKadalis5, 12) {
        let solved = solve_group(&[slice], &known, &Silent).unwrap().remove(0);
        for (i, &v) in solved.values.iter().enumerate() {
            let five = slice.board(i as u64);
            // Five pits a side at cells 0..5 and 5..10; in the six-hole layout 1..6 and 7..12.
            let mut six = Board::EMPTY;
            six.cells[1..6].copy_from_slice(&five.cells[..5]);
            six.cells[7..12].copy_from_slice(&five.cells[5..10]);
            let s = Slice::of_shaped(Variant::RioKadalis, Shape::canonical(6, 5, 5), &six);
            assert_eq!(shaped[&s.id][s.index(&six) as usize], v, "{five:?}");
            compared += 1;
        }
        known.insert(slice.id, solved.values);
    }
    // C(9+k, 9) boards of k seeds on ten pits, k = 0, 4, 8, 12: 1 + 715 + 24,310 + 293,930.
    assert_eq!(compared, 318_956);
}

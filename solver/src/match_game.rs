//! A Rio Kadalis match solved as one game over its round starts: does a player ever do better
//! for the match by winning fewer seeds in a round?
//!
//! A round is a game whose outcome is a split of its seeds. Its exact value says how many seeds
//! the starter can force (that many or more) and the other player can hold it to (that many or
//! fewer). Each split leads to the next round's start or to the match's end
//! ([`RoundStart::after`]), so the match is a game on the round starts, with cycles (a start
//! that comes back draws the match, docs/rules.md#rio-kadalis-matches).
//!
//! It is solved by a retrograde over the round starts, one side at a time: the starts from
//! which a side can force a match win within `k` rounds (the side's attractor, level by level).
//! A side forces a set of splits where every split at least as good for it as the round's value
//! is in the set (it can force its seeds to the value or more), and cannot where no split at
//! most as good is in it (the other player can hold it to the value or less). Between the two
//! the round's value alone does not say: such a start is left [`MatchValue::Undecided`], to be
//! decided by a search of the round for that set of splits. A start in neither side's attractor
//! and decided is a draw: the side that cannot win can keep out of the other's attractor for
//! ever, so the match repeats a start. A winner's attractor strategy brings the match a level
//! lower each round, so it never repeats a start: the repetition rule, which looks at the whole
//! match so far, takes nothing from a win.

use crate::rounds::{AfterRound, RoundStart, SEEDS_PER_PIT};
use crate::{BySide, Side, Variant};

/// Where one split of a round's seeds leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leads {
    /// The next round begins at this start (an index into the starts).
    Next(usize),
    /// The match is over: this side has won it.
    Won(Side),
    /// The split cannot happen from where the round stands (a round under way: South has
    /// captured more already, or fewer seeds are left than it would need).
    Never,
}

/// A round as the match game sees it: at its start, or where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundNode {
    /// Where each split of the round's seeds leads, indexed by the seeds South wins in the
    /// round (0 to every seed on the board at its start).
    pub after: Vec<Leads>,
    /// The seeds South wins when the round is played perfectly for its own score.
    pub south_wins: u32,
    /// South can force this many seeds or more (the round's value, or what is proven of it).
    pub south_at_least: u32,
    /// North can hold South to this many seeds or fewer.
    pub south_at_most: u32,
}

/// What a match is worth from a round start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchValue {
    /// This side can force a match win within this many rounds (this one included).
    Won {
        /// The side.
        winner: Side,
        /// Rounds at most.
        rounds: usize,
    },
    /// Neither side can force a win: the match repeats a start.
    Draw,
    /// The round's value alone does not say (see the module's account).
    Undecided,
}

/// The match game's answer at one round start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchSolution {
    /// The match's value under match-optimal play.
    pub value: MatchValue,
    /// Whether, over the splits of this round, more seeds for a side are never worse for it in
    /// the match: then playing the round for seeds is playing it for the match.
    pub monotone: bool,
}

/// A match from one start when every round is played for its own score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedOptimalMatch {
    /// The starts of its rounds, in order, the first one first.
    pub starts: Vec<usize>,
    /// How it ends: a side wins after the last round, or the start after it is one of them.
    pub end: SeedOptimalEnd,
}

/// How a match played for seeds ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedOptimalEnd {
    /// This side wins.
    Won(Side),
    /// The next round would start as an earlier one did: a draw.
    Repetition,
}

/// Every round start the seeds of `variant`'s match allow (each player's winnings at least 4,
/// adding up to the game's seeds, either to start; a superset of those a match reaches), the
/// first round first.
pub fn round_starts(variant: Variant) -> Vec<RoundStart> {
    let total = variant.total_seeds();
    let p = variant.pits_per_side() as u32;
    let first = RoundStart::first(variant);
    let mut out = vec![first];
    let side = |w: u32| {
        let k = (w / SEEDS_PER_PIT).min(p);
        (k as u8, w - SEEDS_PER_PIT * k)
    };
    for south in SEEDS_PER_PIT..=total - SEEDS_PER_PIT {
        let ((ks, rs), (kn, rn)) = (side(south), side(total - south));
        for starter in [Side::South, Side::North] {
            let start = RoundStart {
                open: BySide::new(ks, kn),
                reserve: BySide::new(rs, rn),
                starter,
            };
            if start != first {
                out.push(start);
            }
        }
    }
    out
}

/// The match game of `starts` (every start a split can lead to among them, as
/// [`round_starts`] gives), with `south_wins(i)` the seeds South wins in round start `i`'s
/// round played perfectly.
pub fn round_nodes(
    variant: Variant,
    starts: &[RoundStart],
    south_wins: impl Fn(usize) -> u32,
) -> Vec<RoundNode> {
    starts
        .iter()
        .enumerate()
        .map(|(i, start)| {
            let seeds = SEEDS_PER_PIT * u32::from(start.open.south + start.open.north);
            let after = (0..=seeds)
                .map(
                    |s| match start.after(variant, BySide::new(s, seeds - s)).after {
                        AfterRound::Won { winner } => Leads::Won(winner),
                        AfterRound::Next(n) => Leads::Next(
                            starts
                                .iter()
                                .position(|x| *x == n)
                                .expect("every start a split leads to is among the starts"),
                        ),
                    },
                )
                .collect();
            let wins = south_wins(i);
            RoundNode {
                after,
                south_wins: wins,
                south_at_least: wins,
                south_at_most: wins,
            }
        })
        .collect()
}

/// The match's value from every start of `nodes` under match-optimal play.
pub fn values(nodes: &[RoundNode]) -> Vec<MatchSolution> {
    let south = attractor(nodes, Side::South);
    let north = attractor(nodes, Side::North);
    let values: Vec<MatchValue> = (0..nodes.len())
        .map(|i| match (south.level[i], north.level[i]) {
            (Some(rounds), None) => MatchValue::Won {
                winner: Side::South,
                rounds,
            },
            (None, Some(rounds)) => MatchValue::Won {
                winner: Side::North,
                rounds,
            },
            (Some(_), Some(_)) => unreachable!("the round's value split is good for both sides"),
            (None, None) if south.perhaps[i] || north.perhaps[i] => MatchValue::Undecided,
            (None, None) => MatchValue::Draw,
        })
        .collect();
    nodes
        .iter()
        .zip(&values)
        .map(|(node, &value)| MatchSolution {
            value,
            monotone: monotone(node, &values),
        })
        .collect()
}

/// What the match is worth from a round that does not start at one of the solved starts: a
/// round under way ([`within_round`]), its splits leading to starts valued by `values`
/// ([`values`]). The same tests as there, one round deep ([`forced_by_value`]): a side surely
/// wins if every split it can force wins for it ([`winning_splits`]; within this round and the
/// most of those after it); the match is open where a split the other side cannot hold it
/// below wins for one side or leads to an open start; else a draw.
pub fn worth(values: &[MatchValue], node: &RoundNode) -> MatchValue {
    for side in [Side::South, Side::North] {
        let goal = winning_splits(values, node, side);
        if forced_by_value(node, side, &goal) == Some(true) {
            let (forced, _) = ranges(node, side);
            return MatchValue::Won {
                winner: side,
                rounds: rounds_within(values, node, forced),
            };
        }
    }
    let perhaps = |side: Side| {
        let mut goal = winning_splits(values, node, side);
        for (g, leads) in goal.iter_mut().zip(&node.after) {
            *g |= matches!(leads, Leads::Next(j) if values[*j] == MatchValue::Undecided);
        }
        forced_by_value(node, side, &goal) != Some(false)
    };
    match perhaps(Side::South) || perhaps(Side::North) {
        true => MatchValue::Undecided,
        false => MatchValue::Draw,
    }
}

/// The rounds within which a win through the splits `splits` of `node` comes: this round, and
/// the most that a start they lead to needs (the splits that end the match or cannot happen
/// add none; so do splits to starts not won, which the caller has ruled out).
pub fn rounds_within(
    values: &[MatchValue],
    node: &RoundNode,
    splits: impl IntoIterator<Item = usize>,
) -> usize {
    let after = |s: usize| match node.after[s] {
        Leads::Next(j) => match values[j] {
            MatchValue::Won { rounds, .. } => rounds,
            _ => 0,
        },
        _ => 0,
    };
    1 + splits.into_iter().map(after).max().unwrap_or(0)
}

/// The splits of `node`'s round (South's seeds) that win the match for `side`, by `values`:
/// those that end it for `side` or lead to a start `side` wins. `true` where the split cannot
/// happen ([`Leads::Never`]; only the splits that can happen are ever asked about).
pub fn winning_splits(values: &[MatchValue], node: &RoundNode, side: Side) -> Vec<bool> {
    node.after
        .iter()
        .map(|leads| match *leads {
            Leads::Won(winner) => winner == side,
            Leads::Next(j) => matches!(values[j], MatchValue::Won { winner, .. } if winner == side),
            Leads::Never => true,
        })
        .collect()
}

/// Whether `side` can force the round of `node` to end in a split of `goal` (indexed by South's
/// seeds), as far as the round's value says: `Some(true)` when every split it can force is in
/// `goal`, `Some(false)` when no split the other side cannot hold it below is, `None` when the
/// value does not say (a search of the round must).
pub fn forced_by_value(node: &RoundNode, side: Side, goal: &[bool]) -> Option<bool> {
    let (forced, held) = ranges(node, side);
    let happens = |s: &usize| node.after[*s] != Leads::Never;
    if forced.into_iter().filter(happens).all(|s| goal[s]) {
        return Some(true);
    }
    if !held.into_iter().filter(happens).any(|s| goal[s]) {
        return Some(false);
    }
    None
}

/// The round begun at `start` where it now stands: each side has captured `captured` of its
/// seeds, `board` seeds are left, and `mover`, to move, is worth `value` there (seeds still
/// to win minus seeds still to lose), proven at least `at_least` and at most `at_most` (both
/// `value` when it is exact; `None`: nothing proven that way).
pub fn within_round(
    start: &RoundNode,
    captured: BySide<u32>,
    board: u32,
    mover: Side,
    value: i32,
    at_least: Option<i32>,
    at_most: Option<i32>,
) -> RoundNode {
    let n = board as i32;
    // The mover's seeds of the board for a margin `v`: (n + v) / 2, within the board.
    let share = |v: i32, up: bool| {
        let twice = (n + v).clamp(0, 2 * n);
        (if up { twice + 1 } else { twice } / 2) as u32
    };
    let (least, most) = (
        at_least.map_or(0, |v| share(v, true)),
        at_most.map_or(board, |v| share(v, false)),
    );
    let south = captured.south;
    let (south_at_least, south_at_most, south_wins) = match mover {
        Side::South => (south + least, south + most, south + share(value, false)),
        Side::North => (
            south + board - most,
            south + board - least,
            south + board - share(value, false),
        ),
    };
    let possible = south as usize..=(south + board) as usize;
    let after = start
        .after
        .iter()
        .enumerate()
        .map(|(s, &leads)| match possible.contains(&s) {
            true => leads,
            false => Leads::Never,
        })
        .collect();
    RoundNode {
        after,
        south_wins,
        south_at_least,
        south_at_most,
    }
}

/// The match from start `i` when every round is played for its own score.
pub fn seed_optimal(nodes: &[RoundNode], i: usize) -> SeedOptimalMatch {
    let mut starts = vec![i];
    loop {
        let at = &nodes[starts[starts.len() - 1]];
        let end = match at.after[at.south_wins as usize] {
            Leads::Won(winner) => SeedOptimalEnd::Won(winner),
            Leads::Never => unreachable!("the split played for seeds can happen"),
            Leads::Next(next) if starts.contains(&next) => SeedOptimalEnd::Repetition,
            Leads::Next(next) => {
                starts.push(next);
                continue;
            }
        };
        return SeedOptimalMatch { starts, end };
    }
}

/// One side's attractor, bounded from both ends by what the rounds' values say: the level of
/// each start it surely can force a win from (the rounds it needs at most), and whether it
/// perhaps can (every start it surely can, and more where the values leave it open).
struct Attractor {
    level: Vec<Option<usize>>,
    perhaps: Vec<bool>,
}

/// The starts from which `side` can force a match win ([`values`]): surely, level by level,
/// where its forced splits all lead to a start it surely wins from or to its win; perhaps,
/// where a split the other side cannot hold it below leads to a start it perhaps wins from or
/// to its win. The true attractor lies between the two.
fn attractor(nodes: &[RoundNode], side: Side) -> Attractor {
    // A split that cannot happen is no obstacle to forcing, and no way to a win.
    let good = |won_from: &dyn Fn(usize) -> bool, leads: Leads, forcing: bool| match leads {
        Leads::Won(winner) => winner == side,
        Leads::Next(j) => won_from(j),
        Leads::Never => forcing,
    };
    let mut level: Vec<Option<usize>> = vec![None; nodes.len()];
    for k in 1.. {
        // Starts joining at level k: every forced split wins within k - 1 more rounds.
        let joined: Vec<usize> = (0..nodes.len())
            .filter(|&i| level[i].is_none())
            .filter(|&i| {
                let below = |j: usize| level[j].is_some_and(|l| l < k);
                let (forced, _) = ranges(&nodes[i], side);
                forced
                    .into_iter()
                    .all(|s| good(&below, nodes[i].after[s], true))
            })
            .collect();
        if joined.is_empty() {
            break;
        }
        for i in joined {
            level[i] = Some(k);
        }
    }
    let mut perhaps = vec![false; nodes.len()];
    loop {
        let joined: Vec<usize> = (0..nodes.len())
            .filter(|&i| !perhaps[i])
            .filter(|&i| {
                let (_, held) = ranges(&nodes[i], side);
                held.into_iter()
                    .any(|s| good(&|j| perhaps[j], nodes[i].after[s], false))
            })
            .collect();
        if joined.is_empty() {
            break;
        }
        for i in joined {
            perhaps[i] = true;
        }
    }
    Attractor { level, perhaps }
}

/// The splits (South's seeds) that `side` can force in a round, and those the other side can
/// hold the round to.
fn ranges(
    node: &RoundNode,
    side: Side,
) -> (
    std::ops::RangeInclusive<usize>,
    std::ops::RangeInclusive<usize>,
) {
    let all = node.after.len() - 1;
    let (least, most) = (node.south_at_least as usize, node.south_at_most as usize);
    match side {
        Side::South => (least..=all, 0..=most),
        Side::North => (0..=most, least..=all),
    }
}

/// Whether more seeds for South are never worse for South in the match, over the splits of
/// `node` (valued by `values`); not when a split leads to an undecided start.
fn monotone(node: &RoundNode, values: &[MatchValue]) -> bool {
    let for_south = |leads: &Leads| match *leads {
        Leads::Never => None,
        Leads::Won(Side::South) => Some(1),
        Leads::Won(Side::North) => Some(-1),
        Leads::Next(j) => match values[j] {
            MatchValue::Won {
                winner: Side::South,
                ..
            } => Some(1),
            MatchValue::Won {
                winner: Side::North,
                ..
            } => Some(-1),
            MatchValue::Draw => Some(0),
            MatchValue::Undecided => None,
        },
    };
    let worth: Option<Vec<i32>> = node
        .after
        .iter()
        .filter(|l| **l != Leads::Never)
        .map(for_south)
        .collect();
    worth.is_some_and(|w| w.windows(2).all(|p| p[0] <= p[1]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rounds::RoundStart;
    use Leads::{Next, Won};
    use Side::{North, South};

    /// A round of `after.len() - 1` seeds at which South wins `south_wins` under perfect play.
    fn node(south_wins: u32, after: &[Leads]) -> RoundNode {
        RoundNode {
            after: after.to_vec(),
            south_wins,
            south_at_least: south_wins,
            south_at_most: south_wins,
        }
    }

    /// A match of four starts of four seeds each.
    /// Start 0: South can force 2 or more, North can hold it to 2. South's 3 or 4 win the
    /// match; 0 or 1 lose it; 2 goes on to start 1.
    /// Start 1: South forces 1. 0 loses for South; 1 leads to start 2, 2 back to start 0; 3 or
    /// 4 go to start 3.
    /// Start 2: South forces 4 of 4: every split but 4 loses for South, 4 wins.
    /// Start 3: South forces 0 of 4, and North wins at 0.
    fn four_starts() -> Vec<RoundNode> {
        vec![
            node(
                2,
                &[Won(North), Won(North), Next(1), Won(South), Won(South)],
            ),
            node(1, &[Won(North), Next(2), Next(0), Next(3), Next(3)]),
            node(
                4,
                &[Won(North), Won(North), Won(North), Won(North), Won(South)],
            ),
            node(
                0,
                &[Won(North), Won(South), Won(South), Won(South), Won(South)],
            ),
        ]
    }

    #[test]
    fn a_hand_worked_match_of_four_starts() {
        let nodes = four_starts();
        let solved = values(&nodes);
        let won = |winner, rounds| MatchValue::Won { winner, rounds };
        // By hand: start 2, South forces 4: a win in 1 round. Start 3: North holds South to 0: a
        // win for North in 1. Start 1: South forces 1..=4; 1 leads to start 2 (South's, level 1),
        // but 2 leads to start 0 and 3, 4 to start 3 (North's): not forced. North holds South to
        // 0..=1: 0 wins for North, 1 leads to start 2 (South's): not forced either. Start 0:
        // South forces 2..=4, 2 leads to start 1 (neither side's): not forced; North holds to
        // 0..=2: 2 again, not forced. Neither side can force a win from starts 0 and 1, and the
        // round's value leaves them open: North, holding South to 1 or less at start 1, does not
        // know whether South can make it exactly 1 (to start 2), and South at start 1 cannot
        // avoid 2..=4 by its value.
        assert_eq!(solved[2].value, won(South, 1));
        assert_eq!(solved[3].value, won(North, 1));
        assert_eq!(solved[1].value, MatchValue::Undecided);
        assert_eq!(solved[0].value, MatchValue::Undecided);
        // Starts 2 and 3 are monotone (their splits lose for South up to a point and win from
        // there on); start 1 is not (its split 2 leads to the undecided start 0).
        assert!(solved[2].monotone && solved[3].monotone);
        assert!(!solved[1].monotone);
        // Played for seeds: from start 0, South wins 2 (to start 1), there 1 (to start 2), there
        // 4: South wins after 3 rounds.
        assert_eq!(
            seed_optimal(&nodes, 0),
            SeedOptimalMatch {
                starts: vec![0, 1, 2],
                end: SeedOptimalEnd::Won(South)
            }
        );
    }

    #[test]
    fn a_round_under_way_is_worth_what_its_forced_splits_lead_to() {
        // The hand-worked match of four starts: start 2 South's, start 3 North's, 0 and 1 open.
        let nodes = four_starts();
        let values: Vec<MatchValue> = self::values(&nodes).iter().map(|s| s.value).collect();
        // At every start, one round deep gives what the whole solve gave.
        for (i, n) in nodes.iter().enumerate() {
            assert_eq!(worth(&values, n), values[i], "start {i}");
        }
        // Start 0 under way: South has captured 3 of its four seeds, one seed is left and
        // North, to move, is worth +1 (it takes the last): South ends with 3, a match win.
        let under_way = within_round(&nodes[0], BySide::new(3, 0), 1, North, 1, Some(1), Some(1));
        assert_eq!(under_way.after[..3], [Leads::Never; 3]);
        assert_eq!((under_way.south_at_least, under_way.south_at_most), (3, 3));
        let won = |winner, rounds| MatchValue::Won { winner, rounds };
        assert_eq!(worth(&values, &under_way), won(South, 1));
        // Nothing captured, two seeds left after South's two: South to move worth -2 or better
        // (proven at least -2, nothing above): South's seeds 2 to 4 (its 2, plus 0 to 2 of the
        // board), and 2 leads to the open start 1: open.
        let open = within_round(&nodes[0], BySide::new(2, 0), 2, South, 0, Some(-2), None);
        assert_eq!((open.south_at_least, open.south_at_most), (2, 4));
        assert_eq!(worth(&values, &open), MatchValue::Undecided);
        // Proven at least 0: South's 3 or 4, both wins.
        let sure = within_round(&nodes[0], BySide::new(2, 0), 2, South, 0, Some(0), None);
        assert_eq!(worth(&values, &sure), won(South, 1));
        // From start 1 with South's seeds held to 1 exactly: to start 2, South's in one more.
        let next = within_round(&nodes[1], BySide::new(1, 3), 0, North, 0, Some(0), Some(0));
        assert_eq!(worth(&values, &next), won(South, 2));
    }

    #[test]
    fn each_split_of_the_first_round_leads_where_the_rules_say() {
        let v = Variant::RioKadalis;
        let starts = round_starts(v);
        // Winnings of 4 to 44 for South, either to start: 82 starts, the first round first.
        assert_eq!(starts.len(), 82);
        assert_eq!(starts[0], RoundStart::first(v));
        let nodes = round_nodes(v, &starts, |_| 0);
        let first = &nodes[0];
        assert_eq!(first.after.len(), 49, "0 to 48 seeds for South");
        let at = |open: [u8; 2], reserve: [u32; 2], starter| {
            let start = RoundStart {
                open: BySide::new(open[0], open[1]),
                reserve: BySide::new(reserve[0], reserve[1]),
                starter,
            };
            Next(starts.iter().position(|s| *s == start).unwrap())
        };
        // South wins 3: below four, it opens no pit and North wins the match; North's 3 alike.
        assert_eq!(first.after[3], Won(North));
        assert_eq!(first.after[45], Won(South));
        // 20 to 28: South opens 5 pits (0 over), North 6 with 4 over; South won fewer and starts.
        assert_eq!(first.after[20], at([5, 6], [0, 4], South));
        // 24 each: a full board again, started by North, who did not start this one.
        assert_eq!(first.after[24], at([6, 6], [0, 0], North));
        // 31 to 17: South 6 pits and 7 over, North 4 pits and 1 over; North starts.
        assert_eq!(first.after[31], at([6, 4], [7, 1], North));
    }

    #[test]
    fn a_draw_by_repetition_and_a_win_over_two_rounds() {
        // Start 0 (South forces 2 of 4): 0..=1 lead to start 1, 2 to start 2, 3..=4 to start 1.
        // Start 1 (South forces 0 of 4): North wins the match whatever the split but 4.
        //   0..=3 North wins; 4 South wins. North holds South to 0: North wins in 1.
        // Start 2 (South forces 2 of 4): 0..=1 lead to start 1, 2..=4 to start 0.
        // By hand. North surely wins from start 1 (it holds South to 0: level 1). Start 0:
        // North holds South to 0..=2, and 2 leads to start 2; South forces 2..=4, and 3, 4 lead
        // to start 1: neither surely. Start 2: North's 0..=2 include 2 (to start 0), South's
        // 2..=4 all lead to start 0: neither surely. South perhaps wins nowhere (no split of
        // starts 0 and 2 reaches a South win). North perhaps wins from start 0 (South cannot
        // hold the round below 3, to start 1, by its value alone: it forces 2 or more, not
        // exactly 2) and so from start 2 (its splits 2..=4 lead to start 0). So both are left
        // open; played for seeds, 0 -> 2 -> 0 repeats.
        let nodes = vec![
            node(2, &[Next(1), Next(1), Next(2), Next(1), Next(1)]),
            node(
                0,
                &[Won(North), Won(North), Won(North), Won(North), Won(South)],
            ),
            node(2, &[Next(1), Next(1), Next(0), Next(0), Next(0)]),
        ];
        let solved = values(&nodes);
        assert_eq!(
            solved[1].value,
            MatchValue::Won {
                winner: North,
                rounds: 1
            }
        );
        assert_eq!(solved[0].value, MatchValue::Undecided);
        assert_eq!(solved[2].value, MatchValue::Undecided);
        assert!(!solved[0].monotone && !solved[2].monotone);
        assert_eq!(
            seed_optimal(&nodes, 0),
            SeedOptimalMatch {
                starts: vec![0, 2],
                end: SeedOptimalEnd::Repetition
            }
        );
        // A chain where North's forcing goes through a round: start 0 holds South to 0..=1,
        // both into start 1 (North's level 1): North wins within 2 rounds.
        let nodes = vec![
            node(1, &[Next(1), Next(1), Won(South)]),
            node(0, &[Won(North), Won(North), Won(South)]),
        ];
        assert_eq!(
            values(&nodes)[0],
            MatchSolution {
                value: MatchValue::Won {
                    winner: North,
                    rounds: 2
                },
                monotone: true
            }
        );
        // A cycle that neither side can leave is a draw, decided.
        let nodes = vec![node(1, &[Next(1), Next(1)]), node(0, &[Next(0)])];
        let solved = values(&nodes);
        assert!(solved
            .iter()
            .all(|s| s.value == MatchValue::Draw && s.monotone));
    }
}

//! The search's exact answers, backed by certificates that an implementation sharing no code
//! with the solver accepts (issue 30): random positions a few seeds above a small table, in
//! every variant, are evaluated; each that the search calls exact is proven with `prove`, its
//! certificate is read and checked by `mancala-check` (its own rules, its own reading of the
//! tablebase file), and the checked value must be the search's. Then certificates tampered with
//! in each way a wrong proof can be wrong must be rejected, by the library and by `mancala proof
//! check`.

use std::sync::Arc;

use mancala_check::proof::{self, BoundError, ProofError};
use mancala_check::table::Table;
use mancala_db::Tablebase;
use mancala_eval::prove::ProofOptions;
use mancala_eval::{Evaluator, SearchSettings};
use mancala_solver::engine::Budget;
use mancala_solver::{Position, Variant};
use serde_json::{json, Value as Json};

use crate::common::bin::run_db;
use crate::common::random::{position, scatter, Lcg};
use crate::common::scratch::{scratch, tablebase, tablebase_with_shapes};

/// Each variant with the seeds its table holds, small enough to solve in seconds, and how many
/// seeds above it the positions tried hold at most: enough for a real search, few enough that
/// the proof trees stay small (Oware's long games make large ones).
const TABLES: [(&str, u32, u32); 10] = [
    ("rio-kadalis", 8, 8),
    ("rio-kadalis-5", 8, 8),
    ("al-manqala", 6, 4),
    ("hawalis", 4, 4),
    ("bao-la-kiarabu", 4, 4),
    ("anywoli", 6, 6),
    ("kalah", 6, 4),
    ("kalah-4", 6, 4),
    ("kalah-5", 6, 4),
    ("oware", 6, 2),
];

/// The variant the random test leaves out. Oware: its proofs run through draws by endless play,
/// whose cycles the engine closes on its own search's paths, not the walk's, so the walk goes
/// round the whole layer before it closes them: correct (`oware_exact_answers_are_proven`) but
/// too slow for thirty positions in every test run.
const NOT_YET: [&str; 1] = ["oware"];

/// Positions tried a variant.
const TRIES: usize = 30;

/// The tablebase of [`TABLES`], solved once a test run.
pub fn table() -> &'static std::path::Path {
    let slices: Vec<(&str, u32)> = TABLES.iter().map(|&(v, held, _)| (v, held)).collect();
    tablebase(&slices)
}

fn evaluator() -> Evaluator {
    let tb = Tablebase::open_read_only(table()).unwrap();
    Evaluator::new(Arc::new(tb), SearchSettings::single(Budget::nodes(400_000))).unwrap()
}

/// Small proofs: a search of at most 1.6 million nodes at a position.
fn options() -> ProofOptions {
    ProofOptions {
        budget: 25_000,
        max_budget: 1_600_000,
        max_positions: 200_000,
        time: None,
    }
}

/// A random position of `variant` with more seeds than its table (`held`), at most `extra` more, and no seeds captured (so that the certificate's root and its strategy lines are
/// written alike).
fn beyond_table(rng: &mut Lcg, variant: Variant, held: u32, extra: u32) -> Position {
    loop {
        // Totals the variant can reach (multiples of its step), up to `extra` above the table.
        let step = variant.total_step();
        let totals: Vec<u32> = (held + 1..=held + extra)
            .filter(|t| t.is_multiple_of(step))
            .collect();
        let seeds = totals[rng.below(totals.len())];
        let text = position(rng, variant, seeds);
        let p = Position::parse(variant, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        if p.relative_board().total() > held && p.game_over().is_none() {
            return p;
        }
    }
}

/// The certificate of `p`'s exact value, as the file's lines.
fn certificate_lines(evaluator: &Evaluator, p: &Position) -> Vec<Json> {
    let cert = evaluator
        .prove(p, options(), &mut |_| {})
        .unwrap_or_else(|e| {
            panic!(
                "{} {p}: the search called it exact, no proof: {e}",
                p.variant()
            )
        });
    let mut bytes = Vec::new();
    cert.write_jsonl(&mut bytes).unwrap();
    String::from_utf8(bytes)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn to_text(lines: &[Json]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// What the checker makes of a certificate given as lines.
fn checked(lines: &[Json], table: &Table) -> Result<proof::Checked, ProofError> {
    let cert = proof::read(to_text(lines).as_bytes())?;
    Ok(proof::check(&cert, table))
}

#[test]
fn hundreds_of_exact_search_answers_are_proven_and_checked_independently() {
    let evaluator = evaluator();
    let table = Table::open(table(), 64 << 20).unwrap();
    let mut rng = Lcg(0x5eed_0030);
    let mut proven = 0;
    let mut per_variant = Vec::new();
    for (id, held, extra) in TABLES {
        if NOT_YET.contains(&id) {
            continue;
        }
        let variant: Variant = id.parse().unwrap();
        let mut here = 0;
        let started = std::time::Instant::now();
        for _ in 0..TRIES {
            let p = beyond_table(&mut rng, variant, held, extra);
            let e = evaluator.evaluate(&p, Budget::nodes(400_000)).unwrap();
            if !e.source.is_exact() {
                continue;
            }
            let lines = certificate_lines(&evaluator, &p);
            assert_eq!(lines[0]["value"], json!(e.value.score), "{id} {p}");
            let c = checked(&lines, &table).unwrap_or_else(|e| panic!("{id} {p}: {e}"));
            assert!(
                c.accepted(),
                "{id} {p}: the search's exact {} is not proven: lower {:?}, upper {:?}",
                e.value.score,
                c.lower,
                c.upper
            );
            here += 1;
        }
        eprintln!(
            "{id}: {here} of {TRIES} proven, {:.1} s",
            started.elapsed().as_secs_f64()
        );
        per_variant.push((id, here));
        proven += here;
    }
    // Every variant tried contributes, and the whole makes a few hundred.
    assert!(
        per_variant.iter().all(|&(_, n)| n >= TRIES / 4),
        "{per_variant:?}"
    );
    assert!(proven >= 200, "{proven} proven: {per_variant:?}");
}

/// A certificate of a Rio Kadalis position ten seeds above the table, and the table.
fn sample() -> (Vec<Json>, Table) {
    let evaluator = evaluator();
    let mut rng = Lcg(0x7a3e_0030);
    loop {
        let p = beyond_table(&mut rng, Variant::RioKadalis, 8, 8);
        let e = evaluator.evaluate(&p, Budget::nodes(400_000)).unwrap();
        // A root with a move that loses something, so that a worse strategy shows.
        let worse = e.moves.iter().any(|m| m.value.score < e.value.score);
        if e.source.is_exact() && worse {
            let lines = certificate_lines(&evaluator, &p);
            return (lines, Table::open(table(), 64 << 20).unwrap());
        }
    }
}

/// The index of the lower strategy's line for the root.
fn root_line(lines: &[Json]) -> usize {
    let root = &lines[0]["root"];
    lines
        .iter()
        .position(|l| l["bound"] == "lower" && &l["position"] == root)
        .expect("the lower strategy has a move at the root")
}

/// A defect the random test found, fixed: the search calls this Oware position exact (North
/// to move loses by 7, which a 7-seed table confirms: -7, depth 14), but after North's 1 and
/// South's 1, at `0,0,0,0,1,0/0,3,0,1,1,1 N`, the engine proves no move to reach at least -7:
/// the value there is 0 (the 7-seed table again), a draw by endless play, which the engine
/// never proves on its own. The prover now follows the best estimated move there and closes
/// the cycle in the certificate, which the checker values.
#[test]
fn oware_exact_answers_are_proven() {
    let evaluator = evaluator();
    let table = Table::open(table(), 64 << 20).unwrap();
    let p = Position::parse(Variant::Oware, "0,0,0,0,0,1/1,2,0,1,1,1 N").unwrap();
    let e = evaluator.evaluate(&p, Budget::nodes(400_000)).unwrap();
    assert!(e.source.is_exact());
    let lines = certificate_lines(&evaluator, &p);
    assert!(checked(&lines, &table).unwrap().accepted());
}

#[test]
fn an_honest_certificate_is_accepted() {
    let (lines, table) = sample();
    assert!(checked(&lines, &table).unwrap().accepted());
}

#[test]
fn a_wrong_value_is_rejected() {
    let (mut lines, table) = sample();
    let v = lines[0]["value"].as_i64().unwrap();
    for claim in [v - 1, v + 1] {
        lines[0]["value"] = json!(claim);
        let c = checked(&lines, &table).unwrap();
        assert!(!c.accepted(), "claim {claim} (true {v}) accepted");
        // The games themselves are still worth the true value: the checker says what it found.
        assert_eq!(c.lower.as_ref().unwrap().value, v as i32);
        assert_eq!(c.upper.as_ref().unwrap().value, v as i32);
    }
}

#[test]
fn a_missing_reply_is_valued_at_its_worst_and_named() {
    let (mut lines, table) = sample();
    let at = root_line(&lines);
    let gone = lines.remove(at);
    let c = checked(&lines, &table).unwrap();
    assert!(!c.accepted());
    // The root without its line is worth the least its seeds allow its side to move: every
    // seed on the board to the other side.
    let root = Position::parse(Variant::RioKadalis, lines[0]["root"].as_str().unwrap()).unwrap();
    let lower = c.lower.as_ref().unwrap();
    assert_eq!(lower.value, -(root.seeds_on_board() as i32));
    assert_eq!(lower.unlined, 1);
    assert_eq!(json!(lower.first_unlined), gone["position"]);
}

#[test]
fn a_move_that_is_not_legal_is_rejected() {
    let (mut lines, table) = sample();
    let at = root_line(&lines);
    let root = Position::parse(Variant::RioKadalis, lines[0]["root"].as_str().unwrap()).unwrap();
    let legal: Vec<String> = root.legal_moves().iter().map(|m| m.to_string()).collect();
    // An empty pit of the mover's (pits 1 to 6), else a pit that does not exist.
    let illegal = (1..=6)
        .map(|k| k.to_string())
        .find(|k| !legal.contains(k))
        .unwrap_or_else(|| "7".to_owned());
    lines[at]["move"] = json!(illegal);
    match checked(&lines, &table) {
        Err(ProofError::Line { line, what }) => {
            assert_eq!(line, at + 1, "{what}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_weaker_strategy_proves_less_than_it_claims() {
    let (mut lines, table) = sample();
    let at = root_line(&lines);
    let evaluator = evaluator();
    let root = Position::parse(Variant::RioKadalis, lines[0]["root"].as_str().unwrap()).unwrap();
    let e = evaluator.evaluate(&root, Budget::nodes(400_000)).unwrap();
    let worse = e
        .moves
        .iter()
        .find(|m| m.exact && m.value.score < e.value.score)
        .expect("the sample has a worse move");
    lines[at]["move"] = json!(worse.played.mv.to_string());
    let c = checked(&lines, &table).unwrap();
    assert!(!c.accepted());
    // The lower bound's game, led into the worse move, is worth less than the claim (its
    // positions after that move may lack lines, valued at their worst).
    let b = c.lower.as_ref().unwrap();
    assert!(b.value < e.value.score as i32, "{b:?}");
}

/// That the check of a bound failed on a leaf the tablebase could not value.
fn assert_a_leaf_is_refused(c: &proof::Checked) {
    assert!(!c.accepted());
    assert!(
        matches!(c.lower, Err(BoundError::Leaf { .. }))
            || matches!(c.upper, Err(BoundError::Leaf { .. })),
        "{:?} {:?}",
        c.lower,
        c.upper
    );
}

#[test]
fn leaves_the_table_does_not_hold_are_rejected() {
    // A certificate that says leaves reach as far as its root, further than the table does:
    // its game meets a leaf the table cannot value.
    let (mut lines, table) = sample();
    let root = Position::parse(Variant::RioKadalis, lines[0]["root"].as_str().unwrap()).unwrap();
    lines[0]["tablebase_max_seeds"] = json!(root.relative_board().total());
    let c = checked(&lines, &table).unwrap();
    assert!(!c.accepted());
    assert_a_leaf_is_refused(&c);
}

#[test]
fn leaves_valued_wrongly_by_a_damaged_table_are_rejected() {
    let (lines, _) = sample();
    let dir = scratch("proofs-damaged");
    let db = dir.join("damaged.db");
    std::fs::copy(table(), &db).unwrap();
    // Every chunk of Rio Kadalis's largest slice gets other bytes: the checksum that binds each
    // chunk to its place no longer matches, and no leaf of that slice is valued.
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute(
            "UPDATE chunks SET data = zeroblob(length(data)) WHERE variant = 'rio-kadalis' AND slice = '8'",
            [],
        )
        .unwrap();
    let damaged = Table::open(&db, 64 << 20).unwrap();
    let c = checked(&lines, &damaged).unwrap();
    assert!(!c.accepted());
    assert_a_leaf_is_refused(&c);
}

#[test]
fn the_command_accepts_a_proof_and_fails_on_a_tampered_one() {
    let (mut lines, _) = sample();
    let dir = scratch("proofs-command");
    let file = dir.join("honest.proof");
    std::fs::write(&file, to_text(&lines)).unwrap();
    let out = run_db(&["proof", "check", file.to_str().unwrap()], table())
        .ok()
        .to_owned();
    let v = lines[0]["value"].as_i64().unwrap();
    assert!(
        out.contains(&format!("lower bound: its game is worth {v} (as claimed)")),
        "{out}"
    );
    assert!(
        out.contains(&format!("upper bound: its game is worth {v} (as claimed)")),
        "{out}"
    );
    assert!(
        out.contains(&format!("proven: the value is exactly {v}")),
        "{out}"
    );

    lines[0]["value"] = json!(v + 2);
    let tampered = dir.join("tampered.proof");
    std::fs::write(&tampered, to_text(&lines)).unwrap();
    let ran = run_db(&["proof", "check", tampered.to_str().unwrap()], table());
    let err = ran.fails();
    assert!(err.contains("not a proof"), "{err}");
    assert!(err.contains(&format!("NOT the claimed {}", v + 2)), "{err}");
}

/// The looping test's variant and the seeds on the board of its positions; its certificates
/// declare leaves at fewer seeds, so that those positions are the game's nodes, not leaves.
const LOOP: Variant = Variant::Oware;
const LOOP_SEEDS: u32 = 6;

/// Whether a move captures nothing, gives no extra turn and does not end the game: it stays
/// among the positions of `LOOP_SEEDS` seeds, where play can go round.
fn quiet(played: &mancala_solver::Played) -> bool {
    played.captured.south + played.captured.north == 0 && !played.ends_game && !played.extra_turn
}

/// The table's best move at `p`: it keeps the value and, ahead, lowers the depth.
fn best_move(evaluator: &Evaluator, p: &Position) -> mancala_solver::Played {
    let e = evaluator.evaluate(p, Budget::nodes(1_000)).unwrap();
    assert!(
        e.source.is_exact(),
        "{p}: {LOOP_SEEDS} seeds are in the table"
    );
    e.moves[0].played
}

/// Whether there is a cycle of quiet play from `p` on which each of the chooser's moves keeps
/// its winning value, every reply being the opponent's to choose: `path` then holds the
/// chooser's positions and moves in order, the last one's reply leading back onto it. `dead`
/// gathers the positions from which there is none.
fn stalling_cycle(
    evaluator: &Evaluator,
    p: Position,
    path: &mut Vec<(Position, mancala_solver::Played)>,
    dead: &mut std::collections::HashSet<Position>,
) -> bool {
    if path.iter().any(|(q, _)| *q == p) {
        return true;
    }
    if dead.contains(&p) {
        return false;
    }
    let e = evaluator.evaluate(&p, Budget::nodes(1_000)).unwrap();
    assert!(
        e.source.is_exact(),
        "{p}: {LOOP_SEEDS} seeds are in the table"
    );
    for m in &e.moves {
        if e.value.score <= 0 || m.value.score != e.value.score || !quiet(&m.played) {
            continue;
        }
        path.push((p, m.played));
        for reply in m.played.after.successors() {
            if quiet(&reply) && stalling_cycle(evaluator, reply.after, path, dead) {
                return true;
            }
        }
        path.pop();
    }
    dead.insert(p);
    false
}

/// The lower strategy of `root`'s chooser at every position of its game above the leaves:
/// `choose` at the chooser's positions, every reply at the other side's.
fn strategy(
    root: &Position,
    mut choose: impl FnMut(&Position) -> mancala_solver::Played,
) -> Vec<(Position, String)> {
    let mut lines = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut queue = vec![*root];
    while let Some(p) = queue.pop() {
        if !seen.insert(p) || p.seeds_on_board() < LOOP_SEEDS || p.game_over().is_some() {
            continue;
        }
        if p.side() == root.side() {
            let played = choose(&p);
            lines.push((p, played.mv.to_string()));
            queue.push(played.after);
        } else {
            queue.extend(p.successors().iter().map(|s| s.after));
        }
    }
    lines
}

/// A certificate that `root` is worth `value`, leaves at fewer than `LOOP_SEEDS` seeds, with
/// the given lower strategy and no upper one.
fn claim(root: &Position, value: i8, lower: &[(Position, String)]) -> Vec<Json> {
    let mut lines = vec![json!({
        "format": "mancala-proof/1", "variant": root.variant().to_string(), "root": root.to_string(),
        "value": value, "tablebase_max_seeds": LOOP_SEEDS - 1,
    })];
    for (p, mv) in lower {
        lines.push(json!({"bound": "lower", "position": p.to_string(), "move": mv}));
    }
    lines
}

/// A strategy whose every move keeps the winning value `v`, as a check move by move against the
/// table would see it, but that stalls: on a cycle of quiet moves (found here move by move,
/// independently of the checker) it never cashes the win, and the opponent can keep play
/// going round. Every way out of its game is worth at least `v` to the chooser (each chooser
/// move keeps the value, and no reply can do better for the opponent than the table's value),
/// and play that goes round for ever gains nothing: endless play, worth 0 in Oware. The
/// opponent chooses, so the game is worth 0, not the `v` it claims. The same root with the
/// table's hurrying strategy (its best move: the value kept, the depth lowered, which cannot
/// cycle) is proven worth `v`, so the loop alone is what the checker refuses.
#[test]
fn a_strategy_that_loops_where_it_must_not_is_rejected() {
    let evaluator = evaluator();
    let table = Table::open(table(), 64 << 20).unwrap();
    let mut rng = Lcg(0x100b_0030);
    let mut dead = std::collections::HashSet::new();
    let (root, cycle) = (0..20_000)
        .find_map(|_| {
            let text = position(&mut rng, LOOP, LOOP_SEEDS);
            let p = Position::parse(LOOP, &text).ok()?;
            if p.seeds_on_board() != LOOP_SEEDS || p.game_over().is_some() {
                return None;
            }
            let mut path = Vec::new();
            stalling_cycle(&evaluator, p, &mut path, &mut dead).then_some((p, path))
        })
        .expect("a won position with a stalling cycle among 20,000 random ones");
    let value = evaluator
        .evaluate(&root, Budget::nodes(1_000))
        .unwrap()
        .value
        .score;

    // The cycle's moves where it passes, the table's best move elsewhere: every move keeps
    // the win.
    let stalling = strategy(&root, |p| {
        let on_cycle = cycle.iter().find(|(q, _)| q == p);
        on_cycle.map_or_else(|| best_move(&evaluator, p), |&(_, played)| played)
    });
    let looping = checked(&claim(&root, value, &stalling), &table).unwrap();
    assert!(!looping.accepted(), "{root}");
    assert_eq!(
        looping.lower.as_ref().unwrap().value,
        0,
        "{root}: {stalling:?}"
    );

    let hurrying = strategy(&root, |p| best_move(&evaluator, p));
    let proven = checked(&claim(&root, value, &hurrying), &table).unwrap();
    assert_eq!(proven.lower.as_ref().unwrap().value, value as i32, "{root}");
}

/// A Rio Kadalis position with pits closed at random (each side keeping 1 to all but one of
/// its pits open), more seeds than `held` on its open pits and at most `extra` more, no more
/// than four an open pit (what its shape table holds at the most), nothing captured.
fn closed_beyond_table(rng: &mut Lcg, variant: Variant, held: u32, extra: u32) -> Position {
    let l = variant.pits_per_side();
    loop {
        let open: Vec<Vec<bool>> = (0..2)
            .map(|_| {
                let keep = 1 + rng.below(l - 1);
                let mut pits: Vec<bool> = (0..l).map(|k| k < keep).collect();
                for k in (1..l).rev() {
                    pits.swap(k, rng.below(k + 1));
                }
                pits
            })
            .collect();
        let slots = open.iter().flatten().filter(|&&o| o).count();
        let seeds = held + 4 + 4 * rng.below((extra / 4) as usize) as u32;
        if seeds > 4 * slots as u32 {
            continue;
        }
        let mut counts = scatter(rng, slots, seeds).into_iter();
        let row = |side: usize, counts: &mut dyn Iterator<Item = u8>| -> Vec<String> {
            open[side]
                .iter()
                .map(|&o| match o {
                    true => counts.next().unwrap().to_string(),
                    false => "x".to_owned(),
                })
                .collect()
        };
        let south = row(0, &mut counts);
        let mut north = row(1, &mut counts);
        north.reverse();
        let side = ["S", "N"][rng.below(2)];
        let text = format!("{}/{} {side}", north.join(","), south.join(","));
        let p = Position::parse(variant, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        if p.game_over().is_none() {
            return p;
        }
    }
}

/// Both Rio Kadalis variants to 8 seeds, every shape table too: the leaves of closed boards'
/// certificates (shared with the fuzzing of certificates).
pub fn shape_tables() -> &'static std::path::Path {
    tablebase_with_shapes(&[("rio-kadalis", 8), ("rio-kadalis-5", 8)])
}

#[test]
fn exact_answers_on_boards_with_closed_pits_are_proven_over_shape_tables_and_checked() {
    let db = shape_tables();
    let tb = Tablebase::open_read_only(db).unwrap();
    let evaluator =
        Evaluator::new(Arc::new(tb), SearchSettings::single(Budget::nodes(400_000))).unwrap();
    let table = Table::open(db, 64 << 20).unwrap();
    let mut rng = Lcg(0x5eed_0056);
    let mut per_variant = Vec::new();
    // Clockwise too: proven with its own sowing over the counter-clockwise tables read
    // mirrored, and checked with mancala-check's clockwise rules and its own mirror.
    for variant in [
        Variant::RioKadalis,
        Variant::RioKadalis5,
        Variant::RioKadalisCw,
        Variant::RioKadalis5Cw,
    ] {
        let mut proven = 0;
        for _ in 0..TRIES {
            let p = closed_beyond_table(&mut rng, variant, 8, 8);
            let e = evaluator.evaluate(&p, Budget::nodes(400_000)).unwrap();
            if !e.source.is_exact() {
                continue;
            }
            let lines = certificate_lines(&evaluator, &p);
            assert_eq!(lines[0]["value"], json!(e.value.score), "{p}");
            assert_eq!(
                lines[0]["tablebase_max_seeds"],
                json!(8),
                "{p}: its shape table's"
            );
            let c = checked(&lines, &table).unwrap_or_else(|e| panic!("{p}: {e}"));
            assert!(
                c.accepted(),
                "{p}: lower {:?}, upper {:?}",
                c.lower,
                c.upper
            );
            proven += 1;
        }
        per_variant.push((variant, proven));
    }
    assert!(
        per_variant.iter().all(|&(_, n)| n >= TRIES / 2),
        "{per_variant:?}"
    );

    // From the command line: the certificate of a closed board, written and checked.
    let p = "x,x,2,x,3,3/x,1,x,2,x,1 S";
    let dir = crate::common::scratch::tempdir();
    let proof = dir.path().join("closed.proof");
    let out = proof.to_str().unwrap();
    run_db(&["prove", "rio-kadalis", p, "--out", out], db).ok();
    let ran = run_db(&["proof", "check", out], db);
    assert!(ran.ok().contains("proven: the value is exactly"), "{ran:?}");
}

/// Issue 70: this Hawalis position (34 seeds, a win for South that the search proves in well
/// under a second) overflowed the stack of the recursive prover after seven seconds. Its
/// strategy runs through lines of over a hundred positions beyond an 8-seed table; the walk
/// keeps its path on the heap, so it certifies the win on a thread of the default 2 MiB stack
/// (a quarter of the main thread's), and the independent checker accepts the certificate.
#[test]
fn a_long_line_is_walked_on_a_small_stack_and_its_certificate_checks() {
    const HAWALIS: &str = "0,0,0,1,1,0,1/1,0,1,1,2,2,4/2,7,1,0,0,1,4/0,2,1,0,1,1,0 S 14-8";
    let db = tablebase(&[("hawalis", 8)]);
    let cert = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let tb = Tablebase::open_read_only(db).unwrap();
            let settings = SearchSettings::single(Budget::nodes(25_600_000));
            let evaluator = Evaluator::new(Arc::new(tb), settings).unwrap();
            let p = Position::parse(Variant::Hawalis, HAWALIS).unwrap();
            evaluator.prove(&p, ProofOptions::default(), &mut |_| {})
        })
        .unwrap()
        .join()
        .expect("no overflow")
        .unwrap();
    assert!(
        cert.report.deepest >= 100,
        "a line of {}",
        cert.report.deepest
    );
    // A win: the upper bound holds whatever North does, so it needs no line.
    assert_eq!(cert.value, 1);
    assert_eq!(cert.counts().1, 0);
    let mut bytes = Vec::new();
    cert.write_jsonl(&mut bytes).unwrap();
    let table = Table::open(db, 64 << 20).unwrap();
    let c = proof::check(&proof::read(bytes.as_slice()).unwrap(), &table);
    assert!(c.accepted(), "{:?} {:?}", c.lower, c.upper);
}

/// `mancala eval --certify FILE`: the evaluation is printed, then a certificate of it written
/// that the independent checker accepts; an answer that is only an estimate writes nothing and
/// fails, saying so.
#[test]
fn eval_certify_writes_a_certificate_the_checker_accepts() {
    let (lines, table_read) = sample();
    let root = lines[0]["root"].as_str().unwrap();
    let dir = scratch("eval-certify");
    let out = dir.join("exact.proof");
    let args = [
        "eval",
        "rio-kadalis",
        root,
        "--budget",
        "400000",
        "--certify",
    ];
    let ran = run_db(&[&args[..], &[out.to_str().unwrap()]].concat(), table());
    assert!(ran.ok().contains("Rio Kadalis"), "{ran:?}");
    assert!(ran.stderr.contains("mancala proof check"), "{ran:?}");
    let text = std::fs::read_to_string(&out).unwrap();
    let cert = proof::read(text.as_bytes()).unwrap();
    assert_eq!(json!(cert.header.value), lines[0]["value"]);
    assert!(proof::check(&cert, &table_read).accepted());

    // The start, searched with a thousand nodes over an 8-seed table: an estimate.
    let none = dir.join("estimate.proof");
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 S";
    let ran = run_db(
        &[
            "eval",
            "rio-kadalis",
            start,
            "--budget",
            "1000",
            "--certify",
            none.to_str().unwrap(),
        ],
        table(),
    );
    // The evaluation is printed, then the command fails naming why there is no certificate.
    assert_eq!(ran.status.code(), Some(1), "{ran:?}");
    assert!(ran.stdout.contains("an estimate"), "{ran:?}");
    let err = &ran.stderr;
    assert!(
        err.contains("is an estimate") && err.contains("--budget"),
        "{err}"
    );
    assert!(!none.exists());
}

//! `mancala match`: a Rio Kadalis match round by round, and its table, against the rules of
//! docs/rules.md#rio-kadalis-matches applied here by hand to what each round's record gives.

use mancala_solver::{Move, Position, Variant};

use crate::common::bin::{run, run_db};
use crate::common::scratch::tablebase;

/// A whole round from `start`, as a record: the first legal move each turn, else the last
/// (a line that comes back to a position is given up).
fn a_whole_round(start: &Position) -> (Vec<String>, Position) {
    for pick_first in [true, false] {
        let mut pos = *start;
        let mut record = Vec::new();
        let mut seen = std::collections::HashSet::new();
        while pos.game_over().is_none() && seen.insert(pos.to_string()) {
            let moves = pos.legal_moves();
            let mv: Move = if pick_first {
                moves[0]
            } else {
                *moves.last().unwrap()
            };
            record.push(mv.to_string());
            pos = pos.play(mv).unwrap().after;
        }
        if pos.game_over().is_some() {
            return (record, pos);
        }
    }
    panic!("no line of first or last moves ends the round from {start}");
}

#[test]
fn a_round_played_gives_the_winnings_and_the_next_board() {
    let v = Variant::RioKadalis5;
    let (record, end) = a_whole_round(&Position::start(v));
    let won = end.game_over().unwrap();
    // The rules, by hand: winnings = won (no reserve in round 1); pits opened min(5, w / 4);
    // reserve w - 4k; the one who won fewer starts (equal: North, who did not start).
    let side = |w: u32| ((w / 4).min(5), w - 4 * (w / 4).min(5));
    let (ks, rs) = side(won.south);
    let (kn, rn) = side(won.north);
    let starter = if won.south < won.north {
        "South"
    } else {
        "North"
    };
    let pits = |k: u32| if k == 1 { "pit" } else { "pits" };
    let expected = format!(
        "next    South {ks} {} (reserve {rs}), North {kn} {} (reserve {rn}), {starter} starts",
        pits(ks),
        pits(kn)
    );
    let text = run(&[
        "match",
        "rio-kadalis-5",
        &record.join(" "),
        "--db",
        "/nonexistent/x.db",
    ]);
    let text = text.ok();
    assert!(
        text.contains(&format!("won     South {}, North {}", won.south, won.north)),
        "{text}"
    );
    if ks.min(kn) > 0 {
        assert!(text.contains(&expected), "{expected}\n{text}");
        assert!(text.contains("Match: round 2 is next"), "{text}");
        // Round 2's start: each side's lowest pits closed.
        let closed = |k: u32| vec!["x"; 5 - k as usize];
        let four = |k: u32| vec!["4"; k as usize];
        let north: Vec<&str> = [four(kn), closed(kn)].concat();
        let south: Vec<&str> = [closed(ks), four(ks)].concat();
        let side_letter = &starter[..1];
        let start = format!("{}/{} {side_letter}", north.join(","), south.join(","));
        assert!(
            text.contains(&format!("starts: {start}")),
            "{start}\n{text}"
        );
    }
    // The same as JSON: round 1's moves and what each side won, round 2's start as the rules
    // give it (by hand above), the match not over.
    let json: serde_json::Value = serde_json::from_str(
        run(&[
            "match",
            "rio-kadalis-5",
            &record.join(" "),
            "--db",
            "/nonexistent/x.db",
            "--json",
        ])
        .ok(),
    )
    .unwrap();
    let first = &json["rounds"][0];
    assert_eq!(first["moves"], serde_json::json!(record), "{json}");
    assert_eq!(first["position"], end.to_string(), "{json}");
    assert_eq!(
        first["result"]["won"],
        serde_json::json!({"south": won.south, "north": won.north}),
        "{json}"
    );
    assert_eq!(
        first["perfect"],
        serde_json::Value::Null,
        "played to its end"
    );
    if ks.min(kn) > 0 {
        let second = &json["rounds"][1];
        assert_eq!(
            second["start"]["open"],
            serde_json::json!({"south": ks, "north": kn}),
            "{json}"
        );
        assert_eq!(
            second["start"]["reserve"],
            serde_json::json!({"south": rs, "north": rn}),
            "{json}"
        );
        assert_eq!(second["start"]["starter"], starter.to_lowercase(), "{json}");
        assert_eq!(second["moves"], serde_json::json!([]), "{json}");
        assert_eq!(json["end"], serde_json::Value::Null, "{json}");
    }
    // A round left unfinished is the match's current round, valued.
    let half = &record[..record.len() / 2];
    let text = run(&[
        "match",
        "rio-kadalis-5",
        &half.join(" "),
        "--db",
        "/nonexistent/x.db",
    ]);
    assert!(text.ok().contains("The round goes on"), "{text:?}");
    assert!(text.ok().contains("Match: in progress."), "{text:?}");
    // With --perfect the unfinished round is played on to its end, and the match to its own.
    let text = run(&[
        "match",
        "rio-kadalis-5",
        &half.join(" "),
        "--perfect",
        "--budget",
        "2000",
        "--db",
        "/nonexistent/x.db",
    ]);
    let text = text.ok();
    assert!(text.contains("  perfect play on: worth"), "{text}");
    assert!(
        text.contains(" wins after ") || text.contains("Match: a draw"),
        "{text}"
    );
}

#[test]
fn bad_matches_say_what_is_wrong() {
    // Only the games played as matches are taken, and only they are listed.
    let ran = run(&["match", "oware"]);
    let says = ran.bad_input();
    assert!(says.contains("invalid value 'oware'"), "{says}");
    assert!(
        says.contains(
            "[possible values: rio-kadalis, rio-kadalis-5, rio-kadalis-cw, rio-kadalis-5-cw]"
        ),
        "{says}"
    );
    let help = run(&["match", "--help"]);
    assert!(
        help.ok().contains(
            "[possible values: rio-kadalis, rio-kadalis-5, rio-kadalis-cw, rio-kadalis-5-cw]"
        ),
        "{help:?}"
    );
    let ran = run(&["match", "rio-kadalis", "1 7"]);
    let says = ran.bad_input();
    assert!(says.contains("round 1, move 2, North to move in"), "{says}");
    let ran = run(&["match", "rio-kadalis", "1", "2"]);
    assert!(
        ran.bad_input().contains("round 2: round 1 had not ended"),
        "{ran:?}"
    );
    let (record, _) = a_whole_round(&Position::start(Variant::RioKadalis5));
    let too_long = format!("{} 1", record.join(" "));
    let ran = run(&["match", "rio-kadalis-5", &too_long]);
    assert!(ran.bad_input().contains("the round was over"), "{ran:?}");
}

#[test]
fn the_table_lists_every_round_start_and_where_the_match_goes() {
    let db = tablebase(&[("rio-kadalis-5", 8)]);
    let text = run_db(
        &["match", "table", "rio-kadalis-5", "--budget", "20000"],
        db,
    )
    .ok()
    .to_owned();
    // Winnings of 4 to 36 for South (North the rest of 40), either to start: 66 round starts,
    // the first round first.
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| {
            l.trim_start()
                .split(' ')
                .next()
                .is_some_and(|n| n.parse::<u32>().is_ok())
        })
        .collect();
    assert_eq!(rows.len(), 66, "{text}");
    assert!(
        rows[0].starts_with("  1  5 +0        5 +0        South"),
        "{text}"
    );
    assert!(text.contains("Exact entries"), "{text}");
    // Whose value the value column is, said under the table.
    assert!(text.contains(" value* "), "{text}");
    assert!(
        text.contains("value*: the round's value for the side that starts it"),
        "{text}"
    );
    // A player with one pit and no reserve who wins nothing loses the match in that round.
    assert!(
        rows.iter()
            .all(|r| r.contains(" wins in ") || r.contains("a draw")),
        "{text}"
    );
    // Each round value says where it comes from: the table holds no round start (they have 32
    // seeds or more), so each exact one has a certificate mancala-check accepted, or is the
    // search's alone; an estimate is marked `~` in its value and its source alike.
    let words = ["table", "cert", "search", "~"];
    let mut count = [0usize; 4];
    for r in &rows {
        let from = r.split_whitespace().nth(7).unwrap();
        let i = words.iter().position(|w| *w == from);
        let i = i.unwrap_or_else(|| panic!("`{from}` is no source: {r}"));
        count[i] += 1;
        let value = r.split_whitespace().nth(6).unwrap();
        assert_eq!(value.starts_with('~'), from == "~", "{r}");
    }
    assert_eq!(count[0], 0, "{text}");
    assert!(count[1] > 0, "no round start certified: {text}");
    // Beside where playing for seeds leads, what the match is worth when played to be won
    // (src: the match solved as one game), with the count of starts where the two differ.
    assert!(text.contains("for the match"), "{text}");
    assert!(
        rows.iter().all(|r| r.contains(" wins within ")
            || r.ends_with("a draw")
            || r.contains("a draw (")
            || r.contains("open: a search of the round must say")),
        "{text}"
    );
    assert!(
        text.contains("open: a start the rounds' values alone do not decide"),
        "{text}"
    );
    let said = format!(
        "{} table, {} cert, {} search, {} ~.",
        count[0], count[1], count[2], count[3]
    );
    assert!(text.contains(&said), "{said} not in {text}");
}

#[test]
fn a_match_taken_up_at_a_later_round_start() {
    // The match of tests/api/matches.rs, worked out there by hand: from South 1 pit (reserve
    // 3) and North 6 (reserve 17), round 1 `6 4 6 3` is won 8 to 20, so South opens 2 pits
    // with 3 over and North 6 with 13, South starting; round 2 `5 1` is won 8 to 24, which
    // would start round 3 as round 2 started.
    let text = run(&[
        "match",
        "rio-kadalis",
        "--start",
        "1,6,3,17,S",
        "6 4 6 3",
        "5 1",
        "--db",
        "/nonexistent/x.db",
    ]);
    let text = text.ok();
    assert!(
        text.contains("Round 1: South 1 pit (reserve 3), North 6 pits (reserve 17), South starts"),
        "{text}"
    );
    assert!(
        text.contains("Round 2: South 2 pits (reserve 3), North 6 pits (reserve 13), South starts"),
        "{text}"
    );
    assert!(
        text.contains("Match: a draw. Round 3 would start as round 2 did"),
        "{text}"
    );
    // Four seeds a pit and the reserves must make the 48: 4 + 24 + 3 + 7 = 38.
    let bad = run(&["match", "rio-kadalis", "--start", "1,6,3,7,S"]);
    assert_eq!(
        bad.bad_input(),
        "error: --start: the round start holds 38 seeds (4 in each open pit plus the reserves), \
         but a match of this variant is played with 48\n"
    );
    let bad = run(&["match", "rio-kadalis", "--start", "1;6"]);
    assert!(bad.bad_input().contains("is not a round start"));
}

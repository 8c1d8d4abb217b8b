//! Which file the commands use (`--db`, `$MANCALA_DB`, `mancala.db` in the working directory),
//! and a position of an unsolved slice, searched, agreeing with the tablebase once solved.

use std::path::Path;

use mancala_solver::Scoring;
use serde_json::Value as Json;

use crate::checks::check_properties;
use crate::common::bin::{mancala, ran, run, run_db, Ran};
use crate::common::eval::eval_json;
use crate::common::position::four_row;
use crate::common::scratch::{fresh_tablebase, tempdir};
use crate::sqlite::stored_slices;

/// `mancala eval --json` of a position the tablebase does not hold: the search's answer.
fn searched(db: &Path, variant: &str, position: &str) -> Json {
    let out = run_db(
        &["eval", variant, position, "--json", "--budget", "2000000"],
        db,
    );
    let json: Json = serde_json::from_str(out.ok()).expect("eval prints JSON");
    assert_eq!(json["source"], "search", "{json}");
    assert!(json["search"]["nodes"].as_u64().is_some(), "{json}");
    assert!(!json["moves"].as_array().unwrap().is_empty(), "{json}");
    json
}

/// Every exact value of a searched answer equals the tablebase's answer for the same position,
/// once its slice is solved: the retrograde solve is the independent check of the search.
fn agrees_with_the_tablebase(searched: &Json, solved: &Json) {
    if searched["exact"] == true {
        assert_eq!(
            searched["value"]["score"], solved["value"]["score"],
            "{searched}\n{solved}"
        );
        assert_eq!(
            searched["value"]["result"], solved["value"]["result"],
            "{searched}\n{solved}"
        );
    }
    for m in searched["moves"].as_array().unwrap() {
        let t = solved["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["move"] == m["move"]);
        let t = t.expect("the same moves");
        assert_eq!(m["after"], t["after"]);
        if m["exact"] == true {
            assert_eq!(m["value"]["score"], t["value"]["score"], "{m}\n{t}");
            assert_eq!(m["value"]["result"], t["value"]["result"], "{m}\n{t}");
        }
    }
}

#[test]
fn a_position_outside_the_tablebase_is_searched_and_solving_it_agrees() {
    let (_dir, db) = fresh_tablebase(&[("rio-kadalis", 4), ("hawalis", 2)]);

    // 8 seeds on the board: slice 8, not solved, so searched down to slice 4.
    let eight = "0,0,0,0,0,4/4,0,0,0,0,0 S";
    let before = searched(&db, "rio-kadalis", eight);
    assert_eq!(before["exact"], true, "a small endgame is proven: {before}");
    run(&[
        "solve",
        "rio-kadalis",
        "--max-seeds",
        "8",
        "-q",
        "--db",
        db.to_str().unwrap(),
    ])
    .ok();
    let after = eval_json(&db, "rio-kadalis", eight);
    check_properties(&after, Scoring::Score);
    agrees_with_the_tablebase(&before, &after);

    // Four rows: North to move with 3 seeds against South's 1 is slice 3-1 (mover first).
    // (Hawalis with one seed in each of South's first `south` pits and North's first `north`.)
    let hawalis = |south: usize, north: usize| {
        let (mut s, mut n) = ([0; 14], [0; 14]);
        s[..south].fill(1);
        n[..north].fill(1);
        four_row(&s, &n, 'N')
    };
    let before = searched(&db, "hawalis", &hawalis(1, 3));
    run(&[
        "solve",
        "hawalis",
        "--max-seeds",
        "4",
        "-q",
        "--db",
        db.to_str().unwrap(),
    ])
    .ok();
    agrees_with_the_tablebase(&before, &eval_json(&db, "hawalis", &hawalis(1, 3)));

    // The start position (slice 48) and a variant with nothing solved still get an answer.
    searched(&db, "rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,4 S");
    searched(&db, "al-manqala", "0,0,0,0,0,0,1/0,0,0,0,0,0,1 S");
    // Solved ones answer from the tablebase.
    eval_json(&db, "rio-kadalis", "0,0,0,0,0,0/1,3,0,0,0,0 S");
    eval_json(&db, "hawalis", &hawalis(1, 1));
}

#[test]
fn mancala_db_variable_and_default_file() {
    let dir = tempdir();
    let p = "0,0,0,0,0,0/1,3,0,0,0,0 S";
    // `mancala ARGS` in the directory, with `$MANCALA_DB` set to `env` if given.
    let in_dir = |env: Option<&Path>, args: &[&str]| -> Ran {
        let mut command = mancala();
        command.current_dir(dir.path()).args(args);
        if let Some(file) = env {
            command.env("MANCALA_DB", file);
        }
        ran(&mut command)
    };

    // No --db, no $MANCALA_DB: mancala.db in the working directory.
    in_dir(None, &["solve", "rio-kadalis", "--max-seeds", "4", "-q"]).ok();
    let default = dir.path().join("mancala.db");
    assert!(
        default.exists(),
        "mancala.db created in the working directory"
    );
    assert_eq!(stored_slices(&default).len(), 2); // slices 0 and 4
    let ran = in_dir(None, &["eval", "rio-kadalis", p, "--json"]);
    assert!(ran.ok().contains("\"score\":4"), "{ran:?}");
    for args in [["db", "info"], ["db", "verify"]] {
        let ran = in_dir(None, &args);
        assert!(ran.ok().contains("mancala.db"), "{ran:?}");
    }

    // $MANCALA_DB names another file, which every command then uses.
    let other = dir.path().join("sub").join("env.db");
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    let env = Some(other.as_path());
    in_dir(env, &["solve", "rio-kadalis-5", "--max-seeds", "4", "-q"]).ok();
    assert_eq!(
        stored_slices(&other),
        [
            ("rio-kadalis-5".to_owned(), "0".to_owned()),
            ("rio-kadalis-5".to_owned(), "4".to_owned())
        ]
    );
    assert!(
        !stored_slices(&default)
            .iter()
            .any(|s| s.0 == "rio-kadalis-5"),
        "the default file is not touched"
    );
    in_dir(
        env,
        &["eval", "rio-kadalis-5", "0,0,0,0,0/1,3,0,0,0 S", "--json"],
    )
    .ok();
    let ran = in_dir(env, &["db", "info", "--json"]);
    let info: Json = serde_json::from_str(ran.ok()).unwrap();
    assert_eq!(info.as_array().unwrap().len(), 2, "{info}");
    // The Rio Kadalis slices are in the default file, not in $MANCALA_DB's: searched there.
    let ran = in_dir(env, &["eval", "rio-kadalis", p, "--json"]);
    assert!(ran.ok().contains("\"source\":\"search\""), "{ran:?}");
    // --db wins over $MANCALA_DB.
    let default_db = default.to_str().unwrap();
    let ran = in_dir(
        env,
        &["eval", "rio-kadalis", p, "--json", "--db", default_db],
    );
    assert!(ran.ok().contains("\"source\":\"tablebase\""), "{ran:?}");
    // $MANCALA_DB naming a missing file: for `db info` an error naming it; `eval` searches
    // without a table and says so, naming it; no file made.
    let nowhere = dir.path().join("nowhere.db");
    let ran = in_dir(Some(&nowhere), &["db", "info"]);
    assert!(ran.fails().contains("nowhere.db"), "{ran:?}");
    let ran = in_dir(Some(&nowhere), &["eval", "rio-kadalis", p]);
    ran.ok();
    assert!(ran.stderr.contains("no tablebase at"), "{ran:?}");
    assert!(ran.stderr.contains("nowhere.db"), "{ran:?}");
    assert!(!nowhere.exists());
}

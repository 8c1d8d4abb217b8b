//! Which file the commands use (`--db`, `$MANCALA_DB`, `mancala.db` in the working directory),
//! and a position of an unsolved slice named with the command that solves it.

use std::path::Path;

use mancala_solver::Scoring;
use serde_json::Value as Json;

use crate::checks::check_properties;
use crate::common::bin::{mancala, ran, run, run_db, Ran};
use crate::common::eval::eval_json;
use crate::common::position::four_row;
use crate::common::scratch::{fresh_tablebase, tempdir};
use crate::sqlite::stored_slices;

#[test]
fn an_unsolved_slice_is_named_with_the_command_that_solves_it() {
    let (_dir, db) = fresh_tablebase(&[("rio-kadalis", 4), ("hawalis", 2)]);
    let dbs = db.display().to_string();

    // 8 seeds on the board: slice 8, not solved.
    let eight = "0,0,0,0,0,4/4,0,0,0,0,0 S";
    let ran = run_db(&["eval", "rio-kadalis", eight, "--json"], &db);
    let err = ran.fails();
    assert!(err.contains("rio-kadalis slice 8 is not solved"), "{err}");
    let command = format!("mancala solve rio-kadalis --max-seeds 8 --db {dbs}");
    assert!(err.contains(&command), "{err}");
    // The command given solves it: run it as written, and the position evaluates.
    let command = err
        .split('`')
        .find(|part| part.starts_with("mancala solve"))
        .expect("a command in backquotes");
    let words: Vec<&str> = command.split_whitespace().collect();
    run(&[&words[1..], &["-q"]].concat()).ok();
    let json = eval_json(&db, "rio-kadalis", eight);
    check_properties(&json, Scoring::Score);
    // The start position: slice 48.
    let ran = run_db(&["eval", "rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,4 S"], &db);
    let err = ran.fails();
    assert!(
        err.contains("slice 48") && err.contains("--max-seeds 48"),
        "{err}"
    );
    // A variant with nothing solved at all.
    let ran = run_db(
        &["eval", "al-manqala", "0,0,0,0,0,0,1/0,0,0,0,0,0,1 S"],
        &db,
    );
    let err = ran.fails();
    assert!(err.contains("al-manqala slice 2"), "{err}");
    assert!(
        err.contains("mancala solve al-manqala --max-seeds 2"),
        "{err}"
    );
    // Four rows: North to move with 3 seeds against South's 1 is slice 3-1 (mover first).
    // (Hawalis with one seed in each of South's first `south` pits and North's first `north`.)
    let hawalis = |south: usize, north: usize| {
        let (mut s, mut n) = ([0; 14], [0; 14]);
        s[..south].fill(1);
        n[..north].fill(1);
        four_row(&s, &n, 'N')
    };
    let ran = run_db(&["eval", "hawalis", &hawalis(1, 3)], &db);
    let err = ran.fails();
    assert!(err.contains("hawalis slice 3-1 is not solved"), "{err}");
    assert!(err.contains("mancala solve hawalis --max-seeds 4"), "{err}");
    // Solved ones still answer.
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
    // The Rio Kadalis slices are in the default file, not in $MANCALA_DB's.
    let ran = in_dir(env, &["eval", "rio-kadalis", p]);
    assert!(ran.fails().contains("env.db"), "{ran:?}");
    // --db wins over $MANCALA_DB.
    let default_db = default.to_str().unwrap();
    in_dir(env, &["eval", "rio-kadalis", p, "--db", default_db]).ok();
    // $MANCALA_DB naming a missing file: an error naming it, and no file made.
    let nowhere = dir.path().join("nowhere.db");
    let ran = in_dir(Some(&nowhere), &["eval", "rio-kadalis", p]);
    assert!(ran.fails().contains("nowhere.db"), "{ran:?}");
    assert!(!nowhere.exists());
}

//! Searched answers are kept: asked again, the evaluator answers from what it kept, and says so,
//! as long as the kept answer covers the question's budget and the tablebase has not changed.

use std::sync::Arc;

use mancala_db::{Database, Tablebase};
use mancala_eval::{Evaluation, Evaluator, Origin, SearchReport, SearchSettings, Source};
use mancala_solver::engine::Budget;
use mancala_solver::solve::Silent;
use mancala_solver::{Position, Variant};

/// The search report of a searched answer.
fn report(e: &Evaluation) -> SearchReport {
    match e.source {
        Source::Search(r) => r,
        Source::Tablebase => panic!("searched, not read from the tablebase: {e:?}"),
    }
}

/// The values of an answer, for comparing two of them.
fn values(e: &Evaluation) -> Vec<(String, i32, bool)> {
    e.moves
        .iter()
        .map(|m| (m.played.mv.to_string(), i32::from(m.value.score), m.exact))
        .collect()
}

#[test]
fn an_answer_asked_again_is_kept_until_a_deeper_search_or_a_new_table_replaces_it() {
    // Kalah(6, 4) from its start: far beyond any table, so every answer is an estimate whose
    // depth grows with the budget.
    let tb = Arc::new(Tablebase::empty().unwrap());
    let evaluator = Evaluator::new(Arc::clone(&tb), SearchSettings::default()).unwrap();
    let start = Position::start(Variant::Kalah);

    let first = evaluator.evaluate(&start, Budget::nodes(20_000)).unwrap();
    let r1 = report(&first);
    assert!(!r1.kept() && !r1.exact, "{r1:?}");

    // Asked again with the same budget, or a smaller one: the same answer, kept.
    for nodes in [20_000, 5_000] {
        let again = evaluator.evaluate(&start, Budget::nodes(nodes)).unwrap();
        let r = report(&again);
        assert!(r.kept(), "{nodes} nodes: {r:?}");
        assert_eq!(
            (r.depth, r.nodes),
            (r1.depth, r1.nodes),
            "the first search's figures"
        );
        assert_eq!(values(&again), values(&first));
    }

    // A larger budget searches again (deeper), and its answer replaces the first.
    let deeper = evaluator.evaluate(&start, Budget::nodes(200_000)).unwrap();
    let r2 = report(&deeper);
    assert!(!r2.kept(), "{r2:?}");
    assert!(r2.nodes > r1.nodes, "{r2:?} against {r1:?}");
    let smaller = evaluator.evaluate(&start, Budget::nodes(20_000)).unwrap();
    assert_eq!(
        (report(&smaller).kept(), report(&smaller).nodes),
        (true, r2.nodes),
        "the deeper answer serves the smaller budget"
    );
}

#[test]
fn an_answer_kept_over_one_table_is_not_given_over_another() {
    // Kalah on four pits, 6 seeds: searched over no table, then over a table of every position
    // up to 4 seeds (the search's leaves change, so its answer may too).
    let dir = tempfile::tempdir().unwrap();
    let tb = Arc::new(Tablebase::open(dir.path().join("k4.db")).unwrap());
    let evaluator = Evaluator::new(Arc::clone(&tb), SearchSettings::default()).unwrap();
    let p = Position::parse(Variant::Kalah4, "0,2,0,1/1,0,2,0 S").unwrap();
    let budget = Budget::nodes(1_000);
    assert!(!report(&evaluator.evaluate(&p, budget).unwrap()).kept());
    assert!(report(&evaluator.evaluate(&p, budget).unwrap()).kept());

    tb.solve_up_to(Variant::Kalah4, 4, &Silent).unwrap();
    evaluator.refresh().unwrap();
    let over_the_table = evaluator.evaluate(&p, budget).unwrap();
    assert!(
        !report(&over_the_table).kept(),
        "a new table: searched again"
    );
    assert!(report(&evaluator.evaluate(&p, budget).unwrap()).kept());
}

#[test]
fn answers_kept_in_the_file_outlive_the_evaluator_and_serve_any_captured_count() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kept.db");
    let budget = Budget::nodes(20_000);
    let start = Position::start(Variant::Kalah);
    let first = {
        let writer = Database::open(&path).unwrap();
        let tb = Arc::new(Tablebase::open_read_only(&path).unwrap());
        let evaluator = Evaluator::new(tb, SearchSettings::default())
            .unwrap()
            .writing_answers_to(Arc::new(writer));
        evaluator.evaluate(&start, budget).unwrap()
    };
    assert_eq!(report(&first).origin, Origin::Searched);

    // Another evaluator, reading the file only (as after a restart): the same answer, kept.
    let tb = Arc::new(Tablebase::open_read_only(&path).unwrap());
    let evaluator = Evaluator::new(tb, SearchSettings::default()).unwrap();
    let again = evaluator.evaluate(&start, budget).unwrap();
    assert_eq!(report(&again).origin, Origin::Kept);
    assert_eq!(values(&again), values(&first));
    assert_eq!(
        (report(&again).depth, report(&again).nodes),
        (report(&first).depth, report(&first).nodes)
    );

    // A board is kept whatever was captured before it: South's sowing of pit 3 at the start
    // ends in its store (4 seeds: pits 4, 5, 6 and the store), and South moves again. The same
    // board with the captured seed North's is answered from what was kept for the first.
    let sown = Position::parse(Variant::Kalah, "4,4,4,4,4,4/4,4,0,5,5,5 S 1-0").unwrap();
    let searched = evaluator.evaluate(&sown, budget).unwrap();
    assert_eq!(report(&searched).origin, Origin::Searched);
    let other = Position::parse(Variant::Kalah, "4,4,4,4,4,4/4,4,0,5,5,5 S 0-1").unwrap();
    let kept = evaluator.evaluate(&other, budget).unwrap();
    assert_eq!(report(&kept).origin, Origin::Kept);
    assert_eq!(values(&kept), values(&searched));
    assert_eq!(kept.position, other, "the answer is of the position asked");

    // A larger budget than the kept answer's is searched.
    let deeper = evaluator.evaluate(&start, Budget::nodes(40_000)).unwrap();
    assert_eq!(report(&deeper).origin, Origin::Searched);
}

#[test]
fn an_answer_does_not_wait_for_the_files_write_lock_and_is_stored_once_it_is_free() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("locked.db");
    let writer = Database::open(&path).unwrap();
    let tb = Arc::new(Tablebase::open_read_only(&path).unwrap());
    let evaluator = Evaluator::new(tb, SearchSettings::default())
        .unwrap()
        .writing_answers_to(Arc::new(writer));
    // Another process (a solve storing a group) holds the write lock for a while.
    let holder = rusqlite::Connection::open(&path).unwrap();
    holder.execute_batch("BEGIN IMMEDIATE").unwrap();
    let start = Position::start(Variant::Kalah);
    let asked = std::time::Instant::now();
    let e = evaluator.evaluate(&start, Budget::nodes(5_000)).unwrap();
    // Writing waits up to 10 s for a lock; the answer did not.
    assert!(
        asked.elapsed() < std::time::Duration::from_secs(5),
        "{:?}",
        asked.elapsed()
    );
    assert_eq!(report(&e).origin, Origin::Searched);
    std::thread::sleep(std::time::Duration::from_millis(200));
    holder.execute_batch("COMMIT").unwrap();
    // Dropping the evaluator waits for the row queued; a reader then finds it.
    drop(evaluator);
    let tb = Arc::new(Tablebase::open_read_only(&path).unwrap());
    let reader = Evaluator::new(tb, SearchSettings::default()).unwrap();
    let again = reader.evaluate(&start, Budget::nodes(5_000)).unwrap();
    assert_eq!(report(&again).origin, Origin::Kept);
    assert_eq!(values(&again), values(&e));
}

#[test]
fn slices_stored_through_another_connection_are_seen_without_asking() {
    // Another process solving into the file the evaluator reads: here another handle, which is
    // another SQLite connection (data_version moves for the evaluator's, as for another
    // process's). Nobody calls `refresh`: the evaluator's own watcher sees the change, and
    // `holds` (a lookup, never a query) answers from then on.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k4.db");
    let tb = Arc::new(Tablebase::open(&path).unwrap());
    let evaluator = Evaluator::new(Arc::clone(&tb), SearchSettings::default()).unwrap();
    let p = Position::parse(Variant::Kalah4, "0,2,0,1/1,0,2,0 S").unwrap();
    assert!(!evaluator.holds(&p));
    let writer = Tablebase::open(&path).unwrap();
    writer.solve_up_to(Variant::Kalah4, 6, &Silent).unwrap();
    let waited = std::time::Instant::now();
    while !evaluator.holds(&p) {
        assert!(
            waited.elapsed() < std::time::Duration::from_secs(30),
            "the slices stored elsewhere are never seen"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(evaluator.held_up_to(Variant::Kalah4), 6);
    assert_eq!(
        evaluator.evaluate(&p, Budget::nodes(1)).unwrap().source,
        mancala_eval::Source::Tablebase
    );
}

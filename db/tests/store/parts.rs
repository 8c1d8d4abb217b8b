//! Another crate's tables in the file (`Part`): made and brought up to date by a writing open,
//! recorded in `parts`, read by a reading open only at the version this program reads, and a
//! file that never held them read as an empty part.

use std::sync::Arc;

use mancala_db::{Database, DbError, Part, PartMigration, PartTables, Tablebase};
use rusqlite::{params, Connection};

/// A made-up part: a table of notes, then a column added to it.
static NOTES: Part = Part {
    name: "notes",
    migrations: &[
        PartMigration {
            sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL) STRICT;",
            then: None,
        },
        PartMigration {
            sql: "ALTER TABLE notes ADD COLUMN author TEXT;",
            then: Some(sign_every_note),
        },
    ],
    version_before_parts: no_notes_before_parts,
};

/// The first version, for a reading open of a file a writer has not upgraded yet.
static NOTES_V1: Part = Part {
    name: "notes",
    migrations: &[PartMigration {
        sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL) STRICT;",
        then: None,
    }],
    version_before_parts: no_notes_before_parts,
};

fn no_notes_before_parts(_: &Connection) -> rusqlite::Result<usize> {
    Ok(0)
}

fn sign_every_note(tx: &rusqlite::Transaction) -> rusqlite::Result<()> {
    tx.execute("UPDATE notes SET author = 'before'", [])?;
    Ok(())
}

fn notes(tables: &PartTables) -> Vec<(String, Option<String>)> {
    let conn = tables.connection();
    let mut stmt = conn
        .prepare("SELECT text, author FROM notes ORDER BY id")
        .unwrap();
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

#[test]
fn a_part_is_made_upgraded_with_its_rows_and_recorded_once() {
    let (_dir, path) = super::new_db();
    drop(Tablebase::open(&path).unwrap());
    let v1 = PartTables::open(&path, &NOTES_V1).unwrap();
    v1.connection()
        .execute("INSERT INTO notes (text) VALUES (?1)", params!["first"])
        .unwrap();
    drop(v1);
    // A reader of the second version refuses the first, naming both.
    match PartTables::open_read_only(&path, &NOTES) {
        Err(
            e @ DbError::PartVersion {
                found: 1, read: 2, ..
            },
        ) => {
            assert!(
                e.to_string().contains("notes tables are at version 1"),
                "{e}"
            )
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a part of an older version was read"),
    }
    // A writer upgrades it, its step run on the rows there, and records it.
    let v2 = PartTables::open(&path, &NOTES).unwrap();
    assert_eq!(
        notes(&v2),
        [("first".to_owned(), Some("before".to_owned()))]
    );
    // Opened again: nothing runs twice.
    v2.connection()
        .execute("INSERT INTO notes (text) VALUES ('second')", [])
        .unwrap();
    drop(v2);
    let again = PartTables::open(&path, &NOTES).unwrap();
    assert_eq!(notes(&again)[1], ("second".to_owned(), None));
    let reader = PartTables::open_read_only(&path, &NOTES).unwrap();
    assert_eq!(notes(&reader).len(), 2);
    let conn = Connection::open(&path).unwrap();
    let version: i64 = conn
        .query_row("SELECT version FROM parts WHERE name = 'notes'", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(version, 2);
    // An older program meets a newer part: refused, nothing written.
    match PartTables::open(&path, &NOTES_V1) {
        Err(DbError::PartVersion {
            found: 2, read: 1, ..
        }) => {}
        other => panic!("{:?}", other.err()),
    }
}

#[test]
fn a_file_that_never_held_the_part_reads_as_an_empty_part() {
    let (_dir, path) = super::new_db();
    drop(Tablebase::open(&path).unwrap());
    let before = std::fs::read(&path).unwrap();
    let reader = PartTables::open_read_only(&path, &NOTES).unwrap();
    assert!(notes(&reader).is_empty());
    assert_eq!(reader.path(), path.display().to_string());
    drop(reader);
    // Nothing was made in the file: its tables are the store's alone.
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let conn = Connection::open(&path).unwrap();
    let notes_table: bool = conn
        .query_row(
            "SELECT count(*) > 0 FROM sqlite_schema WHERE name IN ('notes', 'parts')",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(!notes_table);
}

#[test]
fn a_part_and_the_tablebase_share_one_handle_a_role() {
    let (_dir, path) = super::new_db();
    // The writing role: the part made and a row written through the handle the tablebase
    // writes through too.
    let writing = Arc::new(Database::open(&path).unwrap());
    let written = PartTables::on(Arc::clone(&writing), &NOTES).unwrap();
    written
        .connection()
        .execute("INSERT INTO notes (text) VALUES ('shared')", [])
        .unwrap();
    let tb = Tablebase::from(Arc::clone(&writing));
    assert!(tb.slices(None).unwrap().is_empty());
    // The reading role: one handle, its connections serving both stores.
    let reading = Arc::new(Database::open_read_only(&path).unwrap());
    assert!(!reading.writes() && writing.writes());
    let read = PartTables::on(Arc::clone(&reading), &NOTES).unwrap();
    let tb = Tablebase::from(Arc::clone(&reading));
    assert_eq!(notes(&read), [("shared".to_owned(), None)]);
    assert!(tb.slices(None).unwrap().is_empty());
    assert_eq!(Arc::strong_count(&reading), 3);
}

/// A part up to date is only read when the file is opened for writing: another process holding
/// the write lock (a solve storing a group) does not stop the open, which would otherwise wait
/// out SQLite's busy timeout and fail with "database is locked".
#[test]
fn opening_a_part_up_to_date_does_not_wait_for_the_write_lock() {
    let (_dir, path) = super::new_db();
    drop(PartTables::open(&path, &NOTES).unwrap());
    let holder = Connection::open(&path).unwrap();
    holder.execute_batch("BEGIN IMMEDIATE").unwrap();
    let tables = PartTables::open(&path, &NOTES).unwrap();
    assert!(notes(&tables).is_empty());
    holder.execute_batch("COMMIT").unwrap();
}

//! The puzzles crate's tables in the tablebase file (a part of the file: [`Part`]): puzzles,
//! attempts, players, daily puzzles and compositions. Every change is a new migration appended
//! here, never an edit. Until this crate took them over, the store's own migrations 2, 4, 5
//! and 6 made them: a file from then holds the version its tables show
//! ([`version_before_parts`]).

use std::time::SystemTime;

use mancala_db::{Part, PartMigration};
use mancala_solver::{Position, Variant};
use rusqlite::{params, Connection, Transaction};

/// The puzzles crate's part of the file.
pub(crate) static PUZZLES: Part = Part {
    name: "puzzles",
    migrations: &MIGRATIONS,
    version_before_parts,
};

/// Every migration, oldest first.
static MIGRATIONS: [PartMigration; 4] = [
    PartMigration {
        sql: "CREATE TABLE puzzles (
            id               INTEGER PRIMARY KEY,
            variant          TEXT    NOT NULL,
            position         TEXT    NOT NULL, -- canonical position string, CAPTURED included
            solution         TEXT    NOT NULL, -- the whole line, space-separated, solver first
            themes           TEXT    NOT NULL, -- space-separated theme tags
            rating           REAL    NOT NULL, -- Glicko-2
            rating_deviation REAL    NOT NULL,
            volatility       REAL    NOT NULL,
            popularity       INTEGER NOT NULL DEFAULT 0, -- -100..100, from players' votes
            plays            INTEGER NOT NULL DEFAULT 0,
            created_at       TEXT    NOT NULL,
            UNIQUE (variant, position)
        ) STRICT;
        CREATE INDEX puzzles_by_rating ON puzzles (variant, rating);
        CREATE TABLE puzzle_attempts (
            id          INTEGER PRIMARY KEY,
            puzzle_id   INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
            moves       TEXT    NOT NULL, -- the player's moves, space-separated
            solved      INTEGER NOT NULL, -- 1: solved, 0: failed
            player_rating REAL  NOT NULL,
            at          TEXT    NOT NULL
        ) STRICT;",
        then: None,
    },
    // Issue 13: players, first-attempt-only rating, retired puzzles, daily puzzles; the puzzles
    // whose first move is forced (no decision to make) retired.
    PartMigration {
        sql: "CREATE TABLE players (
            id               INTEGER PRIMARY KEY,
            token            TEXT    NOT NULL UNIQUE, -- opaque, issued by the server
            rating           REAL    NOT NULL, -- Glicko-2
            rating_deviation REAL    NOT NULL,
            volatility       REAL    NOT NULL,
            streak           INTEGER NOT NULL DEFAULT 0, -- puzzles solved in the current streak
            best_streak      INTEGER NOT NULL DEFAULT 0,
            streak_puzzle_id INTEGER REFERENCES puzzles (id), -- the streak puzzle being played
            streak_floor     REAL, -- rating of the streak's last solved puzzle
            created_at       TEXT    NOT NULL
        ) STRICT;
        ALTER TABLE puzzles ADD COLUMN retired_at TEXT; -- set: kept for history, never served
        ALTER TABLE puzzle_attempts ADD COLUMN player_id INTEGER REFERENCES players (id);
        ALTER TABLE puzzle_attempts ADD COLUMN rated INTEGER NOT NULL DEFAULT 1; -- 1: re-rated
        ALTER TABLE puzzle_attempts ADD COLUMN gave_up INTEGER NOT NULL DEFAULT 0; -- solution shown
        ALTER TABLE puzzle_attempts ADD COLUMN rating_before REAL; -- the puzzle's, when rated
        ALTER TABLE puzzle_attempts ADD COLUMN rating_after REAL;
        CREATE INDEX puzzle_attempts_by_player ON puzzle_attempts (player_id, puzzle_id);
        CREATE TABLE daily_puzzles (
            day       TEXT    NOT NULL, -- UTC date, YYYY-MM-DD
            variant   TEXT    NOT NULL,
            puzzle_id INTEGER NOT NULL REFERENCES puzzles (id),
            PRIMARY KEY (day, variant)
        ) STRICT;",
        then: Some(retire_forced_puzzles),
    },
    // Issue 17: collections (the tablebase's puzzles and the Anuak problems composed beyond
    // it), and where each composition stopped, so that it resumes there.
    PartMigration {
        sql: "ALTER TABLE puzzles ADD COLUMN collection TEXT NOT NULL DEFAULT 'starter';
        CREATE TABLE compositions (
            variant        TEXT    NOT NULL,
            collection     TEXT    NOT NULL,
            seeds          TEXT    NOT NULL, -- the range of seeds on the board, `A..B`
            scan           INTEGER NOT NULL, -- 1: every solved position in turn; 0: sampled
            seed           INTEGER NOT NULL, -- of the sampled candidates
            next_candidate INTEGER NOT NULL, -- the first candidate not yet examined
            PRIMARY KEY (variant, collection, seeds, scan, seed)
        ) STRICT;",
        then: None,
    },
    // Issue 31: what each composition's last run found, so that `serve` does not compose
    // again at every start where the last run found nothing (NULL: not recorded).
    PartMigration {
        sql: "ALTER TABLE compositions ADD COLUMN last_found INTEGER;",
        then: None,
    },
];

/// The version of a file made before parts were recorded, from its tables: each migration
/// added a table or a column that the next did not.
fn version_before_parts(conn: &Connection) -> rusqlite::Result<usize> {
    let table = |name: &str| -> rusqlite::Result<bool> {
        conn.query_row(
            "SELECT count(*) > 0 FROM sqlite_schema WHERE type = 'table' AND name = ?1",
            params![name],
            |r| r.get(0),
        )
    };
    let last_found: bool = conn.query_row(
        "SELECT count(*) > 0 FROM pragma_table_info('compositions') WHERE name = 'last_found'",
        [],
        |r| r.get(0),
    )?;
    Ok(if last_found {
        4
    } else if table("compositions")? {
        3
    } else if table("players")? {
        2
    } else if table("puzzles")? {
        1
    } else {
        0
    })
}

/// Migration 2's step after its SQL: retires the stored puzzles whose first move is forced (a
/// single legal move: nothing to decide), which the puzzle definition no longer allows; they
/// stay for the history of attempts. A position that no longer parses is left alone: reading
/// the puzzle reports it.
fn retire_forced_puzzles(tx: &Transaction) -> rusqlite::Result<()> {
    let forced: Vec<i64> = {
        let mut stmt = tx.prepare("SELECT id, variant, position FROM puzzles")?;
        let rows = stmt.query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
            ))
        })?;
        let mut forced = Vec::new();
        for row in rows {
            let (id, variant, position) = row?;
            let parsed = variant
                .parse::<Variant>()
                .ok()
                .and_then(|v| Position::parse(v, &position).ok());
            if parsed.is_some_and(|p| p.legal_moves().len() < 2) {
                forced.push(id);
            }
        }
        forced
    };
    let now = humantime::format_rfc3339_seconds(SystemTime::now()).to_string();
    for id in forced {
        tx.execute(
            "UPDATE puzzles SET retired_at = ?2 WHERE id = ?1",
            params![id, now],
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use mancala_db::{PartTables, Tablebase};

    use super::*;

    /// A file whose puzzle tables were made by the store's own migrations, at the store's
    /// schema version 2 (before players): its stored puzzles are read as version 1 of the part,
    /// and bringing it up to date retires the puzzle whose first move is forced (South's row
    /// holds seeds in one pit only: one legal move) and keeps the one with two legal moves.
    #[test]
    fn a_file_from_before_parts_is_brought_up_to_date_and_its_forced_puzzles_retired() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.db");
        drop(Tablebase::open(&path).unwrap());
        {
            // What the store's migration 2 made, written as it did, with two puzzles.
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch(MIGRATIONS[0].sql).unwrap();
            for (n, position) in [
                (1, "0,0,1,0,2,1/0,0,0,4,0,0 S 20-20"),
                (2, "0,0,1,0,2,1/1,0,0,3,0,0 S 20-20"),
            ] {
                conn.execute(
                    "INSERT INTO puzzles (id, variant, position, solution, themes, rating,
                         rating_deviation, volatility, created_at)
                     VALUES (?1, 'rio-kadalis', ?2, '4', 'oneMove', 1500, 350, 0.06, 'then')",
                    params![n, position],
                )
                .unwrap();
            }
            assert_eq!(version_before_parts(&conn).unwrap(), 1);
        }
        let tables = PartTables::open(&path, &PUZZLES).unwrap();
        let conn = tables.connection();
        let mut stmt = conn
            .prepare("SELECT retired_at IS NOT NULL FROM puzzles ORDER BY id")
            .unwrap();
        let retired: Vec<bool> = stmt
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(retired, [true, false]);
        // Every table and column of the last migration is there, and recorded.
        assert_eq!(version_before_parts(&conn).unwrap(), MIGRATIONS.len());
        let recorded: i64 = conn
            .query_row(
                "SELECT version FROM parts WHERE name = 'puzzles'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(recorded, 4);
    }
}

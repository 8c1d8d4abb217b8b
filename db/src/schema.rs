//! The schema and its migrations. `PRAGMA user_version` holds the schema version
//! (rusqlite_migration); every change is a new migration appended here, never an edit.

use std::time::SystemTime;

use mancala_solver::{Position, Slice, SliceId, Variant};
use rusqlite::{params, Transaction};
use rusqlite_migration::{HookResult, Migrations, M};

use crate::chunk::{legacy_checksum, Place, CHUNK_SIZE};

/// The SQLite `application_id` of a mancala tablebase: `MNCL` in ASCII. `file(1)` and other
/// tools read it from the file's header to tell what the file is.
pub const APPLICATION_ID: i32 = 0x4D4E_434C;

/// The schema version of the last migration (`PRAGMA user_version` once it has run).
pub(crate) const VERSION: i64 = 7;

/// Migration 3: the file is stamped with the tablebase's `application_id`, and every chunk's
/// checksum is re-stamped to cover its place (see [`Place`]). A chunk whose old checksum (of
/// its data alone) does not match is left as it is, so that it stays reported as damaged.
/// (1296974668 is [`APPLICATION_ID`], `MNCL`; a test checks that they agree.)
const STAMP: &str = "PRAGMA application_id = 1296974668;";

/// Every migration, oldest first.
pub(crate) fn migrations() -> Migrations<'static> {
    Migrations::new(vec![
        M::up(
            "CREATE TABLE slices (
            variant        TEXT    NOT NULL,
            slice          TEXT    NOT NULL, -- `12`, or `5-3` (mover-opponent) on four-row boards
            seeds          INTEGER NOT NULL, -- seeds on the board
            positions      INTEGER NOT NULL,
            chunk_size     INTEGER NOT NULL, -- positions per chunk
            solver_version TEXT    NOT NULL,
            rules_version  TEXT    NOT NULL,
            solved_at      TEXT    NOT NULL, -- RFC 3339, UTC
            seconds        REAL    NOT NULL, -- time to solve the slice's group
            wins           INTEGER NOT NULL, -- positions with a value above 0 for the side to move
            draws          INTEGER NOT NULL, -- value 0
            losses         INTEGER NOT NULL, -- value below 0
            histogram      TEXT    NOT NULL, -- JSON object: value -> positions
            PRIMARY KEY (variant, slice)
        ) STRICT;
        CREATE TABLE chunks (
            variant TEXT    NOT NULL,
            slice   TEXT    NOT NULL,
            chunk   INTEGER NOT NULL,
            data    BLOB    NOT NULL, -- zstd of values (i8 each) then depths (u16 LE each)
            crc32   INTEGER NOT NULL, -- of `data`
            PRIMARY KEY (variant, slice, chunk),
            FOREIGN KEY (variant, slice) REFERENCES slices (variant, slice) ON DELETE CASCADE
        ) STRICT;",
        ),
        M::up(
            "CREATE TABLE puzzles (
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
        ),
        M::up_with_hook(STAMP, restamp_checksums),
        // Issue 13: players, first-attempt-only rating, retired puzzles, daily puzzles. The hook
        // retires the stored puzzles whose first move is forced (no decision to make).
        M::up_with_hook(
            "CREATE TABLE players (
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
            retire_forced_puzzles,
        ),
        // Issue 17: collections (the tablebase's puzzles and the Anuak problems composed beyond
        // it), and where each composition stopped, so that it resumes there.
        M::up(
            "ALTER TABLE puzzles ADD COLUMN collection TEXT NOT NULL DEFAULT 'starter';
        CREATE TABLE compositions (
            variant        TEXT    NOT NULL,
            collection     TEXT    NOT NULL,
            seeds          TEXT    NOT NULL, -- the range of seeds on the board, `A..B`
            scan           INTEGER NOT NULL, -- 1: every solved position in turn; 0: sampled
            seed           INTEGER NOT NULL, -- of the sampled candidates
            next_candidate INTEGER NOT NULL, -- the first candidate not yet examined
            PRIMARY KEY (variant, collection, seeds, scan, seed)
        ) STRICT;",
        ),
        // Issue 31: what each composition's last run found, so that `serve` does not compose
        // again at every start where the last run found nothing (NULL: not recorded).
        M::up("ALTER TABLE compositions ADD COLUMN last_found INTEGER;"),
        // Issue 31: searched answers kept across restarts, and the opening book
        // (`crate::stored_answers`).
        M::up(
            "CREATE TABLE answers (
            variant  TEXT    NOT NULL,
            board    TEXT    NOT NULL, -- the board as the side to move sees it, written as South's
            contents INTEGER NOT NULL, -- the tablebase it was searched over (its variant's slices)
            origin   TEXT    NOT NULL, -- `book` (mancala book build) or `search`
            nodes    INTEGER NOT NULL, -- the budget it was searched with: nodes
            millis   INTEGER,          -- and time, NULL for none
            analysis TEXT    NOT NULL, -- JSON: the value and every move's, what the search did
            PRIMARY KEY (variant, board)
        ) STRICT;",
        ),
    ])
}

/// Migration 4's hook: retires the stored puzzles whose first move is forced (a single legal
/// move: nothing to decide), which the puzzle definition no longer allows; they stay for the
/// history of attempts. A position that no longer parses is left alone: reading the puzzle
/// reports it.
fn retire_forced_puzzles(tx: &Transaction) -> HookResult {
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

/// Re-stamps the checksum of every chunk whose data still matches its old checksum.
fn restamp_checksums(tx: &Transaction) -> HookResult {
    let mut read = tx.prepare(
        "SELECT c.rowid, c.variant, c.slice, c.chunk, c.data, c.crc32, s.solver_version,
                s.rules_version
         FROM chunks c JOIN slices s ON s.variant = c.variant AND s.slice = c.slice",
    )?;
    let mut write = tx.prepare("UPDATE chunks SET crc32 = ?1 WHERE rowid = ?2")?;
    let mut rows = read.query([])?;
    while let Some(r) = rows.next()? {
        let data: Vec<u8> = r.get(4)?;
        if legacy_checksum(&data) != r.get::<_, i64>(5)? as u32 {
            continue;
        }
        let (variant, slice): (String, String) = (r.get(1)?, r.get(2)?);
        // A row that names no slice of ours, or a chunk number out of range, is left for
        // `db verify` to report.
        let (Ok(v), Ok(id)) = (variant.parse::<Variant>(), slice.parse::<SliceId>()) else {
            continue;
        };
        let Some(positions) = (Slice { variant: v, id }).checked_len() else {
            continue;
        };
        let Ok(chunk) = u64::try_from(r.get::<_, i64>(3)?) else {
            continue;
        };
        let (solver_version, rules_version): (String, String) = (r.get(6)?, r.get(7)?);
        let place = Place {
            variant: &variant,
            slice: &slice,
            chunk,
            len: positions.saturating_sub(chunk * CHUNK_SIZE).min(CHUNK_SIZE),
            solver_version: &solver_version,
            rules_version: &rules_version,
        };
        write.execute(params![place.checksum(&data) as i64, r.get::<_, i64>(0)?])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn migrations_are_valid_and_version_is_the_last() {
        super::migrations().validate().unwrap();
        let mut conn = rusqlite::Connection::open_in_memory().unwrap();
        super::migrations().to_latest(&mut conn).unwrap();
        let v: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(v, super::VERSION);
        let id: i32 = conn
            .query_row("PRAGMA application_id", [], |r| r.get(0))
            .unwrap();
        assert_eq!(id, super::APPLICATION_ID);
        assert_eq!(&super::APPLICATION_ID.to_be_bytes(), b"MNCL");
    }

    /// A database of schema version 2 with a puzzle whose first move is forced (South's row
    /// holds seeds in one pit only: one legal move) and one with two legal moves: bringing it
    /// up to date retires the first and leaves the second.
    #[test]
    fn the_migration_retires_puzzles_with_a_forced_first_move() {
        let mut conn = rusqlite::Connection::open_in_memory().unwrap();
        super::migrations().to_version(&mut conn, 2).unwrap();
        for (n, position) in [
            (1, "0,0,1,0,2,1/0,0,0,4,0,0 S 20-20"),
            (2, "0,0,1,0,2,1/1,0,0,3,0,0 S 20-20"),
        ] {
            conn.execute(
                "INSERT INTO puzzles (id, variant, position, solution, themes, rating,
                     rating_deviation, volatility, created_at)
                 VALUES (?1, 'rio-kadalis', ?2, '4', 'oneMove', 1500, 350, 0.06, 'then')",
                rusqlite::params![n, position],
            )
            .unwrap();
        }
        super::migrations().to_latest(&mut conn).unwrap();
        let mut stmt = conn
            .prepare("SELECT retired_at IS NOT NULL FROM puzzles ORDER BY id")
            .unwrap();
        let retired: Vec<bool> = stmt
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(retired, [true, false]);
    }
}

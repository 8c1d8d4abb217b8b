//! The schema and its migrations. `PRAGMA user_version` holds the schema version
//! (rusqlite_migration); every change is a new migration appended here, never an edit.

use mancala_solver::{Slice, SliceId, Variant};
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
        // 2, 4, 5 and 6 made the puzzles crate's tables; they are its own now (a part of the
        // file: `crate::Part`), and a file made since has them from that crate alone.
        M::up(""),
        M::up_with_hook(STAMP, restamp_checksums),
        M::up(""),
        M::up(""),
        M::up(""),
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
}

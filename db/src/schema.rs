//! The schema and its migrations. `PRAGMA user_version` holds the schema version
//! (rusqlite_migration); every change is a new migration appended here, never an edit.

use rusqlite_migration::{Migrations, M};

/// Every migration, oldest first.
pub(crate) fn migrations() -> Migrations<'static> {
    Migrations::new(vec![M::up(
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
    )])
}

#[cfg(test)]
mod tests {
    #[test]
    fn migrations_are_valid() {
        super::migrations().validate().unwrap();
    }
}

//! Only our own files are opened: another application's SQLite file, a directory or a missing
//! file are refused with an error that says which, and nothing is written to them.

use super::*;

/// Every byte of a file.
fn bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

#[test]
fn another_applications_sqlite_file_is_refused_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.sqlite");
    {
        let conn = sql(&notes);
        conn.execute("CREATE TABLE notes (body TEXT)", []).unwrap();
        conn.execute("INSERT INTO notes VALUES ('keep me')", [])
            .unwrap();
    }
    // An application id of its own, and no table at all.
    let stamped = dir.path().join("stamped.sqlite");
    sql(&stamped)
        .pragma_update(None, "application_id", 0x1234_5678)
        .unwrap();
    for (file, says) in [
        (&notes, "with the tables notes"),
        (&stamped, "application id is 0x12345678"),
    ] {
        let before = bytes(file);
        for err in [
            Tablebase::open(file).err().unwrap(),
            Tablebase::open_read_only(file).err().unwrap(),
        ] {
            assert!(matches!(err, DbError::Foreign { .. }), "{err}");
            let text = err.to_string();
            assert!(text.contains("not a mancala tablebase"), "{text}");
            assert!(text.contains(says), "{text}");
            assert!(text.contains("left untouched"), "{text}");
        }
        assert_eq!(bytes(file), before, "{} was changed", file.display());
        assert!(!dir.path().join(format!("{}-wal", file.display())).exists());
    }
}

#[test]
fn a_new_file_is_stamped_as_a_tablebase() {
    let (_dir, path) = new_db();
    Tablebase::open(&path).unwrap();
    // The application id sits at offset 68 of the file's header, big-endian.
    let header = bytes(&path);
    assert_eq!(&header[68..72], b"MNCL");
    // An empty SQLite file (created by another tool, no table yet) may become one too.
    let empty = path.with_file_name("empty.db");
    sql(&empty).execute_batch("VACUUM").unwrap();
    Tablebase::open(&empty).unwrap();
    Tablebase::open_read_only(&empty).unwrap();
}

#[test]
fn a_directory_and_a_missing_file_are_named_as_such() {
    let dir = tempfile::tempdir().unwrap();
    for err in [
        Tablebase::open(dir.path()).err().unwrap(),
        Tablebase::open_read_only(dir.path()).err().unwrap(),
    ] {
        assert!(matches!(err, DbError::Directory { .. }), "{err}");
        assert!(err.to_string().contains("is a directory"), "{err}");
    }
    let missing = dir.path().join("missing.db");
    let err = Tablebase::open_read_only(&missing).err().unwrap();
    assert!(matches!(err, DbError::Missing { .. }), "{err}");
    // The file is named; which command builds one is the command line's to say (tests/cli).
    assert!(err.to_string().contains("missing.db"), "{err}");
    assert!(!missing.exists());
}

//! `mancala db verify --deep`: a solved table passes, each slice is checked once (resumable), and
//! a stored value or depth that is wrong, in a chunk whose checksum matches (damage the plain
//! verification cannot see), is named with the figures the independent rules give.

use crate::common::bin::{run_db, Ran};
use crate::common::scratch::fresh_tablebase;
use crate::counting::binom;
use crate::sqlite::{chunk_rows, forged_checksum, overwrite_chunk, slice_rows};

/// Positions of Rio Kadalis (5 pits a side, so 10 pits) slices 0, 4, 8 and 12: `C(n + 9, 9)`.
fn rio5_positions(slices: &[u64]) -> u64 {
    slices.iter().map(|&n| binom(n + 9, 9)).sum()
}

/// The number after `label` in `text` (digits and thousands separators), e.g. "318,956".
fn number_before(text: &str, label: &str) -> u64 {
    let end = text
        .find(label)
        .unwrap_or_else(|| panic!("`{label}` not in: {text}"));
    let digits: String = text[..end]
        .trim_end()
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .filter(char::is_ascii_digit)
        .collect::<String>()
        .chars()
        .rev()
        .collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no number before `{label}` in: {text}"))
}

/// Asserts that a deep check failed cleanly (exit code 1, no panic) once the plain verification
/// had passed and said so; returns standard error.
fn fails_after_the_plain_check(ran: &Ran) -> &str {
    assert_eq!(ran.status.code(), Some(1), "{ran:?}");
    assert!(!ran.stderr.contains("panicked"), "{ran:?}");
    assert!(ran.stdout.contains("slices intact"), "{ran:?}");
    &ran.stderr
}

/// The deep check of Rio Kadalis (5 pits) slice 12 alone.
const SLICE_12: [&str; 7] = [
    "db",
    "verify",
    "--deep",
    "--variant",
    "rio-kadalis-5",
    "--slice",
    "12",
];

#[test]
fn a_solved_table_passes_and_a_slice_checked_is_not_checked_again() {
    let (_dir, db) = fresh_tablebase(&[("rio-kadalis-5", 12)]);
    let progress_file = db.with_file_name(format!(
        "{}.deep-verify",
        db.file_name().unwrap().to_str().unwrap()
    ));

    // The whole file: every position of the four slices (seeds come in fours).
    let ran = run_db(&["db", "verify", "--deep"], &db);
    let out = ran.ok().to_owned();
    assert!(out.contains("all 4 slice(s) checked agree"), "{ran:?}");
    assert_eq!(
        number_before(&out, "positions in"),
        rio5_positions(&[0, 4, 8, 12]),
        "{out}"
    );
    // A whole file that passed leaves no progress behind: the next check starts afresh.
    assert!(!progress_file.exists());

    // One slice, then the variant: the slice checked first is recorded and skipped.
    let ran = run_db(&SLICE_12, &db);
    assert_eq!(
        number_before(ran.ok(), "positions in"),
        binom(21, 9),
        "{ran:?}"
    );
    assert!(progress_file.exists());

    // A slice stopped part way: the progress file says its first two chunks agree (the line of
    // the slice checked in full, with `chunks 2` after it), and the check goes on from the third.
    let recorded = std::fs::read_to_string(&progress_file).unwrap();
    let (header, full) = recorded.trim_end().split_once('\n').unwrap();
    std::fs::write(&progress_file, format!("{header}\n{full}\tchunks 2\n")).unwrap();
    let chunk_size: u64 = slice_rows(&db)
        .iter()
        .find(|r| r.1 == "12")
        .map(|r| r.4 as u64)
        .unwrap();
    assert!(binom(21, 9) > 2 * chunk_size, "slice 12 has a third chunk");
    let ran = run_db(&SLICE_12, &db);
    assert_eq!(
        number_before(ran.ok(), "positions in"),
        binom(21, 9) - 2 * chunk_size,
        "{ran:?}"
    );
    assert!(ran.stderr.contains("its first 2 of"), "{ran:?}");

    let ran = run_db(
        &["db", "verify", "--deep", "--variant", "rio-kadalis-5"],
        &db,
    );
    let out = ran.ok();
    assert!(out.contains("all 3 slice(s) checked agree"), "{ran:?}");
    assert!(out.contains("1 slice(s) checked before"), "{ran:?}");
    assert_eq!(
        number_before(out, "positions in"),
        rio5_positions(&[0, 4, 8]),
        "{out}"
    );

    // Clockwise Rio Kadalis has no slices: its own rules (mancala-check's, sowing down the
    // ring) are checked against these tables at each position's mirror, every one of them, from
    // the start (a record of its progress would be read as the counter-clockwise check's).
    let ran = run_db(
        &["db", "verify", "--deep", "--variant", "rio-kadalis-5-cw"],
        &db,
    );
    let out = ran.ok();
    assert!(out.contains("all 4 slice(s) checked agree"), "{ran:?}");
    assert_eq!(
        number_before(out, "positions in"),
        rio5_positions(&[0, 4, 8, 12]),
        "{out}"
    );
    assert!(
        ran.stderr.contains(
            "checking rio-kadalis-5's with rio-kadalis-5-cw's rules at each position's mirror"
        ),
        "{ran:?}"
    );

    // Asking for what is not there is an error that says so.
    let ran = run_db(
        &[
            "db",
            "verify",
            "--deep",
            "--variant",
            "oware",
            "--slice",
            "4",
        ],
        &db,
    );
    assert!(
        fails_after_the_plain_check(&ran).contains("error: oware slice 4 is not in"),
        "{ran:?}"
    );
}

#[test]
fn a_wrong_value_or_depth_under_a_matching_checksum_is_named() {
    let (_dir, db) = fresh_tablebase(&[("rio-kadalis-5", 12)]);
    let row = slice_rows(&db)
        .into_iter()
        .find(|r| r.1 == "12")
        .expect("slice 12");
    let chunk = 2u64; // positions 131,072 .. 196,607 of slice 12, a full chunk
    let data = chunk_rows(&db)
        .into_iter()
        .find(|c| c.1 == "12" && c.2 == chunk as i64)
        .expect("chunk 2")
        .3;
    // The chunk's bytes: 65,536 values (i8), then as many depths (u16, little-endian).
    let mut raw = zstd::bulk::decompress(&data, 3 * 65536).unwrap();
    let n = 65536;
    let depth_of = |raw: &[u8], i: usize| u16::from_le_bytes([raw[n + 2 * i], raw[n + 2 * i + 1]]);
    // Three positions won by their side to move (value above 0, so they have depths), a and c
    // of different values.
    let won: Vec<usize> = (0..n).filter(|&i| (raw[i] as i8) > 0).collect();
    let a = won[0];
    let c = *won.iter().rev().find(|&&i| raw[i] != raw[a]).unwrap();
    let b = won[1000];
    let (value_a, depth_a) = (raw[a] as i8, depth_of(&raw, a));
    let (value_b, depth_b) = (raw[b] as i8, depth_of(&raw, b));
    let (value_c, depth_c) = (raw[c] as i8, depth_of(&raw, c));
    // a and c swap values (so the slice row's count of each value still holds, and the plain
    // verification cannot tell); b claims a depth two plies longer.
    raw.swap(a, c);
    raw[n + 2 * b..n + 2 * b + 2].copy_from_slice(&(depth_b + 2).to_le_bytes());
    let forged = zstd::bulk::compress(&raw, 3).unwrap();
    let crc = forged_checksum(&row, chunk, n as u64, &forged);
    overwrite_chunk(
        &db,
        ("rio-kadalis-5", "12", chunk as i64),
        &forged,
        Some(crc),
    );

    // The checksum matches and the chunk decodes: the plain verification finds nothing.
    run_db(&["db", "verify"], &db).ok();
    // The deep check names both, with what the rules give from the positions after their moves
    // (which are unchanged, so the figures the solver stored).
    let ran = run_db(&["db", "verify", "--deep"], &db);
    let err = fails_after_the_plain_check(&ran);
    let named = |err: &str| -> Vec<String> {
        err.lines()
            .filter(|l| l.starts_with("disagreement: rio-kadalis-5 slice 12 `"))
            .map(str::to_owned)
            .collect()
    };
    let in_one_piece = named(err);
    let index = |i: usize| chunk * 65536 + i as u64;
    for want in [
        format!(
            "(index {}): stored value {value_c} depth {depth_a}, the plain rules give value \
             {value_a} depth {depth_a}",
            index(a)
        ),
        format!(
            "(index {}): stored value {value_a} depth {depth_c}, the plain rules give value \
             {value_c} depth {depth_c}",
            index(c)
        ),
        format!(
            "(index {}): stored value {value_b} depth {}, the plain rules give value {value_b} \
             depth {depth_b}",
            index(b),
            depth_b + 2
        ),
    ] {
        assert!(
            err.lines()
                .any(|l| l.starts_with("disagreement: rio-kadalis-5 slice 12 `")
                    && l.contains(&want)),
            "missing `{want}` in {ran:?}"
        );
    }
    assert!(err.contains("deep check failed"), "{ran:?}");
    // The other slices still agree, and nothing was recorded as checked for slice 12.
    assert!(err.contains("(3 slice(s) agree"), "{ran:?}");
    let progress_file = db.with_file_name(format!(
        "{}.deep-verify",
        db.file_name().unwrap().to_str().unwrap()
    ));
    let recorded = std::fs::read_to_string(&progress_file).unwrap();
    assert!(!recorded.contains("\t12\t"), "{recorded}");

    // Checked with the clockwise rules at each position's mirror: the same positions disagree,
    // by the same figures (a value and a depth are the same seen in a mirror).
    let ran = run_db(
        &["db", "verify", "--deep", "--variant", "rio-kadalis-5-cw"],
        &db,
    );
    assert_eq!(
        named(fails_after_the_plain_check(&ran)),
        in_one_piece,
        "{ran:?}"
    );

    // In pieces of one chunk (a byte of memory still checks a chunk a piece), each piece
    // reading the chunks its moves reach once: the same disagreements are named (the forged
    // positions and those whose moves reach them, which may lie in any chunk), and the chunks
    // before the first disagreeing one are recorded as checked as the check goes.
    let in_pieces = [&SLICE_12[..], &["--memory", "1B"]].concat();
    let ran = run_db(&in_pieces, &db);
    let err = fails_after_the_plain_check(&ran);
    assert_eq!(named(err), in_one_piece, "{ran:?}");
    let first_bad_chunk = in_one_piece
        .iter()
        .map(|l| {
            let at = &l[l.find("(index ").unwrap() + 7..];
            at[..at.find(')').unwrap()].parse::<u64>().unwrap() / 65536
        })
        .min()
        .unwrap();
    let recorded = std::fs::read_to_string(&progress_file).unwrap();
    let last = recorded.lines().last().unwrap();
    if first_bad_chunk > 0 {
        assert!(
            last.ends_with(&format!("\tchunks {first_bad_chunk}")),
            "{recorded}"
        );
    } else {
        assert!(!recorded.contains("\tchunks"), "{recorded}");
    }
}

#[test]
fn shape_tables_are_checked_by_the_independent_rules_and_a_wrong_value_is_named() {
    let dir = crate::common::scratch::tempdir();
    let db = dir.path().join("shapes.db");
    let solve = [
        "solve",
        "rio-kadalis-5",
        "--max-seeds",
        "12",
        "--shapes",
        "2+3",
        "--quiet",
    ];
    run_db(&solve, &db).ok();
    // The full board's 4 slices and the shape's 0, 4, 8, 12 in both orders: seeds over the
    // 5 open pits, C(n + 4, 4) boards each.
    let ran = run_db(&["db", "verify", "--deep"], &db);
    let out = ran.ok().to_owned();
    assert!(out.contains("all 12 slice(s) checked agree"), "{ran:?}");
    let shaped: u64 = [0, 4, 8, 12].iter().map(|&n| 2 * binom(n + 4, 4)).sum();
    assert_eq!(
        number_before(&out, "positions in"),
        rio5_positions(&[0, 4, 8, 12]) + shaped,
        "{out}"
    );

    // Two positions of slice 12@3+2 of different values swap them (the counts of each value
    // hold, and the checksum is forged to match): the deep check names them, a board with
    // closed pits written with `x`.
    let row = slice_rows(&db)
        .into_iter()
        .find(|r| r.1 == "12@3+2")
        .expect("slice 12@3+2");
    let data = chunk_rows(&db)
        .into_iter()
        .find(|c| c.1 == "12@3+2")
        .expect("its chunk")
        .3;
    let n = binom(16, 4) as usize; // 1,820 positions, one chunk
    let mut raw = zstd::bulk::decompress(&data, 3 * n).unwrap();
    let a = (0..n).find(|&i| (raw[i] as i8) > 0).unwrap();
    let c = (0..n).find(|&i| raw[i] != raw[a]).unwrap();
    raw.swap(a, c);
    let forged = zstd::bulk::compress(&raw, 3).unwrap();
    let crc = forged_checksum(&row, 0, n as u64, &forged);
    overwrite_chunk(&db, ("rio-kadalis-5", "12@3+2", 0), &forged, Some(crc));
    run_db(&["db", "verify"], &db).ok();
    let ran = run_db(&["db", "verify", "--deep"], &db);
    let err = fails_after_the_plain_check(&ran);
    for i in [a, c] {
        assert!(
            err.lines().any(
                |l| l.starts_with("disagreement: rio-kadalis-5 slice 12@3+2 `")
                    && l.contains('x')
                    && l.contains(&format!("(index {i})"))
            ),
            "index {i} not named in {ran:?}"
        );
    }
    assert!(err.contains("(11 slice(s) agree"), "{ran:?}");
}

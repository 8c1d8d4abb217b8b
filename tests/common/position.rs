//! Position strings written and read here, by the notation (docs/rules.md#notation), not by the
//! code under test: rows of counts, the side to move and the CAPTURED field `s-n`.

/// Counts joined by commas, as in a row of a position string.
pub fn row(counts: impl IntoIterator<Item = u8>) -> String {
    counts
        .into_iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// A two-row position string: North's row `P..1`, then South's `1..P`. `south[k]` and
/// `north[k]` are pit `k + 1` of each side.
pub fn two_row(south: &[u8], north: &[u8], side: char) -> String {
    format!(
        "{}/{} {side}",
        row(north.iter().rev().copied()),
        row(south.iter().copied())
    )
}

/// A four-row position string: North outer `P..1`, North inner `P+1..2P`, South inner
/// `2P..P+1`, South outer `1..P`. `south[k]` and `north[k]` are pit `k + 1` of each side.
pub fn four_row(south: &[u8], north: &[u8], side: char) -> String {
    let p = south.len() / 2;
    format!(
        "{}/{}/{}/{} {side}",
        row(north[..p].iter().rev().copied()),
        row(north[p..].iter().copied()),
        row(south[p..].iter().rev().copied()),
        row(south[..p].iter().copied()),
    )
}

/// (captured by South, captured by North) of a position string: its CAPTURED field, 0-0 when it
/// is left out.
pub fn captured_of(position: &str) -> [u32; 2] {
    match position.split([' ', '_']).nth(2) {
        None => [0, 0],
        Some(c) => {
            let (s, n) = c.split_once('-').expect("CAPTURED is s-n");
            [s.parse().unwrap(), n.parse().unwrap()]
        }
    }
}

/// The seeds on the board of a position string.
pub fn seeds_on_board(position: &str) -> u32 {
    let rows = position.split([' ', '_']).next().unwrap();
    rows.split(['/', ','])
        .map(|c| c.parse::<u32>().unwrap())
        .sum()
}

/// The index of the side to move of a position string (0 South, 1 North), to index the pairs of
/// `captured_of`.
pub fn mover_of(position: &str) -> usize {
    match position.split([' ', '_']).nth(1) {
        Some("S") => 0,
        Some("N") => 1,
        other => panic!("side {other:?} in `{position}`"),
    }
}

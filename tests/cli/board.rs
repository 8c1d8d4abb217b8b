//! Reading the board that `show` and `play` draw: every count with the pit label above or below
//! it, so that a test can say which pit holds what.

/// A drawn row: its name (`South`, `North inner`...) and, from left to right, each pit's label
/// (`S1`, `N14`...) with the count drawn in the same column.
pub type DrawnRow = (String, Vec<(String, u32)>);

/// Every whitespace-separated token of a line, with the column just after its end.
fn tokens_by_end(line: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices().chain([(line.len(), ' ')]) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push((i, line[s..i].to_owned()));
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// A line of nothing but pit labels of one side (`S1 S2 ...`).
fn is_label_line(line: &str, letter: char) -> bool {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    !tokens.is_empty()
        && tokens.iter().all(|t| {
            t.starts_with(letter) && t.len() > 1 && t[1..].bytes().all(|b| b.is_ascii_digit())
        })
}

/// Reads the board out of `show`/`play` output, top row first. Each count row is paired with
/// its neighbouring line of labels of the same side, and each count with the label that ends in
/// the same column (both are right-aligned).
pub fn parse_board(text: &str) -> Vec<DrawnRow> {
    let lines: Vec<&str> = text.lines().collect();
    let mut rows = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let letter = if line.starts_with("North") {
            'N'
        } else if line.starts_with("South") {
            'S'
        } else {
            continue;
        };
        let four_row_names = ["North inner", "North outer", "South inner", "South outer"];
        let name_len = if four_row_names.iter().any(|n| line.starts_with(n)) {
            11
        } else {
            5
        };
        // Status lines ("South to move.") also start with a side's name: a row of counts has
        // nothing but numbers after it.
        let is_count_row = line[name_len..]
            .split_whitespace()
            .all(|t| t.bytes().all(|b| b.is_ascii_digit()));
        if !is_count_row || line[name_len..].trim().is_empty() {
            continue;
        }
        let above = i.checked_sub(1).map(|j| lines[j]);
        let below = lines.get(i + 1).copied();
        let labels = [above, below]
            .into_iter()
            .flatten()
            .find(|l| is_label_line(l, letter))
            .unwrap_or_else(|| panic!("no label line next to `{line}` in\n{text}"));
        let counts = tokens_by_end(&line[name_len..])
            .into_iter()
            .map(|(end, t)| (end + name_len, t))
            .collect::<Vec<_>>();
        let labels = tokens_by_end(labels);
        assert_eq!(counts.len(), labels.len(), "row `{line}` in\n{text}");
        let pits = labels
            .into_iter()
            .zip(counts)
            .map(|((label_end, label), (count_end, count))| {
                assert_eq!(label_end, count_end, "{label} misaligned in\n{text}");
                (label, count.parse::<u32>().expect("a count"))
            })
            .collect();
        rows.push((line[..name_len].to_owned(), pits));
    }
    rows
}

/// The count drawn for a pit label anywhere on a parsed board.
pub fn count_of(board: &[DrawnRow], label: &str) -> u32 {
    board
        .iter()
        .flat_map(|(_, pits)| pits)
        .find(|(l, _)| l == label)
        .unwrap_or_else(|| panic!("no pit {label}"))
        .1
}

/// Asserts the count drawn at every pit of a two-row board of 6 pits a row, given as
/// `[S1..S6, N1..N6]`.
pub fn assert_counts(board: &[DrawnRow], counts: [u32; 12], text: &str) {
    let labels = (1..=6)
        .map(|k| format!("S{k}"))
        .chain((1..=6).map(|k| format!("N{k}")));
    for (label, count) in labels.zip(counts) {
        assert_eq!(count_of(board, &label), count, "{label} in\n{text}");
    }
}

/// The labels of one drawn row, left to right.
pub fn labels(row: &DrawnRow) -> Vec<&str> {
    row.1.iter().map(|(l, _)| l.as_str()).collect()
}

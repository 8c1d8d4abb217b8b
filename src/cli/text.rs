//! Formatting shared by the commands' text output: numbers with thousands separators, counts of
//! plies, and text wrapped at spaces.

/// `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `n` plies in words: `1 ply`, `2 plies`.
pub fn plies(n: impl Into<u64>) -> String {
    match n.into() {
        1 => "1 ply".to_owned(),
        n => format!("{n} plies"),
    }
}

/// Splits `text` into lines of at most `width` characters at spaces (a longer word stands alone).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_keeps_every_word_and_the_width() {
        let text = "one two three four five six seven eight nine ten";
        let lines = wrap(text, 10);
        assert!(lines.iter().all(|l| l.len() <= 10), "{lines:?}");
        assert_eq!(lines.join(" "), text);
        assert_eq!(wrap("", 10), Vec::<String>::new());
    }

    #[test]
    fn thousands_groups_by_three() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
    }
}

//! Theme tags: what a puzzle's solution shows, in the style of chess puzzle databases. Each is a
//! camelCase word on the wire and in the database (space-separated there), and an enum
//! everywhere in between, so that no code matches theme names as strings.

use std::fmt;
use std::str::FromStr;

/// One theme tag. The generator (`mancala-puzzles`) decides which apply; this crate stores them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The solution is a single move.
    OneMove,
    /// Two moves of the solver.
    Short,
    /// Three or four moves of the solver.
    Long,
    /// Five or more moves of the solver.
    VeryLong,
    /// The first move captures nothing.
    Quiet,
    /// A solution move gives the opponent seeds, at once or with their reply.
    Sacrifice,
    /// A solution move's first hand ends in an occupied pit and sows on.
    Relay,
    /// A solution move's last seed makes a four that the mover takes.
    Binikh,
    /// A solution move earns another turn.
    ExtraTurn,
    /// The solution leaves the opponent without seeds to play.
    Starvation,
    /// The solution leaves the opponent without a legal move.
    Immobilisation,
    /// A solution move captures every seed on the opponent's side.
    GrandSlam,
}

impl Theme {
    /// Every theme, in the order the generator tags them (and help texts list them).
    pub const ALL: [Theme; 12] = [
        Theme::OneMove,
        Theme::Short,
        Theme::Long,
        Theme::VeryLong,
        Theme::Quiet,
        Theme::Sacrifice,
        Theme::Relay,
        Theme::Binikh,
        Theme::ExtraTurn,
        Theme::Starvation,
        Theme::Immobilisation,
        Theme::GrandSlam,
    ];

    /// The tag as written in the database, the API and the CSV export: `oneMove`, `grandSlam`...
    pub fn as_str(self) -> &'static str {
        self.name_and_meaning().0
    }

    /// What the tag means, in a few words (for help texts and documentation).
    pub fn meaning(self) -> &'static str {
        self.name_and_meaning().1
    }

    /// The one table of names and meanings, so that the two cannot drift apart.
    fn name_and_meaning(self) -> (&'static str, &'static str) {
        match self {
            Theme::OneMove => ("oneMove", "the solution is a single move"),
            Theme::Short => ("short", "two moves of the solver"),
            Theme::Long => ("long", "three or four moves of the solver"),
            Theme::VeryLong => ("veryLong", "five or more moves of the solver"),
            Theme::Quiet => ("quiet", "the first move captures nothing"),
            Theme::Sacrifice => (
                "sacrifice",
                "a solution move gives the opponent seeds, at once or with their reply",
            ),
            Theme::Relay => (
                "relay",
                "a solution move's first hand ends in an occupied pit and sows on",
            ),
            Theme::Binikh => (
                "binikh",
                "a solution move's last seed makes a four that the mover takes",
            ),
            Theme::ExtraTurn => ("extraTurn", "a solution move earns another turn"),
            Theme::Starvation => (
                "starvation",
                "the solution leaves the opponent without seeds to play",
            ),
            Theme::Immobilisation => (
                "immobilisation",
                "the solution leaves the opponent without a legal move",
            ),
            Theme::GrandSlam => (
                "grandSlam",
                "a solution move captures every seed on the opponent's side",
            ),
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A theme tag that is none of [`Theme::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown theme `{0}`; the themes are {list}", list = theme_list())]
pub struct UnknownTheme(pub String);

/// `oneMove, short, ...`: every tag, for error messages.
fn theme_list() -> String {
    Theme::ALL.map(Theme::as_str).join(", ")
}

impl FromStr for Theme {
    type Err = UnknownTheme;

    /// Reads a tag, ignoring ASCII case: the API's theme filter has always matched tags that
    /// way (SQLite's `LIKE`), so `ONEMOVE` still finds `oneMove` puzzles.
    fn from_str(text: &str) -> Result<Theme, UnknownTheme> {
        Theme::ALL
            .into_iter()
            .find(|t| t.as_str().eq_ignore_ascii_case(text))
            .ok_or_else(|| UnknownTheme(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_theme_reads_back_from_its_name() {
        for t in Theme::ALL {
            assert_eq!(t.as_str().parse::<Theme>(), Ok(t));
            assert!(!t.meaning().is_empty());
        }
        assert_eq!("GRANDSLAM".parse::<Theme>(), Ok(Theme::GrandSlam));
    }

    #[test]
    fn an_unknown_theme_is_an_error_naming_it() {
        let err = "noSuchTheme".parse::<Theme>().unwrap_err();
        assert_eq!(err, UnknownTheme("noSuchTheme".into()));
        let text = err.to_string();
        assert!(text.contains("`noSuchTheme`"), "{text}");
        assert!(
            text.contains("oneMove") && text.contains("grandSlam"),
            "{text}"
        );
    }
}

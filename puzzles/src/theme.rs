//! Theme tags: what a puzzle's solution shows, in the style of chess puzzle databases. Each is a
//! camelCase word on the wire and in the database (space-separated there), and an enum
//! everywhere in between, so that no code matches theme names as strings.

use std::fmt;
use std::str::FromStr;

/// One theme tag. The generator (`mancala-puzzles`) decides which apply; this crate stores them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// A single move to find (forced moves are not counted).
    OneMove,
    /// Two moves to find.
    Short,
    /// Three or four moves to find.
    Long,
    /// Five or more moves to find.
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
    /// A solution move empties three or more pits besides its own: a relay or capture chain.
    Chain,
    /// Al-manqala: at one of the solver's turns the opponent's row is empty, so the rules force
    /// the solver to give them seeds.
    Feeding,
    /// At one of the solver's decisions a wrong move lets the side behind save endless play (a
    /// draw, or an even split of the seeds left).
    CycleSave,
    /// Hawalis, Bao la Kiarabu: a solution move leaves the opponent only endless sowings, or
    /// no move at all.
    EndlessTrap,
    /// At one of the solver's turns two or more of its moves would each make a binikh four.
    BinikhFork,
    /// Rio Kadalis: the board has pits closed with sand, as in a match's later rounds.
    ClosedPits,
}

impl Theme {
    /// Every theme, in the order the generator tags them (and help texts list them).
    pub const ALL: [Theme; 18] = [
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
        Theme::Chain,
        Theme::Feeding,
        Theme::CycleSave,
        Theme::EndlessTrap,
        Theme::BinikhFork,
        Theme::ClosedPits,
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
            Theme::OneMove => ("oneMove", "a single move to find"),
            Theme::Short => ("short", "two moves to find"),
            Theme::Long => ("long", "three or four moves to find"),
            Theme::VeryLong => ("veryLong", "five or more moves to find"),
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
            Theme::Chain => (
                "chain",
                "a solution move empties three or more pits besides its own (a relay or capture chain)",
            ),
            Theme::Feeding => (
                "feeding",
                "Al-manqala: the opponent's row is empty, so the solver is forced to give them seeds",
            ),
            Theme::CycleSave => (
                "cycleSave",
                "a wrong move lets the side behind save a draw or an even split by endless play",
            ),
            Theme::EndlessTrap => (
                "endlessTrap",
                "Hawalis, Bao: the opponent is left only endless sowings, or no move",
            ),
            Theme::BinikhFork => (
                "binikhFork",
                "two or more of the solver's moves would each make a binikh four",
            ),
            Theme::ClosedPits => (
                "closedPits",
                "Rio Kadalis: pits closed with sand, as in a match's later rounds",
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

    /// Reads a tag, exactly as written (`grandSlam`): a filter matches whole tags, nothing else.
    fn from_str(text: &str) -> Result<Theme, UnknownTheme> {
        Theme::ALL
            .into_iter()
            .find(|t| t.as_str() == text)
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
        assert!("GRANDSLAM".parse::<Theme>().is_err());
        assert!("%".parse::<Theme>().is_err());
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

//! Puzzle collections: the tablebase's own puzzles, and the Anuak problems composed beyond it.
//! A collection is a word in the database and on the wire and an enum in between.

use std::fmt;
use std::str::FromStr;

/// Which collection a puzzle belongs to; how it was made and how an attempt at it is checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Collection {
    /// Found in the tablebase: every position of the line is solved, and an attempt is checked
    /// against it (any win-keeping move counts).
    #[default]
    Starter,
    /// Composed problems in the Anuak tradition: positions beyond the tablebase, proven by
    /// exact search, with a single winning move at every turn of the solver, so an attempt is
    /// checked against the stored line.
    Anuak,
}

impl Collection {
    /// Every collection.
    pub const ALL: [Collection; 2] = [Collection::Starter, Collection::Anuak];

    /// The word in the database and the API: `starter` or `anuak`.
    pub fn as_str(self) -> &'static str {
        match self {
            Collection::Starter => "starter",
            Collection::Anuak => "anuak",
        }
    }

    /// The name shown to players.
    pub fn title(self) -> &'static str {
        match self {
            Collection::Starter => "Tablebase puzzles",
            Collection::Anuak => "Anuak problems",
        }
    }
}

impl fmt::Display for Collection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A collection name that is not one of [`Collection::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown collection {0:?}: expected one of starter, anuak")]
pub struct UnknownCollection(pub String);

impl FromStr for Collection {
    type Err = UnknownCollection;

    fn from_str(s: &str) -> Result<Collection, UnknownCollection> {
        Collection::ALL
            .into_iter()
            .find(|c| c.as_str() == s)
            .ok_or_else(|| UnknownCollection(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_ones_are_named() {
        for c in Collection::ALL {
            assert_eq!(c.as_str().parse::<Collection>(), Ok(c));
        }
        let e = "anuaq".parse::<Collection>().unwrap_err();
        assert!(e.to_string().contains("\"anuaq\""), "{e}");
    }
}

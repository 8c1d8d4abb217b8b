//! Query strings: `?position=` of the position routes and the filter of `GET
//! /api/puzzles/next`. Both are read as the string's pairs first, so that a repeated parameter
//! is not an error: its first value counts.

use mancala_puzzles::{Collection, PuzzleFilter, Theme};
use mancala_solver::{Position, Variant};
use serde::Deserialize;

use crate::error::ApiError;
use crate::limits::PLAYER_RATINGS;

/// A query string as its pairs, in order.
type QueryPairs = Vec<(String, String)>;

/// The first value of `key` in a query.
fn first(pairs: &QueryPairs, key: &str) -> Option<String> {
    pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
}

/// The query of `GET /api/{variant}` and `GET /api/{variant}/mainline`: `?position=...`, and
/// for an evaluation outside the tablebase an optional `&budget=NODES`.
#[derive(Debug, Deserialize)]
#[serde(from = "QueryPairs")]
pub struct PositionQuery {
    position: Option<String>,
    budget: Option<String>,
    sowing: Option<String>,
}

impl From<QueryPairs> for PositionQuery {
    fn from(pairs: QueryPairs) -> PositionQuery {
        PositionQuery {
            position: first(&pairs, "position"),
            budget: first(&pairs, "budget"),
            sowing: first(&pairs, "sowing"),
        }
    }
}

impl PositionQuery {
    /// The position, read and checked against the variant.
    pub fn position(&self, variant: Variant) -> Result<Position, ApiError> {
        let text = self.position.as_deref().ok_or_else(|| {
            ApiError::bad(
                "position",
                format!(
                    "position: missing query parameter: expected a position string \
                     `ROWS SIDE [CAPTURED]` with `_` for the spaces, e.g. ?position={}",
                    Position::start(variant).to_string().replace(' ', "_")
                ),
            )
        })?;
        Position::parse(variant, text).map_err(|e| ApiError::position("position", e))
    }

    /// The nodes the client allows a search, if it says: a whole number of at least 1 (the
    /// server lowers it to its own cap).
    pub fn budget(&self) -> Result<Option<u64>, ApiError> {
        let Some(text) = self.budget.as_deref() else {
            return Ok(None);
        };
        match text.parse::<u64>() {
            Ok(n) if n > 0 => Ok(Some(n)),
            _ => Err(ApiError::bad(
                "budget",
                format!("budget: `{text}` is not a number of nodes (a whole number, at least 1)"),
            )),
        }
    }
}

impl PositionQuery {
    /// Whether the client asks for every move's sowing: `true` or `false` (default `false`).
    pub fn sowing(&self) -> Result<bool, ApiError> {
        match self.sowing.as_deref() {
            None | Some("false") => Ok(false),
            Some("true") => Ok(true),
            Some(text) => Err(ApiError::bad(
                "sowing",
                format!("sowing: `{text}` is not `true` or `false`"),
            )),
        }
    }
}

/// How `GET /api/puzzles/next` chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleMode {
    /// At random among those matching (near the player's rating when a player asks).
    Random,
    /// The next puzzle of the player's streak.
    Streak,
}

/// The query of `GET /api/puzzles/next`:
/// `?variant=&min_rating=&max_rating=&theme=&mode=&collection=`, all optional.
#[derive(Debug, Deserialize)]
#[serde(from = "QueryPairs")]
pub struct PuzzleQuery {
    variant: Option<String>,
    min_rating: Option<String>,
    max_rating: Option<String>,
    theme: Option<String>,
    mode: Option<String>,
    collection: Option<String>,
}

impl From<QueryPairs> for PuzzleQuery {
    fn from(pairs: QueryPairs) -> PuzzleQuery {
        PuzzleQuery {
            variant: first(&pairs, "variant"),
            min_rating: first(&pairs, "min_rating"),
            max_rating: first(&pairs, "max_rating"),
            theme: first(&pairs, "theme"),
            mode: first(&pairs, "mode"),
            collection: first(&pairs, "collection"),
        }
    }
}

impl PuzzleQuery {
    /// The filter asked for, checked in the order of the parameters, each error a 400 naming
    /// it: an unknown variant, a rating that is not a number in [`PLAYER_RATINGS`], a minimum
    /// above the maximum, a theme that is not exactly one of the tags, an unknown collection
    /// (`starter` or `anuak`; every collection when absent).
    pub fn filter(&self) -> Result<PuzzleFilter, ApiError> {
        let variant = variant(self.variant.as_deref())?;
        let min_rating = rating("min_rating", self.min_rating.as_deref())?;
        let max_rating = rating("max_rating", self.max_rating.as_deref())?;
        if let (Some(min), Some(max)) = (min_rating, max_rating) {
            if min > max {
                return Err(ApiError::bad(
                    "min_rating",
                    format!("min_rating: {min} is above max_rating {max}"),
                ));
            }
        }
        let theme = self
            .theme
            .as_deref()
            .map(str::parse::<Theme>)
            .transpose()
            .map_err(|e| ApiError::bad("theme", format!("theme: {e}")))?;
        let collection = self
            .collection
            .as_deref()
            .map(str::parse::<Collection>)
            .transpose()
            .map_err(|e| ApiError::bad("collection", format!("collection: {e}")))?;
        Ok(PuzzleFilter {
            variant,
            min_rating,
            max_rating,
            theme,
            unplayed_by: None,
            collection,
        })
    }

    /// Whether a rating range was asked for (else a player gets puzzles near its rating).
    pub fn has_rating_range(&self) -> bool {
        self.min_rating.is_some() || self.max_rating.is_some()
    }

    /// The mode: `random` (the default) or `streak`.
    pub fn mode(&self) -> Result<PuzzleMode, ApiError> {
        match self.mode.as_deref() {
            None | Some("random") => Ok(PuzzleMode::Random),
            Some("streak") => Ok(PuzzleMode::Streak),
            Some(other) => Err(ApiError::bad(
                "mode",
                format!("mode: `{other}` is not a mode (random or streak)"),
            )),
        }
    }
}

/// The query of `GET /api/puzzles/daily`: `?variant=`, required.
#[derive(Debug, Deserialize)]
#[serde(from = "QueryPairs")]
pub struct DailyQuery {
    variant: Option<String>,
}

impl From<QueryPairs> for DailyQuery {
    fn from(pairs: QueryPairs) -> DailyQuery {
        DailyQuery {
            variant: first(&pairs, "variant"),
        }
    }
}

impl DailyQuery {
    /// The variant, which must be given and known (else a 400 naming `variant`).
    pub fn variant(&self) -> Result<Variant, ApiError> {
        variant(self.variant.as_deref())?.ok_or_else(|| {
            ApiError::bad(
                "variant",
                "variant: missing query parameter: the daily puzzle of which game, e.g. ?variant=rio-kadalis",
            )
        })
    }
}

/// An optional variant parameter: a known variant id, else a 400 naming `variant`.
fn variant(text: Option<&str>) -> Result<Option<Variant>, ApiError> {
    text.map(|v| {
        v.parse::<Variant>()
            .map_err(|e| ApiError::bad("variant", format!("variant: {e}")))
    })
    .transpose()
}

/// An optional rating parameter `key`: a number in [`PLAYER_RATINGS`].
fn rating(key: &'static str, text: Option<&str>) -> Result<Option<f64>, ApiError> {
    text.map(|v| {
        v.parse::<f64>()
            .ok()
            .filter(|x| PLAYER_RATINGS.contains(x))
            .ok_or_else(|| {
                ApiError::bad(
                    key,
                    format!(
                        "{key}: `{v}` is not a rating (a number from {} to {})",
                        PLAYER_RATINGS.start(),
                        PLAYER_RATINGS.end()
                    ),
                )
            })
    })
    .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(pairs: &[(&str, &str)]) -> PuzzleQuery {
        PuzzleQuery::from(
            pairs
                .iter()
                .map(|&(k, v)| (k.to_owned(), v.to_owned()))
                .collect::<QueryPairs>(),
        )
    }

    #[test]
    fn a_puzzle_query_reads_the_first_value_of_each_parameter() {
        let q = query(&[
            ("min_rating", "1000"),
            ("min_rating", "x"),
            ("variant", "hawalis"),
            ("theme", "quiet"),
            ("mode", "streak"),
        ]);
        let filter = q.filter().unwrap();
        assert_eq!(filter.min_rating, Some(1000.0));
        assert_eq!(filter.max_rating, None);
        assert_eq!(filter.variant, Some(Variant::Hawalis));
        assert_eq!(filter.theme, Some(Theme::Quiet));
        assert_eq!(q.mode().unwrap(), PuzzleMode::Streak);
        assert!(q.has_rating_range());
        assert_eq!(query(&[]).mode().unwrap(), PuzzleMode::Random);
    }

    #[test]
    fn a_bad_puzzle_query_names_the_parameter() {
        let field = |pairs: &[(&str, &str)]| query(pairs).filter().unwrap_err().field();
        let named = |name: &str| Some(name.to_owned());
        assert_eq!(field(&[("max_rating", "inf")]), named("max_rating"));
        assert_eq!(field(&[("min_rating", "-1")]), named("min_rating"));
        assert_eq!(field(&[("max_rating", "4001")]), named("max_rating"));
        assert_eq!(
            field(&[("min_rating", "1600"), ("max_rating", "1500")]),
            named("min_rating")
        );
        assert_eq!(field(&[("variant", "chess")]), named("variant"));
        assert_eq!(field(&[("theme", "noSuchTheme")]), named("theme"));
        assert_eq!(field(&[("theme", "%")]), named("theme"));
        assert_eq!(field(&[("theme", "QUIET")]), named("theme"));
        let e = query(&[("mode", "blitz")]).mode().unwrap_err();
        assert_eq!(e.field(), named("mode"));
        let daily = |pairs: &[(&str, &str)]| {
            DailyQuery::from(
                pairs
                    .iter()
                    .map(|&(k, v)| (k.to_owned(), v.to_owned()))
                    .collect::<QueryPairs>(),
            )
            .variant()
        };
        assert_eq!(daily(&[]).unwrap_err().field(), named("variant"));
        assert_eq!(
            daily(&[("variant", "x")]).unwrap_err().field(),
            named("variant")
        );
        assert_eq!(daily(&[("variant", "oware")]).unwrap(), Variant::Oware);
    }

    #[test]
    fn a_position_query_says_what_is_missing() {
        let q = PositionQuery::from(QueryPairs::new());
        let e = q.position(Variant::RioKadalis).unwrap_err();
        assert!(
            e.to_string()
                .ends_with("?position=4,4,4,4,4,4/4,4,4,4,4,4_S"),
            "{e}"
        );
    }
}

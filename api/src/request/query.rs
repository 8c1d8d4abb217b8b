//! Query strings: `?position=` of the position routes and the filter of `GET
//! /api/puzzles/next`. Both are read as the string's pairs first, so that a repeated parameter
//! is not an error: its first value counts.

use mancala_db::{PuzzleFilter, Theme};
use mancala_solver::{Position, Variant};
use serde::Deserialize;

use crate::error::ApiError;

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
}

impl From<QueryPairs> for PositionQuery {
    fn from(pairs: QueryPairs) -> PositionQuery {
        PositionQuery {
            position: first(&pairs, "position"),
            budget: first(&pairs, "budget"),
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

/// The query of `GET /api/puzzles/next`: `?variant=&min_rating=&max_rating=&theme=`, all
/// optional.
#[derive(Debug, Deserialize)]
#[serde(from = "QueryPairs")]
pub struct PuzzleQuery {
    variant: Option<String>,
    min_rating: Option<String>,
    max_rating: Option<String>,
    theme: Option<String>,
}

impl From<QueryPairs> for PuzzleQuery {
    fn from(pairs: QueryPairs) -> PuzzleQuery {
        PuzzleQuery {
            variant: first(&pairs, "variant"),
            min_rating: first(&pairs, "min_rating"),
            max_rating: first(&pairs, "max_rating"),
            theme: first(&pairs, "theme"),
        }
    }
}

impl PuzzleQuery {
    /// The filter asked for, checked in the order of the parameters (an unknown variant is a
    /// 404, a rating that is not a number a 400). `None`: a theme that no puzzle can have, so
    /// the filter matches nothing.
    pub fn filter(&self) -> Result<Option<PuzzleFilter>, ApiError> {
        let variant = self
            .variant
            .as_deref()
            .map(str::parse::<Variant>)
            .transpose()
            .map_err(ApiError::UnknownVariant)?;
        let filter = PuzzleFilter {
            variant,
            min_rating: rating("min_rating", self.min_rating.as_deref())?,
            max_rating: rating("max_rating", self.max_rating.as_deref())?,
            theme: None,
        };
        Ok(match self.theme.as_deref().map(str::parse::<Theme>) {
            None => Some(filter),
            Some(Ok(theme)) => Some(PuzzleFilter {
                theme: Some(theme),
                ..filter
            }),
            Some(Err(_)) => None,
        })
    }
}

/// An optional rating parameter `key`: a finite number.
fn rating(key: &'static str, text: Option<&str>) -> Result<Option<f64>, ApiError> {
    text.map(|v| {
        v.parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| {
                ApiError::bad(
                    key,
                    format!("{key}: `{v}` is not a number (a rating, e.g. 1500)"),
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
        let filter = query(&[
            ("min_rating", "1000"),
            ("min_rating", "x"),
            ("variant", "hawalis"),
            ("theme", "quiet"),
        ])
        .filter()
        .unwrap()
        .unwrap();
        assert_eq!(filter.min_rating, Some(1000.0));
        assert_eq!(filter.max_rating, None);
        assert_eq!(filter.variant, Some(Variant::Hawalis));
        assert_eq!(filter.theme, Some(Theme::Quiet));
    }

    #[test]
    fn a_bad_puzzle_query_names_the_parameter_and_an_unknown_theme_matches_nothing() {
        let e = query(&[("max_rating", "inf")]).filter().unwrap_err();
        assert_eq!(e.field().as_deref(), Some("max_rating"));
        let e = query(&[("variant", "chess")]).filter().unwrap_err();
        assert!(matches!(e, ApiError::UnknownVariant(_)), "{e:?}");
        assert!(query(&[("theme", "noSuchTheme")])
            .filter()
            .unwrap()
            .is_none());
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

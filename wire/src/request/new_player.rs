//! The body of a request for a new player.

use std::collections::BTreeMap;

use serde::de::{Error, IgnoredAny};
use serde::{Deserialize, Deserializer};
use utoipa::ToSchema;

/// What a new player's body looks like, for error messages.
pub const NEW_PLAYER_SHAPE: &str = "{} (an empty JSON object: a player has no fields to choose)";

/// The body of `POST /api/players`: `{}`. A player has nothing to choose yet, but the body is
/// still JSON, like every POST's, so that a plain form posted from another site (which cannot
/// send `application/json` without asking first) cannot create players; a field it does not
/// know is refused rather than silently ignored.
#[derive(Debug, ToSchema)]
#[schema(as = NewPlayerRequest)]
pub struct NewPlayerBody {}

impl<'de> Deserialize<'de> for NewPlayerBody {
    /// An object with no fields (a derived one would take `[]` too, as an empty sequence of
    /// fields).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<NewPlayerBody, D::Error> {
        let fields = BTreeMap::<String, IgnoredAny>::deserialize(deserializer)?;
        match fields.keys().next() {
            Some(field) => Err(D::Error::custom(format!(
                "unknown field `{field}`, there are none"
            ))),
            None => Ok(NewPlayerBody {}),
        }
    }
}

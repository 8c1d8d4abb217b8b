//! The player routes: `POST /api/players` issues a new player's token, `GET /api/players/me`
//! shows the player's dashboard. [`player`] turns a request's token into the player, for the
//! puzzle routes too.

use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use mancala_puzzles::Player;
use mancala_wire::request::NewPlayerBody;
use mancala_wire::response::{DashboardJson, NewPlayerJson, PlayerJson};

use crate::error::ApiError;
use crate::extract::{JsonBody, PlayerToken, TOKEN_CHARS};
use crate::reply::{json_ok, to_json};
use crate::state::AppState;

/// The player whose token the request carries (`None` without one); a token no player has is
/// a 400 on `authorization`.
pub(crate) async fn player(
    state: &AppState,
    PlayerToken(token): PlayerToken,
) -> Result<Option<Player>, ApiError> {
    let Some(token) = token else {
        return Ok(None);
    };
    let store = state.puzzles();
    let found = state.blocking(move || store.player(&token)).await??;
    found.map(Some).ok_or_else(|| {
        ApiError::bad(
            "authorization",
            "authorization: no player has this token; get one with POST /api/players",
        )
    })
}

/// A new token: 128 random bits from the operating system, in hex.
fn new_token() -> Result<String, ApiError> {
    let mut bytes = [0u8; TOKEN_CHARS / 2];
    getrandom::fill(&mut bytes)
        .map_err(|e| ApiError::Internal(format!("no randomness for a player token: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// `POST /api/players` with the body `{}`: a new player, 201 with its token and rating.
pub(crate) async fn create(
    _body: JsonBody<NewPlayerBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let writer = state.writer()?;
    let token = new_token()?;
    let stored = token.clone();
    let player = state
        .blocking(move || writer.create_player(&stored))
        .await??;
    let mut answer = json_ok(to_json(&NewPlayerJson {
        token,
        player: PlayerJson::new(&player),
    })?);
    *answer.status_mut() = StatusCode::CREATED;
    Ok(answer)
}

/// `GET /api/players/me`: the dashboard of the player whose token the request carries.
pub(crate) async fn me(
    token: PlayerToken,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let p = player(&state, token).await?.ok_or_else(|| {
        ApiError::bad(
            "authorization",
            "authorization: missing header `Authorization: Bearer TOKEN` (a token from POST /api/players)",
        )
    })?;
    let store = state.puzzles();
    let summary = state.blocking(move || store.player_summary(&p)).await??;
    Ok(json_ok(to_json(&DashboardJson::new(&summary))?))
}

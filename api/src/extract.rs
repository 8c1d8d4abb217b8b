//! Typed request input: path segments, query strings and JSON bodies, each read by an actix
//! extractor whose failure is the [`ApiError`] that names the field, so that a handler receives
//! only values it can use.
//!
//! * [`InPath`]: one `{name}` segment of the path, read as a [`PathSegment`] (a [`Variant`], a
//!   [`PuzzleId`]), each with its own answer when it is not one (an unknown variant is a 404
//!   listing the valid ids, a bad id a 400): `web::Path`'s one error handler could not tell
//!   them apart.
//! * [`QueriedPosition`]: the position a `GET` asks about, `{variant}` in the path and
//!   `?position=` in the query.
//! * [`QueriedBudget`]: the nodes a client allows a search, `?budget=` in the query.
//! * [`QueriedSowing`]: whether the client wants every move's sowing, `?sowing=true`.
//! * Other queries are `web::Query<T>` of a type of [`crate::request`]; [`query_config`] turns
//!   a query string that cannot be read into a 400 on `query`.
//! * [`JsonBody`]: a body of at most [`MAX_BODY_BYTES`], sent as `application/json` within
//!   [`BODY_TIMEOUT`], read as JSON into a [`RequestBody`], whose own message says what was
//!   expected; larger bodies are a 413, other content types a 415, slow bodies a 408.

use std::future::{ready, Future, Ready};
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::error::{JsonPayloadError, QueryPayloadError};
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest};
use mancala_solver::{Position, Variant};

use crate::error::ApiError;
use crate::limits::{BODY_TIMEOUT, MAX_BODY_BYTES};
use crate::request::{PositionQuery, RequestBody};

/// A value that one segment of the path holds.
pub trait PathSegment: Sized {
    /// The segment's name in the route's path (`{variant}`: `variant`).
    const NAME: &'static str;

    /// Reads the segment's text (percent-decoded).
    fn parse(text: &str) -> Result<Self, ApiError>;

    /// The segment of `req`'s path.
    fn of(req: &HttpRequest) -> Result<Self, ApiError> {
        Self::parse(req.match_info().query(Self::NAME))
    }
}

impl PathSegment for Variant {
    const NAME: &'static str = "variant";

    fn parse(text: &str) -> Result<Variant, ApiError> {
        text.parse().map_err(ApiError::UnknownVariant)
    }
}

/// A puzzle's id, as the `{id}` segment of the puzzle routes holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleId(pub i64);

impl PathSegment for PuzzleId {
    const NAME: &'static str = "id";

    fn parse(text: &str) -> Result<PuzzleId, ApiError> {
        text.parse().map(PuzzleId).map_err(|_| {
            ApiError::bad(
                "id",
                format!("id: `{text}` is not a puzzle id (a whole number)"),
            )
        })
    }
}

/// The segment of the path that holds a `T`.
#[derive(Clone, Copy, Debug)]
pub struct InPath<T>(pub T);

impl<T: PathSegment> FromRequest for InPath<T> {
    type Error = ApiError;
    type Future = Ready<Result<InPath<T>, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(T::of(req).map(InPath))
    }
}

/// The position of `GET /api/{variant}?position=...`: the variant checked first (a 404), then
/// the query string, then the position against the variant (a 400 naming `position`).
#[derive(Clone, Copy, Debug)]
pub struct QueriedPosition(pub Position);

impl FromRequest for QueriedPosition {
    type Error = ApiError;
    type Future = Ready<Result<QueriedPosition, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready((|| {
            let variant = Variant::of(req)?;
            position_query(req)?.position(variant).map(QueriedPosition)
        })())
    }
}

/// The nodes a `GET` allows a search, `&budget=` in the query (`None` when not given); a value
/// that is not a whole number of at least 1 is a 400 on `budget`.
#[derive(Clone, Copy, Debug)]
pub struct QueriedBudget(pub Option<u64>);

impl FromRequest for QueriedBudget {
    type Error = ApiError;
    type Future = Ready<Result<QueriedBudget, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(position_query(req).and_then(|q| q.budget().map(QueriedBudget)))
    }
}

/// Whether a `GET` asks for every move's sowing, `&sowing=true` in the query; anything but
/// `true` or `false` is a 400 on `sowing`.
#[derive(Clone, Copy, Debug)]
pub struct QueriedSowing(pub bool);

impl FromRequest for QueriedSowing {
    type Error = ApiError;
    type Future = Ready<Result<QueriedSowing, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(position_query(req).and_then(|q| q.sowing().map(QueriedSowing)))
    }
}

/// The player's token a request carries, `Authorization: Bearer TOKEN` (`None` without the
/// header). A header that is not a bearer token of [`TOKEN_CHARS`] hex digits is a 400 on
/// `authorization`; whether a player has the token is the handler's to check.
#[derive(Clone, Debug)]
pub struct PlayerToken(pub Option<String>);

/// Hex digits in a player's token (128 random bits).
pub const TOKEN_CHARS: usize = 32;

impl FromRequest for PlayerToken {
    type Error = ApiError;
    type Future = Ready<Result<PlayerToken, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let Some(value) = req.headers().get(actix_web::http::header::AUTHORIZATION) else {
            return ready(Ok(PlayerToken(None)));
        };
        let token = value
            .to_str()
            .ok()
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(str::trim)
            .filter(|t| {
                t.len() == TOKEN_CHARS && t.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
            });
        ready(match token {
            Some(t) => Ok(PlayerToken(Some(t.to_owned()))),
            None => Err(ApiError::bad(
                "authorization",
                format!(
                    "authorization: expected `Bearer TOKEN`, a token of {TOKEN_CHARS} lower-case \
                     hex digits from POST /api/players"
                ),
            )),
        })
    }
}

/// The query of a `GET` on a position (`position`, `budget`, `sowing`), each read later by its
/// own extractor.
fn position_query(req: &HttpRequest) -> Result<PositionQuery, ApiError> {
    web::Query::<PositionQuery>::from_query(req.query_string())
        .map(web::Query::into_inner)
        .map_err(query_error)
}

/// The answer to a query string that cannot be read.
fn query_error(e: QueryPayloadError) -> ApiError {
    ApiError::bad("query", format!("query string: {e}"))
}

/// The configuration of every `web::Query`: a query string that cannot be read is a 400 on
/// `query` (registered once for the whole service by [`crate::routes::configure`]).
pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|e, _| query_error(e).into())
}

/// A JSON request body of at most [`MAX_BODY_BYTES`], sent as `application/json` (any other
/// `Content-Type`, or none, is a 415: the types a form or a script may post across sites without
/// asking first are refused, see [`crate::guard`]) and received within [`BODY_TIMEOUT`] (a 408).
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<T: RequestBody + 'static> FromRequest for JsonBody<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<JsonBody<T>, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let sent = req
            .headers()
            .get(header::CONTENT_TYPE)
            .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
        let body = web::JsonBody::<T>::new(req, payload, None, true).limit(MAX_BODY_BYTES);
        Box::pin(async move {
            match actix_web::rt::time::timeout(BODY_TIMEOUT, body).await {
                Err(_elapsed) => Err(ApiError::Timeout),
                Ok(Err(JsonPayloadError::ContentType)) => Err(ApiError::MediaType { sent }),
                Ok(read) => read.map(JsonBody).map_err(body_error::<T>),
            }
        })
    }
}

/// The answer to a body that could not be read into `T`.
fn body_error<T: RequestBody>(e: JsonPayloadError) -> ApiError {
    match e {
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
            ApiError::TooLarge {
                field: "body".into(),
                message: format!("body: larger than the limit of {MAX_BODY_BYTES} bytes"),
            }
        }
        JsonPayloadError::Deserialize(e) => T::invalid(e),
        JsonPayloadError::Payload(e) => ApiError::bad("body", format!("body: cannot be read: {e}")),
        // Not raised with the settings above (the `Content-Type` is checked before, nothing
        // is serialised).
        e => ApiError::bad("body", format!("body: cannot be read: {e}")),
    }
}

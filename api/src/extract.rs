//! Typed request input: the path segments, the query string and the JSON body, each read by an
//! actix extractor whose failure is the [`ApiError`] that names the field, so that a handler
//! receives only values it can use.
//!
//! * [`VariantInPath`] and [`PuzzleIdInPath`]: the `{variant}` and `{id}` segments. Small
//!   extractors of their own rather than `web::Path`, because each has its own answer (an
//!   unknown variant is a 404 listing the valid ids, a bad id a 400).
//! * Queries are `web::Query<T>` of a type of [`crate::request`]; [`query_config`] turns a
//!   query string that cannot be read into a 400 on `query`.
//! * [`JsonBody`]: a body of at most [`MAX_BODY_BYTES`] read as JSON into a [`RequestBody`],
//!   whose own message says what was expected; larger bodies are a 413.

use std::future::{ready, Future, Ready};
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::error::JsonPayloadError;
use actix_web::{web, FromRequest, HttpRequest};
use mancala_solver::Variant;
use serde::de::DeserializeOwned;

use crate::error::ApiError;
use crate::limits::MAX_BODY_BYTES;

/// The `{variant}` segment of the path, read as a [`Variant`].
#[derive(Clone, Copy, Debug)]
pub struct VariantInPath(pub Variant);

impl FromRequest for VariantInPath {
    type Error = ApiError;
    type Future = Ready<Result<VariantInPath, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(
            req.match_info()
                .query("variant")
                .parse()
                .map(VariantInPath)
                .map_err(ApiError::UnknownVariant),
        )
    }
}

/// The `{id}` segment of the path: a puzzle id.
#[derive(Clone, Copy, Debug)]
pub struct PuzzleIdInPath(pub i64);

impl FromRequest for PuzzleIdInPath {
    type Error = ApiError;
    type Future = Ready<Result<PuzzleIdInPath, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let text = req.match_info().query("id");
        ready(text.parse().map(PuzzleIdInPath).map_err(|_| {
            ApiError::bad(
                "id",
                format!("id: `{text}` is not a puzzle id (a whole number)"),
            )
        }))
    }
}

/// The configuration of every `web::Query`: a query string that cannot be read is a 400 on
/// `query` (registered once for the whole service by [`crate::routes::configure`]).
pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default()
        .error_handler(|e, _| ApiError::bad("query", format!("query string: {e}")).into())
}

/// A type a request body is read into.
pub trait RequestBody: DeserializeOwned {
    /// The 400 for a body that is not JSON of this type: what was expected.
    fn invalid(error: serde_json::Error) -> ApiError;
}

/// A JSON request body of at most [`MAX_BODY_BYTES`], whatever its `Content-Type` says (clients
/// such as `curl -d` send forms' types).
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<T: RequestBody + 'static> FromRequest for JsonBody<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<JsonBody<T>, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let body = web::JsonBody::<T>::new(req, payload, None, false).limit(MAX_BODY_BYTES);
        Box::pin(async move { body.await.map(JsonBody).map_err(body_error::<T>) })
    }
}

/// The answer to a body that could not be read into `T`.
fn body_error<T: RequestBody>(e: JsonPayloadError) -> ApiError {
    match e {
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
            ApiError::TooLarge {
                field: "body",
                message: format!("body: larger than the limit of {MAX_BODY_BYTES} bytes"),
            }
        }
        JsonPayloadError::Deserialize(e) => T::invalid(e),
        JsonPayloadError::Payload(e) => ApiError::bad("body", format!("body: cannot be read: {e}")),
        // Not raised with the settings above (no `Content-Type` check, nothing serialised).
        e => ApiError::bad("body", format!("body: cannot be read: {e}")),
    }
}

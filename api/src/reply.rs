//! Writing answers: every successful answer is a JSON body with a 200, built here so that the
//! handlers only say what to answer.
//!
//! An answer read from the tablebase never changes while the solver and the rules stay the
//! same, so it is cacheable: [`tablebase_json`] gives it an `ETag` made of the solver and rules
//! versions and the request (path and query), and `Cache-Control: public`; a request that sends
//! that tag back in `If-None-Match` gets a 304 with no body. Answers found by search depend on
//! the budget and the time they were given, so [`searched_json`] marks them `no-cache`.

use std::hash::{DefaultHasher, Hash, Hasher};

use actix_web::body::MessageBody;
use actix_web::http::header::{CacheControl, CacheDirective, ContentType, EntityTag, IfNoneMatch};
use actix_web::{HttpMessage, HttpRequest, HttpResponse};
use mancala_solver::{RULES_VERSION, SOLVER_VERSION};
use serde::Serialize;

use crate::error::ApiError;

/// Seconds a cache may serve a tablebase answer without asking again: a day.
pub const TABLEBASE_MAX_AGE: u32 = 24 * 60 * 60;

/// A 200 with a JSON body already serialised.
pub fn json_ok(body: impl MessageBody + 'static) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(body)
}

/// A 200 with an answer read from the tablebase, cacheable; or a 304 when the request's
/// `If-None-Match` holds its tag.
pub fn tablebase_json(req: &HttpRequest, body: impl MessageBody + 'static) -> HttpResponse {
    let tag = tablebase_tag(req);
    let cache = CacheControl(vec![
        CacheDirective::Public,
        CacheDirective::MaxAge(TABLEBASE_MAX_AGE),
    ]);
    let fresh = match req.get_header::<IfNoneMatch>() {
        Some(IfNoneMatch::Any) => true,
        Some(IfNoneMatch::Items(tags)) => tags.iter().any(|t| t.weak_eq(&tag)),
        None => false,
    };
    if fresh {
        return HttpResponse::NotModified()
            .insert_header(cache)
            .insert_header(actix_web::http::header::ETag(tag))
            .finish();
    }
    HttpResponse::Ok()
        .content_type(ContentType::json())
        .insert_header(cache)
        .insert_header(actix_web::http::header::ETag(tag))
        .body(body)
}

/// A 200 with an answer found by search: caches must ask again before reusing it.
pub fn searched_json(body: impl MessageBody + 'static) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(ContentType::json())
        .insert_header(CacheControl(vec![CacheDirective::NoCache]))
        .body(body)
}

/// The tag of a tablebase answer to `req`: the solver and rules versions and a hash of the
/// path and query (the same request always gets the same tag from the same program).
fn tablebase_tag(req: &HttpRequest) -> EntityTag {
    let mut hasher = DefaultHasher::new();
    req.path().hash(&mut hasher);
    req.query_string().hash(&mut hasher);
    EntityTag::new_strong(format!(
        "s{SOLVER_VERSION}-r{RULES_VERSION}-{:016x}",
        hasher.finish()
    ))
}

/// Serialises an answer; serialising our own types cannot fail, but if it did it is our fault.
pub fn to_json<T: Serialize>(value: &T) -> Result<Vec<u8>, ApiError> {
    serde_json::to_vec(value).map_err(|e| ApiError::Internal(format!("serialising: {e}")))
}

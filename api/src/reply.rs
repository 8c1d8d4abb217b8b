//! Writing answers: every successful answer is a JSON body with a 200, built here so that the
//! handlers only say what to answer.

use actix_web::body::MessageBody;
use actix_web::http::header::ContentType;
use actix_web::HttpResponse;
use serde::Serialize;

use crate::error::ApiError;

/// A 200 with a JSON body already serialised.
pub fn json_ok(body: impl MessageBody + 'static) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(body)
}

/// Serialises an answer; serialising our own types cannot fail, but if it did it is our fault.
pub fn to_json<T: Serialize>(value: &T) -> Result<Vec<u8>, ApiError> {
    serde_json::to_vec(value).map_err(|e| ApiError::Internal(format!("serialising: {e}")))
}

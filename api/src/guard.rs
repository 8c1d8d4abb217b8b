//! What the service refuses before any route sees a request, and what it allows other sites.
//!
//! * [`refuse_upgrades`]: a request to switch protocols (`Connection: upgrade`) is answered
//!   with a 400 at once. Left to the router, actix would read its body as the new protocol's
//!   stream, which never ends, and the client would wait for ever.
//! * [`cors`]: reading routes answer any origin (a page elsewhere may show our evaluations);
//!   writing routes allow none, so a page elsewhere cannot post from its visitors' browsers.
//! * [`json_errors`]: error answers made by actix or its middleware rather than by us (a CORS
//!   preflight refused, say) get the same JSON body as ours.

use actix_cors::Cors;
use actix_web::body::{to_bytes_limited, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{header, Method};
use actix_web::middleware::{ErrorHandlerResponse, Next};
use actix_web::HttpResponse;
use mancala_wire::response::ErrorJson;

use crate::error::ApiError;

/// Answers a request that asks to switch protocols with a JSON 400, without reading its body.
pub async fn refuse_upgrades(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if req.head().upgrade() || req.headers().contains_key(header::UPGRADE) {
        return Err(ApiError::Upgrade.into());
    }
    next.call(req).await
}

/// Seconds a browser may keep a CORS preflight's answer.
const PREFLIGHT_MAX_AGE: usize = 24 * 60 * 60;

/// The CORS policy of a reading route: any origin may `GET` (and `HEAD`) it, with any header
/// (`If-None-Match` among them) and no credentials; its `ETag` is readable from scripts.
pub fn cors() -> Cors {
    Cors::default()
        .allow_any_origin()
        .allowed_methods([Method::GET, Method::HEAD])
        .allow_any_header()
        .expose_headers([header::ETAG])
        .max_age(PREFLIGHT_MAX_AGE)
}

/// The most bytes of a foreign error answer's text kept as its message.
const FOREIGN_MESSAGE_BYTES: usize = 1024;

/// Gives an error answer that is not JSON (made by actix or a middleware, not by
/// [`ApiError`]) the JSON body of ours: its text, or the status's name, as the message. The
/// headers (`Allow`, `Vary`...) are kept. Registered with `ErrorHandlers::default_handler`.
pub fn json_errors<B: MessageBody + 'static>(
    res: ServiceResponse<B>,
) -> actix_web::Result<ErrorHandlerResponse<B>> {
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if is_json {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let (req, res) = res.into_parts();
    Ok(ErrorHandlerResponse::Future(Box::pin(async move {
        let status = res.status();
        let mut answer = HttpResponse::build(status);
        for (name, value) in res.headers() {
            if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
                answer.append_header((name.clone(), value.clone()));
            }
        }
        let text = match to_bytes_limited(res.into_body(), FOREIGN_MESSAGE_BYTES).await {
            Ok(Ok(bytes)) if !bytes.is_empty() => String::from_utf8_lossy(&bytes).into_owned(),
            _ => status.canonical_reason().unwrap_or("error").to_owned(),
        };
        let body = ErrorJson {
            error: text,
            ..ErrorJson::default()
        };
        let answer = answer
            .content_type(header::ContentType::json())
            .body(serde_json::to_vec(&body).unwrap_or_default());
        Ok(ServiceResponse::new(req, answer).map_into_right_body())
    })))
}

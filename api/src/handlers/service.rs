//! What the service offers: liveness, what it builds in the background, its OpenAPI description
//! and the variants it knows.

use std::sync::OnceLock;

use actix_web::{web, HttpResponse};
use mancala_wire::response::{HealthJson, VariantsJson};

use crate::error::ApiError;
use crate::openapi::OpenApiDocument;
use crate::reply::{json_ok, to_json};
use crate::state::AppState;

/// `GET /healthz`: the server is up (touches nothing else: the framework's own ceiling).
pub(crate) async fn healthz() -> HttpResponse {
    static BODY: OnceLock<Vec<u8>> = OnceLock::new();
    let body = BODY.get_or_init(|| to_json(&HealthJson::OK).unwrap_or_default());
    json_ok(body.as_slice())
}

/// `GET /api/status`: the background build, read under its lock (never waits for the build).
pub(crate) async fn status(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(json_ok(to_json(&state.status.snapshot())?))
}

/// `GET /api/openapi.json`: the document the route table built.
pub(crate) async fn openapi_json(document: web::Data<OpenApiDocument>) -> HttpResponse {
    json_ok(document.0.clone())
}

/// `GET /api/variants`: every variant, its board and rules, and what is solved.
pub(crate) async fn variants(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let tb = state.tablebase();
    let stored = state.blocking(move || tb.slices(None)).await??;
    Ok(json_ok(to_json(&VariantsJson::new(&stored))?))
}

//! `GET /api/{variant}/certificate?position=P[&budget=NODES]`: a certificate that the position's
//! value is exactly what the search proves (docs/proofs.md), as JSON Lines that any checker can
//! read (`mancala proof check`, the Python package's `check_proof`). The proof runs on the
//! search lane within the client's budget under the server's cap, and walks at most
//! [`MAX_CERTIFICATE_POSITIONS`] positions, so the answer stays a few megabytes; it is streamed
//! in pieces of [`PIECE_BYTES`]. A position whose value the search does not prove exact, or whose
//! proof goes past those limits, is a 422 that says which.

use actix_web::http::header::{CacheControl, CacheDirective};
use actix_web::web::Bytes;
use actix_web::{web, HttpResponse};
use futures_util::stream;
use mancala_eval::prove::ProofOptions;

use crate::error::ApiError;
use crate::executor::Lane;
use crate::extract::{QueriedBudget, QueriedPosition};
use crate::limits::MAX_CERTIFICATE_POSITIONS;
use crate::state::AppState;

/// The size of the pieces the certificate is sent in.
const PIECE_BYTES: usize = 64 << 10;

/// `GET /api/{variant}/certificate?position=...[&budget=NODES]`: the certificate, or a 422.
pub(crate) async fn certificate(
    QueriedPosition(position): QueriedPosition,
    QueriedBudget(nodes): QueriedBudget,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let evaluator = state.evaluator.clone();
    let budget = evaluator.settings().evaluation_budget(nodes);
    let options = ProofOptions {
        max_positions: MAX_CERTIFICATE_POSITIONS,
        ..ProofOptions::within(budget)
    };
    let lane = Lane::for_held(evaluator.holds(&position));
    let body = state
        .run(lane, move || -> Result<Vec<u8>, ApiError> {
            let certificate = evaluator.prove(&position, options, &mut |_| {})?;
            let mut bytes = Vec::new();
            certificate
                .write_jsonl(&mut bytes)
                .map_err(|e| ApiError::Internal(format!("writing the certificate: {e}")))?;
            Ok(bytes)
        })
        .await??;
    let body = Bytes::from(body);
    let pieces: Vec<Result<Bytes, ApiError>> = (0..body.len())
        .step_by(PIECE_BYTES)
        .map(|start| Ok(body.slice(start..(start + PIECE_BYTES).min(body.len()))))
        .collect();
    Ok(HttpResponse::Ok()
        .content_type("application/jsonl")
        .insert_header(CacheControl(vec![CacheDirective::NoCache]))
        .streaming(stream::iter(pieces)))
}

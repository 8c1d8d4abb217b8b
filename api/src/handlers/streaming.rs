//! `GET /api/{variant}/analysis?position=P[&budget=NODES]`: an evaluation that sharpens while
//! the client watches, as Server-Sent Events. After each iteration the search completes, an
//! `iteration` event carries the evaluation so far (the same JSON as `GET /api/{variant}`, one
//! ply deeper each time); the last event, `answer`, is the final evaluation, the one the plain
//! route answers for the same budget from then on (it is kept). A position the tablebase holds,
//! or whose answer is kept or in the opening book, gets its `answer` at once. A failure (the
//! search threads busy, a damaged table) is an `error` event with the plain route's error
//! body. A client that goes away stops the search at once.

use std::sync::atomic::Ordering;

use actix_web::http::header::{CacheControl, CacheDirective, CONTENT_TYPE};
use actix_web::http::Method;
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse, HttpResponseBuilder};
use mancala_eval::Evaluation;
use mancala_wire::response::EvaluationJson;
use tokio::sync::{mpsc, oneshot};

use crate::error::ApiError;
use crate::executor::Lane;
use crate::extract::{QueriedBudget, QueriedPosition};
use crate::state::AppState;

/// Events held for a slow client: an iteration's event that finds them all waiting is dropped
/// (the next supersedes it); the answer always waits for room.
const HELD_EVENTS: usize = 8;

/// One event of the stream, and whether it is the last.
struct Event {
    bytes: Bytes,
    last: bool,
}

impl Event {
    /// `event: NAME` with `data` (one line of JSON).
    fn new(name: &str, data: &[u8], last: bool) -> Event {
        let mut bytes = Vec::with_capacity(data.len() + name.len() + 16);
        bytes.extend_from_slice(b"event: ");
        bytes.extend_from_slice(name.as_bytes());
        bytes.extend_from_slice(b"\ndata: ");
        bytes.extend_from_slice(data);
        bytes.extend_from_slice(b"\n\n");
        Event {
            bytes: Bytes::from(bytes),
            last,
        }
    }

    /// The event of an evaluation: `iteration` or, when `last`, `answer`.
    fn evaluation(e: &Evaluation, last: bool) -> Event {
        let json = EvaluationJson::with_source(e, &e.source);
        let data = serde_json::to_vec(&json).unwrap_or_default();
        Event::new(if last { "answer" } else { "iteration" }, &data, last)
    }

    /// The `error` event of a failure.
    fn error(e: &ApiError) -> Event {
        Event::new("error", &e.json_body(), true)
    }
}

/// See the module documentation. `HEAD` answers at once, without searching.
pub(crate) async fn analysis(
    req: HttpRequest,
    QueriedPosition(position): QueriedPosition,
    QueriedBudget(nodes): QueriedBudget,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    if req.method() == Method::HEAD {
        return Ok(event_stream().finish());
    }
    let evaluator = state.evaluator.clone();
    let budget = evaluator.settings().watched_budget(nodes);
    let lane = Lane::for_held(evaluator.holds(&position));
    let (events, received) = mpsc::channel::<Event>(HELD_EVENTS);
    let (stopper_tx, stopper) = oneshot::channel();
    let sender = events.clone();
    let search = move || {
        let mut session = evaluator.session(position.variant());
        let _ = stopper_tx.send(session.stopper());
        let mut shown = |e: &Evaluation| {
            let _ = sender.try_send(Event::evaluation(e, false));
        };
        match session.evaluate_watched(&position, budget, &mut shown) {
            Ok(Some(answer)) => sender.blocking_send(Event::evaluation(&answer, true)),
            // Stopped: the client has gone.
            Ok(None) => Ok(()),
            Err(e) => sender.blocking_send(Event::error(&ApiError::from(e))),
        }
    };
    let failed = events.clone();
    actix_web::rt::spawn(async move {
        if let Err(e) = state.run(lane, search).await {
            let _ = failed.send(Event::error(&e)).await;
        }
    });
    // The search stops as soon as the client is gone (the stream dropped), not at its next
    // iteration.
    actix_web::rt::spawn(async move {
        if let Ok(stop) = stopper.await {
            events.closed().await;
            stop.store(true, Ordering::Relaxed);
        }
    });
    let stream =
        futures_util::stream::unfold((received, false), |(mut received, done)| async move {
            if done {
                return None;
            }
            let event = received.recv().await?;
            let last = event.last;
            Some((
                Ok::<_, std::convert::Infallible>(event.bytes),
                (received, last),
            ))
        });
    Ok(event_stream().streaming(stream))
}

/// The head of an event stream: never cached, nor buffered by a proxy.
fn event_stream() -> HttpResponseBuilder {
    let mut builder = HttpResponse::Ok();
    builder
        .insert_header((CONTENT_TYPE, "text/event-stream"))
        .insert_header(CacheControl(vec![CacheDirective::NoCache]))
        .insert_header(("X-Accel-Buffering", "no"));
    builder
}

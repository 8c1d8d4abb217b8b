//! The one error type of the service and its HTTP form: a status and a JSON body
//! `{"error": MESSAGE, "field": FIELD | null, ...}` that says which part of the request is wrong
//! and what was expected. Input errors are 4xx; only a broken database or server is 5xx.

use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use mancala_db::{DbError, WriteFailure};
use mancala_eval::analyse::AnalyseError;
use mancala_eval::prove::ProveError;
use mancala_eval::EvalError;
use mancala_solver::match_play::MatchError;
use mancala_solver::{Move, MoveError, ParseError, ParsePositionError};
use mancala_wire::request::RecordError;
use mancala_wire::response::{BuildStep, ErrorJson};

use crate::executor::ExecError;
use crate::writer::ReadOnly;

/// Why a request failed.
#[derive(Debug)]
pub enum ApiError {
    /// 400: a field of the request is malformed or not possible (position, move, JSON body).
    BadRequest {
        /// The field: `position`, `moves`, `moves[3]`, `body`...
        field: String,
        /// What is wrong and what was expected.
        message: String,
    },
    /// 400: a move of a game record is malformed or not legal.
    BadMove {
        /// For a move of a match: its round, from 1.
        round: Option<usize>,
        /// Its place in the record (the round's, in a match), from 0.
        index: usize,
        /// The move as given.
        text: String,
        /// The legal moves in the position where it was to be played.
        legal: Vec<String>,
        /// The position.
        position: String,
        /// What is wrong.
        message: String,
    },
    /// 404: the variant id is not one of ours.
    UnknownVariant(ParseError),
    /// 404: the position's slice is not in the tablebase.
    NotSolved {
        /// The message, naming the slice and the command that solves it.
        message: String,
        /// `VARIANT slice ID`.
        slice: String,
        /// The command that solves it.
        solve: String,
    },
    /// 404: no puzzle with that id, or none matching a filter.
    NoPuzzle {
        /// `id` for an id that is no puzzle; `None` when a filter or a mode found none.
        field: Option<&'static str>,
        /// What was asked for, and how to get puzzles.
        message: String,
    },
    /// 404: no such route.
    NoRoute {
        /// The path asked for.
        path: String,
    },
    /// 405: the route exists but not with this method.
    Method {
        /// The method used.
        method: String,
        /// The path.
        path: String,
        /// The methods it takes.
        allow: &'static str,
    },
    /// 413: the body or the record is too large.
    TooLarge {
        /// `body`, `moves`, or a round of a match (`rounds[2]`).
        field: String,
        /// What the limit is.
        message: String,
    },
    /// 422: no certificate of the position's value: the search does not prove it exact within
    /// the server's budget, or its proof is larger or slower than the server's limits.
    NoCertificate {
        /// Why, and what the search found.
        message: String,
    },
    /// 503: every search engine is busy and the search queue is full
    /// ([`mancala_eval::SearchSettings`]).
    Busy {
        /// The limit that refused the search, and what to do.
        message: String,
        /// Seconds to wait before asking again (the `Retry-After` header).
        retry_after: u64,
    },
    /// 503: no puzzle yet while the server's first start still makes them (the tablebase or
    /// the starter puzzles): asking again soon will find some (`Retry-After`).
    Building {
        /// The build's step under way.
        step: BuildStep,
        /// Seconds to wait before asking again.
        retry_after: u64,
    },
    /// 503: a damaged chunk, or the server is shutting down.
    Unavailable(String),
    /// 503: a write route on a read-only server.
    ReadOnly(ReadOnly),
    /// 503: a write the database refused for a reason it names: a full disk, a file that has
    /// become read-only, a lock another process holds. Nothing was written; asking again can
    /// help after a full disk or a lock (`Retry-After`).
    WriteFailed(WriteFailure),
    /// 415: a body that is not declared as JSON.
    MediaType {
        /// The `Content-Type` sent, if any.
        sent: Option<String>,
    },
    /// 408: the body did not arrive in time.
    Timeout,
    /// 414 or 431: a request line or a request head over the limits of
    /// [`crate::head_limit`].
    HeadTooLarge {
        /// 414 (the request line) or 431 (the whole head).
        status: u16,
        /// Which limit, and what to do instead.
        message: String,
    },
    /// 400: a request to switch protocols, which this service never does.
    Upgrade,
    /// 500: the database failed.
    Internal(String),
}

impl ApiError {
    /// A 400 for `field`.
    pub fn bad(field: impl Into<String>, message: impl Into<String>) -> ApiError {
        ApiError::BadRequest {
            field: field.into(),
            message: message.into(),
        }
    }

    /// A position that does not parse or cannot occur: 400 naming the field (the message names
    /// the part of the position string: ROWS, SIDE or CAPTURED).
    pub fn position(field: &str, err: ParsePositionError) -> ApiError {
        let text = err.to_string();
        let message = if text.starts_with("position") {
            text
        } else {
            format!("position: {text}")
        };
        ApiError::bad(field, message)
    }

    /// A bad move of a record.
    pub fn bad_move(index: usize, position: String, err: MoveError) -> ApiError {
        let (text, legal) = match &err {
            MoveError::Malformed { text, .. } => (text.clone(), Vec::new()),
            MoveError::Illegal { text, legal } => (text.clone(), legal.clone()),
        };
        let message = format!("moves[{index}] (in `{position}`): {err}");
        ApiError::BadMove {
            round: None,
            index,
            text,
            legal,
            position,
            message,
        }
    }

    /// The request field at fault (`position`, `moves[3]`, `body`...), if one is.
    pub fn field(&self) -> Option<String> {
        match self {
            ApiError::BadRequest { field, .. } => Some(field.clone()),
            ApiError::BadMove {
                round: Some(round),
                index,
                ..
            } => Some(format!("rounds[{}][{index}]", round - 1)),
            ApiError::BadMove { index, .. } => Some(format!("moves[{index}]")),
            ApiError::UnknownVariant(_) => Some("variant".into()),
            ApiError::NotSolved { .. } | ApiError::NoCertificate { .. } => Some("position".into()),
            ApiError::TooLarge { field, .. } => Some(field.clone()),
            ApiError::NoPuzzle { field, .. } => field.map(Into::into),
            ApiError::NoRoute { .. }
            | ApiError::Method { .. }
            | ApiError::Busy { .. }
            | ApiError::Building { .. }
            | ApiError::Unavailable(_)
            | ApiError::ReadOnly(_)
            | ApiError::WriteFailed(_)
            | ApiError::Internal(_) => None,
            ApiError::HeadTooLarge { status: 414, .. } => Some("request line".into()),
            ApiError::HeadTooLarge { .. } => Some("headers".into()),
            ApiError::MediaType { .. } => Some("content-type".into()),
            ApiError::Timeout => Some("body".into()),
            ApiError::Upgrade => Some("upgrade".into()),
        }
    }

    /// The JSON body of the answer, serialised (also the data of a stream's `error` event).
    pub(crate) fn json_body(&self) -> Vec<u8> {
        serde_json::to_vec(&self.body()).unwrap_or_else(|_| b"{}".to_vec())
    }

    /// The JSON body of the answer: the message, the field, and the details of a bad move or
    /// an unsolved slice.
    fn body(&self) -> ErrorJson<'_> {
        let mut body = ErrorJson {
            error: self.message(),
            field: self.field(),
            ..ErrorJson::default()
        };
        match self {
            ApiError::BadMove {
                round,
                index,
                text,
                legal,
                position,
                ..
            } => {
                body.round = *round;
                body.index = Some(*index);
                body.r#move = Some(text);
                body.legal = Some(legal);
                body.position = Some(position);
            }
            ApiError::NotSolved { slice, solve, .. } => {
                body.slice = Some(slice);
                body.solve = Some(solve);
            }
            ApiError::Building { step, .. } => body.building = Some(*step),
            _ => {}
        }
        body
    }

    /// What is wrong and what was expected.
    fn message(&self) -> String {
        match self {
            ApiError::BadRequest { message, .. }
            | ApiError::BadMove { message, .. }
            | ApiError::NotSolved { message, .. }
            | ApiError::NoCertificate { message }
            | ApiError::NoPuzzle { message, .. }
            | ApiError::TooLarge { message, .. }
            | ApiError::Busy { message, .. }
            | ApiError::HeadTooLarge { message, .. }
            | ApiError::Unavailable(message)
            | ApiError::Internal(message) => message.clone(),
            ApiError::UnknownVariant(e) => e.to_string(),
            ApiError::Building { step, retry_after } => format!(
                "no puzzle yet: the server is making its starter puzzles on its first start \
                 ({}); ask again in {retry_after} s (GET /api/status tells how far it is)",
                step.words(None)
            ),
            ApiError::ReadOnly(why) => format!(
                "{}: it answers evaluations, but records nothing",
                why.reason()
            ),
            ApiError::WriteFailed(failure) => match failure {
                WriteFailure::DiskFull => "the server's disk is full: nothing was written; \
                    evaluations still work; try again later"
                    .to_owned(),
                WriteFailure::ReadOnly => "the server's database cannot be written (its file or \
                    directory is read-only): nothing was written; evaluations still work"
                    .to_owned(),
                WriteFailure::Locked => "the server's database is locked by another process (a \
                    solve storing its results, say): nothing was written; try again shortly"
                    .to_owned(),
            },
            ApiError::MediaType { sent } => format!(
                "content-type: the body must be sent as `application/json`, not {}",
                sent.as_deref()
                    .map_or_else(|| "without a Content-Type".to_owned(), |t| format!("`{t}`"))
            ),
            ApiError::Timeout => format!(
                "body: not received within {} seconds",
                crate::limits::BODY_TIMEOUT.as_secs()
            ),
            ApiError::Upgrade => {
                "upgrade: this service does not switch protocols; send the request without \
                 `Upgrade` and `Connection: upgrade`"
                    .to_owned()
            }
            ApiError::NoRoute { path } => {
                format!("no such resource: {path}; the API is described at /api/openapi.json")
            }
            ApiError::Method {
                method,
                path,
                allow,
            } => format!("{path} does not take {method}; it takes {allow}"),
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for ApiError {}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::BadRequest { .. } | ApiError::BadMove { .. } | ApiError::Upgrade => {
                StatusCode::BAD_REQUEST
            }
            ApiError::MediaType { .. } => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::Timeout => StatusCode::REQUEST_TIMEOUT,
            ApiError::HeadTooLarge { status: 414, .. } => StatusCode::URI_TOO_LONG,
            ApiError::HeadTooLarge { .. } => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            ApiError::UnknownVariant(_)
            | ApiError::NotSolved { .. }
            | ApiError::NoPuzzle { .. }
            | ApiError::NoRoute { .. } => StatusCode::NOT_FOUND,
            ApiError::Method { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::NoCertificate { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Busy { .. }
            | ApiError::Building { .. }
            | ApiError::Unavailable(_)
            | ApiError::ReadOnly(_)
            | ApiError::WriteFailed(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let body = self.json_body();
        let mut response = HttpResponse::build(self.status_code());
        response.content_type(header::ContentType::json());
        match self {
            ApiError::Method { allow, .. } => {
                response.insert_header((header::ALLOW, *allow));
            }
            ApiError::Busy { retry_after, .. } | ApiError::Building { retry_after, .. } => {
                response.insert_header((header::RETRY_AFTER, retry_after.to_string()));
            }
            ApiError::WriteFailed(failure) => {
                if let Some(seconds) = retry_after(*failure) {
                    response.insert_header((header::RETRY_AFTER, seconds.to_string()));
                }
            }
            _ => {}
        }
        response.body(body)
    }
}

/// Seconds after which a write refused for `failure` may be tried again: a lock is held for
/// the length of a transaction (a solve stores a group in seconds), a full disk waits for its
/// operator; a read-only file is not worth retrying.
fn retry_after(failure: WriteFailure) -> Option<u64> {
    match failure {
        WriteFailure::Locked => Some(5),
        WriteFailure::DiskFull => Some(60),
        WriteFailure::ReadOnly => None,
    }
}

impl From<DbError> for ApiError {
    /// The database's errors without the server's file path, which is no business of a client
    /// (the log has the whole error).
    fn from(e: DbError) -> ApiError {
        if let Some(failure) = e.write_failure() {
            log::warn!("{e}");
            return ApiError::WriteFailed(failure);
        }
        match &e {
            DbError::NotSolved {
                variant,
                slice,
                seeds,
                ..
            } => {
                let solve = format!("mancala solve {variant} --max-seeds {seeds}");
                ApiError::NotSolved {
                    message: format!(
                        "{variant} slice {slice} is not in this server's tablebase; \
                         it is solved with `{solve}`"
                    ),
                    slice: format!("{variant} slice {slice}"),
                    solve,
                }
            }
            DbError::Corrupt { .. } | DbError::DamagedSlice { .. } => {
                ApiError::Unavailable(format!(
                    "{e}: this server's tablebase is damaged there and refuses to answer from it; \
                 its operator repairs it with `mancala db verify --delete-damaged` and \
                 `mancala solve`"
                ))
            }
            DbError::Sqlite { .. }
            | DbError::Migration { .. }
            | DbError::SchemaVersion { .. }
            | DbError::PartVersion { .. }
            | DbError::Missing { .. }
            | DbError::Directory { .. }
            | DbError::Foreign { .. }
            | DbError::ReadOnly { .. }
            | DbError::Io { .. } => {
                log::error!("{e}");
                ApiError::Internal("the server's database failed; see the server's log".into())
            }
        }
    }
}

impl From<EvalError> for ApiError {
    fn from(e: EvalError) -> ApiError {
        let message = e.to_string();
        match e {
            EvalError::Store(store) => store.into(),
            EvalError::Busy { retry_after, .. } => ApiError::Busy {
                message: format!("{message} of this server; try again shortly"),
                retry_after: retry_after.as_secs().max(1),
            },
        }
    }
}

impl From<ProveError> for ApiError {
    /// A proof that could not be made: 422 naming why (not exact, too large, too slow, no
    /// strategy found); a failed tablebase or a busy server as any evaluation's.
    fn from(e: ProveError) -> ApiError {
        match e {
            ProveError::Eval(e) => e.into(),
            e => ApiError::NoCertificate {
                message: format!("position: no certificate: {e}"),
            },
        }
    }
}

impl From<AnalyseError> for ApiError {
    fn from(e: AnalyseError) -> ApiError {
        match e {
            AnalyseError::Move {
                index,
                position,
                error,
            } => ApiError::bad_move(index, position.to_string(), error),
            AnalyseError::Eval(e) => e.into(),
        }
    }
}

impl From<MatchError> for ApiError {
    /// A match record that cannot be played: a 400 naming the round (`rounds[1]`) or the move
    /// (`rounds[1][3]`); a move that cannot be played there lists the legal ones.
    fn from(e: MatchError) -> ApiError {
        let message = e.to_string();
        match e {
            MatchError::NoMatches { .. } => ApiError::bad("variant", message),
            MatchError::MatchOver { round } | MatchError::RoundNotOver { round } => {
                ApiError::bad(format!("rounds[{}]", round - 1), message)
            }
            MatchError::RoundOver { round, number, .. } => {
                ApiError::bad(format!("rounds[{}][{}]", round - 1, number - 1), message)
            }
            MatchError::Move {
                round,
                number,
                position,
                error,
            } => {
                let legal: Vec<String> =
                    position.legal_moves().iter().map(Move::to_string).collect();
                let (text, message) = match error {
                    MoveError::Illegal { text, .. } => (text, message),
                    // The rules name the legal moves of an illegal one; a malformed one's
                    // answer names them too.
                    MoveError::Malformed { text, .. } => {
                        (text, format!("{message}; legal moves: {}", legal.join(" ")))
                    }
                };
                ApiError::BadMove {
                    round: Some(round),
                    index: number - 1,
                    message: format!("rounds[{}][{}]: {message}", round - 1, number - 1),
                    text,
                    legal,
                    position: position.to_string(),
                }
            }
        }
    }
}

impl From<RecordError> for ApiError {
    /// A bad record is a 400 naming the field, too many moves or rounds a 413.
    fn from(e: RecordError) -> ApiError {
        match e {
            RecordError::Position(e) => ApiError::position("position", e),
            RecordError::TooManyMoves { .. } | RecordError::TooManyRounds { .. } => {
                ApiError::TooLarge {
                    field: e.field(),
                    message: e.to_string(),
                }
            }
            RecordError::Field { field, message } => ApiError::BadRequest { field, message },
        }
    }
}

impl From<ExecError> for ApiError {
    fn from(e: ExecError) -> ApiError {
        match e {
            // The same answer as the evaluator's own refusal.
            ExecError::Busy {
                running,
                waiting,
                retry_after,
            } => EvalError::Busy {
                running,
                waiting,
                retry_after,
            }
            .into(),
            ExecError::Panicked => {
                ApiError::Internal("the evaluation failed inside the server".into())
            }
            ExecError::Closed => {
                ApiError::Unavailable("the server is shutting down; try again".into())
            }
        }
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(_: actix_web::error::BlockingError) -> ApiError {
        ApiError::Unavailable("the server is shutting down or overloaded; try again".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each kind of write failure the database names is a 503 of its own words, with
    /// `Retry-After` where asking again can help; none says the tablebase could not be read.
    #[test]
    fn write_failures_are_named_503s() {
        let io = |kind| DbError::Io {
            path: "/srv/t.db".into(),
            source: std::io::Error::from(kind),
        };
        let cases = [
            (
                io(std::io::ErrorKind::StorageFull),
                "disk is full",
                Some("60"),
            ),
            (
                DbError::ReadOnly {
                    path: "/srv/t.db".into(),
                },
                "cannot be written",
                None,
            ),
        ];
        for (db, words, retry) in cases {
            let e = ApiError::from(db);
            let response = e.error_response();
            assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE, "{e}");
            assert!(e.to_string().contains(words), "{e}");
            assert!(!e.to_string().contains("/srv"), "no server path: {e}");
            let sent = response
                .headers()
                .get(header::RETRY_AFTER)
                .map(|v| v.to_str().unwrap());
            assert_eq!(sent, retry, "{e}");
        }
    }
}

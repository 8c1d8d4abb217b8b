//! What one request may ask of the service: the sizes it accepts and the work it does for one
//! answer. Kept together so that the OpenAPI document, the checks and the error messages quote
//! the same numbers.

use std::ops::RangeInclusive;
use std::time::Duration;

/// Largest request body accepted (a game record to analyse, a puzzle attempt): larger is a 413.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// The most positions the proof of one certificate walks (`GET /api/{variant}/certificate`): at
/// most one line of about 70 bytes a position, so a certificate of at most about 14 MB.
pub const MAX_CERTIFICATE_POSITIONS: u64 = 200_000;

/// The longest request line accepted (method, path with its query, version): longer is a 414
/// ([`crate::head_limit`]). Positions fit in a few hundred bytes; longer inputs (a game record)
/// go in a POST body.
pub const MAX_REQUEST_LINE: usize = 8 * 1024;

/// The largest request head accepted (request line and headers): larger is a 431.
pub const MAX_HEAD: usize = 32 * 1024;

/// Most moves accepted in one game record: more is a 413 (defined with the record it limits).
pub use mancala_wire::request::{MAX_MATCH_ROUNDS, MAX_RECORD_MOVES};

/// What a search may cost by default: the evaluator's, for one evaluation and for each searched
/// position of a main line or an analysis.
pub use mancala_eval::{PLY_BUDGET, QUICK_BUDGET, SEARCH_BUDGET};

/// The player ratings a puzzle attempt may claim.
pub const PLAYER_RATINGS: RangeInclusive<f64> = 0.0..=4000.0;

/// How long a client has to send a request's head (request line and headers) once it has
/// connected or finished its previous request: slower is a 408 and the connection closed.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a client has to send a whole request body once its head has arrived: slower (a
/// body shorter than its `Content-Length`, a stalled upload) is a 408.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// How long an idle keep-alive connection is kept open between requests.
pub const KEEP_ALIVE: Duration = Duration::from_secs(30);

/// How long the server waits for a client to close a connection after the last answer.
pub const DISCONNECT_TIMEOUT: Duration = Duration::from_secs(2);

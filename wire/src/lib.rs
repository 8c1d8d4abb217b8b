//! The wire: every JSON shape the service answers with and the command line prints, and the
//! request bodies that are plain JSON, in a crate that knows no HTTP (docs/design.md, Crates).
//! The service (`mancala-api`) sends these types and the command line's `--json` outputs
//! (`mancala eval`, `analyse`, `mainline`, `moves`) print them, so both say exactly the same.
//!
//! * [`response`]: what is answered and printed, one module per subject.
//! * [`request`]: the bodies a client sends: a game record to analyse, a puzzle attempt.
//! * [`schema`]: the schemas of all of them, derived from the types, as the service's OpenAPI
//!   document serves them.
//! * [`words`]: the enumerated strings (sides, results, verdicts...) and their schemas.
//!
//! `words` uses nothing of the crate; `response` and `request` use `words`; `schema` uses
//! `response` and `request`.

pub mod request;
pub mod response;
pub mod schema;
pub mod words;

//! `mancala serve [--bind HOST:PORT] [--db PATH]`: the HTTP evaluation service. On a database
//! with no solved slice it first builds the default tablebase (with progress), and on one with no
//! puzzle a starter set of puzzles; then it serves.

use std::io::Write as _;
use std::path::Path;

use anyhow::{Context, Result};
use clap::Args;
use mancala_api::openapi;
use mancala_api::routes::ROUTES;
use mancala_db::Tablebase;
use mancala_solver::Variant;
use serde_json::Value as Json;

use super::args::DbPath;
use super::default_sizes::default_max_seeds;
use super::solve::solve_variant;
use super::text::wrap;

/// Serve the evaluation API over HTTP (JSON), building the default tablebase first if the
/// database has none.
///
/// On a fresh machine (no solved slice of any variant in --db) it first solves every variant to
/// its default size, showing progress (about two minutes on two cores), then serves; a second
/// start reuses the database. While serving, the tablebase is opened read-only. It prints the
/// address it listens on, logs one line per request on standard error (RUST_LOG=warn quiets it)
/// and stops cleanly on Ctrl-C.
#[derive(Debug, Args)]
#[command(after_help = after_help())]
pub struct ServeArgs {
    /// Address to listen on, HOST:PORT. Port 0 picks a free port; the address actually bound is
    /// printed on standard output.
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "HOST:PORT")]
    bind: String,
    /// When the database has no solved slice yet, build every variant up to this many seeds
    /// instead of its default size (see `mancala solve --help`).
    #[arg(long, value_name = "N")]
    max_seeds: Option<u32>,
    #[command(flatten)]
    db: DbPath,
}

/// Width of the endpoint list in `mancala serve --help`.
const HELP_WIDTH: usize = 98;

/// Indent of an endpoint's description under its path, as clap indents an option's help.
const DESCRIPTION_INDENT: &str = "          ";

/// The text after the options in `mancala serve --help`: every route of the API (from
/// [`ROUTES`], each described by its summary in the OpenAPI document, so that the list is
/// always the served one), the errors and examples.
fn after_help() -> String {
    let doc = openapi::document();
    let mut routes = ROUTES.to_vec();
    routes.sort_by(|a, b| (a.0, a.1.as_str()).cmp(&(b.0, b.1.as_str())));
    let mut text = String::from(
        "Endpoints (a position is a position string, `_` for its spaces; GET /api/openapi.json \
         describes them in full; the player's web page is at /):\n",
    );
    for (path, method) in routes {
        let operation = &doc["paths"][path][method.as_str().to_lowercase()];
        text.push_str(&format!(
            "  {:<4} {}\n",
            method.as_str(),
            with_query(path, operation)
        ));
        let mut lines = wrap(&describe(operation), HELP_WIDTH - DESCRIPTION_INDENT.len());
        lines.extend(example_body(operation));
        for line in lines {
            text.push_str(&format!("{DESCRIPTION_INDENT}{line}\n"));
        }
    }
    text.push_str(
        "
Errors are JSON {\"error\": MESSAGE, \"field\": FIELD}: 400 bad input, 404 unknown variant
or unsolved slice (naming the command that solves it), 413 body too large.

Examples:
  mancala serve
  mancala serve --bind 0.0.0.0:8080 --db big.db
  curl 'http://127.0.0.1:8080/api/rio-kadalis?position=0,0,1,0,2,1/1,0,0,3,0,0_S'",
    );
    text
}

/// `/api/{variant}?position=…`: a route's path with its required query parameters.
fn with_query(path: &str, operation: &Json) -> String {
    let required: Vec<String> = query_parameters(operation)
        .filter(|p| p["required"] == true)
        .filter_map(|p| p["name"].as_str())
        .map(|name| format!("{name}=…"))
        .collect();
    if required.is_empty() {
        path.to_owned()
    } else {
        format!("{path}?{}", required.join("&"))
    }
}

/// A route's OpenAPI summary, followed by its optional query parameters if it has any.
fn describe(operation: &Json) -> String {
    let mut text = operation["summary"].as_str().unwrap_or_default().to_owned();
    let optional: Vec<&str> = query_parameters(operation)
        .filter(|p| p["required"] != true)
        .filter_map(|p| p["name"].as_str())
        .collect();
    if !optional.is_empty() {
        text.push_str(&format!(" Optional query: {}.", optional.join(", ")));
    }
    text
}

/// `Body: {...}`: the example body of a route that takes one.
fn example_body(operation: &Json) -> Option<String> {
    let body = &operation["requestBody"]["content"]["application/json"]["example"];
    (!body.is_null()).then(|| format!("Body: {body}"))
}

/// The query parameters of an OpenAPI operation.
fn query_parameters(operation: &Json) -> impl Iterator<Item = &Json> {
    operation["parameters"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["in"] == "query")
}

impl ServeArgs {
    /// Builds the tablebase if there is none, then serves until Ctrl-C.
    pub fn run(self) -> Result<()> {
        let db = self.db.db.as_path();
        mancala_api::server::init_logging();
        if !has_solved_slices(db)? {
            let tb = Tablebase::open(db)?;
            eprintln!(
                "No solved slices in {}: building the default tablebase first (about two minutes \
                 on two cores; stop it at any time, it resumes).",
                db.display()
            );
            for v in Variant::ALL {
                let max = self.max_seeds.unwrap_or_else(|| default_max_seeds(v));
                solve_variant(&tb, v, max, false)?;
            }
        }
        starter_puzzles(db)?;
        mancala_api::server::run(&self.bind, db, |addrs| {
            let mut out = std::io::stdout().lock();
            for addr in addrs {
                let _ = writeln!(out, "Listening on http://{addr}");
            }
            let _ = writeln!(
                out,
                "API description: http://{}/api/openapi.json  (Ctrl-C stops)",
                addrs.first().map(ToString::to_string).unwrap_or_default()
            );
            let _ = out.flush();
        })
    }
}

/// Puzzles of every solved variant generated when a database has none yet.
const STARTER_PUZZLES: usize = 50;
/// Positions examined per starter puzzle at most, so that a small tablebase with few puzzles in
/// it does not hold up the start.
const STARTER_TRIES: usize = 100;

/// Generates a starter set of puzzles if the database has none.
fn starter_puzzles(db: &Path) -> Result<()> {
    let tb = Tablebase::open(db)?;
    if !tb.puzzles(None)?.is_empty() {
        return Ok(());
    }
    eprintln!(
        "No puzzles in {} yet: generating a starter set.",
        db.display()
    );
    for v in Variant::ALL {
        if !tb.current_slices(v)?.is_empty() {
            super::puzzles::generate_into(&tb, v, STARTER_PUZZLES, 1, STARTER_TRIES, false)?;
        }
    }
    Ok(())
}

/// Whether the database at `db` exists and holds a slice of some variant solved under the
/// current rules.
fn has_solved_slices(db: &Path) -> Result<bool> {
    if !db.exists() {
        return Ok(false);
    }
    let tb = Tablebase::open(db).with_context(|| format!("opening {}", db.display()))?;
    for v in Variant::ALL {
        if !tb.current_slices(v)?.is_empty() {
            return Ok(true);
        }
    }
    Ok(false)
}

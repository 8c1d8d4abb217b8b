//! Running the service: open the tablebase read-only, bind, serve until Ctrl-C (or SIGTERM),
//! then stop gracefully (actix's own signal handling: new connections are refused and requests
//! in flight get a few seconds to finish).

use std::net::SocketAddr;
use std::path::Path;

use actix_web::middleware::Logger;
use actix_web::{web, App, HttpServer};
use anyhow::{Context, Result};
use mancala_db::Tablebase;

use crate::routes;
use crate::search::SearchSettings;
use crate::state::AppState;

/// One log line per request: client, request line, status, bytes, milliseconds.
const LOG_FORMAT: &str = r#"%a "%r" %s %b %Dms"#;

/// Seconds that requests in flight get to finish once a stop is asked for.
const SHUTDOWN_SECONDS: u64 = 5;

/// Sets up logging to standard error: `info` by default (one line per request), `RUST_LOG`
/// to change it. Calling it twice is harmless.
pub fn init_logging() {
    let _ = env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info"))
        .try_init();
}

/// Serves the tablebase at `db` on `bind` (`host:port`; port 0 picks a free one) until the
/// process is asked to stop, with the default search limits ([`SearchSettings::default`]).
/// `ready` is called with the addresses actually bound before the first request is taken.
pub fn run(bind: &str, db: &Path, ready: impl FnOnce(&[SocketAddr])) -> Result<()> {
    run_with(bind, db, SearchSettings::default(), ready)
}

/// [`run`] with the given search limits (`mancala serve --search-threads ...`).
pub fn run_with(
    bind: &str,
    db: &Path,
    search: SearchSettings,
    ready: impl FnOnce(&[SocketAddr]),
) -> Result<()> {
    // The writing handle first: it brings the schema up to date, which the reader checks.
    let writer =
        Tablebase::open(db).with_context(|| format!("opening {} for writing", db.display()))?;
    let tb = Tablebase::open_read_only(db)
        .with_context(|| format!("opening the tablebase {}", db.display()))?;
    let state = web::Data::new(
        AppState::new(tb, writer, search).context("starting the evaluation and search threads")?,
    );
    actix_web::rt::System::new().block_on(async move {
        let server = HttpServer::new(move || {
            App::new()
                .app_data(state.clone())
                .wrap(Logger::new(LOG_FORMAT))
                .configure(routes::configure)
        })
        .shutdown_timeout(SHUTDOWN_SECONDS)
        .bind(bind)
        .with_context(|| format!("cannot listen on {bind} (pass --bind HOST:PORT)"))?;
        ready(&server.addrs());
        server.run().await.context("serving")?;
        log::info!("stopped");
        Ok(())
    })
}

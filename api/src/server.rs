//! Running the service: bind, open the tablebase read-only, serve until Ctrl-C (or SIGTERM),
//! then stop gracefully (actix's own signal handling: new connections are refused and requests
//! in flight get a few seconds to finish).
//!
//! The HTTP/1 service is built on actix-server directly rather than through `HttpServer`, so
//! that every accepted connection is wrapped in a [`HeadLimit`] before actix-http reads it:
//! request heads over the limits are answered in JSON (see [`crate::head_limit`]).

use std::net::{SocketAddr, TcpListener, ToSocketAddrs};
use std::path::Path;
use std::sync::Arc;

use actix_http::HttpService;
use actix_rt::net::TcpStream;
use actix_service::{fn_service, map_config, IntoServiceFactory, ServiceFactoryExt};
use actix_web::dev::AppConfig;
use actix_web::middleware::{self, Logger};
use actix_web::{web, App};
use anyhow::{Context, Result};
use mancala_db::{Database, DbError, Tablebase};
use mancala_eval::{Evaluator, SearchSettings};
use mancala_puzzles::PuzzleStore;

use crate::guard;
use crate::head_limit::HeadLimit;
use crate::limits::{DISCONNECT_TIMEOUT, HEAD_TIMEOUT, KEEP_ALIVE};
use crate::routes;
use crate::state::AppState;
use crate::status::BuildStatus;
use crate::writer::{ReadOnly, Writer};

/// One log line per request: client, request line, status, bytes, milliseconds.
const LOG_FORMAT: &str = r#"%a "%r" %s %b %Dms"#;

/// Seconds that requests in flight get to finish once a stop is asked for.
const SHUTDOWN_SECONDS: u64 = 5;

/// Sets up logging to standard error: `info` by default (one line per request), `RUST_LOG`
/// to change it. Calling it twice is harmless.
pub fn init_logging() {
    let inner =
        env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info")).build();
    let max = inner.filter();
    if log::set_boxed_logger(Box::new(ClientFaultsAtDebug(inner))).is_ok() {
        log::set_max_level(max);
    }
}

/// The module of actix that reports requests it cannot parse, at level ERROR.
const HTTP_PARSER: &str = "actix_http::h1::dispatcher";

/// A logger that passes everything on to `env_logger`, except the HTTP parser's reports of
/// malformed requests, which it passes on at debug level: they are the client's fault, and at
/// ERROR any client could flood the log with them.
struct ClientFaultsAtDebug(env_logger::Logger);

impl ClientFaultsAtDebug {
    /// Whether a record is actix's report of a request it could not parse.
    fn is_client_fault(record: &log::Record) -> bool {
        record.target() == HTTP_PARSER
            && record.level() == log::Level::Error
            && record.args().to_string().contains("parse error")
    }
}

impl log::Log for ClientFaultsAtDebug {
    fn enabled(&self, metadata: &log::Metadata) -> bool {
        self.0.enabled(metadata)
    }

    fn log(&self, record: &log::Record) {
        if !Self::is_client_fault(record) {
            return self.0.log(record);
        }
        let demoted = log::Record::builder()
            .level(log::Level::Debug)
            .target(record.target())
            .args(*record.args())
            .module_path(record.module_path())
            .file(record.file())
            .line(record.line())
            .build();
        if self.0.enabled(demoted.metadata()) {
            self.0.log(&demoted);
        }
    }

    fn flush(&self) {
        self.0.flush();
    }
}

/// How the server runs: its limits on searches and whether it writes.
#[derive(Clone, Debug, Default)]
pub struct ServeOptions {
    /// The limits on searches beyond the tablebase.
    pub search: SearchSettings,
    /// Never write (`mancala serve --read-only`): write routes answer 503. A database that
    /// cannot be written is served this way too, with a warning.
    pub read_only: bool,
    /// What is being built in the background while the server answers (`GET /api/status`):
    /// `mancala serve` builds what its database lacks after it has started listening.
    pub status: Arc<BuildStatus>,
}

/// The sockets a server listens on, bound before anything else is done: a port in use is
/// reported before any work, and a client can connect as soon as they exist (the kernel queues
/// its connection until the server takes it).
pub struct Listeners {
    listeners: Vec<TcpListener>,
    addrs: Vec<SocketAddr>,
}

impl Listeners {
    /// Listens on every address `bind` (`host:port`; port 0 picks a free one) names.
    pub fn bind(bind: &str) -> Result<Listeners> {
        let listeners = listen(bind)?;
        let addrs = listeners
            .iter()
            .map(TcpListener::local_addr)
            .collect::<std::io::Result<_>>()
            .context("reading the address listened on")?;
        Ok(Listeners { listeners, addrs })
    }
}

/// Serves the tablebase at `db` on `bind` (`host:port`; port 0 picks a free one) until the
/// process is asked to stop, with the default options ([`ServeOptions::default`]).
/// `ready` is called with the addresses actually bound before the first request is taken.
pub fn run(bind: &str, db: &Path, ready: impl FnOnce(&[SocketAddr])) -> Result<()> {
    run_with(bind, db, ServeOptions::default(), ready)
}

/// [`run`] with the given options (`mancala serve --search-threads ... --read-only`).
pub fn run_with(
    bind: &str,
    db: &Path,
    options: ServeOptions,
    ready: impl FnOnce(&[SocketAddr]),
) -> Result<()> {
    serve(Listeners::bind(bind)?, db, options, ready)
}

/// Serves the tablebase at `db` on sockets already bound ([`Listeners::bind`]) until the
/// process is asked to stop; `ready` is called with their addresses before the first request
/// is taken.
pub fn serve(
    listeners: Listeners,
    db: &Path,
    options: ServeOptions,
    ready: impl FnOnce(&[SocketAddr]),
) -> Result<()> {
    // The file is opened once for each role. The writing handle first: it brings the schema up
    // to date, which the reader checks; puzzle attempts and kept answers are written through it.
    let (writer, writing) = open_writer(db, options.read_only)?;
    // One reading handle (its connections shared by every thread) for the slices and the
    // puzzles.
    let reading = Arc::new(
        Database::open_read_only(db)
            .with_context(|| format!("opening the tablebase {}", db.display()))?,
    );
    let tb = Tablebase::from(Arc::clone(&reading));
    let mut evaluator = Evaluator::new(Arc::new(tb), options.search)
        .with_context(|| format!("reading the slices of {}", db.display()))?;
    if let Some(writing) = writing {
        // Searched answers are kept in the file too, so that a restart does not search again.
        evaluator = evaluator.writing_answers_to(writing);
    }
    let puzzles = PuzzleStore::on(reading)
        .with_context(|| format!("opening the puzzles of {}", db.display()))?;
    let state = web::Data::new(
        AppState::new(evaluator, puzzles, writer, options.status)
            .context("starting the threads that answer")?,
    );
    // A slice stored by the background build is answered from at once, not after the next
    // look at the file (the evaluator looks once a second).
    let evaluator = Arc::clone(&state.evaluator);
    state.status.when_a_step_ends(move || {
        if let Err(e) = evaluator.refresh() {
            log::warn!("reading the slices again after a build step: {e}");
        }
    });
    let Listeners { listeners, addrs } = listeners;
    actix_web::rt::System::new().block_on(async move {
        let mut builder = actix_server::Server::build().shutdown_timeout(SHUTDOWN_SECONDS);
        for (listener, addr) in listeners.into_iter().zip(addrs.iter().copied()) {
            let state = state.clone();
            builder = builder
                .listen(format!("mancala-{addr}"), listener, move || {
                    let app = App::new()
                        .app_data(state.clone())
                        .wrap(middleware::ErrorHandlers::new().default_handler(guard::json_errors))
                        .wrap(middleware::from_fn(guard::refuse_upgrades))
                        .wrap(Logger::new(LOG_FORMAT))
                        .configure(routes::configure);
                    let http = HttpService::build()
                        .client_request_timeout(HEAD_TIMEOUT)
                        .client_disconnect_timeout(DISCONNECT_TIMEOUT)
                        .keep_alive(KEEP_ALIVE)
                        .local_addr(addr)
                        .h1(map_config(
                            app.into_factory()
                                .map_err(|e: actix_web::Error| e.error_response()),
                            |_| AppConfig::default(),
                        ));
                    fn_service(|io: TcpStream| {
                        let peer = io.peer_addr().ok();
                        std::future::ready(Ok::<_, actix_http::error::DispatchError>((
                            HeadLimit::new(io),
                            peer,
                        )))
                    })
                    .and_then(http)
                })
                .with_context(|| format!("cannot serve on {addr}"))?;
        }
        let server = builder.run();
        ready(&addrs);
        server.await.context("serving")?;
        log::info!("stopped");
        Ok(())
    })
}

/// Connections the kernel queues for the server before it accepts them (as `HttpServer`).
const BACKLOG: i32 = 2048;

/// Listeners on every address `bind` names (`localhost:8080` may be two), as
/// `HttpServer::bind` makes them: all that can be bound, an error when none can.
fn listen(bind: &str) -> Result<Vec<TcpListener>> {
    let context = || format!("cannot listen on {bind} (pass --bind HOST:PORT)");
    let mut listeners = Vec::new();
    let mut last = None;
    for addr in bind.to_socket_addrs().with_context(context)? {
        match tcp_listener(addr) {
            Ok(listener) => listeners.push(listener),
            Err(e) => last = Some(e),
        }
    }
    match (listeners.is_empty(), last) {
        (true, Some(e)) => Err(e).with_context(context),
        (true, None) => Err(anyhow::anyhow!("{bind} names no address")).with_context(context),
        _ => Ok(listeners),
    }
}

/// A listening socket on `addr` that a restarted server can bind again at once
/// (`SO_REUSEADDR`), with a queue of [`BACKLOG`] connections.
fn tcp_listener(addr: SocketAddr) -> std::io::Result<TcpListener> {
    use socket2::{Domain, Protocol, Socket, Type};
    let socket = Socket::new(Domain::for_address(addr), Type::STREAM, Some(Protocol::TCP))?;
    socket.set_reuse_address(true)?;
    socket.bind(&addr.into())?;
    socket.listen(BACKLOG)?;
    Ok(socket.into())
}

/// Where the server writes: the database opened for writing (its schema and the puzzle tables
/// brought up to date), with its handle for the kept answers, or, when asked or when the file
/// cannot be written, nowhere.
fn open_writer(db: &Path, read_only: bool) -> Result<(Writer, Option<Arc<Database>>)> {
    if read_only {
        log::info!("read-only: puzzle attempts are answered with 503");
        return Ok((Writer::ReadOnly(ReadOnly::Asked), None));
    }
    let opened = Database::open(db)
        .map(Arc::new)
        .and_then(|writing| Ok((PuzzleStore::on(Arc::clone(&writing))?, writing)));
    match opened {
        Ok((store, writing)) => Ok((Writer::Open(Arc::new(store)), Some(writing))),
        Err(e @ DbError::ReadOnly { .. }) => {
            log::warn!("{e}; serving read-only: puzzle attempts are answered with 503");
            Ok((Writer::ReadOnly(ReadOnly::NotWritable), None))
        }
        Err(e) => Err(e).with_context(|| format!("opening {} for writing", db.display())),
    }
}

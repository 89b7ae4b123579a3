//! `inarow serve`: a local HTTP server with a web page to play, analyse and
//! review, an API that speaks connect4.gamesolver.org's `/solve`, and a
//! versioned JSON API (`/api/v1/...`) described by an OpenAPI document.
//!
//! Built on axum over tokio: the HTTP side is asynchronous and cheap, while
//! one engine (its tables, the book, its threads) works on its own thread
//! behind a bounded queue (see [`engine`]).

mod api;
mod engine;
mod openapi;

use std::io::Write;
use std::net::SocketAddr;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use clap::Args;

use api::ApiError;
use engine::{EngineHandle, Settings};
use inarow_protocol::api::Limits;

/// Options of `inarow serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on; port 0 picks a free port. The address is
    /// printed on stdout once the server listens.
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:8080")]
    bind: SocketAddr,
    /// Search threads of each worker, 1 to the number of cores: the scores
    /// do not depend on it.
    #[arg(long, default_value_t = 1, value_parser = crate::threads::parse)]
    threads: usize,
    /// Engines working on requests at once, each with its own tables
    /// (default: one a core).
    #[arg(long, value_name = "N", value_parser = crate::threads::parse)]
    workers: Option<usize>,
    /// The table size in MiB of the whole server: each worker's solver and
    /// search get this divided by the workers, each.
    #[arg(long, value_name = "MiB", default_value_t = 64)]
    hash: usize,
    /// Requests that may wait for the engine; more are refused with 503.
    #[arg(long, value_name = "N", default_value_t = 32)]
    queue: usize,
    /// The time a request gets when it names no budget, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    default_millis: u64,
    /// The most time a request may take, in milliseconds (a review's total too).
    #[arg(long, value_name = "MS", default_value_t = 60_000)]
    max_millis: u64,
    /// How long a client has to send a request's headers (from the moment
    /// its connection opens or its last answer is sent; past it the
    /// connection is closed), and then its body (past it the answer is 408).
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    read_timeout: u64,
    /// The largest request body in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
    max_body: usize,
}

/// What every request shares.
#[derive(Clone)]
pub struct App {
    engine: EngineHandle,
    limits: Limits,
    settings: Settings,
    /// How long a client has to send a request's body.
    read_timeout: Duration,
}

/// The most nodes a request may ask for.
const MAX_NODES: u64 = 1_000_000_000_000;

const HTML: &str = "text/html; charset=utf-8";
const JAVASCRIPT: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";

/// The page and what it loads, built into the binary: each path with its
/// content type (a module script loads only as JavaScript) and its body.
const ASSETS: [(&str, &str, &str); 11] = [
    ("/", HTML, include_str!("web/index.html")),
    ("/style.css", CSS, include_str!("web/style.css")),
    ("/app.js", JAVASCRIPT, include_str!("web/app.js")),
    ("/state.js", JAVASCRIPT, include_str!("web/state.js")),
    ("/family.js", JAVASCRIPT, include_str!("web/family.js")),
    ("/game.js", JAVASCRIPT, include_str!("web/game.js")),
    ("/notation.js", JAVASCRIPT, include_str!("web/notation.js")),
    ("/api.js", JAVASCRIPT, include_str!("web/api.js")),
    ("/draw.js", JAVASCRIPT, include_str!("web/draw.js")),
    ("/play.js", JAVASCRIPT, include_str!("web/play.js")),
    ("/review.js", JAVASCRIPT, include_str!("web/review.js")),
];

fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        body,
    )
        .into_response()
}

async fn openapi_document(State(app): State<App>) -> Response {
    api::json(StatusCode::OK, &openapi::document(&app.limits))
}

/// The routes of the server.
fn router(app: App) -> Router {
    let mut router = Router::new();
    for (path, content_type, body) in ASSETS {
        router = router.route(path, get(move || async move { asset(content_type, body) }));
    }
    router
        .route("/solve", get(api::gamesolver))
        .route("/api/v1/info", get(api::info))
        .route("/api/v1/openapi.json", get(openapi_document))
        .route("/api/v1/analyze", post(api::analyze_position))
        .route("/api/v1/position", post(api::position_state))
        .route("/api/v1/move", post(api::engine_move))
        .route("/api/v1/review", post(api::review_pgn))
        .fallback(|| async { ApiError::not_found() })
        .method_not_allowed_fallback(|| async { ApiError::method_not_allowed() })
        .layer(DefaultBodyLimit::max(app.limits.max_body_bytes))
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            read_body_in_time,
        ))
        .with_state(app)
}

/// Runs `inarow serve` until Ctrl-C (SIGINT) or SIGTERM.
pub fn run(args: &ServeArgs) -> Result<(), String> {
    if args.hash == 0 || args.hash > inarow_engine::MAX_HASH_MIB {
        return Err(format!(
            "--hash {}: expected 1 to {} MiB",
            args.hash,
            inarow_engine::MAX_HASH_MIB
        ));
    }
    if args.queue == 0 {
        return Err("--queue: expected at least 1".to_owned());
    }
    if args.max_millis == 0 || args.default_millis == 0 || args.default_millis > args.max_millis {
        return Err(format!(
            "--default-millis {} and --max-millis {}: expected 1 <= default <= max",
            args.default_millis, args.max_millis
        ));
    }
    if args.read_timeout == 0 {
        return Err("--read-timeout: expected at least 1 ms".to_owned());
    }
    let read_timeout = Duration::from_millis(args.read_timeout);
    let workers = args.workers.unwrap_or_else(inarow_engine::max_threads);
    let settings = Settings {
        threads: args.threads,
        hash_mib: args.hash,
        queue: args.queue,
        workers,
    };
    let limits = Limits {
        default_millis: args.default_millis,
        max_millis: args.max_millis,
        max_nodes: MAX_NODES,
        max_body_bytes: args.max_body,
        queue: args.queue,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.bind)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", args.bind))?;
        let address = listener
            .local_addr()
            .map_err(|e| format!("cannot read the address listened on: {e}"))?;
        let engine = EngineHandle::start(settings)?;
        let app = App {
            engine,
            limits,
            settings,
            read_timeout,
        };
        let mut stdout = std::io::stdout();
        writeln!(stdout, "listening on http://{address}")
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("writing to stdout: {e}"))?;
        serve(listener, router(app), read_timeout).await;
        Ok::<(), String>(())
    })?;
    log::info!("stopped");
    Ok(())
}

/// How long, after SIGTERM or Ctrl-C, the requests being answered may take
/// to finish.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// Serves HTTP/1.1 connections on `listener` until Ctrl-C or SIGTERM, each
/// with `read_timeout` to send a request's headers (so a client sending a
/// byte at a time holds nothing for long), and answering a client that has
/// closed its sending side after its request (a half-close).
async fn serve(listener: tokio::net::TcpListener, app: Router, read_timeout: Duration) {
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut stop = std::pin::pin!(shutdown());
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of file descriptors, say: wait a moment.
                    log::warn!("cannot accept a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(hyper_util::rt::TokioTimer::new())
            .header_read_timeout(read_timeout)
            .half_close(true)
            .serve_connection(hyper_util::rt::TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                log::debug!("connection: {e}");
            }
        });
    }
    if tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown())
        .await
        .is_err()
    {
        log::warn!("requests still open after {SHUTDOWN_GRACE:?}: stopping anyway");
    }
}

/// Reads the request's body within the read timeout (and the size limit)
/// before the handler runs: a client that sends its body slowly gets 408.
async fn read_body_in_time(
    State(app): State<App>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let (parts, body) = request.into_parts();
    let limit = app.limits.max_body_bytes;
    match tokio::time::timeout(app.read_timeout, axum::body::to_bytes(body, limit)).await {
        Ok(Ok(bytes)) => {
            let request = axum::extract::Request::from_parts(parts, axum::body::Body::from(bytes));
            next.run(request).await
        }
        Ok(Err(_)) => ApiError::too_large().into_response(),
        Err(_) => ApiError::body_timeout().into_response(),
    }
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown() {
    let interrupt = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            log::error!("cannot wait for Ctrl-C: {e}");
            std::future::pending::<()>().await;
        }
    };
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(e) => {
                log::error!("cannot wait for SIGTERM: {e}");
                std::future::pending::<()>().await;
            }
        }
    };
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

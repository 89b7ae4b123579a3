//! The engines behind the requests: each worker thread owns an engine (the
//! solver, the search, their tables, the book) and takes work from one
//! bounded queue, so that as many requests are worked on at once as there
//! are workers.
//!
//! A request hands the worker a closure and waits for its answer. When the
//! queue is full the request is refused at once (503), rather than piling up.
//! Every piece of work carries [`Signals`]: they are raised when the request's
//! budget runs out and when the client goes away (the request's future is
//! dropped), so the worker moves on to the next request.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use inarow_engine::strength::LevelRng;
use inarow_engine::{Analyst, AnySearcher, Signals};
use inarow_games::AnyGame;
use tokio::sync::{mpsc, oneshot};

/// What the engines are built with.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Search threads for the solver and the search, in each worker.
    pub threads: usize,
    /// Table size in MiB of every worker together: each worker's solver and
    /// search get a share each of `hash_mib / workers`.
    pub hash_mib: usize,
    /// Requests that may wait for an engine.
    pub queue: usize,
    /// Engines, each on its own thread with its own tables.
    pub workers: usize,
}

impl Settings {
    /// The table size of one worker's solver and of its search, in MiB.
    #[must_use]
    pub fn worker_hash_mib(&self) -> usize {
        (self.hash_mib / self.workers.max(1)).max(1)
    }
}

/// The engine's state, owned by its worker thread.
pub struct Engine {
    /// The exact analyst (with the book) for every game.
    pub analyst: Analyst,
    /// The heuristic search (with the book and its own solver) that picks moves.
    pub searcher: AnySearcher,
    /// The weaker levels' random choices.
    pub rng: LevelRng,
    /// The games whose tables are faulted in.
    prepared: Vec<std::mem::Discriminant<AnyGame>>,
}

impl Engine {
    fn new(settings: Settings) -> Self {
        let book = Some(inarow_engine::books::opening::embedded());
        let hash_mib = settings.worker_hash_mib();
        let mut analyst = Analyst::new(hash_mib);
        analyst.set_threads(settings.threads);
        analyst.set_book(book.clone());
        let mut searcher = AnySearcher::new(hash_mib);
        searcher.set_threads(settings.threads);
        searcher.set_book(book);
        Engine {
            analyst,
            searcher,
            rng: LevelRng::from_clock(),
            prepared: Vec::new(),
        }
    }

    /// The first time a request plays `position`'s game: faults its tables'
    /// memory in, the search's and the analyst's, which every request would
    /// otherwise pay for in part on its budget as its searches first write
    /// them (up to a millisecond a page). The first request of a game pays
    /// it once.
    pub fn prepare(&mut self, position: &AnyGame) {
        let game = std::mem::discriminant(position);
        if !self.prepared.contains(&game) {
            self.searcher.populate(position);
            self.analyst.populate(position);
            self.prepared.push(game);
        }
    }
}

/// A piece of work: it gets the engine and the request's signals.
type Work = Box<dyn FnOnce(&mut Engine, &Signals) + Send>;

struct Task {
    work: Work,
    signals: Arc<Signals>,
    /// Set when the request is gone: its work is skipped.
    abandoned: Arc<AtomicBool>,
}

/// Why the engine did not answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The queue was full.
    QueueFull,
    /// The work did not answer soon after its deadline (the engine was
    /// held up by the work queued before it).
    Expired,
    /// The engine failed on this request (a bug); it has been rebuilt.
    Failed,
}

/// Marks the work abandoned and raises its signals when dropped: the
/// request's future is dropped when its client disconnects, and the work it
/// queued must stop, or never start.
struct AbandonOnDrop {
    signals: Arc<Signals>,
    abandoned: Arc<AtomicBool>,
}

impl Drop for AbandonOnDrop {
    fn drop(&mut self) {
        self.abandoned.store(true, Ordering::Relaxed);
        self.signals.stop();
    }
}

/// The way to the engine, shared by every request.
#[derive(Clone)]
pub struct EngineHandle {
    queue: mpsc::Sender<Task>,
}

impl EngineHandle {
    /// Starts the workers' threads, each with its engine.
    ///
    /// # Errors
    /// If a thread cannot be started.
    pub fn start(settings: Settings) -> Result<Self, String> {
        let (queue, tasks) = mpsc::channel::<Task>(settings.queue.max(1));
        // One worker at a time waits on the queue; the others wait for it
        // to take a task and let go.
        let tasks = Arc::new(Mutex::new(tasks));
        for worker in 0..settings.workers.max(1) {
            let tasks = Arc::clone(&tasks);
            std::thread::Builder::new()
                .name(format!("engine {}", worker + 1))
                .spawn(move || work_on(&tasks, settings))
                .map_err(|e| format!("cannot start an engine thread: {e}"))?;
        }
        Ok(EngineHandle { queue })
    }

    /// Runs `work` on the engine and waits for its answer. At `deadline` the
    /// work's signals are raised: a search then answers at once with what it
    /// has (work that starts later starts with them raised).
    ///
    /// # Errors
    /// [`Refused`] if the queue is full, the work failed, or it did not
    /// answer soon after its deadline.
    pub async fn run<T: Send + 'static>(
        &self,
        deadline: Instant,
        work: impl FnOnce(&mut Engine, &Signals) -> T + Send + 'static,
    ) -> Result<T, Refused> {
        let (reply, answer) = oneshot::channel();
        let signals = Arc::new(Signals::new());
        let abandoned = Arc::new(AtomicBool::new(false));
        let _guard = AbandonOnDrop {
            signals: Arc::clone(&signals),
            abandoned: Arc::clone(&abandoned),
        };
        let task = Task {
            work: Box::new(move |engine, signals| {
                let _ = reply.send(work(engine, signals));
            }),
            signals: Arc::clone(&signals),
            abandoned,
        };
        self.queue.try_send(task).map_err(|_| Refused::QueueFull)?;
        let mut answer = answer;
        let wait = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(wait, &mut answer).await {
            Ok(reply) => reply.map_err(|_| Refused::Failed),
            Err(_) => {
                // Out of time: a search stops and answers with what it has.
                signals.stop();
                match tokio::time::timeout(GRACE, answer).await {
                    Ok(Ok(answer)) => Ok(answer),
                    Ok(Err(_)) => Err(Refused::Failed),
                    Err(_) => Err(Refused::Expired),
                }
            }
        }
    }
}

/// A worker: takes tasks from the queue until it closes, and works on each
/// with its own engine.
fn work_on(tasks: &Mutex<mpsc::Receiver<Task>>, settings: Settings) {
    let mut engine = Engine::new(settings);
    loop {
        let next = tasks
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .blocking_recv();
        let Some(task) = next else { return };
        if task.abandoned.load(Ordering::Relaxed) {
            // Its client has gone.
            continue;
        }
        let signals = Arc::clone(&task.signals);
        let work = task.work;
        let run = panic::catch_unwind(AssertUnwindSafe(|| work(&mut engine, &signals)));
        if run.is_err() {
            log::error!("an engine failed on a request; it starts afresh");
            engine = Engine::new(settings);
        }
    }
}

/// How long stopped work may take to answer, the work queued before it
/// included (each stops within milliseconds once its own deadline passes).
const GRACE: Duration = Duration::from_secs(5);

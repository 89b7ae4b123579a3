//! The search: one generic depth-limited negamax with alpha-beta (principal
//! variation search), iterative deepening, move ordering and a transposition
//! table, monomorphised for each game.
//!
//! The search never prints: it reports through a callback, and stops when a
//! limit is reached or the shared stop flag is raised.
//!
//! With more than one thread (Lazy SMP), helper threads deepen the same
//! position over the shared table, odd helpers one ply ahead, without
//! reporting; the main thread alone decides and reports, with the nodes of
//! all threads, and stops the helpers when it is done.
//!
//! The main thread counts how well the moves were ordered ([`SearchStats`]:
//! beta cutoffs by the first move, table hits, nodes per iteration), and
//! tells a [`SearchObserver`] of every node it enters and leaves; the
//! observer is a type parameter, so the usual [`NoObserver`] costs nothing.

pub mod heuristics;
pub mod knuth_moore;
mod result;
pub mod trace;

pub use result::{Info, IterationNodes, SearchResult, SearchStats, Source};

use std::marker::PhantomData;
use std::ops::Neg;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;

use crate::books::opening::Book;
use crate::limits::{Limits, Signals, SolveLimits};
use crate::oracle::{Oracle, ProvenLines};
use crate::score::{Score, INFINITE, WIN, WIN_MIN};
use crate::search::heuristics::{ordered_moves, SearchGame};
use crate::search::trace::{Exit, NoObserver, SearchObserver};
use crate::time::budget;
use crate::tt::{Bound, TableKey, TranspositionTableOf, TtEntry};

/// The default transposition table size, in MiB.
pub const DEFAULT_HASH_MIB: usize = 64;

/// The longest game: 64 cells.
const MAX_PLY: usize = 64;

/// A value with whether it rests only on finished games (a proven bound).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Eval {
    value: i32,
    proven: bool,
}

impl Neg for Eval {
    type Output = Eval;

    #[inline]
    fn neg(self) -> Eval {
        Eval {
            value: -self.value,
            proven: self.proven,
        }
    }
}

type Pv<M> = ArrayVec<M, MAX_PLY>;

#[derive(Clone, Debug)]
struct RootMove<M> {
    mv: M,
    eval: Eval,
    pv: Pv<M>,
}

/// A search for one game: owns the transposition table, so it
/// remembers between moves of a game until [`Searcher::clear`].
pub struct Searcher<G: SearchGame> {
    tt: TranspositionTableOf<G::TableKey>,
    /// The game's exact solver, made on first use.
    oracle: Option<G::Oracle>,
    oracle_bytes: usize,
    /// Search threads, at least 1.
    threads: usize,
    /// The opening book handed to the oracle.
    book: Option<Arc<Book>>,
    _game: PhantomData<fn() -> G>,
}

/// With no time or node limit, the oracle gets this long before the search
/// takes over (and reports as it goes).
const ORACLE_UNTIMED: Duration = Duration::from_secs(1);

impl<G: SearchGame> Searcher<G> {
    /// A searcher with a transposition table of `hash_mib` MiB.
    #[must_use]
    pub fn new(hash_mib: usize) -> Self {
        let (search_bytes, oracle_bytes) = Self::split_hash(hash_mib);
        Searcher {
            tt: TranspositionTableOf::with_bytes(search_bytes, 64),
            oracle: None,
            oracle_bytes,
            threads: 1,
            book: None,
            _game: PhantomData,
        }
    }

    /// Hands `book` to the oracle from now on (a game without an oracle, or a
    /// book for another board size, leaves it unused).
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        if let Some(oracle) = &mut self.oracle {
            oracle.set_book(book.clone());
        }
        self.book = book;
    }

    /// Searches on `threads` threads (at least 1) from now on, the oracle too.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
        if let Some(oracle) = &mut self.oracle {
            oracle.set_threads(self.threads);
        }
    }

    /// The number of search threads.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The table sizes of the search and of the oracle, in bytes.
    fn split_hash(hash_mib: usize) -> (usize, usize) {
        let bytes = hash_mib.max(1).saturating_mul(1 << 20);
        let oracle = bytes / 100 * <G::Oracle as Oracle<G>>::HASH_PERCENT;
        (bytes - oracle, oracle)
    }

    /// Resizes the tables to `mib` MiB in all (emptying them).
    pub fn set_hash(&mut self, mib: usize) {
        let (search_bytes, oracle_bytes) = Self::split_hash(mib);
        self.tt.resize_bytes(search_bytes);
        self.oracle = None;
        self.oracle_bytes = oracle_bytes;
    }

    /// Forgets everything learnt: for a new game or an independent problem.
    pub fn clear(&mut self) {
        self.tt.clear();
        if let Some(oracle) = &mut self.oracle {
            oracle.clear();
        }
    }

    /// The memory the tables may use, in bytes.
    #[must_use]
    pub fn hash_bytes(&self) -> usize {
        self.tt.bytes() + self.oracle_bytes
    }

    /// Sets the tables up for `position`'s game and faults their memory in
    /// now, the oracle's too (making it if it is not there yet): a table's
    /// pages otherwise come as a search first writes them, at up to a
    /// millisecond each, which a short search pays on its clock. What the
    /// tables hold stays.
    pub fn populate(&mut self, position: &G) {
        self.tt.set_key_bits(position.key_bits());
        self.tt.populate();
        self.oracle_mut().populate(position);
    }

    /// The oracle, made with the searcher's settings if there is none yet.
    fn oracle_mut(&mut self) -> &mut G::Oracle {
        let (oracle_bytes, threads, book) = (self.oracle_bytes, self.threads, &self.book);
        self.oracle.get_or_insert_with(|| {
            let mut oracle = G::Oracle::new(oracle_bytes);
            oracle.set_threads(threads);
            oracle.set_book(book.clone());
            oracle
        })
    }

    /// Searches `position` within `limits`, calling `report` after each
    /// iteration with each line. Returns when a limit is reached, the position
    /// is solved, or `signals` asks it to stop.
    ///
    /// The phases: plan the time, ask the exact solver (the oracle), then
    /// deepen iteratively, reporting each finished iteration.
    pub fn search(
        &mut self,
        position: &G,
        limits: &Limits,
        signals: &Signals,
        report: impl FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        self.search_observed(position, limits, signals, &mut NoObserver, report)
    }

    /// [`Searcher::search`], telling `observer` of every node the main
    /// thread enters and leaves (helper threads are not watched).
    pub fn search_observed<O: SearchObserver>(
        &mut self,
        position: &G,
        limits: &Limits,
        signals: &Signals,
        observer: &mut O,
        mut report: impl FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        let start = Instant::now();
        self.tt.set_key_bits(position.key_bits());
        self.tt.new_search();
        let plan = TimePlan::new(position, limits, start);
        let proving = <G::Oracle as Oracle<G>>::KEEPS
            && plan.proof_deadline.is_some()
            && !signals.is_pondering();
        let (oracle_nodes, solved) = self.ask_oracle(position, limits, signals, &plan, proving);
        if let Some(moves) = solved {
            let tt = &self.tt;
            let mut result = Self::oracle_result(
                position,
                &moves,
                limits,
                oracle_nodes,
                &plan,
                tt,
                &mut report,
            );
            if self.oracle.as_ref().is_some_and(Oracle::answered_by_book) {
                result.source = Source::Book;
            }
            return result;
        }
        let mut job = Job {
            position,
            limits,
            signals,
            observer,
            plan,
        };
        if proving && self.oracle.is_some() {
            return self.search_keeping(&mut job, oracle_nodes, &mut report);
        }
        self.run_search(&mut job, &[], oracle_nodes, &mut report)
    }

    /// Under a clock, once the exact solve has not settled the position in
    /// its share: a short search for the move it favours, then a proof that
    /// a move keeps the outcome (a win or a draw), the favourite tried
    /// first; a proven win then gets its exact score if that fits in the
    /// solver's usual share of the time. Without a proof in time, the
    /// search's move stands, unless the proof found it gives the outcome
    /// away; then a brief search among the moves not found to.
    ///
    /// The exact score takes several null windows and the outcome one: on
    /// the positions inarow met with 8 to 12 stones in games at 1+0.01, a
    /// move that keeps the outcome took half the time of the exact best
    /// move (median 20 ms against 66 ms, the slowest 0.55 s against 1.4 s).
    fn search_keeping<O: SearchObserver>(
        &mut self,
        job: &mut Job<'_, G, O>,
        oracle_nodes: u64,
        report: &mut impl FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        let (position, limits, plan) = (job.position, job.limits, job.plan);
        let soft = plan.soft.unwrap_or_default();
        let full = std::mem::replace(&mut job.plan, plan.with_soft(soft / 4));
        let mut favourite = self.run_search(job, &[], oracle_nodes, report);
        job.plan = full;
        let settled = favourite.lines.first().is_some_and(|l| l.score.is_proven());
        let Some(oracle) = self.oracle.as_mut().filter(|_| !settled) else {
            return favourite;
        };
        let proof_limits = SolveLimits {
            nodes: None,
            deadline: plan.proof_deadline,
            signals: Some(job.signals),
        };
        let before = oracle.nodes();
        let kept = oracle.keep(position, favourite.best, &proof_limits);
        if let Some((mv, score)) = kept.line {
            // A win's distance, and its fastest move, if the exact solve
            // now fits in its usual share of the time: the proof's table
            // entries make it cheaper than at first.
            let usual = plan.soft.map(|soft| plan.start + soft * 3 / 4);
            let exact = match usual {
                Some(deadline) if score != Score::Draw && Instant::now() < deadline => {
                    let exact_limits = SolveLimits {
                        deadline: plan.within_hard(Some(deadline)),
                        ..proof_limits
                    };
                    oracle.solve(position, 1, &exact_limits)
                }
                _ => None,
            };
            favourite.nodes += oracle.nodes() - before;
            let (lines, source) = match exact.filter(|lines| !lines.is_empty()) {
                Some(lines) => (lines, Source::Solver),
                None => (vec![(vec![mv], score)], Source::Proof),
            };
            let nodes = favourite.nodes;
            let mut result =
                Self::oracle_result(position, &lines, limits, nodes, &plan, &self.tt, report);
            result.source = source;
            return result;
        }
        favourite.nodes += oracle.nodes() - before;
        favourite.elapsed = plan.start.elapsed();
        if favourite.best.is_none_or(|mv| !kept.refuted.contains(&mv)) || job.signals.is_stopped() {
            return favourite;
        }
        let now = Instant::now();
        job.plan = TimePlan {
            soft: Some(now - plan.start + soft / 8),
            hard_deadline: plan.hard_deadline.map(|hard| hard.max(now + soft / 4)),
            ..plan
        };
        self.run_search(job, &kept.refuted, favourite.nodes, report)
    }

    /// The heuristic search proper, on every thread, within the job's plan,
    /// never choosing a move of `avoid` unless every move is there.
    fn run_search<O: SearchObserver>(
        &mut self,
        job: &mut Job<'_, G, O>,
        avoid: &[G::Move],
        nodes_before: u64,
        report: &mut impl FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        let Job {
            position,
            limits,
            signals,
            plan,
            ..
        } = *job;
        let plan = &plan;
        let helper_nodes = AtomicU64::new(0);
        // Helpers stop when the main thread is done, whatever ended it.
        let helper_signals = Signals::new();
        let tt = &self.tt;
        let mut main = Worker::new(
            tt,
            signals,
            plan,
            limits,
            &helper_nodes,
            G::CHECK_EVERY,
            &mut *job.observer,
        );
        main.nodes = nodes_before;
        let mut result = if self.threads <= 1 {
            main.deepen(position, limits, plan, avoid, report)
        } else {
            std::thread::scope(|scope| {
                for thread in 1..self.threads {
                    let position = position.clone();
                    let (helper_signals, helper_nodes) = (&helper_signals, &helper_nodes);
                    scope.spawn(move || {
                        let mut none = NoObserver;
                        let mut helper = Worker::new(
                            tt,
                            helper_signals,
                            plan,
                            limits,
                            helper_nodes,
                            G::CHECK_EVERY,
                            &mut none,
                        );
                        helper.helper = true;
                        helper.help(&position, limits, thread);
                    });
                }
                let result = main.deepen(position, limits, plan, avoid, report);
                helper_signals.stop();
                result
            })
        };
        result.nodes = main.total_nodes();
        result.elapsed = plan.start.elapsed();
        result
    }

    /// Asks the exact solver first, unless the depth is fixed (a fixed-depth
    /// search means exactly that) or the game has none. Returns the nodes it
    /// spent, and the proven lines if it settled the position in its share of
    /// the time: three quarters of the soft limit, or an eighth when
    /// `proving` (a proof of the outcome follows).
    fn ask_oracle(
        &mut self,
        position: &G,
        limits: &Limits,
        signals: &Signals,
        plan: &TimePlan,
        proving: bool,
    ) -> (u64, Option<ProvenLines<G::Move>>) {
        if limits.depth.is_some() || <G::Oracle as Oracle<G>>::HASH_PERCENT == 0 {
            return (0, None);
        }
        let start = plan.start;
        // When a proof of the outcome can follow, the exact score gets less.
        let share = |soft: Duration| if proving { soft / 8 } else { soft * 3 / 4 };
        let deadline = match (limits.nodes, plan.soft) {
            (Some(_), None) => None,
            (_, Some(soft)) => Some(start + share(soft)),
            (None, None) => Some(start + ORACLE_UNTIMED),
        };
        let oracle_limits = SolveLimits {
            nodes: limits.nodes.map(|n| n / 2),
            deadline: plan.within_hard(deadline),
            signals: Some(signals),
        };
        let oracle = self.oracle_mut();
        let before = oracle.nodes();
        let solved = oracle.solve(position, limits.multipv, &oracle_limits);
        let nodes = oracle.nodes() - before;
        (nodes, solved.filter(|moves| !moves.is_empty()))
    }
}

/// One search's inputs, handed down its phases.
struct Job<'a, G, O> {
    position: &'a G,
    limits: &'a Limits,
    signals: &'a Signals,
    observer: &'a mut O,
    /// The time plan of the phase at hand.
    plan: TimePlan,
}

/// When a search must stop: the soft limit ends it between iterations, the
/// hard deadline in the middle of one.
#[derive(Clone, Copy)]
struct TimePlan {
    start: Instant,
    soft: Option<Duration>,
    hard_deadline: Option<Instant>,
    /// On a clock, with nothing else fixed: when a proof that a move keeps
    /// the outcome must end (see [`TimeBudget::proof`](crate::TimeBudget)).
    proof_deadline: Option<Instant>,
}

impl TimePlan {
    fn new<G: SearchGame>(position: &G, limits: &Limits, start: Instant) -> Self {
        let moves_left = position.moves_to_plan();
        let (soft, hard, proof) = match (limits.movetime, limits.clock) {
            (Some(movetime), _) => (Some(movetime), Some(movetime), None),
            (None, Some(clock)) => {
                let b = budget(&clock, limits.overhead, moves_left);
                (Some(b.soft), Some(b.hard), Some(b.proof))
            }
            (None, None) => (None, None, None),
        };
        let mut hard_deadline = hard.map(|h| start + h);
        let mut proof_deadline = proof.map(|p| start + p);
        if let Some(deadline) = limits.deadline {
            hard_deadline = Some(hard_deadline.map_or(deadline, |d| d.min(deadline)));
            proof_deadline = proof_deadline.map(|d| d.min(deadline));
        }
        let fixed = limits.nodes.is_some() || limits.mate.is_some() || limits.multipv > 1;
        TimePlan {
            start,
            soft,
            hard_deadline,
            proof_deadline: proof_deadline.filter(|_| !fixed),
        }
    }

    /// The earlier of `deadline` and the hard deadline, either if only one
    /// is set.
    fn within_hard(&self, deadline: Option<Instant>) -> Option<Instant> {
        match (deadline, self.hard_deadline) {
            (Some(d), Some(h)) => Some(d.min(h)),
            (d, h) => d.or(h),
        }
    }

    /// The plan with its soft limit at `soft`.
    fn with_soft(self, soft: Duration) -> Self {
        TimePlan {
            soft: Some(soft),
            ..self
        }
    }
}

impl<K: TableKey, O: SearchObserver> Worker<'_, K, O> {
    /// Iterative deepening from `position`: each finished iteration is
    /// reported, and the search ends when it is solved, a mate within the
    /// limit is found, or time, nodes or a stop end it. The moves of `avoid`
    /// are left out of the root, unless they are all there is.
    fn deepen<G: SearchGame<TableKey = K>>(
        &mut self,
        position: &G,
        limits: &Limits,
        plan: &TimePlan,
        avoid: &[G::Move],
        report: &mut impl FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        let mut root_moves = Self::ordered_root_moves(position);
        if root_moves.iter().any(|m| !avoid.contains(&m.mv)) {
            root_moves.retain(|m| !avoid.contains(&m.mv));
        }
        let mut result = SearchResult {
            best: root_moves.first().map(|m| m.mv),
            ponder: None,
            lines: Vec::new(),
            nodes: 0,
            elapsed: Duration::ZERO,
            source: Source::Search,
            stats: SearchStats::default(),
        };
        if root_moves.is_empty() {
            return result;
        }
        let multipv = limits.multipv.clamp(1, root_moves.len());
        let max_depth = max_depth(position, limits);
        let start_depth = limits.start_depth.unwrap_or(1).clamp(1, max_depth);
        let mut last_took: Option<Duration> = None;
        for depth in start_depth..=max_depth {
            let nodes_before = self.nodes;
            let iteration_start = Instant::now();
            for line in 0..multipv {
                self.observer.iteration(depth);
                self.search_root(position, &mut root_moves[line..], depth as i32);
                if self.stopped {
                    break;
                }
                // Stable: moves that failed low keep their previous order.
                root_moves[line..].sort_by_key(|m| -m.eval.value);
            }
            if self.stopped {
                // The lines of the last finished iteration stand.
                break;
            }
            self.stats.iterations.push(IterationNodes {
                depth,
                nodes: self.nodes - nodes_before,
            });
            let elapsed = plan.start.elapsed();
            result.lines = self.lines(&root_moves[..multipv], depth, elapsed);
            result.best = Some(root_moves[0].mv);
            result.ponder = root_moves[0].pv.get(1).copied();
            for line in &result.lines {
                report(line);
            }

            let best = result.lines[0].score;
            // A win or loss found by a full-window search is exact and proven
            // (see `Score`); with several lines, each must be proven.
            let solved = root_moves[..multipv].iter().all(|m| m.eval.proven)
                || (multipv == 1 && matches!(best, Score::Win(_) | Score::Loss(_)));
            let mate_found = match (limits.mate, best.mate_moves()) {
                (Some(limit), Some(moves)) => moves > 0 && moves as u32 <= limit,
                _ => false,
            };
            // On a clock, an iteration that cannot end before the hard
            // deadline is not begun: its work would be cut off and lost. Its
            // length is guessed from how the last two grew.
            let took = iteration_start.elapsed();
            let growth = last_took
                .filter(|last| !last.is_zero())
                .map_or(2.0, |last| {
                    (took.as_secs_f64() / last.as_secs_f64()).clamp(2.0, 16.0)
                });
            last_took = Some(took);
            let doomed = plan.soft.is_some_and(|soft| {
                plan.hard_deadline.is_some_and(|hard| {
                    hard > plan.start + soft && Instant::now() + took.mul_f64(growth) > hard
                })
            });
            let out_of_time =
                !self.signals.is_pondering() && (plan.soft.is_some_and(|s| elapsed >= s) || doomed);
            if solved || mate_found || out_of_time || self.signals.is_stopped() {
                break;
            }
        }
        result.stats = std::mem::take(&mut self.stats);
        result
    }

    /// A helper thread's iterative deepening: no reports, odd helpers one ply
    /// ahead, until the main thread stops it or the game's end is reached.
    fn help<G: SearchGame<TableKey = K>>(&mut self, position: &G, limits: &Limits, thread: usize) {
        let mut root_moves = Self::ordered_root_moves(position);
        if root_moves.is_empty() {
            return;
        }
        let max_depth = max_depth(position, limits);
        let mut depth = 1 + (thread % 2) as u32;
        while depth <= max_depth && !self.stopped {
            self.search_root(position, &mut root_moves, depth as i32);
            root_moves.sort_by_key(|m| -m.eval.value);
            depth += 1;
        }
        self.publish_nodes();
    }

    /// The legal moves, ordered once by [`ordered_moves`] (a winning move
    /// first); later iterations keep the order of the last one.
    fn ordered_root_moves<G: SearchGame>(position: &G) -> Vec<RootMove<G::Move>> {
        ordered_moves(position)
            .into_iter()
            .map(|mv| RootMove {
                mv,
                eval: Eval {
                    value: -INFINITE,
                    proven: false,
                },
                pv: Pv::new(),
            })
            .collect()
    }

    /// The report of a finished iteration: one line per MultiPV move.
    fn lines<M: Copy>(
        &self,
        root_moves: &[RootMove<M>],
        depth: u32,
        elapsed: Duration,
    ) -> Vec<Info<M>> {
        root_moves
            .iter()
            .enumerate()
            .map(|(i, m)| Info {
                depth,
                seldepth: self.seldepth.max(depth),
                multipv: i + 1,
                score: Score::from_value(m.eval.value, m.eval.proven),
                nodes: self.total_nodes(),
                elapsed,
                hashfull: self.tt.hashfull(),
                pv: m.pv.to_vec(),
            })
            .collect()
    }
}

impl<G: SearchGame> Searcher<G> {
    /// The result of a position the oracle solved: every move's proven score.
    fn oracle_result(
        position: &G,
        moves: &[(Vec<G::Move>, Score)],
        limits: &Limits,
        nodes: u64,
        plan: &TimePlan,
        tt: &TranspositionTableOf<G::TableKey>,
        mut report: impl FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        let remaining = position.max_ply() - position.ply();
        let elapsed = plan.start.elapsed();
        let lines: Vec<Info<G::Move>> = moves
            .iter()
            .take(limits.multipv.max(1))
            .enumerate()
            .map(|(i, (pv, score))| Info {
                depth: remaining,
                seldepth: remaining,
                multipv: i + 1,
                score: *score,
                nodes,
                elapsed,
                hashfull: tt.hashfull(),
                pv: pv.clone(),
            })
            .collect();
        for line in &lines {
            report(line);
        }
        let pv = &moves[0].0;
        SearchResult {
            best: pv.first().copied(),
            ponder: pv.get(1).copied(),
            lines,
            nodes,
            elapsed,
            source: Source::Solver,
            stats: SearchStats::default(),
        }
    }
}

/// The deepest iteration: the depth limit, or the plies left in the game.
fn max_depth<G: SearchGame>(position: &G, limits: &Limits) -> u32 {
    let remaining = position.max_ply() - position.ply();
    limits.depth.unwrap_or(u32::MAX).clamp(1, remaining.max(1))
}

/// The state of one running search, watched by `O`.
struct Worker<'a, K: TableKey, O: SearchObserver> {
    tt: &'a TranspositionTableOf<K>,
    signals: &'a Signals,
    hard_deadline: Option<Instant>,
    node_limit: u64,
    /// Time and the stop flag are checked when `nodes & check_mask` is 0:
    /// every [`SearchGame::CHECK_EVERY`] nodes.
    check_mask: u64,
    nodes: u64,
    seldepth: u32,
    stopped: bool,
    /// The nodes helper threads have searched, as they publish them.
    helper_nodes: &'a AtomicU64,
    /// Whether this is a helper thread: it publishes its nodes.
    helper: bool,
    /// The nodes a helper has published so far.
    published: u64,
    /// How well the moves were ordered.
    stats: SearchStats,
    observer: &'a mut O,
}

/// Win distances are stored relative to the node, not the root: the same
/// position is reached at different distances from different roots, and "win
/// in 3 from here" stays true wherever "here" is.
#[inline]
fn value_to_tt(value: i32, ply: u32) -> i32 {
    if value >= WIN_MIN {
        value + ply as i32
    } else if value <= -WIN_MIN {
        value - ply as i32
    } else {
        value
    }
}

#[inline]
fn value_from_tt(value: i32, ply: u32) -> i32 {
    if value >= WIN_MIN {
        value - ply as i32
    } else if value <= -WIN_MIN {
        value + ply as i32
    } else {
        value
    }
}

impl<'a, K: TableKey, O: SearchObserver> Worker<'a, K, O> {
    /// A main thread's worker, with no nodes searched yet.
    fn new(
        tt: &'a TranspositionTableOf<K>,
        signals: &'a Signals,
        plan: &TimePlan,
        limits: &Limits,
        helper_nodes: &'a AtomicU64,
        check_every: u64,
        observer: &'a mut O,
    ) -> Self {
        debug_assert!(check_every.is_power_of_two());
        Worker {
            tt,
            signals,
            hard_deadline: plan.hard_deadline,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            check_mask: check_every - 1,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            helper_nodes,
            helper: false,
            published: 0,
            stats: SearchStats::default(),
            observer,
        }
    }

    /// The nodes of every thread: this one's and the helpers' published ones.
    fn total_nodes(&self) -> u64 {
        self.nodes + self.helper_nodes.load(Ordering::Relaxed)
    }

    /// A helper adds its nodes since the last time to the shared count.
    fn publish_nodes(&mut self) {
        self.helper_nodes
            .fetch_add(self.nodes - self.published, Ordering::Relaxed);
        self.published = self.nodes;
    }

    #[inline]
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes & self.check_mask == 0 {
            if self.helper {
                self.publish_nodes();
            } else if self.total_nodes() >= self.node_limit {
                self.stopped = true;
            }
            if self.signals.is_stopped() {
                self.stopped = true;
            } else if let Some(deadline) = self.hard_deadline {
                if !self.signals.is_pondering() && Instant::now() >= deadline {
                    self.stopped = true;
                }
            }
        }
    }

    /// Stores a node's result: a proven one holds at any depth.
    fn store(&mut self, key: K, eval: Eval, depth: i32, ply: u32, bound: Bound, best: Option<u8>) {
        let depth = if eval.proven {
            TtEntry::PROVEN
        } else {
            depth as u8
        };
        self.tt
            .store(key, value_to_tt(eval.value, ply), depth, bound, best);
    }

    /// Searches the root moves of one line: the first with a full window, the
    /// rest with null windows, re-searched when they beat the best so far.
    fn search_root<G: SearchGame<TableKey = K>>(
        &mut self,
        position: &G,
        moves: &mut [RootMove<G::Move>],
        depth: i32,
    ) {
        let mut alpha = -INFINITE;
        let beta = INFINITE;
        self.observer.enter(0, alpha, beta);
        for (i, root_move) in moves.iter_mut().enumerate() {
            let mv = root_move.mv;
            let mut child_pv = Pv::new();
            self.observer.child(position, mv, i + 1, false);
            let eval = if position.is_winning_move(mv) {
                self.nodes += 1;
                self.observer.enter(1, -beta, -alpha);
                self.observer.leave(-(WIN - 1), Exit::GameOver);
                Eval {
                    value: WIN - 1,
                    proven: true,
                }
            } else {
                let mut child = position.clone();
                child.play_unchecked(mv);
                if i == 0 {
                    -self.negamax(&child, depth - 1, -beta, -alpha, 1, &mut child_pv)
                } else {
                    let probe =
                        -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1, &mut child_pv);
                    if probe.value > alpha && !self.stopped {
                        self.observer.child(position, mv, i + 1, true);
                        -self.negamax(&child, depth - 1, -beta, -alpha, 1, &mut child_pv)
                    } else {
                        probe
                    }
                }
            };
            if self.stopped {
                self.observer.leave(alpha, Exit::Stopped);
                return;
            }
            root_move.eval = eval;
            if i == 0 || eval.value > alpha {
                root_move.pv.clear();
                root_move.pv.push(mv);
                root_move.pv.try_extend_from_slice(&child_pv).ok();
                alpha = alpha.max(eval.value);
            } else {
                // Only a bound: keep it below the best so the sort is right.
                root_move.eval.value = root_move.eval.value.min(alpha - 1);
            }
        }
        self.observer.leave(alpha, Exit::AllChildren);
    }

    /// One node of the search, entered and left under the observer's eyes.
    fn negamax<G: SearchGame<TableKey = K>>(
        &mut self,
        position: &G,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: u32,
        pv: &mut Pv<G::Move>,
    ) -> Eval {
        self.observer.enter(ply, alpha, beta);
        let (eval, exit) = self.node(position, depth, alpha, beta, ply, pv);
        self.observer.leave(eval.value, exit);
        eval
    }

    /// The search of one node: its value, and how it was found. Inlined into
    /// [`Worker::negamax`], so with [`NoObserver`] the exit is never built.
    #[inline(always)]
    fn node<G: SearchGame<TableKey = K>>(
        &mut self,
        position: &G,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: u32,
        pv: &mut Pv<G::Move>,
    ) -> (Eval, Exit) {
        pv.clear();
        self.tick();
        if self.stopped {
            let stopped = Eval {
                value: 0,
                proven: false,
            };
            return (stopped, Exit::Stopped);
        }
        self.seldepth = self.seldepth.max(ply);
        let proven = |value| Eval {
            value,
            proven: true,
        };

        if position.ply() == position.max_ply() {
            return (proven(0), Exit::GameOver);
        }
        if position.can_win_now() {
            if beta - alpha > 1 {
                // End the principal variation with the winning move.
                if let Some(mv) = position
                    .legal_moves()
                    .into_iter()
                    .find(|&mv| position.is_winning_move(mv))
                {
                    pv.push(mv);
                }
            }
            return (proven(WIN - (ply as i32 + 1)), Exit::WinNow);
        }
        // The side to move cannot win now, so at best it wins with its next
        // move but one, and at worst it loses to the opponent's next move.
        let worst = -(WIN - (ply as i32 + 2));
        let best_possible = WIN - (ply as i32 + 3);
        if worst >= beta {
            return (proven(worst), Exit::OutOfReach);
        }
        if best_possible <= alpha {
            return (proven(best_possible), Exit::OutOfReach);
        }
        alpha = alpha.max(worst);
        beta = beta.min(best_possible);

        if depth <= 0 {
            // A leaf needs no list of moves: only whether one defends.
            if !position.has_defence() {
                return (proven(worst), Exit::NoDefence);
            }
            if let Some(plies) = position.forced_win() {
                return (proven(WIN - (ply as i32 + plies as i32)), Exit::ForcedWin);
            }
            let eval = Eval {
                value: position.evaluate(),
                proven: false,
            };
            return (eval, Exit::Horizon);
        }
        let candidates = position.candidate_moves();
        if candidates.is_empty() {
            return (proven(worst), Exit::NoDefence);
        }

        let key = position.table_key();
        let pv_node = beta - alpha > 1;
        let mut tt_move = None;
        self.stats.tt_probes += 1;
        if let Some(entry) = self.tt.probe(key) {
            self.stats.tt_hits += 1;
            tt_move = entry.best;
            if !pv_node && (i32::from(entry.depth) >= depth || entry.is_proven()) {
                let value = value_from_tt(entry.value, ply);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => value >= beta,
                    Bound::Upper => value <= alpha,
                };
                if cut {
                    self.stats.tt_cutoffs += 1;
                    let eval = Eval {
                        value,
                        proven: entry.is_proven(),
                    };
                    return (eval, Exit::Table);
                }
            }
        }

        // The table's move first, then the game's own ordering.
        // Each move with its ordering and its number for the table.
        let mut moves: G::List<(G::Move, i32, Option<u8>)> = candidates
            .iter()
            .enumerate()
            .map(|(rank, &(mv, hint))| {
                let index = G::move_index(mv, rank);
                let order = if tt_move.is_some() && index == tt_move {
                    i32::MAX
                } else {
                    hint
                };
                (mv, order, index)
            })
            .collect();
        moves.sort_unstable_by_key(|&(_, order, _)| std::cmp::Reverse(order));

        let original_alpha = alpha;
        let mut best = Eval {
            value: -INFINITE,
            proven: true,
        };
        let mut all_proven = true;
        let mut child_pv = Pv::new();
        let mut best_index = None;
        for (i, &(mv, _, index)) in moves.iter().enumerate() {
            let mut child = position.clone();
            child.play_unchecked(mv);
            self.observer.child(position, mv, i + 1, false);
            let eval = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, &mut child_pv)
            } else {
                let probe = -self.negamax(
                    &child,
                    depth - 1,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    &mut child_pv,
                );
                if pv_node && probe.value > alpha && probe.value < beta && !self.stopped {
                    self.observer.child(position, mv, i + 1, true);
                    -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, &mut child_pv)
                } else {
                    probe
                }
            };
            if self.stopped {
                return (eval, Exit::Stopped);
            }
            all_proven &= eval.proven;
            if eval.value > best.value {
                best = eval;

                best_index = index;
                if eval.value > alpha {
                    alpha = eval.value;
                    pv.clear();
                    pv.push(mv);
                    pv.try_extend_from_slice(&child_pv).ok();
                }
            }
            if alpha >= beta {
                self.stats.cutoffs += 1;
                self.stats.first_move_cutoffs += u64::from(i == 0);
                self.observer
                    .cutoff(position, moves[i + 1..].iter().map(|&(mv, _, _)| mv));
                self.store(key, eval, depth, ply, Bound::Lower, index);
                return (eval, Exit::Cutoff);
            }
        }

        let bound = if best.value > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let eval = Eval {
            value: best.value,
            proven: all_proven,
        };
        self.store(key, eval, depth, ply, bound, best_index);
        (eval, Exit::AllChildren)
    }
}

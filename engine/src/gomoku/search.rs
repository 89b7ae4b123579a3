//! The gomoku search: principal-variation search with iterative deepening
//! and aspiration windows, the table, killer and history ordering,
//! late-move reductions and reverse futility, with moves chosen by the
//! cells' threats (see [`super::moves`]). A forced block costs no depth (a
//! four is extended), and at the horizon the side to move looks for a VCF
//! before the static evaluation is trusted. At the root a VCF, then a VCT,
//! is looked for first.
//!
//! Values are from the side to move; a win in `n` plies from the root is
//! `WIN - n` (see [`crate::score`]).

use std::time::{Duration, Instant};

use arrayvec::ArrayVec;

use crate::limits::{Limits, Signals};
use crate::score::{EVAL_LIMIT, INFINITE, WIN, WIN_MIN};

use super::board::{Board, Pos, CELLS};
use super::moves::{generate, is_tactical, Forcing, Hints, MoveList};
use super::params::{
    ASPIRATION, DEFENCE_EXTENSION_PLIES, DEFENCE_VCF_NODES, DEFENCE_VCT_NODES, EVAL_SCALE,
    FORCED_PERCENT, FUTILITY_DEPTH, FUTILITY_MARGIN, LMR_FIRST, MAX_QUIET_MOVES, QUIET_MOVES_BASE,
    QUIET_MOVES_PER_PLY, SOFT_PERCENT, TEMPO_SIXTEENTHS, VCF_DEPTH, VCF_NODES, VCT_DEPTH,
    VCT_NODES, VCT_NODES_PER_MS,
};
use super::table::{Bound, Table};
use super::threat::Threat;
use super::threats::ThreatSearch;

/// The deepest ply a search reaches.
pub const MAX_PLY: usize = 96;

/// A principal variation.
pub type Line = ArrayVec<Pos, MAX_PLY>;

/// One finished iteration.
#[derive(Clone, Debug)]
pub struct Iteration {
    /// Its depth.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The value of the best move.
    pub value: i32,
    /// The principal variation.
    pub pv: Line,
    /// The nodes so far.
    pub nodes: u64,
    /// The table's use, per thousand.
    pub hashfull: u32,
}

/// When to stop: between iterations after `soft`, at once at `hard`.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// When the search began.
    pub start: Instant,
    /// No new iteration after this long.
    pub soft: Option<Duration>,
    /// Stop at this instant.
    pub hard: Option<Instant>,
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// The deepest iteration.
    pub depth: u32,
}

impl Plan {
    /// The plan for `limits` from `start`, on a board with `empty` cells left.
    #[must_use]
    pub fn new(limits: &Limits, start: Instant, empty: u32) -> Plan {
        let (soft, hard) = match (limits.movetime, limits.clock) {
            // A fixed time a move: the answer must be in before it ends on
            // a loaded machine, so the search stops at seven eighths.
            (Some(t), _) => (Some(t), Some(t * 7 / 8)),
            (None, Some(clock)) => {
                let moves_left = (empty / 2).clamp(10, 30);
                let b = crate::time::budget(&clock, limits.overhead, moves_left);
                (Some(b.soft / 2), Some(b.hard))
            }
            (None, None) => (None, None),
        };
        let mut hard = hard.map(|h| start + h);
        if let Some(deadline) = limits.deadline {
            // A turn's deadline: seven eighths of it, for the same reason.
            let d = start + deadline.saturating_duration_since(start) * 7 / 8;
            hard = Some(hard.map_or(d, |h| h.min(d)));
        }
        let span = hard.map(|h| h.saturating_duration_since(start));
        let soft = match (soft, span) {
            (Some(s), Some(h)) => Some(s.min(h * SOFT_PERCENT / 100)),
            (None, Some(h)) => Some(h * SOFT_PERCENT / 100),
            (s, None) => s,
        };
        Plan {
            start,
            soft,
            hard,
            nodes: limits.nodes,
            depth: limits
                .depth
                .unwrap_or(MAX_PLY as u32 - 4)
                .clamp(1, MAX_PLY as u32 - 4),
        }
    }
}

/// The state that lasts from search to search: the tables and the history.
pub struct Engine {
    tt: Table,
    threats: ThreatSearch,
    history: Box<[[i32; CELLS]; 2]>,
    killers: [[Pos; 2]; MAX_PLY],
    nodes: u64,
    seldepth: u32,
    stopped: bool,
    plan: Option<Plan>,
    /// Past this ply a node facing an open three at the horizon is a leaf.
    extension_limit: u32,
}

/// Nodes between looks at the clock.
const CHECK_EVERY: u64 = 256;

impl Engine {
    /// An engine whose table takes about `bytes`.
    #[must_use]
    pub fn new(bytes: usize) -> Engine {
        Engine {
            tt: Table::with_bytes(bytes),
            threats: ThreatSearch::new(),
            history: Box::new([[0; CELLS]; 2]),
            killers: [[0; 2]; MAX_PLY],
            nodes: 0,
            seldepth: 0,
            stopped: false,
            plan: None,
            extension_limit: 0,
        }
    }

    /// Forgets everything learnt.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.threats.clear();
        self.history.iter_mut().for_each(|h| h.fill(0));
        self.killers = [[0; 2]; MAX_PLY];
    }

    /// Searches `board` by `plan`, calling `report` after each iteration;
    /// returns the move to play and the last iteration (`None` only if the
    /// board has no empty cell).
    pub fn search(
        &mut self,
        board: &mut Board,
        plan: Plan,
        signals: &Signals,
        mut report: impl FnMut(&Iteration),
    ) -> Option<(Pos, Iteration)> {
        self.nodes = 0;
        self.seldepth = 0;
        self.stopped = false;
        self.plan = Some(plan);
        self.tt.next_age();
        for h in self.history.iter_mut() {
            h.iter_mut().for_each(|v| *v /= 8);
        }
        let quick_deadline = plan.soft.map(|s| plan.start + s / 3);
        self.threats
            .set_deadline(min_instant(quick_deadline, plan.hard));
        if let Some(found) = self.immediate(board) {
            report(&found.1);
            return Some(found);
        }
        let mut root = self.root_moves(board);
        let first = *root.first()?;
        let defence_deadline = plan.soft.map(|s| plan.start + s * 3 / 4);
        self.threats
            .set_deadline(min_instant(defence_deadline, plan.hard));
        root = self.defend_root(board, root);
        self.threats.set_deadline(plan.hard);
        let first = root.first().copied().unwrap_or(first);
        if root.len() == 1 {
            // The only move is still searched, within a share of the time,
            // for the value and the line a GUI shows (a proven win often).
            if let Some(p) = self.plan.as_mut() {
                p.soft = p.soft.map(|s| s * FORCED_PERCENT / 100);
            }
        }
        let mut best: Option<Iteration> = None;
        let mut value: i32 = 0;
        for depth in 1..=plan.depth {
            let mut window = ASPIRATION;
            let (mut alpha, mut beta) = if depth >= 3 && value.abs() < WIN_MIN {
                (value - window, value + window)
            } else {
                (-INFINITE, INFINITE)
            };
            let result = loop {
                self.extension_limit = (depth + DEFENCE_EXTENSION_PLIES).min(MAX_PLY as u32 - 16);
                let result = self.root(board, &mut root, alpha, beta, depth as i32, signals);
                if self.stopped {
                    break result;
                }
                let v = result.0;
                if v <= alpha && alpha > -INFINITE {
                    alpha = (v - window).max(-INFINITE);
                    window *= 3;
                } else if v >= beta && beta < INFINITE {
                    beta = (v + window).min(INFINITE);
                    window *= 3;
                } else {
                    break result;
                }
            };
            let (v, pv) = result;
            if self.stopped {
                // An unfinished iteration's move is kept only once its first
                // move, the last iteration's best, has been searched.
                if let (Some(b), false) = (&mut best, pv.is_empty()) {
                    if pv[0] != b.pv[0] && v > b.value {
                        b.pv = pv;
                        b.value = v;
                    }
                }
                break;
            }
            value = v;
            let it = Iteration {
                depth,
                seldepth: self.seldepth,
                value: v,
                pv,
                nodes: self.nodes(),
                hashfull: self.tt.hashfull(),
            };
            report(&it);
            let proven = v.abs() >= WIN_MIN;
            best = Some(it);
            if proven && depth >= 4 {
                break;
            }
            if self.soft_passed() || signals.is_stopped() {
                break;
            }
        }
        let best = best.unwrap_or_else(|| Iteration {
            depth: 0,
            seldepth: 0,
            value: 0,
            pv: std::iter::once(first).collect(),
            nodes: self.nodes,
            hashfull: 0,
        });
        Some((best.pv[0], best))
    }

    /// Whether the opponent, given a free move, would have a VCF (or, with
    /// `vct`, a VCT) proved within `budget` nodes.
    fn opponent_wins(&mut self, board: &mut Board, vct: bool, budget: u64) -> bool {
        board.set_side(board.side() ^ 1);
        let depth = if vct { VCT_DEPTH } else { VCF_DEPTH };
        let found = self.threats.find(board, depth, vct, budget).is_some();
        board.set_side(board.side() ^ 1);
        found
    }

    /// The root's moves that stop the opponent's VCF (or VCT), if it has
    /// one: each move is tried, and the opponent's threat search run again.
    /// Own fours are kept (they answer by force); moves not tried in time
    /// are kept; if none stops it, every move is kept, for the longest loss.
    fn defend_root(&mut self, board: &mut Board, root: Vec<Pos>) -> Vec<Pos> {
        let me = board.side();
        if super::moves::forcing(board) == Forcing::Block || root.len() <= 1 {
            return root;
        }
        for vct in [false, true] {
            let (depth, budget) = if vct {
                (VCT_DEPTH, DEFENCE_VCT_NODES)
            } else {
                (VCF_DEPTH, DEFENCE_VCF_NODES)
            };
            if !self.opponent_wins(board, vct, budget) {
                continue;
            }
            let mut kept = Vec::new();
            for (i, &pos) in root.iter().enumerate() {
                if board.threat(me, pos).is_four() {
                    kept.push(pos);
                    continue;
                }
                board.play(pos);
                let wins = self.threats.find(board, depth, vct, budget).is_some();
                let gave_up = self.threats.aborted();
                board.undo();
                self.nodes += self.threats.nodes();
                if !wins {
                    kept.push(pos);
                }
                if gave_up && self.threats.deadline_passed() {
                    kept.extend_from_slice(&root[i + 1..]);
                    break;
                }
            }
            return if kept.is_empty() { root } else { kept };
        }
        root
    }

    /// The nodes of the last search.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes + self.threats.nodes()
    }

    fn soft_passed(&self) -> bool {
        self.plan
            .is_some_and(|p| p.soft.is_some_and(|s| p.start.elapsed() >= s))
    }

    /// A win or a forced answer found without the main search: a five, the
    /// block of a four, an open four, a VCF or (within a share of the time)
    /// a VCT.
    fn immediate(&mut self, board: &mut Board) -> Option<(Pos, Iteration)> {
        let (me, them) = (board.side(), board.side() ^ 1);
        let done = |pos: Pos, plies: u32, nodes: u64| {
            Some((
                pos,
                Iteration {
                    depth: plies,
                    seldepth: plies,
                    value: WIN - plies as i32,
                    pv: std::iter::once(pos).collect(),
                    nodes,
                    hashfull: 0,
                },
            ))
        };
        if board.count(me, Threat::Five) > 0 {
            return done(board.fives(me).0[0], 1, 1);
        }
        if board.count(them, Threat::Five) > 0 {
            return None;
        }
        if board.count(me, Threat::Flex4) > 0 {
            let mut flex = 0;
            board.candidates(|p| {
                if flex == 0 && board.threat(me, p) == Threat::Flex4 {
                    flex = p;
                }
            });
            return done(flex, 3, 1);
        }
        for depth in [4, 8, VCF_DEPTH] {
            if let Some((pos, plies)) = self.threats.find(board, depth, false, 200_000) {
                return done(pos, plies, self.threats.nodes());
            }
        }
        // A VCT is not tried against the opponent's open three (its
        // defences come first), and takes a share of the time.
        if board.count(them, Threat::Flex4) == 0 {
            let budget = self.plan.map_or(VCT_NODES, |p| {
                p.soft.map_or(VCT_NODES, |s| {
                    (s.as_millis() as u64 * VCT_NODES_PER_MS).clamp(1_000, VCT_NODES)
                })
            });
            for depth in [3, 5, VCT_DEPTH] {
                if let Some((pos, plies)) = self.threats.find(board, depth, true, budget) {
                    return done(pos, plies, self.threats.nodes());
                }
            }
        }
        None
    }

    /// The root's moves: the node's moves, or every candidate when all
    /// are lost (the longest loss is then searched for).
    fn root_moves(&mut self, board: &mut Board) -> Vec<Pos> {
        let hints = Hints {
            tt_move: self.tt.probe(board.key(), 0).map_or(0, |h| h.best),
            killers: [0; 2],
            history: &self.history[board.side()],
        };
        let mut moves = MoveList::new();
        generate(board, &hints, &mut moves);
        let mut root: Vec<Pos> = moves.iter().map(|&(p, _)| p).collect();
        if root.is_empty() {
            board.candidates(|p| root.push(p));
        }
        root
    }

    /// One root iteration: the best value and its line; moves searched are
    /// moved to the front as they become best.
    fn root(
        &mut self,
        board: &mut Board,
        root: &mut [Pos],
        mut alpha: i32,
        beta: i32,
        depth: i32,
        signals: &Signals,
    ) -> (i32, Line) {
        let mut best = -INFINITE;
        let mut best_line = Line::new();
        let forced = super::moves::forcing(board) == Forcing::Block;
        for i in 0..root.len() {
            let pos = root[i];
            board.play(pos);
            let mut line = Line::new();
            let child = if forced { depth } else { depth - 1 };
            let v = if i == 0 {
                -self.negamax(board, (-beta, -alpha), child, 1, true, &mut line)
            } else {
                let mut v = -self.negamax(board, (-alpha - 1, -alpha), child, 1, false, &mut line);
                if v > alpha && v < beta && !self.stopped {
                    v = -self.negamax(board, (-beta, -alpha), child, 1, true, &mut line);
                }
                v
            };
            board.undo();
            if self.stopped || signals.is_stopped() {
                self.stopped = true;
                break;
            }
            if v > best {
                best = v;
                best_line.clear();
                best_line.push(pos);
                best_line.extend(line.iter().copied().take(MAX_PLY - 1));
                root[..=i].rotate_right(1);
                if v > alpha {
                    alpha = v;
                }
                if v >= beta {
                    break;
                }
            }
        }
        if !self.stopped && !best_line.is_empty() {
            let bound = if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.tt
                .store(board.key(), 0, best, depth, bound, best_line[0]);
        }
        (best, best_line)
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes % CHECK_EVERY == 0 {
            if let Some(plan) = &self.plan {
                if plan.nodes.is_some_and(|n| self.nodes >= n)
                    || plan.hard.is_some_and(|h| Instant::now() >= h)
                {
                    self.stopped = true;
                }
            }
        }
    }

    /// The static evaluation for the side to move.
    fn evaluate(&self, board: &Board) -> i32 {
        let (me, them) = (board.side(), board.side() ^ 1);
        let v = board.worth(me) * TEMPO_SIXTEENTHS / 16 - board.worth(them);
        (v * EVAL_SCALE).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// The value at the horizon: a VCF for the side to move, else the
    /// evaluation (a node facing an open three is no horizon: see
    /// [`Engine::negamax`]).
    fn horizon(&mut self, board: &mut Board, ply: u32) -> i32 {
        let me = board.side();
        if board.count_at_least(me, Threat::BlockFour) > 0 {
            if let Some((_, plies)) =
                self.threats
                    .find(board, VCF_DEPTH, false, u64::from(VCF_NODES))
            {
                self.nodes += self.threats.nodes();
                return WIN - (ply + plies) as i32;
            }
            self.nodes += self.threats.nodes();
        }
        self.evaluate(board)
    }

    /// Negamax with alpha-beta in the window (alpha, beta) on `board` at
    /// `ply`, `depth` plies left;
    /// `line` gets the principal variation.
    fn negamax(
        &mut self,
        board: &mut Board,
        (mut alpha, mut beta): (i32, i32),
        depth: i32,
        ply: u32,
        pv_node: bool,
        line: &mut Line,
    ) -> i32 {
        line.clear();
        self.tick();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let (me, them) = (board.side(), board.side() ^ 1);
        if board.count(me, Threat::Five) > 0 {
            return WIN - ply as i32 - 1;
        }
        let their_fives = board.count(them, Threat::Five);
        if their_fives >= 2 {
            return -(WIN - ply as i32 - 2);
        }
        if their_fives == 0 && board.count(me, Threat::Flex4) > 0 {
            return WIN - ply as i32 - 3;
        }
        if board.stones() + 1 >= board.width() * board.height() {
            return 0;
        }
        alpha = alpha.max(-(WIN - ply as i32));
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if ply as usize >= MAX_PLY - 1 {
            return self.evaluate(board);
        }
        // Facing an open three the node searches its defences one ply more.
        if depth <= 0
            && their_fives == 0
            && (board.count(them, Threat::Flex4) == 0 || ply >= self.extension_limit)
        {
            return self.horizon(board, ply);
        }
        let depth = depth.max(1);
        let key = board.key();
        let hit = self.tt.probe(key, ply);
        let mut tt_move = 0;
        if let Some(hit) = hit {
            if board.is_empty(hit.best) {
                tt_move = hit.best;
            }
            if !pv_node && hit.depth >= depth {
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.value >= beta,
                    Bound::Upper => hit.value <= alpha,
                };
                if cut {
                    return hit.value;
                }
            }
        }
        let quiet = their_fives == 0 && board.count(them, Threat::Flex4) == 0;
        if !pv_node && quiet && depth <= FUTILITY_DEPTH {
            let eval = self.evaluate(board);
            if eval - FUTILITY_MARGIN * depth >= beta && eval.abs() < WIN_MIN {
                return eval;
            }
        }
        let killers = self.killers[ply as usize];
        let mut moves = MoveList::new();
        let kind = generate(
            board,
            &Hints {
                tt_move,
                killers,
                history: &self.history[me],
            },
            &mut moves,
        );
        if moves.is_empty() {
            // Facing an open four to come with no defence and no four.
            return -(WIN - ply as i32 - 4);
        }
        let most = if pv_node {
            MAX_QUIET_MOVES
        } else {
            (QUIET_MOVES_BASE + QUIET_MOVES_PER_PLY * depth as usize).min(MAX_QUIET_MOVES)
        };
        if kind == Forcing::Quiet && moves.len() > most {
            moves.truncate(most);
        }
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = moves[0].0;
        let mut child_line = Line::new();
        for (i, &(pos, _)) in moves.iter().enumerate() {
            let tactical = is_tactical(board, pos);
            board.play(pos);
            let new_depth = if kind == Forcing::Block {
                depth
            } else {
                depth - 1
            };
            let reduction = if i >= LMR_FIRST && depth >= 3 && !tactical && kind == Forcing::Quiet {
                lmr(depth, i, pv_node).min(new_depth - 1)
            } else {
                0
            };
            let v = if i == 0 {
                -self.negamax(
                    board,
                    (-beta, -alpha),
                    new_depth,
                    ply + 1,
                    pv_node,
                    &mut child_line,
                )
            } else {
                let mut v = -self.negamax(
                    board,
                    (-alpha - 1, -alpha),
                    new_depth - reduction,
                    ply + 1,
                    false,
                    &mut child_line,
                );
                if v > alpha && reduction > 0 && !self.stopped {
                    v = -self.negamax(
                        board,
                        (-alpha - 1, -alpha),
                        new_depth,
                        ply + 1,
                        false,
                        &mut child_line,
                    );
                }
                if v > alpha && v < beta && pv_node && !self.stopped {
                    v = -self.negamax(
                        board,
                        (-beta, -alpha),
                        new_depth,
                        ply + 1,
                        true,
                        &mut child_line,
                    );
                }
                v
            };
            board.undo();
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_move = pos;
                if v > alpha {
                    alpha = v;
                    line.clear();
                    line.push(pos);
                    line.extend(child_line.iter().copied().take(MAX_PLY - 2));
                }
                if v >= beta {
                    if kind == Forcing::Quiet {
                        let k = &mut self.killers[ply as usize];
                        if k[0] != pos {
                            k[1] = k[0];
                            k[0] = pos;
                        }
                        self.history[me][usize::from(pos)] += depth * depth;
                    }
                    break;
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, ply, best, depth, bound, best_move);
        best
    }
}

/// The earlier of two instants, either if only one is given.
fn min_instant(a: Option<Instant>, b: Option<Instant>) -> Option<Instant> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

/// The late-move reduction of the `i`-th move at `depth`: about
/// ln(depth) ln(i) / 2, one less on the principal variation.
fn lmr(depth: i32, i: usize, pv_node: bool) -> i32 {
    let r = (f64::from(depth).ln() * (i as f64).ln() / 2.0) as i32;
    (r + 1 - i32::from(pv_node)).max(1)
}

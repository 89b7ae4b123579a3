//! The gomoku engine's tunable numbers, together, each with its meaning.
//! They were set by hand and kept where matches measured them no worse.

/// The number of line shapes (`super::pattern::Pattern`), each table's
/// length below that is indexed by shape.
const PATTERNS: usize = 10;
/// The number of threats (`super::threat::Threat`).
const THREATS: usize = 13;

/// What a line shape on an empty cell is worth to the side whose shape it
/// is, in the evaluation (indexed by `super::pattern::Pattern`): the
/// evaluation sums it over every empty cell and direction.
pub const PATTERN_EVAL: [i32; PATTERNS] = [0, 1, 2, 4, 9, 10, 24, 22, 60, 120];

/// What a cell's combined threat adds to its worth in the evaluation
/// (indexed by `super::threat::Threat`), beside its line shapes.
pub const THREAT_EVAL: [i32; THREATS] = [0, 0, 2, 6, 8, 10, 16, 40, 14, 30, 70, 120, 200];

/// A line shape's weight in move ordering (indexed by pattern).
pub const PATTERN_ORDER: [i32; PATTERNS] = [0, 1, 3, 6, 14, 16, 40, 36, 200, 2_000];

/// A combined threat's weight in move ordering (indexed by threat).
pub const THREAT_ORDER: [i32; THREATS] =
    [0, 0, 20, 40, 60, 120, 180, 450, 160, 350, 900, 1_500, 6_000];

/// The opponent's shapes on a cell count this many sixteenths of one's own
/// in move ordering: blocking is worth a little less than building.
pub const DEFENCE_ORDER_SIXTEENTHS: i32 = 13;

/// The side to move's shapes count this many sixteenths of the
/// opponent's: the initiative.
pub const TEMPO_SIXTEENTHS: i32 = 20;

/// The evaluation is this many times the summed worth, to be read in
/// hundredths of a stone.
pub const EVAL_SCALE: i32 = 1;

/// No iteration starts after this share, in percent, of the time to the
/// move's hard stop. An iteration cut off at the hard stop still counts
/// once its first move, the last iteration's best, is searched.
pub const SOFT_PERCENT: u32 = 60;

/// A move with only one answer (the block of a four, or the one move
/// that stops a threat) is searched for this share, in percent, of the
/// usual time before it is played.
pub const FORCED_PERCENT: u32 = 25;

/// Aspiration windows start this wide around the last iteration's score.
pub const ASPIRATION: i32 = 60;

/// Late-move reductions start after this many moves at a node.
pub const LMR_FIRST: usize = 3;

/// Reverse futility: a node this close to the horizon whose evaluation is
/// this margin per ply above beta is cut.
pub const FUTILITY_DEPTH: i32 = 3;
/// The margin per ply of reverse futility.
pub const FUTILITY_MARGIN: i32 = 120;

/// Candidates beyond this many (best ordered first) are not searched at a
/// quiet node, unless the node is on the principal variation.
pub const MAX_QUIET_MOVES: usize = 32;
/// Off the principal variation a quiet node searches at most this many
/// moves and [`QUIET_MOVES_PER_PLY`] more per ply of depth left.
pub const QUIET_MOVES_BASE: usize = 8;
/// See [`QUIET_MOVES_BASE`].
pub const QUIET_MOVES_PER_PLY: usize = 2;

/// The longest VCF (attacker's fours) searched, in attacker moves.
pub const VCF_DEPTH: u32 = 20;
/// The most positions one VCF search inside the main search may visit.
pub const VCF_NODES: u32 = 400;
/// The longest VCT (threes and fours) tried at the root, in attacker moves.
pub const VCT_DEPTH: u32 = 10;
/// The most nodes a VCT at the root may visit.
pub const VCT_NODES: u64 = 150_000;
/// The VCT's nodes per millisecond of the move's soft time limit.
pub const VCT_NODES_PER_MS: u64 = 150;
/// The most nodes each VCF search of the root's defence may visit.
pub const DEFENCE_VCF_NODES: u64 = 4_000;
/// The most nodes each VCT search of the root's defence may visit.
pub const DEFENCE_VCT_NODES: u64 = 10_000;
/// A node at the horizon facing an open three searches its defences up to
/// this many plies past the iteration's depth.
pub const DEFENCE_EXTENSION_PLIES: u32 = 4;

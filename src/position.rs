//! Command-line options that choose a game and a position, shared by subcommands.

use clap::Args;
use inarow_games::{AnyGame, Dimensions, ParseVariantError, Variant};

/// Which game and which position to start from.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// The game: cfour (Connect Four), tictactoe, gomoku (15x15, exactly five),
    /// gomokufreestyle (five or more), or any member of the family as
    /// "connect WxH kK" (gravity) or "mnk WxH kK" (none), "exact" for exactly k.
    #[arg(long, default_value = "cfour")]
    pub variant: Variant,
    /// The board size, WxH (Connect Four: up to 16 columns and
    /// width*(height+1) <= 128; the family: up to 26 files and 448 bits).
    #[arg(long, value_name = "WxH")]
    pub size: Option<Dimensions>,
    /// Start from this FEN (cutechess style, pocket optional); its ranks set the board size.
    #[arg(long, conflicts_with = "size")]
    pub fen: Option<String>,
    /// Moves to play first: a Pons move string (4453) or moves such as "P@d1 P@d2" or "b2 a1".
    #[arg(long)]
    pub moves: Option<String>,
}

impl PositionArgs {
    /// The variant, with the Connect-Four size applied.
    pub fn variant(&self) -> Result<Variant, String> {
        sized(self.variant, self.size)
    }

    /// The position these options describe.
    pub fn position(&self) -> Result<AnyGame, String> {
        let variant = self.variant()?;
        let mut game =
            AnyGame::from_setup(variant, self.fen.as_deref()).map_err(|e| e.to_string())?;
        if let Some(moves) = &self.moves {
            play_moves(&mut game, moves)?;
        }
        Ok(game)
    }
}

/// Plays moves given as a Pons move string (`4453`, Connect Four only) or as
/// whitespace- or comma-separated moves in any notation.
pub fn play_moves(game: &mut AnyGame, moves: &str) -> Result<(), String> {
    game.play_moves(moves)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// `variant` on the board `--size` gives, or what is wrong in the command
/// line's words.
pub fn sized(variant: Variant, size: Option<Dimensions>) -> Result<Variant, String> {
    variant.with_size(size).map_err(|e| match e {
        ParseVariantError::FixedBoard { .. } => {
            "--size does not apply to tictactoe (3x3); use mnk WxH k3".to_owned()
        }
        e => e.to_string(),
    })
}

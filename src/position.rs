//! Command-line options that choose a game and a position, shared by subcommands.

use clap::Args;
use inarow_games::{AnyGame, ParseVariantError, Size, Variant};

/// Which game and which position to start from.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// The game: cfour (Connect Four) or tictactoe.
    #[arg(long, default_value = "cfour")]
    pub variant: Variant,
    /// The Connect-Four board size, WxH (width 1-9, width*(height+1) <= 64).
    #[arg(long, value_name = "WxH")]
    pub size: Option<Size>,
    /// Start from this FEN (cutechess style, pocket optional); a Connect-Four FEN sets the size.
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
pub fn sized(variant: Variant, size: Option<Size>) -> Result<Variant, String> {
    variant.with_size(size).map_err(|e| match e {
        ParseVariantError::FixedBoard { .. } => "--size applies to cfour only".to_owned(),
        e => e.to_string(),
    })
}

//! `mancala play VARIANT [--from POSITION] MOVE...`: plays a game record and draws the board
//! after every move.

use anyhow::Context as _;
use clap::Args;
use mancala_solver::{Position, Variant};

use super::args::variant_parser;
use super::{board_text, moves::effects, print, side_name, BadInput};

/// Play a game record and draw the board after every move.
///
/// Starts from the variant's start position, or from --from. After each move it prints the move's
/// number and text, the position after it, what it did and the board. A malformed or illegal move
/// stops the record with an error naming the move's number and text and listing the legal moves
/// (exit code 2).
#[derive(Debug, Args)]
#[command(
    allow_negative_numbers = true,
    after_help = "Example: mancala play rio-kadalis 1 4 2   (or: mancala play rio-kadalis '1 4 2')"
)]
pub struct PlayArgs {
    /// The variant id (`mancala variants` lists them).
    #[arg(value_parser = variant_parser())]
    variant: Variant,
    /// The position to start from, instead of the variant's start position.
    ///
    /// A position string `ROWS SIDE [CAPTURED]` (see `mancala --help`); quote it or write `_` for
    /// the spaces.
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    from: Option<String>,
    /// The moves, in order: the mover's pit numbers, or `pass`.
    ///
    /// One move per argument, or several in one argument separated by spaces. Each move is the
    /// pit number of the side to move in its own numbering (1..P, or 1..2P on four-row boards),
    /// or `pass` where the variant makes a player pass.
    #[arg(value_name = "MOVE")]
    moves: Vec<String>,
}

impl PlayArgs {
    /// Plays the moves from `--from` or from the variant's start position, printing the start
    /// and then, after each move, its number and text, what it did, the board and the status.
    /// Each argument may hold several moves separated by spaces.
    ///
    /// A malformed or illegal move, or a move after the game has ended, stops the record with a
    /// [`BadInput`] error naming the move's 1-based index and text (and, for an illegal move, the
    /// legal ones); what was played before it has been printed already.
    pub fn run(self) -> anyhow::Result<()> {
        let PlayArgs {
            variant,
            from,
            moves,
        } = self;
        let mut pos = match from.as_deref() {
            Some(text) => Position::parse(variant, text).context("--from")?,
            None => Position::start(variant),
        };
        print(&format!(
            "{} ({})\n\nStart  {}\n\n{}\n{}",
            variant.name(),
            variant.id(),
            pos,
            board_text::board(&pos),
            board_text::status(&pos)
        ))?;

        let record = moves.iter().flat_map(|arg| arg.split_whitespace());
        // The move that ended the game, if one did: nothing may follow it.
        let mut ended_by: Option<usize> = None;
        for (i, text) in record.enumerate() {
            let number = i + 1;
            if let Some(last) = ended_by {
                return Err(BadInput(format!(
                    "move {number} (`{text}`): the game ended with move {last}"
                ))
                .into());
            }
            let mover = pos.side();
            let played = pos.play_text(text).map_err(|err| {
                BadInput(format!(
                    "move {number} (`{text}`, {} to move in `{pos}`): {err}",
                    side_name(mover)
                ))
            })?;
            let notes = effects(mover, &played);
            let mut out = format!(
                "\nMove {number}: {} plays {}  ->  {}\n",
                side_name(mover),
                played.mv,
                played.after
            );
            if !notes.is_empty() {
                out.push_str(&format!("({})\n", notes.join(", ")));
            }
            out.push('\n');
            out.push_str(&board_text::board(&played.after));
            out.push('\n');
            if played.endless {
                // The position after an endless sowing is the one before it with the other side to
                // move: the game is over although that position by itself is not.
                out.push_str(&format!(
                    "Game over: {}'s sowing never ends, so {} loses ({} wins).\n",
                    side_name(mover),
                    side_name(mover),
                    side_name(!mover)
                ));
                out.push_str(&board_text::seeds_line(&played.after));
            } else {
                out.push_str(&board_text::status(&played.after));
            }
            print(&out)?;
            if played.ends_game {
                ended_by = Some(number);
            }
            pos = played.after;
        }
        Ok(())
    }
}

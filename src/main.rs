//! `mancala`: the command line of the perfect-play endgame database for traditional mancala
//! games. This file holds only the clap definitions and the dispatch to the commands in
//! [`cli`]; each command lives in its own module there.

mod cli;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use mancala_solver::Variant;

/// The position notation and pit numbering (RULES.md §1), shown by `mancala --help`.
const NOTATION_HELP: &str = "\
POSITION NOTATION

South (S) sits at the bottom of the drawn board and moves first; North (N) at the top.
Two-row boards (P pits a row): South owns the bottom row, North the top row.
Four-row boards: South owns the two bottom rows (outer = bottom row, inner = the row above it),
North the two top rows (outer = top row, inner = the row below it); the inner rows face each
other.

Pit numbers: every player numbers their own pits from their own seat. The outer (or only) row is
1..P from the player's left to right; on four-row boards the inner row continues P+1..2P from the
player's right to left. Counter-clockwise sowing visits a player's own pits in increasing number.

  Two rows (Rio Kadalis, P = 6):       Four rows (Hawalis, P = 7):
     N6 N5 N4 N3 N2 N1                    N7  N6  N5  N4  N3  N2  N1    North outer
     S1 S2 S3 S4 S5 S6                    N8  N9 N10 N11 N12 N13 N14    North inner
                                         S14 S13 S12 S11 S10  S9  S8    South inner
                                          S1  S2  S3  S4  S5  S6  S7    South outer

A position is `ROWS SIDE [CAPTURED]`, fields separated by one space (or `_`, handy in URLs and
unquoted shell arguments):
  ROWS      the rows from top to bottom as drawn, separated by `/`; in every row the pit counts
            from left to right as South sees them, separated by `,`.
              two-row:  N P..1 / S 1..P
              four-row: N outer P..1 / N inner P+1..2P / S inner 2P..P+1 / S outer 1..P
  SIDE      `S` or `N`: the side to move.
  CAPTURED  `s-n`: seeds already captured by South and by North (optional, default 0-0).

Examples:
  Rio Kadalis start:  4,4,4,4,4,4/4,4,4,4,4,4 S
  Hawalis start:      2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2 S
  After South's 1 and North's 4 in Rio Kadalis, North having captured 4:
                      8,1,1,1,7,7/0,8,2,7,2,0 S 0-4

A move is the mover's own pit number (1..P, or 1..2P on four-row boards), or `pass` where the
variant makes a player pass. A game record is a list of moves separated by spaces.

  mancala show rio-kadalis '4,4,4,4,4,4/4,4,4,4,4,4 S'
  mancala moves rio-kadalis 4,4,4,4,4,4/4,4,4,4,4,4_S
  mancala play rio-kadalis 1 4

Bad input (a position that does not parse or cannot occur, an illegal move) prints
`error: <message>` on standard error and exits with code 2.";

/// Help for every `POSITION` argument.
const POSITION_HELP: &str = "\
A position string `ROWS SIDE [CAPTURED]`: the rows from top to bottom separated by `/`, each row's \
seed counts from South's left to right separated by `,`; the side to move `S` or `N`; optionally \
the seeds captured by South and North as `s-n`. Quote it, or write `_` for the spaces. \
Example: '4,4,4,4,4,4/4,4,4,4,4,4 S' (Rio Kadalis start). See `mancala --help` for the pit \
numbering.";

/// Perfect-play endgame database and puzzles for traditional mancala games.
///
/// Variants: Hawalis, Bao la Kiarabu, Al-manqala, Anywoli, Rio Kadalis (see `mancala variants`).
/// Positions are written in one line of text, described below.
#[derive(Debug, Parser)]
#[command(name = "mancala", version, after_long_help = NOTATION_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The `--db` option of every command that touches the tablebase.
#[derive(Debug, Args)]
struct DbPath {
    /// The tablebase file (SQLite). Created by `solve` when missing.
    #[arg(
        long,
        env = "MANCALA_DB",
        default_value = "mancala.db",
        value_name = "PATH"
    )]
    db: PathBuf,
}

/// `solve`'s target: a variant id or `all`.
fn solve_target(s: &str) -> Result<cli::solve::Target, String> {
    if s == "all" {
        return Ok(cli::solve::Target::All);
    }
    s.parse::<Variant>()
        .map(cli::solve::Target::One)
        .map_err(|e| format!("{e}, or `all`"))
}

/// The commands. To add one: a variant here, a module under `src/cli/` with a `run` function,
/// and one arm in [`main`].
#[derive(Debug, Subcommand)]
enum Command {
    /// List every variant: id, board, seeds, kind of result, rules and source.
    Variants,

    /// Draw a position as a board.
    ///
    /// Rows are drawn as in the position string, South at the bottom; next to every row a line
    /// of pit labels (`S1` = South's pit 1, `N8` = North's pit 8) stands over or under each
    /// count. Below the board: the side to move (or, when the game is over, the final totals and
    /// who won), the seeds captured and the seeds each side has on the board.
    #[command(after_help = "Example: mancala show rio-kadalis '4,4,4,4,4,4/4,4,4,4,4,4 S'")]
    Show {
        /// The variant id (`mancala variants` lists them).
        #[arg(value_parser = cli::variant_parser())]
        variant: Variant,
        #[arg(allow_hyphen_values = true, help = POSITION_HELP)]
        position: String,
    },

    /// List every legal move of a position and what it leads to.
    ///
    /// For each move: the position after it, the seeds it gives each side (captures, and the
    /// seeds allocated when it ends the game), and whether it gives an extra turn, ends the game
    /// or is an endless sowing (which loses). A position in which the game is over has no moves;
    /// its final totals are given instead.
    #[command(
        after_help = "Example: mancala moves rio-kadalis '4,4,4,4,4,4/4,4,4,4,4,4 S' --json"
    )]
    Moves {
        /// The variant id (`mancala variants` lists them).
        #[arg(value_parser = cli::variant_parser())]
        variant: Variant,
        #[arg(allow_hyphen_values = true, help = POSITION_HELP)]
        position: String,
        /// Print one JSON object instead of a table.
        ///
        /// {"variant": ID, "position": POSITION, "game_over": null | {"south": S, "north": N},
        /// "moves": [{"move": "3", "after": POSITION, "captured": {"south": s, "north": n},
        /// "extra_turn": bool, "ends_game": bool, "endless": bool}, ...]}. Positions are
        /// canonical strings (spaces, CAPTURED left out when 0-0); "captured" is what the move
        /// adds; "game_over" holds the final totals.
        #[arg(long)]
        json: bool,
    },

    /// Play a game record and draw the board after every move.
    ///
    /// Starts from the variant's start position, or from --from. After each move it prints the
    /// move's number and text, the position after it, what it did and the board. A malformed or
    /// illegal move stops the record with an error naming the move's number and text and
    /// listing the legal moves (exit code 2).
    #[command(
        allow_negative_numbers = true,
        after_help = "Example: mancala play rio-kadalis 1 4 2   (or: mancala play rio-kadalis '1 4 2')"
    )]
    Play {
        /// The variant id (`mancala variants` lists them).
        #[arg(value_parser = cli::variant_parser())]
        variant: Variant,
        /// The position to start from, instead of the variant's start position.
        ///
        /// A position string `ROWS SIDE [CAPTURED]` (see `mancala --help`); quote it or write
        /// `_` for the spaces.
        #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
        from: Option<String>,
        /// The moves, in order: the mover's pit numbers, or `pass`.
        ///
        /// One move per argument, or several in one argument separated by spaces. Each move is
        /// the pit number of the side to move in its own numbering (1..P, or 1..2P on four-row
        /// boards), or `pass` where the variant makes a player pass.
        #[arg(value_name = "MOVE")]
        moves: Vec<String>,
    },

    /// Solve every missing slice of a variant (or of all) up to a number of seeds.
    ///
    /// Slices are solved smallest first; each group of slices is stored in one transaction as
    /// soon as it is solved, so a solve that is stopped (Ctrl-C, a crash, a kill) loses at most
    /// the group it was working on and resumes from there when started again. Slices already in
    /// the database are reused. Progress shows the positions done, the rate and the time left.
    ///
    /// Memory: the group being solved needs about 12 bytes a position plus 8 bytes per move that
    /// captures nothing (so 40 to 60 bytes a position in the two-row games, more in the
    /// four-row ones), and every smaller slice 1 byte a position. Rio Kadalis up to 20 seeds
    /// (85 million positions in its largest slice) peaks near 5 GiB.
    #[command(after_help = "\
Default sizes (`all`, or no --max-seeds), seeds on the board: hawalis 8, bao-la-kiarabu 7,
al-manqala 14, anywoli 8, rio-kadalis 20, rio-kadalis-5 20, kalah 16, kalah-5 16, kalah-4 24,
oware 16: 268 million positions, about 100 s in all on two cores, 2.5 GiB of memory at the peak
and 140 MB on disk. Larger solves (oware 20: 3.4 GiB) are a --max-seeds away.

Examples:
  mancala solve all
  mancala solve rio-kadalis --max-seeds 20 --db big.db")]
    Solve {
        /// A variant id (`mancala variants`), or `all` for every variant at its default size.
        #[arg(value_parser = solve_target, value_name = "VARIANT|all")]
        target: cli::solve::Target,
        /// Solve every slice with at most this many seeds on the board (four-row: both sides
        /// together). Default: the variant's default size (see below).
        #[arg(long, value_name = "N")]
        max_seeds: Option<u32>,
        /// Hide the progress bars (a line per solved group is still printed).
        #[arg(long, short)]
        quiet: bool,
        #[command(flatten)]
        db: DbPath,
    },

    /// The perfect-play value of a position and of every legal move, best first.
    ///
    /// Values are from the side to move: in score variants the seeds still to be won minus
    /// those still to be lost with perfect play (0: even, also what endless play is worth); in
    /// Hawalis and Bao la Kiarabu win, draw or loss. The depth is the number of plies to the
    /// next capture or the end of the game when the side ahead hurries and the side behind
    /// delays. A move's value is what the mover gets by playing it. The game's result also
    /// counts the seeds already captured (the position's CAPTURED field).
    #[command(after_help = "\
JSON (--json): {\"variant\", \"position\", \"side\", \"game_over\": null | {\"south\", \"north\"},
  \"value\": {\"score\" | \"result\", \"depth\"}, \"outcome\": \"win\" | \"draw\" | \"loss\",
  \"moves\": [{\"move\", \"after\", \"value\": {...}, \"best\"}]}

Kalah positions with more seeds than the solved slices are evaluated by an exact search instead
(`\"source\": \"search\"` in the JSON; no depths), within --budget nodes.

Example: mancala eval rio-kadalis '0,0,1,0,2,1/1,0,0,3,0,0 S'
         mancala eval kalah '4,4,4,4,4,4/4,4,4,4,4,4 S' --budget 1000000000")]
    Eval {
        /// The variant id (`mancala variants` lists them).
        #[arg(value_parser = cli::variant_parser())]
        variant: Variant,
        #[arg(allow_hyphen_values = true, help = POSITION_HELP)]
        position: String,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Kalah only: when the position is outside the solved slices, its value is found by an
        /// exact search (probing the tablebase at its leaves) of at most this many nodes, with
        /// progress on standard error. A position too hard for the budget is an error that
        /// says so.
        #[arg(long, value_name = "NODES", default_value_t = cli::eval::DEFAULT_BUDGET)]
        budget: u64,
        #[command(flatten)]
        db: DbPath,
    },

    /// Inspect the tablebase file.
    #[command(subcommand)]
    Db(DbCommand),

    /// Endgame puzzles found in the tablebase: generate them, export them.
    #[command(subcommand)]
    Puzzles(PuzzlesCommand),

    /// Serve the evaluation API over HTTP (JSON), building the default tablebase first if the
    /// database has none.
    ///
    /// On a fresh machine (no solved slice of any variant in --db) it first solves every variant
    /// to its default size, showing progress (about two minutes on two cores), then serves; a
    /// second start reuses the database. While serving, the tablebase is opened read-only. It
    /// prints the address it listens on, logs one line per request on standard error
    /// (RUST_LOG=warn quiets it) and stops cleanly on Ctrl-C.
    #[command(after_help = "\
Endpoints (a position is a position string, `_` for its spaces):
  GET  /api/variants                     every variant: board, rules, solved slices
  GET  /api/VARIANT?position=P           value and every move's value, best first
                                         (the same JSON as `mancala eval --json`)
  GET  /api/VARIANT/mainline?position=P  the line of perfect play to the end of the game
  POST /api/VARIANT/analyse              {\"position\": P, \"moves\": [\"3\", \"5\"]}: every
                                         move's best value, value kept, loss and verdict
  GET  /api/openapi.json                 the OpenAPI description of all of it
  GET  /healthz                          liveness

Errors are JSON {\"error\": MESSAGE, \"field\": FIELD}: 400 bad input, 404 unknown variant
or unsolved slice (naming the command that solves it), 413 body too large.

Examples:
  mancala serve
  mancala serve --bind 0.0.0.0:8080 --db big.db
  curl 'http://127.0.0.1:8080/api/rio-kadalis?position=0,0,1,0,2,1/1,0,0,3,0,0_S'")]
    Serve {
        /// Address to listen on, HOST:PORT. Port 0 picks a free port; the address actually bound
        /// is printed on standard output.
        #[arg(long, default_value = "127.0.0.1:8080", value_name = "HOST:PORT")]
        bind: String,
        /// When the database has no solved slice yet, build every variant up to this many seeds
        /// instead of its default size (see `mancala solve --help`).
        #[arg(long, value_name = "N")]
        max_seeds: Option<u32>,
        #[command(flatten)]
        db: DbPath,
    },
}

/// `mancala puzzles ...`.
#[derive(Debug, Subcommand)]
enum PuzzlesCommand {
    /// Find new puzzles in the solved slices of a variant and store them in the database.
    ///
    /// A puzzle is a position (with CAPTURED, so the whole game's result is at stake: the seeds
    /// off the board are split so that the side to move wins by the smallest margin) in which
    /// South, to move, wins the game with perfect play and, at each of its turns along the
    /// solution, exactly one move keeps the win (in score variants: keeps the best score, every
    /// other move losing the game or at least 4 seeds). North defends as long as it can. The
    /// solution runs to South's move that secures the result (a capture or the end). Positions
    /// are drawn at random from the larger solved slices with a seeded generator: the same seed
    /// and tablebase give the same puzzles. Puzzles already stored are skipped; one-move
    /// puzzles are kept to a tenth. Each gets theme tags and an initial rating from its
    /// difficulty.
    #[command(after_help = "\
Themes: oneMove short long veryLong (solution length), quiet (the first move captures nothing),
sacrifice, relay, binikh, extraTurn, starvation, immobilisation, grandSlam.

Example: mancala puzzles generate anywoli --count 100")]
    Generate {
        /// The variant id (`mancala variants` lists them).
        #[arg(value_parser = cli::variant_parser())]
        variant: Variant,
        /// How many new puzzles to find.
        #[arg(long, default_value_t = 100)]
        count: usize,
        /// Seed of the random draw.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Hide the progress bar.
        #[arg(long, short)]
        quiet: bool,
        #[command(flatten)]
        db: DbPath,
    },
    /// Write the puzzles as CSV on standard output, as chess puzzle databases do:
    /// PuzzleId,Variant,Position,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes.
    ///
    /// Moves is the whole solution line, space-separated, starting with South's first move;
    /// Themes is space-separated; Popularity is -100..100 from players' votes (0 until there
    /// are votes).
    Export {
        /// Only this variant.
        #[arg(long, value_parser = cli::variant_parser())]
        variant: Option<Variant>,
        #[command(flatten)]
        db: DbPath,
    },
}

/// `mancala db ...`.
#[derive(Debug, Subcommand)]
enum DbCommand {
    /// List the solved slices: positions, bytes stored, positions won/drawn/lost for the side to
    /// move, time taken, date, and the solver and rules versions.
    Info {
        /// Print the list as JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        db: DbPath,
    },
    /// Check every stored chunk against its checksum; exits non-zero naming each damaged slice.
    Verify {
        /// Delete the slices that have damaged chunks, so that `mancala solve` solves them
        /// again (the other slices are kept).
        #[arg(long)]
        delete_damaged: bool,
        #[command(flatten)]
        db: DbPath,
    },
}

fn main() {
    let args = Cli::parse();
    let result = match args.command {
        Command::Variants => cli::variants::run(),
        Command::Show { variant, position } => cli::show::run(variant, &position),
        Command::Moves {
            variant,
            position,
            json,
        } => cli::moves::run(variant, &position, json),
        Command::Play {
            variant,
            from,
            moves,
        } => cli::play::run(variant, from.as_deref(), &moves),
        Command::Solve {
            target,
            max_seeds,
            quiet,
            db,
        } => cli::solve::run(target, max_seeds, &db.db, quiet),
        Command::Eval {
            variant,
            position,
            json,
            budget,
            db,
        } => cli::eval::run(variant, &position, &db.db, json, budget),
        Command::Db(DbCommand::Info { json, db }) => cli::db::info(&db.db, json),
        Command::Puzzles(PuzzlesCommand::Generate {
            variant,
            count,
            seed,
            quiet,
            db,
        }) => cli::puzzles::generate_cmd(variant, count, seed, &db.db, quiet),
        Command::Puzzles(PuzzlesCommand::Export { variant, db }) => {
            cli::puzzles::export(variant, &db.db)
        }
        Command::Db(DbCommand::Verify { delete_damaged, db }) => {
            cli::db::verify(&db.db, delete_damaged)
        }
        Command::Serve {
            bind,
            max_seeds,
            db,
        } => cli::serve::run(&bind, max_seeds, &db.db),
    };
    if let Err(err) = result {
        cli::exit_with(err);
    }
}

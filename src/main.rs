//! `mancala`: the command line of the perfect-play endgame database for traditional mancala
//! games. This file holds only the list of commands and the dispatch to them; each command's
//! arguments, help and `run` live in its own module in [`cli`].

mod cli;

use clap::{Parser, Subcommand};

/// mimalloc gives freed memory back to the system; glibc's allocator kept gigabytes of freed
/// level lists and move records in its per-thread arenas during large solves, above the peak
/// that `mancala solve` promises (docs/lean-solver.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use cli::help::{long_about, ABOUT, NOTATION_HELP};

/// The command line: one of the [`Command`]s.
#[derive(Debug, Parser)]
#[command(
    name = "mancala",
    version,
    about = ABOUT,
    long_about = long_about(),
    after_long_help = NOTATION_HELP
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The commands. To add one: a module under `src/cli/` with a `#[derive(Args)]` struct and its
/// `run`, a variant here and one arm in [`main`].
#[derive(Debug, Subcommand)]
enum Command {
    /// List every variant: id, board, seeds, kind of result, rules and source.
    Variants,
    Show(cli::show::ShowArgs),
    Moves(cli::moves::MovesArgs),
    Play(cli::play::PlayArgs),
    Solve(cli::solve::SolveArgs),
    Eval(cli::eval::EvalArgs),
    Analyse(cli::analyse::AnalyseArgs),
    Mainline(cli::mainline::MainlineArgs),
    /// Inspect the tablebase file.
    #[command(subcommand)]
    Db(cli::db::DbCommand),
    /// Endgame puzzles found in the tablebase: generate them, export them.
    #[command(subcommand)]
    Puzzles(cli::puzzles::PuzzlesCommand),
    Serve(cli::serve::ServeArgs),
}

fn main() {
    let result = match Cli::parse().command {
        Command::Variants => cli::variants::run(),
        Command::Show(args) => args.run(),
        Command::Moves(args) => args.run(),
        Command::Play(args) => args.run(),
        Command::Solve(args) => args.run(),
        Command::Eval(args) => args.run(),
        Command::Analyse(args) => args.run(),
        Command::Mainline(args) => args.run(),
        Command::Db(command) => command.run(),
        Command::Puzzles(command) => command.run(),
        Command::Serve(args) => args.run(),
    };
    if let Err(err) = result {
        cli::exit_with(err);
    }
}

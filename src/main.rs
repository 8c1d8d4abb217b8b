//! `mancala`: the command line of the perfect-play endgame database for traditional mancala
//! games. This file holds only the list of commands and the dispatch to them; each command's
//! arguments, help and `run` live in its own module in [`cli`].

mod cli;

use clap::{Parser, Subcommand};
use cli::help::{long_about, ABOUT, NOTATION_HELP};

/// mimalloc gives freed memory back to the system; glibc's allocator kept gigabytes of freed
/// level lists and move records in its per-thread arenas during large solves, above the peak
/// that `mancala solve` promises (docs/lean-solver.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay` (between `eager_commit_delay`, 14, and `use_numa_nodes`,
/// 16, in the `mimalloc.h` of both its v2 and the v3 that libmimalloc-sys builds; the crate names
/// its neighbours but not it).
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Makes mimalloc give freed memory back at once. By default it waits (a second in v3), and it
/// purges only when it is next called: a solve that frees a group's working arrays and then
/// allocates its results held both: measured on Hawalis to 12 seeds, 1.1 GB above the group's
/// working peak for a few seconds (BENCHMARKS.md).
fn release_freed_memory_at_once() {
    // SAFETY: sets an option of the allocator in use; any value is valid for this option.
    unsafe { libmimalloc_sys::mi_option_set(PURGE_DELAY, 0) }
}

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
    Match(cli::matches::MatchArgs),
    Prove(cli::prove::ProveArgs),
    /// Certificates of exact values: check one.
    #[command(subcommand)]
    Proof(cli::proof::ProofCommand),
    /// Inspect the tablebase file.
    #[command(subcommand)]
    Db(cli::db::DbCommand),
    /// Endgame puzzles found in the tablebase: generate them, export them.
    #[command(subcommand)]
    Puzzles(cli::puzzles::PuzzlesCommand),
    Serve(cli::serve::ServeArgs),
    /// The opening book: positions near each start, searched once and stored.
    #[command(subcommand)]
    Book(cli::book::BookCommand),
}

fn main() {
    release_freed_memory_at_once();
    let result = match Cli::parse().command {
        Command::Variants => cli::variants::run(),
        Command::Show(args) => args.run(),
        Command::Moves(args) => args.run(),
        Command::Play(args) => args.run(),
        Command::Solve(args) => args.run(),
        Command::Eval(args) => args.run(),
        Command::Analyse(args) => args.run(),
        Command::Mainline(args) => args.run(),
        Command::Match(args) => args.run(),
        Command::Prove(args) => args.run(),
        Command::Proof(command) => command.run(),
        Command::Db(command) => command.run(),
        Command::Puzzles(command) => command.run(),
        Command::Serve(args) => args.run(),
        Command::Book(command) => command.run(),
    };
    if let Err(err) = result {
        cli::exit_with(err);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_purge_delay_option_is_the_one_set() {
        // Its default is 1000 ms (mimalloc v3's options.c; no other option has that default);
        // after the call it is 0.
        // SAFETY: reads and sets options of the allocator in use.
        unsafe {
            assert_eq!(libmimalloc_sys::mi_option_get(PURGE_DELAY), 1000);
            release_freed_memory_at_once();
            assert_eq!(libmimalloc_sys::mi_option_get(PURGE_DELAY), 0);
        }
    }
}

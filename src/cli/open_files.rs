//! The open files a solve with its moves on disk needs: one a bucket of 4 Mi positions of a
//! group's moves ([`bucket_files`]), held open through the moves pass. A group past 2^32
//! positions has more buckets than the 1,024 files a process may usually open, so the solve
//! raises its own limit as far as the system lets it (the soft limit up to the hard one), and
//! refuses a group that still would not fit before anything is solved, saying how to raise it,
//! instead of failing half-way through its moves pass with "too many open files".

use anyhow::{bail, Result};
use mancala_db::SolvePlan;
use mancala_solver::solve::bucket_files;

use super::text::thousands;

/// Files besides the buckets: the database and its journal, the work directory's other files,
/// the lock files, the standard streams, MPI's sockets.
const BESIDES: u64 = 256;

/// Raises this process's limit of open files to what every group of `plans` solved with its
/// moves on disk needs, on `ranks` ranks; fails, naming the first group that needs more than
/// the system allows and how to allow it.
pub fn raise_for(plans: &[SolvePlan], ranks: usize) -> Result<()> {
    for plan in plans {
        for group in plan.groups().iter().filter(|g| g.moves_on_disk) {
            let buckets = bucket_files(&group.slices, ranks as u64);
            if buckets == 0 {
                continue;
            }
            let need = buckets + BESIDES;
            let allowed = rlimit::increase_nofile_limit(need).unwrap_or(0);
            if allowed < need {
                let names: Vec<String> = group.slices.iter().map(|s| s.id.to_string()).collect();
                bail!(
                    "{} slice {} needs {} open files at once with its moves on disk ({} for its \
                     moves, one for every 4,194,304 positions{}, and {BESIDES} for the rest), and \
                     this process may open {}: raise the limit (`ulimit -n {need}`; past the \
                     hard limit, `ulimit -Hn` as root) and solve again",
                    plan.variant(),
                    names.join(" + "),
                    thousands(need),
                    thousands(buckets),
                    match ranks {
                        1 => String::new(),
                        n => format!(" of a rank's share, on {n} ranks"),
                    },
                    thousands(allowed),
                );
            }
        }
    }
    Ok(())
}

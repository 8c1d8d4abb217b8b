//! What a terminal user can do about a library error: the command that builds a missing
//! tablebase, solves a missing slice or repairs a damaged one. The libraries say what is wrong
//! with the facts (the file, the slice and its seeds); the words that name a `mancala` command
//! are written here, at the edge, once.

use mancala_db::DbError;
use mancala_eval::EvalError;

/// The advice for the first error in `err`'s chain that has one, or `None`.
pub fn hint(err: &anyhow::Error) -> Option<String> {
    err.chain().find_map(|cause| {
        if let Some(e) = cause.downcast_ref::<EvalError>() {
            return eval_hint(e);
        }
        cause.downcast_ref::<DbError>().and_then(db_hint)
    })
}

/// The advice for an evaluation's error: the store's, or its own.
fn eval_hint(err: &EvalError) -> Option<String> {
    match err {
        EvalError::Store(e) => db_hint(e),
        EvalError::Busy { .. } => Some("try again shortly".to_owned()),
    }
}

/// The advice for a tablebase error, if the user can do something about it.
fn db_hint(err: &DbError) -> Option<String> {
    Some(match err {
        DbError::Missing { path } => format!(
            "build one with `mancala solve all --db {}` (or pass --db PATH)",
            quoted(path)
        ),
        DbError::NotSolved {
            variant,
            seeds,
            path,
            ..
        } => format!(
            "solve it with `mancala solve {variant} --max-seeds {seeds} --db {}`",
            quoted(path)
        ),
        DbError::Corrupt { .. } | DbError::DamagedSlice { .. } => {
            "`mancala db verify --delete-damaged` deletes the damaged slices, and `mancala \
             solve` then solves them again"
                .to_owned()
        }
        DbError::Foreign { .. } => "pass another --db path".to_owned(),
        DbError::Directory { .. } => "pass the file's path".to_owned(),
        DbError::ReadOnly { .. } => {
            "reading commands and `mancala serve --read-only` can still use it".to_owned()
        }
        DbError::SchemaVersion { found: 0, .. } => "create one with `mancala solve`".to_owned(),
        DbError::SchemaVersion { found, read, .. } if found < read => {
            "any writing command (`mancala solve`) upgrades it".to_owned()
        }
        DbError::SchemaVersion { .. } => "use the newer mancala that wrote it".to_owned(),
        DbError::PartVersion { found, read, .. } if found < read => {
            "any writing command (`mancala puzzles generate`, `mancala serve`) upgrades it"
                .to_owned()
        }
        DbError::PartVersion { .. } => "use the newer mancala that wrote it".to_owned(),
        DbError::Sqlite { .. } | DbError::Migration { .. } | DbError::Io { .. } => return None,
    })
}

/// A path as it must be typed in a shell.
pub fn quoted(path: &str) -> String {
    shlex::try_quote(path).map_or_else(|_| path.to_owned(), |q| q.into_owned())
}

#[cfg(test)]
mod tests {
    use mancala_solver::{SliceId, Variant};

    use super::*;

    #[test]
    fn a_missing_slice_is_solved_by_its_seeds_into_its_file() {
        let err = anyhow::Error::new(DbError::NotSolved {
            variant: Variant::RioKadalis,
            slice: SliceId::Seeds(8),
            seeds: 8,
            path: "my tables.db".into(),
        })
        .context("evaluating");
        assert_eq!(
            hint(&err).as_deref(),
            Some("solve it with `mancala solve rio-kadalis --max-seeds 8 --db 'my tables.db'`")
        );
        assert_eq!(hint(&anyhow::anyhow!("no tablebase error")), None);
    }

    /// A missing file, on its own and wrapped by the evaluation crate (transparently: the
    /// store's error is then not a link of the chain of its own): the same advice.
    #[test]
    fn a_missing_file_is_built_however_it_is_wrapped() {
        let missing = || DbError::Missing {
            path: "x.db".into(),
        };
        let wrapped = anyhow::Error::new(EvalError::from(missing())).context("evaluating");
        for err in [anyhow::Error::new(missing()), wrapped] {
            assert_eq!(
                hint(&err).as_deref(),
                Some("build one with `mancala solve all --db x.db` (or pass --db PATH)")
            );
        }
        let busy = anyhow::Error::new(EvalError::Busy {
            running: 1,
            waiting: 0,
            retry_after: std::time::Duration::from_secs(1),
        });
        assert_eq!(hint(&busy).as_deref(), Some("try again shortly"));
    }
}

//! The slices the tablebase holds, kept in memory so that "does the tablebase hold this
//! position?" is a hash lookup, never a query: a request does not touch SQLite to ask it.
//!
//! The set is read once when the evaluator is made and again when the file changes: a writer in
//! this process says so ([`Solved::refresh`], through [`crate::Evaluator::refresh`]); a solve
//! storing a group in another process moves SQLite's `data_version`, which a thread of the
//! evaluator's own looks at every [`RECHECK`] (never a request's thread).

use std::collections::{HashMap, HashSet};
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::sync::{Arc, RwLock};
use std::thread::JoinHandle;
use std::time::Duration;

use mancala_solver::{Board, Shape, Slice, SliceId, Variant};

use mancala_db::{DbError, Tablebase};

/// How often the watcher asks the file whether it changed.
const RECHECK: Duration = Duration::from_secs(1);

/// The slices of one variant that the tablebase holds under the current rules, and the number
/// the answers kept over them are filed under ([`super::answers::contents`]), made once a
/// snapshot rather than once a question.
pub(crate) struct Held {
    /// The slices.
    pub(crate) ids: HashSet<SliceId>,
    /// Their contents number.
    pub(crate) contents: u64,
}

impl Held {
    /// Whether these slices hold `board` with the closed pits `shape` (seen from the side to
    /// move): its full board's slice, or its shape table's.
    pub(crate) fn holds(&self, variant: Variant, shape: Shape, board: &Board) -> bool {
        self.ids
            .contains(&Slice::of_board(variant, shape, board).0.id)
    }

    fn new(ids: HashSet<SliceId>) -> Held {
        Held {
            contents: super::answers::contents(&ids),
            ids,
        }
    }
}

impl Default for Held {
    fn default() -> Held {
        Held::new(HashSet::new())
    }
}

/// A variant's slices held, shared by the sessions that judge positions against them.
pub(crate) type VariantSlices = Arc<Held>;

/// The slices held, by variant, as read at one `data_version` of the file.
struct Snapshot {
    version: i64,
    slices: HashMap<Variant, VariantSlices>,
}

/// The snapshot current, shared by the evaluator and its watcher.
type Current = Arc<RwLock<Arc<Snapshot>>>;

/// The current snapshot, and the thread that replaces it when another process changes the file.
pub(crate) struct Solved {
    current: Current,
    watcher: Option<Watcher>,
}

/// The thread looking at the file's `data_version`; it ends when its sender is dropped.
struct Watcher {
    stop: Sender<()>,
    thread: JoinHandle<()>,
}

impl Solved {
    /// The slices `tb` holds now, watched for changes made by other processes.
    pub(crate) fn read(tb: &Arc<Tablebase>) -> Result<Solved, DbError> {
        let current: Current = Arc::new(RwLock::new(Arc::new(snapshot(tb)?)));
        let (stop, stopped) = channel::<()>();
        let (watched, tb) = (Arc::clone(&current), Arc::clone(tb));
        let thread = std::thread::Builder::new()
            .name("tablebase-watch".into())
            .spawn(move || {
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(RECHECK) {
                    let last = read_current(&watched).version;
                    // A file that cannot be read now keeps the last snapshot: the probes that
                    // follow report what is wrong with it.
                    if tb
                        .database()
                        .data_version()
                        .is_ok_and(|version| version != last)
                    {
                        if let Ok(fresh) = snapshot(&tb) {
                            replace(&watched, fresh);
                        }
                    }
                }
            })
            .ok();
        Ok(Solved {
            current,
            watcher: thread.map(|thread| Watcher { stop, thread }),
        })
    }

    /// The slices of `variant` held, by the current snapshot: for a variant seen in a mirror,
    /// those of the one it mirrors, which hold its values ([`Slice::of_board`]).
    pub(crate) fn of(&self, variant: Variant) -> VariantSlices {
        read_current(&self.current)
            .slices
            .get(&variant.stored_as())
            .cloned()
            .unwrap_or_default()
    }

    /// Whether the tablebase holds the slice of `board` with the closed pits `shape` (of
    /// `variant`, seen from the side to move), by the current snapshot.
    pub(crate) fn holds(&self, variant: Variant, shape: Shape, board: &Board) -> bool {
        self.of(variant).holds(variant, shape, board)
    }

    /// Reads the slices `tb` holds again, now.
    pub(crate) fn refresh(&self, tb: &Tablebase) -> Result<(), DbError> {
        replace(&self.current, snapshot(tb)?);
        Ok(())
    }
}

impl Drop for Solved {
    /// Stops the watcher (it wakes at once) and waits for it, so that the file is let go.
    fn drop(&mut self) {
        if let Some(Watcher { stop, thread }) = self.watcher.take() {
            drop(stop);
            let _ = thread.join();
        }
    }
}

fn read_current(current: &Current) -> Arc<Snapshot> {
    Arc::clone(&current.read().unwrap_or_else(|e| e.into_inner()))
}

fn replace(current: &Current, fresh: Snapshot) {
    *current.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(fresh);
}

/// The slices `tb` holds, with the `data_version` read first (a change after it shows at the
/// next look).
fn snapshot(tb: &Tablebase) -> Result<Snapshot, DbError> {
    let version = tb.database().data_version()?;
    let mut by_variant: HashMap<Variant, HashSet<SliceId>> = HashMap::new();
    for variant in Variant::with_own_tables() {
        let ids = tb.current_slices(variant)?;
        if !ids.is_empty() {
            by_variant.insert(variant, ids.into_iter().collect());
        }
    }
    Ok(Snapshot {
        version,
        slices: by_variant
            .into_iter()
            .map(|(v, s)| (v, Arc::new(Held::new(s))))
            .collect(),
    })
}

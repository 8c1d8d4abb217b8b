//! The slices the tablebase holds, kept in memory so that "does the tablebase hold this
//! position?" is a hash lookup, not a query.
//!
//! The set is read once when the evaluator is made and again when the file changes: a solve
//! storing a group (in this process or another) moves SQLite's `data_version`, which is looked
//! at no more than once every [`RECHECK`], so a request never waits for more than one cheap
//! pragma and the set is never re-read per request.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use mancala_solver::{Board, Slice, SliceId, Variant};

use crate::{DbError, Tablebase};

/// How often, at most, the file is asked whether it changed.
const RECHECK: Duration = Duration::from_secs(1);

/// The slices of one variant that the tablebase holds under the current rules.
pub type VariantSlices = Arc<HashSet<SliceId>>;

/// The slices held, by variant, as read at one `data_version` of the file.
struct Snapshot {
    version: i64,
    slices: HashMap<Variant, VariantSlices>,
}

/// The current snapshot and when the file was last asked about changes.
pub(crate) struct Solved {
    snapshot: RwLock<Arc<Snapshot>>,
    /// Milliseconds after `epoch` of the last look at `data_version`.
    checked_at: AtomicU64,
    epoch: Instant,
}

impl Solved {
    /// The slices `tb` holds now.
    pub(crate) fn read(tb: &Tablebase) -> Result<Solved, DbError> {
        Ok(Solved {
            snapshot: RwLock::new(Arc::new(snapshot(tb)?)),
            checked_at: AtomicU64::new(0),
            epoch: Instant::now(),
        })
    }

    /// The slices of `variant` held, re-read first if the file has changed since it was last
    /// looked at (at most every [`RECHECK`]). A file that cannot be read now keeps the last
    /// snapshot: the probes that follow report what is wrong with it.
    pub(crate) fn of(&self, tb: &Tablebase, variant: Variant) -> VariantSlices {
        let now = self.epoch.elapsed().as_millis() as u64;
        let last = self.checked_at.load(Ordering::Relaxed);
        if now.saturating_sub(last) >= RECHECK.as_millis() as u64
            && self
                .checked_at
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            // One caller a second looks; the others read the snapshot meanwhile.
            if tb
                .data_version()
                .is_ok_and(|version| version != self.current().version)
            {
                let _ = self.refresh(tb);
            }
        }
        self.current()
            .slices
            .get(&variant)
            .cloned()
            .unwrap_or_default()
    }

    /// Whether `tb` holds `board`'s slice (of `variant`), by the current snapshot.
    pub(crate) fn holds(&self, tb: &Tablebase, variant: Variant, board: &Board) -> bool {
        self.of(tb, variant).contains(&Slice::of(variant, board).id)
    }

    /// Reads the slices held again, now.
    pub(crate) fn refresh(&self, tb: &Tablebase) -> Result<(), DbError> {
        let fresh = Arc::new(snapshot(tb)?);
        *self.snapshot.write().unwrap_or_else(|e| e.into_inner()) = fresh;
        Ok(())
    }

    fn current(&self) -> Arc<Snapshot> {
        Arc::clone(&self.snapshot.read().unwrap_or_else(|e| e.into_inner()))
    }
}

/// The slices `tb` holds, with the `data_version` read first (a change after it shows at the
/// next look).
fn snapshot(tb: &Tablebase) -> Result<Snapshot, DbError> {
    let version = tb.data_version()?;
    let mut by_variant: HashMap<Variant, HashSet<SliceId>> = HashMap::new();
    for (variant, id) in tb.current_slice_rows()? {
        by_variant.entry(variant).or_default().insert(id);
    }
    Ok(Snapshot {
        version,
        slices: by_variant
            .into_iter()
            .map(|(v, s)| (v, Arc::new(s)))
            .collect(),
    })
}

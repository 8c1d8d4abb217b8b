//! What the server builds in the background, as `GET /api/status` reports it. `mancala serve`
//! listens first and then builds what its database lacks; the builder writes its steps and its
//! progress here, and the route and the page read them. Shared between the builder's thread and
//! the handlers, under a lock held only to copy a few fields.

use std::sync::Mutex;

use mancala_solver::Variant;
use mancala_wire::response::{BuildStep, StatusJson};

/// What is called when a step ends: the server reads the slices again at once, so that an
/// answer just after the build is from the new tables, not from a search.
type StepEnded = Box<dyn Fn() + Send + Sync>;

/// The state of the background build: nothing building until [`BuildStatus::begin`].
#[derive(Default)]
pub struct BuildStatus {
    state: Mutex<StatusJson>,
    step_ended: Mutex<Vec<StepEnded>>,
}

impl std::fmt::Debug for BuildStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("BuildStatus")
            .field(&self.snapshot())
            .finish()
    }
}

impl BuildStatus {
    /// A step begins, on `variant` if it is about one game; `total` what it counts to, if it
    /// counts.
    pub fn begin(&self, step: BuildStep, variant: Option<Variant>, total: Option<u64>) {
        self.update(|s| {
            s.building = true;
            s.step = Some(step.words(variant.map(|v| v.name())));
            s.code = Some(step);
            s.variant = variant.map(|v| v.id());
            s.detail = None;
            s.done = total.map(|_| 0);
            s.total = total;
        });
    }

    /// What the step is on now (`kalah slice 12`).
    pub fn detail(&self, detail: impl Into<String>) {
        self.update(|s| s.detail = Some(detail.into()));
    }

    /// The game the step is on now (the tablebase and the starter puzzles go from game to
    /// game), and what of it (`kalah slice 12`).
    pub fn on_variant(&self, variant: Variant, detail: impl Into<String>) {
        self.update(|s| {
            s.variant = Some(variant.id());
            s.detail = Some(detail.into());
        });
    }

    /// `n` more of the step's total are done.
    pub fn advance(&self, n: u64) {
        self.update(|s| s.done = s.done.map(|d| d.saturating_add(n)));
    }

    /// The step under way is finished: `line` says what it did.
    pub fn finish(&self, line: impl Into<String>) {
        self.notify();
        self.update(|s| {
            s.finished.push(line.into());
            clear_step(s);
        });
    }

    /// The whole build is over: everything it set out to do is done (or failed, see
    /// [`BuildStatus::fail`]).
    pub fn end(&self) {
        self.notify();
        self.update(|s| {
            s.building = false;
            clear_step(s);
        });
    }

    /// Calls `f` whenever a step ends, before the status says so.
    pub fn when_a_step_ends(&self, f: impl Fn() + Send + Sync + 'static) {
        self.step_ended
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(Box::new(f));
    }

    fn notify(&self) {
        for f in self
            .step_ended
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
        {
            f();
        }
    }

    /// The build stopped on `error`; the server serves on with what exists.
    pub fn fail(&self, error: impl Into<String>) {
        self.update(|s| {
            s.building = false;
            s.error = Some(error.into());
        });
    }

    /// The state now, as the route answers it.
    pub fn snapshot(&self) -> StatusJson {
        let mut now = self.state.lock().unwrap_or_else(|e| e.into_inner()).clone();
        now.ready |= !now.building;
        now
    }

    /// The tablebase and the starter puzzles are ready: what is built after them only makes
    /// answers quicker or adds problems.
    pub fn essentials_ready(&self) {
        self.update(|s| s.ready = true);
    }

    /// The step under way while the tablebase or the starter puzzles are still being made,
    /// else `None`: what a request for a puzzle waits on.
    pub fn making_the_essentials(&self) -> Option<BuildStep> {
        let now = self.snapshot();
        if now.ready {
            return None;
        }
        Some(now.code.unwrap_or(BuildStep::Inspecting))
    }

    fn update(&self, f: impl FnOnce(&mut StatusJson)) {
        f(&mut self.state.lock().unwrap_or_else(|e| e.into_inner()));
    }
}

/// No step under way any more.
fn clear_step(s: &mut StatusJson) {
    s.step = None;
    s.code = None;
    s.variant = None;
    s.detail = None;
    s.done = None;
    s.total = None;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_goes_from_step_to_step_and_ends() {
        let status = BuildStatus::default();
        let ended = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counter = std::sync::Arc::clone(&ended);
        status.when_a_step_ends(move || {
            counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        });
        assert!(!status.snapshot().building, "nothing is built until asked");
        status.begin(BuildStep::Tablebase, None, Some(100));
        status.on_variant(Variant::Kalah, "kalah slice 4");
        status.advance(30);
        status.advance(40);
        let now = status.snapshot();
        assert!(now.building);
        assert_eq!((now.done, now.total), (Some(70), Some(100)));
        assert_eq!(now.detail.as_deref(), Some("kalah slice 4"));
        assert_eq!(now.variant, Some("kalah"));
        assert_eq!(now.code, Some(BuildStep::Tablebase));
        assert_eq!(status.making_the_essentials(), Some(BuildStep::Tablebase));
        status.finish("built the default tablebase");
        assert!(
            !status.snapshot().ready,
            "the tablebase is built, not yet the puzzles"
        );
        assert!(status.making_the_essentials().is_some());
        status.essentials_ready();
        status.begin(BuildStep::Anuak, None, None);
        let now = status.snapshot();
        assert!(now.ready, "the puzzles are ready");
        assert_eq!(status.making_the_essentials(), None);
        assert_eq!(now.code, Some(BuildStep::Anuak));
        assert_eq!(now.step.as_deref(), Some("composing Anuak problems"));
        assert_eq!(status.snapshot().done, None, "a step that does not count");
        status.finish("composed 3 Anuak problems");
        status.end();
        assert_eq!(
            ended.load(std::sync::atomic::Ordering::Relaxed),
            3,
            "two steps, one end"
        );
        let over = status.snapshot();
        assert!(!over.building);
        assert!(over.ready);
        assert_eq!((over.code, over.variant), (None, None));
        assert_eq!(over.step, None);
        assert_eq!(
            over.finished,
            ["built the default tablebase", "composed 3 Anuak problems"]
        );
        status.fail("the disk is full");
        assert_eq!(status.snapshot().error.as_deref(), Some("the disk is full"));
    }
}

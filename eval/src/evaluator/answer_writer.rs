//! Writing kept answers to the file off the thread that answers: a write waits for the file's
//! write lock, which a solve storing a group (the server's background build) holds for seconds,
//! and the answer must not wait with it. One thread takes the answers in order and writes them;
//! dropping the writer waits for the ones queued, so that a process that ends has stored what
//! it kept.

use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use mancala_solver::{Board, Variant};

use super::kept::Kept;
use mancala_db::{Database, DbError};

/// One answer to store.
struct Row {
    variant: Variant,
    board: Board,
    contents: u64,
    kept: Kept,
}

/// The file's writing handle and the thread that writes through it.
pub(crate) struct AnswerWriter {
    db: Arc<Database>,
    /// `None` when the thread could not be started: answers are then written at once.
    queue: Option<Mutex<Sender<Row>>>,
    thread: Option<JoinHandle<()>>,
}

impl AnswerWriter {
    /// A writer through `db`, its thread started.
    pub(crate) fn start(db: Arc<Database>) -> AnswerWriter {
        let (queue, rows) = channel::<Row>();
        let writing = Arc::clone(&db);
        let thread = std::thread::Builder::new()
            .name("answers".into())
            .spawn(move || {
                for r in rows {
                    store(&writing, &r);
                }
            });
        match thread {
            Ok(thread) => AnswerWriter {
                db,
                queue: Some(Mutex::new(queue)),
                thread: Some(thread),
            },
            Err(e) => {
                log::warn!("no thread for keeping answers ({e}): they are written at once");
                AnswerWriter {
                    db,
                    queue: None,
                    thread: None,
                }
            }
        }
    }

    /// Queues `kept` to be stored for `board` of `variant` over the tablebase `contents`.
    pub(crate) fn write(&self, variant: Variant, board: &Board, contents: u64, kept: Kept) {
        let row = Row {
            variant,
            board: *board,
            contents,
            kept,
        };
        let unsent = match &self.queue {
            Some(queue) => queue
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .send(row)
                .err()
                .map(|e| e.0),
            None => Some(row),
        };
        if let Some(row) = unsent {
            store(&self.db, &row);
        }
    }

    /// Stores `kept` now, the failure returned (the opening book's answers, which a build
    /// must not report stored unless they are).
    pub(crate) fn write_now(
        &self,
        variant: Variant,
        board: &Board,
        contents: u64,
        kept: &Kept,
    ) -> Result<(), DbError> {
        self.db.put_answer_row(variant, board, &kept.row(contents))
    }
}

/// Stores one row; a failure is logged: the answer stands without it.
fn store(db: &Database, r: &Row) {
    if let Err(e) = db.put_answer_row(r.variant, &r.board, &r.kept.row(r.contents)) {
        log::warn!("keeping a searched answer in {}: {e}", db.path());
    }
}

impl Drop for AnswerWriter {
    /// Waits for the answers queued to be stored.
    fn drop(&mut self) {
        self.queue.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

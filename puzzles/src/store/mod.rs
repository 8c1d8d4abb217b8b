//! The puzzle store: puzzles, players, attempts, the daily puzzles and where each composition
//! stands, as ordinary SQLite rows of the tablebase file (queryable with SQL), written by the
//! generator and the composer and read and re-rated by the service. The file is the store's
//! (`mancala_db`); the puzzle tables, their migrations (`schema`), the rows and what they mean
//! are this crate's. Each row is
//! decoded once, here, into the crate's types.

mod attempts;
mod compositions;
mod daily;
mod players;
mod schema;

use std::path::Path;
use std::sync::Arc;
use std::time::SystemTime;

use mancala_db::{Database, DbError, PartTables, WithPath};
use mancala_solver::{Move, Position, Variant};
use rusqlite::types::Type;
use rusqlite::{params, OptionalExtension, Row, Transaction};

pub use attempts::{NewAttempt, RecordedAttempt};
pub use compositions::CompositionKey;
pub use players::{Player, PlayerSummary, ThemeResults, NEWCOMER};

use crate::{Collection, Puzzle, PuzzleRating, StoredPuzzle, Theme};

/// The puzzle rows of a tablebase file, beside (not inside) its solved slices.
pub struct PuzzleStore {
    db: PartTables,
}

impl PuzzleStore {
    /// Opens (creating if needed) the file for reading and writing, its puzzle tables brought
    /// up to date ([`PartTables::open`]).
    pub fn open(path: impl AsRef<Path>) -> Result<PuzzleStore, DbError> {
        Ok(PuzzleStore {
            db: PartTables::open(path, &schema::PUZZLES)?,
        })
    }

    /// Opens an existing file for reading only ([`PartTables::open_read_only`]): a file whose
    /// puzzle tables were never made (only solved) holds no puzzles.
    pub fn open_read_only(path: impl AsRef<Path>) -> Result<PuzzleStore, DbError> {
        Ok(PuzzleStore {
            db: PartTables::open_read_only(path, &schema::PUZZLES)?,
        })
    }

    /// The puzzle tables through a handle shared with the tablebase of the same role (the
    /// service's reading handle, or its writing one): see [`PartTables::on`].
    pub fn on(db: Arc<Database>) -> Result<PuzzleStore, DbError> {
        Ok(PuzzleStore {
            db: PartTables::on(db, &schema::PUZZLES)?,
        })
    }

    /// The file, as given.
    pub fn path(&self) -> &str {
        self.db.path()
    }
}

/// Which puzzles to pick from.
#[derive(Clone, Debug, Default)]
pub struct PuzzleFilter {
    /// Only this variant.
    pub variant: Option<Variant>,
    /// Rating at least this.
    pub min_rating: Option<f64>,
    /// Rating at most this.
    pub max_rating: Option<f64>,
    /// Only puzzles with this theme tag.
    pub theme: Option<Theme>,
    /// Only puzzles this player (an id) has no attempt at.
    pub unplayed_by: Option<i64>,
    /// Only this collection.
    pub collection: Option<Collection>,
}

const COLUMNS: &str = "id, variant, position, solution, themes, rating, rating_deviation, \
                       volatility, popularity, plays, retired_at IS NOT NULL, collection";

/// Decodes one row of [`COLUMNS`]. A column that does not decode (a row written by hand, or by
/// a future version) is a conversion error naming the column, as rusqlite reports its own.
fn row(r: &Row<'_>) -> rusqlite::Result<StoredPuzzle> {
    let variant: Variant = decoded(r, 1, |s| s.parse())?;
    let position = decoded(r, 2, |s| Position::parse(variant, s))?;
    let solution = decoded(r, 3, |s| {
        s.split_whitespace()
            .map(|m| Move::parse(variant, m))
            .collect::<Result<Vec<_>, _>>()
    })?;
    let themes = decoded(r, 4, |s| {
        s.split_whitespace()
            .map(str::parse)
            .collect::<Result<Vec<Theme>, _>>()
    })?;
    let collection = decoded(r, 11, |s| s.parse::<Collection>())?;
    Ok(StoredPuzzle {
        id: r.get(0)?,
        puzzle: Puzzle {
            position,
            solution,
            themes,
            rating: PuzzleRating {
                rating: r.get(5)?,
                deviation: r.get(6)?,
                volatility: r.get(7)?,
            },
            collection,
        },
        popularity: r.get(8)?,
        plays: r.get(9)?,
        retired: r.get(10)?,
    })
}

/// Reads text column `column` and decodes it with `decode`.
fn decoded<T, E>(
    r: &Row<'_>,
    column: usize,
    decode: impl FnOnce(&str) -> Result<T, E>,
) -> rusqlite::Result<T>
where
    E: std::error::Error + Send + Sync + 'static,
{
    let text: String = r.get(column)?;
    decode(&text)
        .map_err(|e| rusqlite::Error::FromSqlConversionFailure(column, Type::Text, Box::new(e)))
}

/// `WHERE` clause and parameters of a filter: served puzzles only (not retired), the theme
/// matched as a whole word of the space-separated tags (`instr`, no wildcards).
const FILTER: &str = "retired_at IS NULL AND (?1 IS NULL OR variant = ?1) \
                      AND (?2 IS NULL OR rating >= ?2) AND (?3 IS NULL OR rating <= ?3) \
                      AND (?4 IS NULL OR instr(' ' || themes || ' ', ' ' || ?4 || ' ') > 0) \
                      AND (?5 IS NULL OR NOT EXISTS (SELECT 1 FROM puzzle_attempts a \
                          WHERE a.puzzle_id = puzzles.id AND a.player_id = ?5)) \
                      AND (?6 IS NULL OR collection = ?6)";

/// The parameters `?1`..`?6` of [`FILTER`].
type FilterParams = (
    Option<&'static str>,
    Option<f64>,
    Option<f64>,
    Option<&'static str>,
    Option<i64>,
    Option<&'static str>,
);

impl PuzzleFilter {
    /// The parameters `?1`..`?6` of [`FILTER`].
    fn params(&self) -> FilterParams {
        (
            self.variant.map(Variant::id),
            self.min_rating,
            self.max_rating,
            self.theme.map(Theme::as_str),
            self.unplayed_by,
            self.collection.map(Collection::as_str),
        )
    }
}

/// Puzzles near a rating that [`PuzzleStore::pick_near`] picks among.
const NEAREST: u64 = 10;

/// Stores `puzzles` within `tx`, skipping any whose position is stored already; returns how many
/// were new.
fn insert_in(tx: &Transaction, puzzles: &[Puzzle]) -> rusqlite::Result<usize> {
    let now = now();
    let mut stmt = tx.prepare_cached(
        "INSERT OR IGNORE INTO puzzles (variant, position, solution, themes, rating,
             rating_deviation, volatility, created_at, collection)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    let mut inserted = 0;
    for p in puzzles {
        inserted += stmt.execute(params![
            p.variant().id(),
            p.position.to_string(),
            p.solution_text(),
            p.themes_text(),
            p.rating.rating,
            p.rating.deviation,
            p.rating.volatility,
            now,
            p.collection.as_str(),
        ])?;
    }
    Ok(inserted)
}

/// Now, as stored in the `created_at` and `at` columns.
fn now() -> String {
    humantime::format_rfc3339_seconds(SystemTime::now()).to_string()
}

impl PuzzleStore {
    /// Stores puzzles in one transaction, skipping any whose position is stored already;
    /// returns how many were new.
    pub fn insert_puzzles(&self, puzzles: &[Puzzle]) -> Result<usize, DbError> {
        let mut conn = self.db.connection();
        let tx = conn.transaction().at(self.db.path())?;
        let inserted = insert_in(&tx, puzzles).at(self.db.path())?;
        tx.commit().at(self.db.path())?;
        Ok(inserted)
    }

    /// One puzzle by id.
    pub fn puzzle(&self, id: i64) -> Result<Option<StoredPuzzle>, DbError> {
        self.db
            .connection()
            .query_row(
                &format!("SELECT {COLUMNS} FROM puzzles WHERE id = ?1"),
                [id],
                row,
            )
            .optional()
            .at(self.db.path())
    }

    /// Every puzzle, of one variant or all, by id.
    pub fn puzzles(&self, variant: Option<Variant>) -> Result<Vec<StoredPuzzle>, DbError> {
        let conn = self.db.connection();
        let mut stmt = conn
            .prepare(&format!(
                "SELECT {COLUMNS} FROM puzzles WHERE ?1 IS NULL OR variant = ?1 ORDER BY id"
            ))
            .at(self.db.path())?;
        let rows = stmt
            .query_map(params![variant.map(Variant::id)], row)
            .at(self.db.path())?;
        rows.collect::<Result<Vec<_>, _>>().at(self.db.path())
    }

    /// How many puzzles match a filter.
    pub fn count_puzzles(&self, filter: &PuzzleFilter) -> Result<u64, DbError> {
        let (variant, min, max, theme, unplayed, collection) = filter.params();
        let n: i64 = self
            .db
            .connection()
            .query_row(
                &format!("SELECT COUNT(*) FROM puzzles WHERE {FILTER}"),
                params![variant, min, max, theme, unplayed, collection],
                |r| r.get(0),
            )
            .at(self.db.path())?;
        Ok(n as u64)
    }

    /// The `pick`-th puzzle (modulo their number) among those matching a filter, ordered by
    /// id: the caller chooses `pick` at random.
    pub fn pick_puzzle(
        &self,
        filter: &PuzzleFilter,
        pick: u64,
    ) -> Result<Option<StoredPuzzle>, DbError> {
        let n = self.count_puzzles(filter)?;
        self.pick_in_order(filter, "id", 0.0, n, pick)
    }

    /// The `pick`-th (modulo their number) of the [`NEAREST`] puzzles matching a filter whose
    /// ratings are closest to `rating`: puzzles for a player of that rating.
    pub fn pick_near(
        &self,
        filter: &PuzzleFilter,
        rating: f64,
        pick: u64,
    ) -> Result<Option<StoredPuzzle>, DbError> {
        let n = self.count_puzzles(filter)?.min(NEAREST);
        self.pick_in_order(filter, "abs(rating - ?7), id", rating, n, pick)
    }

    /// The `pick`-th (modulo `n`) puzzle matching `filter` in the order `order` (SQL, which may
    /// use `rating` as `?7`); `None` when `n` is 0.
    fn pick_in_order(
        &self,
        filter: &PuzzleFilter,
        order: &str,
        rating: f64,
        n: u64,
        pick: u64,
    ) -> Result<Option<StoredPuzzle>, DbError> {
        if n == 0 {
            return Ok(None);
        }
        let (variant, min, max, theme, unplayed, collection) = filter.params();
        let offset = (pick % n) as i64;
        self.db.connection()
            .query_row(
                &format!(
                    "SELECT {COLUMNS} FROM puzzles WHERE {FILTER} ORDER BY {order} LIMIT 1 OFFSET ?8"
                ),
                params![variant, min, max, theme, unplayed, collection, rating, offset],
                row,
            )
            .optional()
            .at(self.db.path())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::Draw;

    fn puzzle() -> Puzzle {
        let position = Position::parse(Variant::RioKadalis, "0,0,1,0,2,1/1,0,0,3,0,0 S 20-20")
            .expect("a valid position");
        Puzzle {
            position,
            solution: vec![Move::Pit(3), Move::Pit(2), Move::Pit(5)],
            themes: vec![Theme::Short, Theme::Quiet],
            rating: PuzzleRating {
                rating: 1400.0,
                deviation: 350.0,
                volatility: 0.06,
            },
            collection: Collection::Starter,
        }
    }

    /// Another puzzle: [`puzzle`]'s, with South's three seeds in pit 3 rather than pit 4.
    fn other_puzzle() -> Puzzle {
        Puzzle {
            position: Position::parse(Variant::RioKadalis, "0,0,1,0,2,1/1,0,3,0,0,0 S 20-20")
                .expect("a valid position"),
            ..puzzle()
        }
    }

    /// Anuak problems are stored and filtered by their collection; a composition's progress is
    /// kept with its problems and read back, per key.
    #[test]
    fn collections_filter_and_compositions_resume() {
        let dir = tempfile::tempdir().unwrap();
        let tb = PuzzleStore::open(dir.path().join("p.db")).unwrap();
        let problem = Puzzle {
            collection: Collection::Anuak,
            ..other_puzzle()
        };
        let key = CompositionKey {
            variant: Variant::RioKadalis,
            collection: Collection::Anuak,
            seeds: 12..=16,
            draw: Draw::Sample,
            seed: 7,
        };
        assert_eq!(tb.composition_next(&key).unwrap(), 0);
        tb.insert_puzzles(&[puzzle()]).unwrap();
        assert_eq!(
            tb.store_composed(&key, std::slice::from_ref(&problem), 64)
                .unwrap(),
            1
        );
        // Stored again (a resumed composition re-finding it): kept once, progress moved on.
        assert_eq!(
            tb.store_composed(&key, std::slice::from_ref(&problem), 96)
                .unwrap(),
            0
        );
        assert_eq!(tb.composition_next(&key).unwrap(), 96);
        let other = CompositionKey {
            seed: 8,
            ..key.clone()
        };
        assert_eq!(tb.composition_next(&other).unwrap(), 0);
        let scan = CompositionKey {
            draw: Draw::Scan,
            ..key.clone()
        };
        assert_eq!(tb.composition_next(&scan).unwrap(), 0);
        let closed = CompositionKey {
            draw: Draw::SampleClosed,
            ..key.clone()
        };
        assert_eq!(tb.composition_next(&closed).unwrap(), 0);

        // A run's finding is recorded apart from where it stands: none recorded yet, then the
        // last run's count, and where it resumes unchanged; a key never run gets a row too.
        assert_eq!(tb.composition_last_found(&key).unwrap(), None);
        tb.record_composition_run(&key, 1).unwrap();
        tb.record_composition_run(&key, 0).unwrap();
        assert_eq!(tb.composition_last_found(&key).unwrap(), Some(0));
        assert_eq!(tb.composition_next(&key).unwrap(), 96);
        tb.record_composition_run(&other, 0).unwrap();
        assert_eq!(tb.composition_last_found(&other).unwrap(), Some(0));
        assert_eq!(tb.composition_next(&other).unwrap(), 0);
        assert_eq!(tb.composition_last_found(&scan).unwrap(), None);

        let only = |collection| PuzzleFilter {
            collection,
            ..PuzzleFilter::default()
        };
        assert_eq!(tb.count_puzzles(&only(None)).unwrap(), 2);
        assert_eq!(
            tb.count_puzzles(&only(Some(Collection::Starter))).unwrap(),
            1
        );
        let anuak = tb
            .pick_puzzle(&only(Some(Collection::Anuak)), 5)
            .unwrap()
            .unwrap();
        assert_eq!(anuak.puzzle, problem);
    }

    #[test]
    fn a_puzzle_reads_back_as_stored() {
        let dir = tempfile::tempdir().unwrap();
        let tb = PuzzleStore::open(dir.path().join("p.db")).unwrap();
        assert_eq!(tb.insert_puzzles(&[puzzle()]).unwrap(), 1);
        let stored = tb.puzzles(None).unwrap();
        assert_eq!(stored.len(), 1);
        assert_eq!(stored[0].puzzle, puzzle());
        assert_eq!((stored[0].plays, stored[0].popularity), (0, 0));
        let by_theme = |theme| PuzzleFilter {
            theme: Some(theme),
            ..PuzzleFilter::default()
        };
        assert_eq!(tb.count_puzzles(&by_theme(Theme::Quiet)).unwrap(), 1);
        assert_eq!(tb.count_puzzles(&by_theme(Theme::Long)).unwrap(), 0);
    }

    /// Moves the puzzle down by 100 and the player up by 10 when solved, the other way when
    /// failed: an update simple enough to replay by hand.
    fn simple_rate(
        solved: bool,
    ) -> impl Fn(PuzzleRating, PuzzleRating) -> (PuzzleRating, PuzzleRating) {
        move |p, q| {
            let s = if solved { 1.0 } else { -1.0 };
            (
                PuzzleRating {
                    rating: p.rating - 100.0 * s,
                    ..p
                },
                PuzzleRating {
                    rating: q.rating + 10.0 * s,
                    ..q
                },
            )
        }
    }

    #[test]
    fn only_a_players_first_finished_attempt_is_rated() {
        let dir = tempfile::tempdir().unwrap();
        let tb = PuzzleStore::open(dir.path().join("p.db")).unwrap();
        tb.insert_puzzles(&[puzzle()]).unwrap();
        let id = tb.puzzles(None).unwrap()[0].id;
        let moves = ["3".to_owned()];
        let attempt = |player_id, solved, gave_up| NewAttempt {
            puzzle_id: id,
            player_id,
            moves: &moves,
            solved,
            gave_up,
        };
        // Without a player: recorded, not rated.
        let r = tb
            .record_attempt(&attempt(None, true, false), simple_rate(true))
            .unwrap();
        assert!(!r.rated && r.player.is_none());
        assert_eq!(r.puzzle.rating, 1400.0);
        // A player's first attempt, a give-up (a failure): the puzzle 1400 -> 1500, the
        // player 1500 -> 1490.
        let player = tb.create_player("t1").unwrap();
        assert_eq!(tb.player("t1").unwrap(), Some(player.clone()));
        assert_eq!(tb.player("nobody").unwrap(), None);
        let r = tb
            .record_attempt(&attempt(Some(player.id), false, true), simple_rate(false))
            .unwrap();
        assert!(r.rated);
        assert_eq!(r.puzzle.rating, 1500.0);
        assert_eq!(r.player.unwrap().rating.rating, 1490.0);
        // The replay, solved after the solution was shown: recorded, rates nothing.
        let r = tb
            .record_attempt(&attempt(Some(player.id), true, false), simple_rate(true))
            .unwrap();
        assert!(!r.rated);
        assert_eq!(r.puzzle.rating, 1500.0);
        let again = tb.puzzle(id).unwrap().unwrap();
        assert_eq!((again.puzzle.rating.rating, again.plays), (1500.0, 1));
        let attempts: i64 = tb
            .db
            .connection()
            .query_row("SELECT COUNT(*) FROM puzzle_attempts", [], |r| r.get(0))
            .unwrap();
        assert_eq!(attempts, 3);
        // The dashboard: one failure, counted under each of the puzzle's themes.
        let me = tb.player("t1").unwrap().unwrap();
        let summary = tb.player_summary(&me).unwrap();
        assert_eq!((summary.solved, summary.failed), (0, 1));
        // The rating after the one rated attempt (the replay rated nothing): 1490, as above.
        assert_eq!(summary.history, [1490.0]);
        let newcomer = tb.create_player("t2").unwrap();
        assert!(tb.player_summary(&newcomer).unwrap().history.is_empty());
        assert_eq!(
            summary.themes,
            [Theme::Short, Theme::Quiet].map(|theme| ThemeResults {
                theme,
                solved: 0,
                failed: 1
            })
        );
        // Played now: a filter of puzzles the player has not tried finds none.
        let unplayed = PuzzleFilter {
            unplayed_by: Some(me.id),
            ..PuzzleFilter::default()
        };
        assert_eq!(tb.count_puzzles(&unplayed).unwrap(), 0);
    }

    /// 200 first attempts by 200 players on 8 connections at once: every one is applied, one
    /// after another. Replaying the same updates in the order the attempts were committed (their
    /// ids) gives the stored rating, and each attempt saw the rating the previous one left.
    #[test]
    fn concurrent_attempts_lose_no_update() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.db");
        let tb = PuzzleStore::open(&path).unwrap();
        tb.insert_puzzles(&[puzzle()]).unwrap();
        let id = tb.puzzles(None).unwrap()[0].id;
        let players: Vec<Player> = (0..200)
            .map(|i| tb.create_player(&format!("t{i}")).unwrap())
            .collect();
        // Solved by even players; the update depends on the rating read (a tenth of the
        // distance to 1500 plus or minus 7), so the order matters.
        let rate = |solved: bool| {
            move |p: PuzzleRating, q: PuzzleRating| {
                let step = if solved { -7.0 } else { 7.0 };
                (
                    PuzzleRating {
                        rating: p.rating + (1500.0 - p.rating) / 10.0 + step,
                        ..p
                    },
                    q,
                )
            }
        };
        std::thread::scope(|scope| {
            for chunk in players.chunks(25) {
                let path = &path;
                scope.spawn(move || {
                    let tb = PuzzleStore::open(path).unwrap();
                    for p in chunk {
                        let solved = p.id % 2 == 0;
                        let moves = ["3".to_owned()];
                        let a = NewAttempt {
                            puzzle_id: id,
                            player_id: Some(p.id),
                            moves: &moves,
                            solved,
                            gave_up: false,
                        };
                        assert!(tb.record_attempt(&a, rate(solved)).unwrap().rated);
                    }
                });
            }
        });
        let stored = tb.puzzle(id).unwrap().unwrap();
        assert_eq!(stored.plays, 200);
        let conn = tb.db.connection();
        let mut stmt = conn
            .prepare("SELECT solved, rating_before FROM puzzle_attempts ORDER BY id")
            .unwrap();
        let rows: Vec<(bool, f64)> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(rows.len(), 200);
        let mut r = 1400.0;
        for (solved, before) in rows {
            assert_eq!(before, r);
            r = r + (1500.0 - r) / 10.0 + if solved { -7.0 } else { 7.0 };
        }
        assert_eq!(stored.puzzle.rating.rating, r);
    }

    /// A retired puzzle (one the puzzle part's migration 2 retired, or set by hand) stays
    /// in the table but is never counted, picked or the day's.
    #[test]
    fn a_retired_puzzle_is_never_served() {
        let dir = tempfile::tempdir().unwrap();
        let store = PuzzleStore::open(dir.path().join("p.db")).unwrap();
        store.insert_puzzles(&[puzzle(), other_puzzle()]).unwrap();
        store
            .db
            .connection()
            .execute("UPDATE puzzles SET retired_at = 'then' WHERE id = 1", [])
            .unwrap();
        let all = store.puzzles(None).unwrap();
        assert_eq!(
            all.iter().map(|p| p.retired).collect::<Vec<_>>(),
            [true, false]
        );
        assert_eq!(store.count_puzzles(&PuzzleFilter::default()).unwrap(), 1);
        for pick in 0..4 {
            let p = store
                .pick_puzzle(&PuzzleFilter::default(), pick)
                .unwrap()
                .unwrap();
            assert_eq!(p.id, 2);
            let day = store
                .daily_puzzle(Variant::RioKadalis, "2026-01-01", pick, false)
                .unwrap()
                .unwrap();
            assert_eq!(day.id, 2);
        }
    }

    #[test]
    fn the_daily_puzzle_is_kept_all_day_and_a_streak_rises() {
        let dir = tempfile::tempdir().unwrap();
        let tb = PuzzleStore::open(dir.path().join("p.db")).unwrap();
        let at = |text: &str, rating: f64| Puzzle {
            position: Position::parse(Variant::RioKadalis, text).unwrap(),
            rating: PuzzleRating {
                rating,
                ..puzzle().rating
            },
            ..puzzle()
        };
        tb.insert_puzzles(&[
            at("0,0,1,0,2,1/1,0,0,3,0,0 S 20-20", 1400.0),
            at("0,0,1,0,2,1/1,0,3,0,0,0 S 20-20", 1200.0),
            at("0,0,1,0,2,1/1,3,0,0,0,0 S 20-20", 1300.0),
        ])
        .unwrap();
        let day = |pick| {
            tb.daily_puzzle(Variant::RioKadalis, "2026-01-01", pick, true)
                .unwrap()
        };
        // Not kept (a read-only server): pick 0 is the first by id, and nothing is stored.
        let unkept = tb.daily_puzzle(Variant::RioKadalis, "2026-01-01", 0, false);
        assert_eq!(unkept.unwrap().unwrap().id, 1);
        // Pick 4 of 3 puzzles by id: the second (id 2); later picks of the day change nothing.
        assert_eq!(day(4).unwrap().id, 2);
        assert_eq!(day(0).unwrap().id, 2);
        let kept = tb.daily_puzzle(Variant::RioKadalis, "2026-01-01", 0, false);
        assert_eq!(
            kept.unwrap().unwrap().id,
            2,
            "the kept one, also when not keeping"
        );
        assert_eq!(
            tb.daily_puzzle(Variant::RioKadalis, "2026-01-02", 0, true)
                .unwrap()
                .unwrap()
                .id,
            1
        );
        assert!(tb
            .daily_puzzle(Variant::Hawalis, "2026-01-01", 0, true)
            .unwrap()
            .is_none());
        // A streak: 1200 (id 2), then 1300 (id 3), then 1400 (id 1), then none.
        let p = tb.create_player("s").unwrap();
        let all = PuzzleFilter::default();
        let mut ids = Vec::new();
        while let Some(next) = tb.streak_puzzle(&p, &all).unwrap() {
            // Asked again before an attempt: the same puzzle.
            assert_eq!(tb.streak_puzzle(&p, &all).unwrap().unwrap().id, next.id);
            ids.push(next.id);
            let moves = ["3".to_owned()];
            let a = NewAttempt {
                puzzle_id: next.id,
                player_id: Some(p.id),
                moves: &moves,
                solved: true,
                gave_up: false,
            };
            let r = tb.record_attempt(&a, simple_rate(true)).unwrap();
            assert_eq!(r.player.unwrap().streak, ids.len() as i64);
        }
        assert_eq!(ids, [2, 3, 1]);
        let me = tb.player("s").unwrap().unwrap();
        assert_eq!((me.streak, me.best_streak), (3, 3));
    }

    #[test]
    fn a_stored_theme_that_is_unknown_is_an_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let tb = PuzzleStore::open(dir.path().join("p.db")).unwrap();
        tb.insert_puzzles(&[puzzle()]).unwrap();
        tb.db
            .connection()
            .execute("UPDATE puzzles SET themes = 'short noSuchTheme'", [])
            .unwrap();
        let err = tb.puzzles(None).unwrap_err().to_string();
        assert!(err.contains("noSuchTheme"), "{err}");
    }
}

/// Writes that fail for a reason a server can name (a full disk, a read-only file, a lock held
/// elsewhere) say which, from SQLite's own error, and a full disk that has room again takes
/// the next write: nothing of the connection or the file is lost.
#[cfg(test)]
mod write_failures {
    use std::time::Duration;

    use mancala_db::WriteFailure;

    use super::*;

    fn token(i: u32) -> String {
        format!("{i:032x}")
    }

    #[test]
    fn a_full_disk_is_named_and_the_next_write_after_room_returns_works() {
        let dir = tempfile::tempdir().unwrap();
        let store = PuzzleStore::open(dir.path().join("p.db")).unwrap();
        store.create_player(&token(0)).unwrap();
        // The file may not grow: SQLite's own size limit, met as a full disk is.
        let pages: i64 = {
            let conn = store.db.connection();
            let pages = conn
                .query_row("PRAGMA page_count", [], |r| r.get(0))
                .unwrap();
            conn.pragma_update(None, "max_page_count", pages).unwrap();
            pages
        };
        let mut made = 1;
        let failure = loop {
            match store.create_player(&token(made)) {
                Ok(_) => made += 1,
                Err(e) => break e,
            }
            assert!(made < 100_000, "the file never filled");
        };
        assert_eq!(
            failure.write_failure(),
            Some(WriteFailure::DiskFull),
            "{failure}"
        );
        // Room again: the next write works, and every player written before is there.
        store
            .db
            .connection()
            .pragma_update(None, "max_page_count", pages * 100)
            .unwrap();
        store.create_player(&token(made)).unwrap();
        for i in 0..=made {
            assert!(store.player(&token(i)).unwrap().is_some(), "player {i}");
        }
    }

    #[test]
    fn a_read_only_file_and_a_held_lock_are_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.db");
        let store = PuzzleStore::open(&path).unwrap();
        let reader = PuzzleStore::open_read_only(&path).unwrap();
        let e = reader.create_player(&token(1)).unwrap_err();
        assert_eq!(e.write_failure(), Some(WriteFailure::ReadOnly), "{e}");

        // Another process's write lock (a solve storing a group, say), held past the wait.
        let other = rusqlite::Connection::open(&path).unwrap();
        other.execute_batch("BEGIN EXCLUSIVE").unwrap();
        store
            .db
            .connection()
            .busy_timeout(Duration::from_millis(50))
            .unwrap();
        let e = store.create_player(&token(2)).unwrap_err();
        assert_eq!(e.write_failure(), Some(WriteFailure::Locked), "{e}");
        // Released: the same write goes through.
        other.execute_batch("COMMIT").unwrap();
        store.create_player(&token(2)).unwrap();
        assert!(store.player(&token(2)).unwrap().is_some());
    }
}

//! `mancala db verify --deep`: every stored value and depth checked against the plain rules.
//!
//! For every position of a slice (the chunks of a slice in parallel), the position's moves are
//! worked out with [`crate::rules`], each move's value and depth follow from the stored value and
//! depth of the position it leads to (read from the file, in the same slice or a smaller one), and
//! the stored figures must be exactly those docs/rules.md ("Values and depths") defines:
//!
//! * where the game is over: the end's value, and depth 0 (none when the value is 0);
//! * else the value is the best of the moves' values, and, when it is not 0, the depth is the
//!   smallest (value above 0) or largest (below 0) depth among the moves of that value, a move's
//!   depth being 1 for an exit (a gain, an extra turn, the end of the game, an endless sowing)
//!   and one more than the depth of the position it leads to otherwise;
//! * a value of 0 has no depth.
//!
//! Why this pins the values, cycles included (the solver's value model, docs/design.md): the
//! smaller slices are checked too, so every exit's value is right; a position of value `v > 0`
//! has a finite depth that a value-keeping move lowers, and every reply the opponent has either
//! keeps the value (and lowers the depth again) or gives the side ahead more, so the side ahead
//! can force `v`; at a position of value `v < 0` every move gives the opponent a position worth
//! at least `-v` to it, which it can force in the same way; and at 0 each side can hold the
//! other to at most 0, endless play being worth 0. So the stored values are the game's.
//!
//! Resumable: the slices checked in full are recorded in `DB.deep-verify` ([`resume`]).

mod held;
mod pieces;
pub mod resume;

use std::ops::Range;
use std::path::Path;
use std::time::Instant;

use thiserror::Error;

use crate::index::SliceId;
use crate::notation;
use crate::rules::value::{has_child, move_depth, move_value, position_depth, terminal_value};
use crate::rules::{outcome, Outcome, Pos, MAX_PITS, SOUTH};
use crate::table::chunk::Chunk;
use crate::table::{Slice, Stored, Table, TableError};
use crate::variant::{Spec, Variant};

/// What to check.
#[derive(Clone, Debug)]
pub struct Options {
    /// Only this variant's slices; for a variant seen in a mirror (clockwise Rio Kadalis), the
    /// slices of the one it mirrors, checked with its own rules at each position's mirror.
    pub variant: Option<Variant>,
    /// Only this slice (of [`Options::variant`]).
    pub slice: Option<SliceId>,
    /// Bytes of memory for the check. Where every chunk a slice's moves reach fits decoded
    /// (three bytes a position), they are held and the slice is checked in one pass; else in
    /// pieces of at most `memory_bytes / (16 × pits a side)` positions, every chunk a piece's
    /// moves reach decoded once a piece, so larger pieces read the file fewer times.
    pub memory_bytes: usize,
    /// Skip the slices that `DB.deep-verify` records as checked, and record those checked now.
    pub resume: bool,
    /// At most this many disagreements of a slice are kept and reported (the rest are counted).
    pub report_limit: usize,
}

impl Default for Options {
    /// Every slice, 2 GiB for a piece, resumable, up to 1,000 disagreements reported a slice.
    fn default() -> Options {
        Options {
            variant: None,
            slice: None,
            memory_bytes: 2 << 30,
            resume: true,
            report_limit: 1000,
        }
    }
}

/// A position whose stored figures are not those the plain rules give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The variant.
    pub variant: Variant,
    /// The slice.
    pub slice: SliceId,
    /// The position's index in its slice.
    pub index: u64,
    /// The position (South to move: positions are stored from the side to move's view).
    pub position: String,
    /// What the file stores.
    pub stored: Stored,
    /// What the plain rules give from the stored figures of the positions after its moves
    /// (`depth: None` also when a value-keeping move's position has no depth stored).
    pub expected: (i32, Option<u32>),
}

impl std::fmt::Display for Disagreement {
    /// `VARIANT slice S `POSITION`: stored value V depth D, the plain rules give value V' depth D'`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let depth = |d: Option<u32>| d.map_or("none".to_owned(), |d| d.to_string());
        write!(
            f,
            "{} slice {} `{}` (index {}): stored value {} depth {}, the plain rules give value {} \
             depth {}",
            self.variant,
            self.slice,
            self.position,
            self.index,
            self.stored.value,
            depth(self.stored.depth.map(u32::from)),
            self.expected.0,
            depth(self.expected.1)
        )
    }
}

/// A slice that could not be checked, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unchecked {
    /// The variant id, as stored.
    pub variant: String,
    /// The slice name, as stored.
    pub slice: String,
    /// Why (a chunk that cannot be read, a slice its moves reach that is missing, rules of
    /// another version...).
    pub why: String,
}

/// What a slice's check found.
#[derive(Clone, Debug, Default)]
pub struct SliceResult {
    /// Positions checked.
    pub positions: u64,
    /// Disagreements, in index order, at most [`Options::report_limit`].
    pub disagreements: Vec<Disagreement>,
    /// All disagreements, counted.
    pub disagreeing: u64,
}

impl SliceResult {
    /// The results of consecutive parts of a slice, in order, as one (at most `report_limit`
    /// disagreements kept).
    fn merged(parts: impl IntoIterator<Item = SliceResult>, report_limit: usize) -> SliceResult {
        let mut all = SliceResult::default();
        for r in parts {
            all.positions += r.positions;
            all.disagreeing += r.disagreeing;
            all.disagreements.extend(r.disagreements);
        }
        all.disagreements.truncate(report_limit);
        all
    }
}

/// What a verification did.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Slices checked now, and found to agree.
    pub agreeing: usize,
    /// Slices checked now with disagreements.
    pub disagreeing_slices: usize,
    /// Slices skipped because the progress file records them as checked.
    pub already_checked: usize,
    /// Positions checked now.
    pub positions: u64,
    /// Disagreements found, in all.
    pub disagreements: u64,
    /// Slices that could not be checked.
    pub unchecked: Vec<Unchecked>,
    /// Seconds it took.
    pub seconds: f64,
}

impl Report {
    /// Whether everything asked for was checked and agrees.
    pub fn passed(&self) -> bool {
        self.disagreements == 0 && self.unchecked.is_empty()
    }
}

/// What a verification tells as it goes (the command line draws progress bars with it).
pub trait Progress: Sync {
    /// Before the first slice: the slices to check now, their positions, and how many slices
    /// the progress file says were checked already.
    fn start(&self, _slices: &[Slice], _positions: u64, _already_checked: usize) {}
    /// A slice is about to be checked.
    fn slice_started(&self, _slice: &Slice) {}
    /// `n` more positions were checked.
    fn positions_done(&self, _n: u64) {}
    /// A slice was checked.
    fn slice_done(&self, _slice: &Slice, _result: &SliceResult) {}
    /// A slice could not be checked.
    fn unchecked(&self, _what: &Unchecked) {}
    /// Something worth saying that is not a finding (the progress file cannot be written).
    fn note(&self, _text: &str) {}
}

/// A [`Progress`] that tells nothing.
pub struct Silent;

impl Progress for Silent {}

/// What can stop a verification before it starts.
#[derive(Debug, Error)]
pub enum DeepError {
    /// The file cannot be read as a tablebase.
    #[error(transparent)]
    Table(#[from] TableError),
    /// The slice asked for is not in the file.
    #[error("{variant} slice {slice} is not in {path}")]
    NoSuchSlice {
        /// The variant.
        variant: Variant,
        /// The slice.
        slice: SliceId,
        /// The file.
        path: String,
    },
    /// A slice was asked for without its variant.
    #[error("a slice is named by its variant too")]
    SliceWithoutVariant,
}

/// Checks the slices of the tablebase `db` that `options` asks for (see the module's
/// documentation), telling `progress` as it goes.
pub fn verify(db: &Path, options: &Options, progress: &dyn Progress) -> Result<Report, DeepError> {
    let started = Instant::now();
    if options.slice.is_some() && options.variant.is_none() {
        return Err(DeepError::SliceWithoutVariant);
    }
    // Each piece decodes the chunks it reads once: nothing to keep between pieces.
    let table = Table::open(db, 0)?;
    // A variant seen in a mirror has no slices: its rules are checked on those it mirrors.
    let stored = options.variant.map(|v| v.mirror_image_of().unwrap_or(v));
    let mirrored = options.variant.filter(|v| v.mirror_image_of().is_some());
    if let (Some(rules), Some(stored)) = (mirrored, stored) {
        progress.note(&format!(
            "{rules} has no tables of its own: checking {stored}'s with {rules}'s rules at each \
             position's mirror (each row reversed), from the start (the record of a check in \
             {} is {stored}'s own)",
            resume::path_of(db).display()
        ));
    }
    let mut done = if options.resume && mirrored.is_none() {
        match resume::Done::load(db) {
            Ok(d) => Some(d),
            Err(e) => {
                progress.note(&format!(
                    "cannot read {}: {e}; checking everything",
                    resume::path_of(db).display()
                ));
                None
            }
        }
    } else {
        None
    };
    let mut report = Report::default();

    // The slices to check, smallest first within each variant.
    let mut todo: Vec<Slice> = Vec::new();
    for row in table.rows() {
        let variant = row.variant.parse::<Variant>();
        if stored.is_some_and(|v| variant.as_ref() != Ok(&v)) {
            continue;
        }
        let unchecked = |why: String| Unchecked {
            variant: row.variant.clone(),
            slice: row.slice.clone(),
            why,
        };
        let Ok(variant) = variant else {
            report
                .unchecked
                .push(unchecked("a variant this checker does not know".into()));
            continue;
        };
        let id = match row.slice.parse::<SliceId>() {
            Ok(id) => id,
            Err(e) => {
                report.unchecked.push(unchecked(e.to_string()));
                continue;
            }
        };
        if options.slice.is_some_and(|s| s != id) {
            continue;
        }
        if done.as_ref().is_some_and(|d| d.contains(row)) {
            report.already_checked += 1;
            continue;
        }
        match table.slice(variant, id) {
            Ok(s) => todo.push(s),
            Err(e) => report.unchecked.push(unchecked(e.to_string())),
        }
    }
    if let (Some(variant), Some(slice)) = (options.variant, options.slice) {
        let found = todo.iter().any(|s| s.id == slice)
            || report.already_checked > 0
            || !report.unchecked.is_empty();
        if !found {
            return Err(DeepError::NoSuchSlice {
                variant,
                slice,
                path: db.display().to_string(),
            });
        }
    }
    todo.sort_by_key(|s| (s.variant, s.id.total(), s.id));
    for u in &report.unchecked {
        progress.unchecked(u);
    }
    // Where each slice's check starts: after the chunks an earlier check recorded.
    let from: Vec<u64> = todo
        .iter()
        .map(|s| {
            done.as_ref()
                .map_or(0, |d| d.chunks_checked(&s.row).min(s.chunks()))
        })
        .collect();
    let positions = todo
        .iter()
        .zip(&from)
        .map(|(s, &from)| s.positions - (from * s.chunk_size).min(s.positions))
        .sum();
    progress.start(&todo, positions, report.already_checked);

    for (slice, &from) in todo.iter().zip(&from) {
        progress.slice_started(slice);
        if from > 0 {
            progress.note(&format!(
                "{} slice {}: its first {from} of {} chunks were checked before; going on from \
                 there",
                slice.variant,
                slice.id,
                slice.chunks()
            ));
        }
        let mut checkpoint = |chunks: u64| {
            if let Some(d) = done.as_mut() {
                if let Err(e) = d.record_chunks(&slice.row, chunks) {
                    progress.note(&format!(
                        "cannot record the progress in {}: {e}",
                        d.path().display()
                    ));
                }
            }
        };
        let checked = check_slice(&table, slice, from, options, progress, &mut checkpoint);
        match checked {
            Ok(result) => {
                report.positions += result.positions;
                report.disagreements += result.disagreeing;
                if result.disagreeing == 0 {
                    report.agreeing += 1;
                    if let Some(d) = done.as_mut() {
                        if let Err(e) = d.record(&slice.row) {
                            progress.note(&format!(
                                "cannot record the progress in {}: {e}",
                                d.path().display()
                            ));
                        }
                    }
                } else {
                    report.disagreeing_slices += 1;
                }
                progress.slice_done(slice, &result);
            }
            Err(e) => {
                let u = Unchecked {
                    variant: slice.row.variant.clone(),
                    slice: slice.row.slice.clone(),
                    why: e.to_string(),
                };
                progress.unchecked(&u);
                report.unchecked.push(u);
            }
        }
    }
    // Everything checked and in agreement: the next verification starts from the beginning.
    let whole_file = options.variant.is_none() && options.slice.is_none();
    if whole_file && report.passed() {
        if let Some(d) = done {
            if let Err(e) = d.clear() {
                progress.note(&format!("cannot remove the progress file: {e}"));
            }
        }
    }
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}

/// Checks every position of one slice from chunk `from` on: with every chunk its moves reach
/// held in memory when they fit `options.memory_bytes` ([`held`]), else in pieces of as many
/// chunks as the memory allows ([`pieces`]: every chunk a piece's moves reach decoded once a
/// piece); after each piece, while all agree, `checkpoint` is told how many of the slice's
/// first chunks are checked.
pub fn check_slice(
    table: &Table,
    slice: &Slice,
    from: u64,
    options: &Options,
    progress: &dyn Progress,
    checkpoint: &mut dyn FnMut(u64),
) -> Result<SliceResult, TableError> {
    let spec = slice.variant.spec();
    // Asked for a variant seen in this one's mirror: its rules play every position mirrored.
    let mirrored_rules = options
        .variant
        .filter(|v| v.mirror_image_of() == Some(slice.variant))
        .map(Variant::spec);
    // Every slice of the variant its moves can reach, checked once: the smaller ones and this
    // one's mirror.
    let reachable: Vec<Option<Result<Slice, String>>> = (0..SLOTS)
        .map(|slot| {
            let id = id_of_slot(&spec, slot, slice.id)?;
            (id.belongs_to(&spec) && id.total() <= slice.id.total())
                .then(|| table.slice(slice.variant, id).map_err(|e| e.to_string()))
        })
        .collect();
    let context = Context {
        table,
        spec,
        mirrored_rules,
        slice,
        reachable: &reachable,
        report_limit: options.report_limit,
    };
    let method: Box<dyn Method + '_> = match held::Held::load(&context, options.memory_bytes)? {
        Some(held) => Box::new(held),
        None => Box::new(pieces::Places::new(&reachable)),
    };
    let piece = method.piece_chunks(slice, options.memory_bytes);
    let done = |n| progress.positions_done(n);
    let mut all = SliceResult::default();
    let mut start = from;
    while start < slice.chunks() {
        let end = (start + piece).min(slice.chunks());
        let r = method.check(&Piece {
            context: &context,
            chunks: start..end,
            done: &done,
        })?;
        all = SliceResult::merged([all, r], options.report_limit);
        if all.disagreeing == 0 && end < slice.chunks() {
            checkpoint(end);
        }
        start = end;
    }
    Ok(all)
}

/// Slots for the slices the moves of one slice reach: two-row slice `n` is slot `n`; four-row
/// slice `m-o` is slot `m * 33 + o` (a side holds at most 32 seeds); a shape table's `n@m+o`,
/// whose moves reach only its own table (its pits stay open or closed), `FULL + n`, or
/// `FULL + 99 + n` for the order with more open pits on the mover's side.
const FULL: usize = 33 * 33;
const SLOTS: usize = FULL + 2 * 99;

fn slot_of(id: SliceId) -> usize {
    match id {
        SliceId::Seeds(n) => n as usize,
        SliceId::Sides(m, o) => m as usize * 33 + o as usize,
        SliceId::Shaped {
            mover,
            opponent,
            seeds,
        } => FULL + usize::from(mover > opponent) * 99 + seeds as usize,
    }
}

/// The slice of `slot` that the moves of slice `checked` may reach.
fn id_of_slot(spec: &Spec, slot: usize, checked: SliceId) -> Option<SliceId> {
    match checked {
        SliceId::Shaped {
            mover, opponent, ..
        } => {
            let (fewer, more) = (mover.min(opponent), mover.max(opponent));
            let (order, seeds) = (slot.checked_sub(FULL)? / 99, (slot - FULL) % 99);
            let (mover, opponent) = if order == 0 {
                (fewer, more)
            } else {
                (more, fewer)
            };
            (order == 0 || fewer != more).then_some(SliceId::Shaped {
                mover,
                opponent,
                seeds: seeds as u8,
            })
        }
        _ if slot >= FULL => None,
        _ if spec.four_rows() => Some(SliceId::Sides((slot / 33) as u8, (slot % 33) as u8)),
        _ => (slot <= 98).then_some(SliceId::Seeds(slot as u8)),
    }
}

/// What the check of one slice's chunks shares.
struct Context<'a> {
    table: &'a Table,
    spec: Spec,
    /// The rules of a variant seen in a mirror of `spec`'s (clockwise Rio Kadalis), which play
    /// each stored position at its mirror instead of `spec`'s at the position.
    mirrored_rules: Option<Spec>,
    slice: &'a Slice,
    /// By slot: the slices the moves can reach (`Err`: that slice cannot be read).
    reachable: &'a [Option<Result<Slice, String>>],
    report_limit: usize,
}

/// Where [`expected`] gets the stored figures of the positions after a position's moves: each
/// asked for first, then the answers taken in the same order (so that a reader can start
/// fetching every one before the first is needed).
trait Children {
    /// Asks for the stored figures of `pos` (its side to move's view).
    fn ask(&mut self, pos: &Pos) -> Result<(), TableError>;
    /// The figures of the earliest ask not yet answered.
    fn answer(&mut self) -> Stored;
}

/// The positions after the moves of a mirrored position, asked for at their own mirror: where
/// the table holds them.
struct MirroredChildren<'c> {
    children: &'c mut dyn Children,
    /// Pits a row.
    p: usize,
}

impl Children for MirroredChildren<'_> {
    fn ask(&mut self, pos: &Pos) -> Result<(), TableError> {
        self.children.ask(&pos.mirrored(self.p))
    }

    fn answer(&mut self) -> Stored {
        self.children.answer()
    }
}

/// Consecutive chunks of a slice to check, and what to tell of each chunk checked (its
/// positions).
struct Piece<'a> {
    context: &'a Context<'a>,
    chunks: Range<u64>,
    done: &'a (dyn Fn(u64) + Sync + 'a),
}

/// How a slice's positions get the stored figures of the positions after their moves: from
/// chunks held in memory ([`held`]) or fetched a piece at a time ([`pieces`]).
trait Method: Sync {
    /// Chunks of `slice` checked between two records of its progress, in `memory` bytes.
    fn piece_chunks(&self, slice: &Slice, memory: usize) -> u64;

    /// Checks the piece's chunks, telling it of each chunk checked.
    fn check(&self, piece: &Piece) -> Result<SliceResult, TableError>;
}

impl Context<'_> {
    /// Where a position (its side to move's view) is stored: its slice's slot and its index
    /// there; an error names a slice the moves should not reach or that cannot be read.
    fn locate(&self, pos: &Pos) -> Result<(usize, u64), TableError> {
        let spec = &self.spec;
        let (id, cells) = SliceId::of_pos(spec, pos);
        let slot = slot_of(id);
        match self.reachable.get(slot) {
            Some(Some(Ok(_))) => Ok((slot, id.index(spec, &cells))),
            Some(Some(Err(why))) => Err(TableError::BadRow {
                variant: spec.variant,
                slice: id,
                what: format!("reached by the moves of slice {}: {why}", self.slice.id),
            }),
            _ => Err(TableError::BadRow {
                variant: spec.variant,
                slice: id,
                what: format!(
                    "reached by a move of slice {}, which should only reach smaller slices and \
                     its own mirror",
                    self.slice.id
                ),
            }),
        }
    }

    /// Plays every position of chunk `c` of the checked slice, telling `children` each
    /// position after a move, and compares each position's expected figures with `own` (its
    /// stored ones) when given.
    fn walk(
        &self,
        c: u64,
        own: Option<&Chunk>,
        children: &mut dyn Children,
    ) -> Result<SliceResult, TableError> {
        let (spec, slice) = (&self.spec, self.slice);
        let first = c * slice.chunk_size;
        let len = slice.chunk_len(c);
        let mut cells = [0u8; 2 * MAX_PITS];
        slice.id.board(spec, first, &mut cells);
        let mut result = SliceResult {
            positions: len,
            ..SliceResult::default()
        };
        for i in 0..len {
            let pos = slice.id.position(spec, &cells, SOUTH);
            let expected = match &self.mirrored_rules {
                None => expected(spec, &pos, children)?,
                Some(rules) => {
                    let p = spec.p;
                    let mut mirrored = MirroredChildren { children, p };
                    expected(rules, &pos.mirrored(p), &mut mirrored)?
                }
            };
            if let Some(own) = own {
                self.compare(
                    own.stored(i as usize),
                    &pos,
                    first + i,
                    expected,
                    &mut result,
                );
            }
            if i + 1 < len {
                slice.id.advance(spec, &mut cells);
            }
        }
        Ok(result)
    }

    /// Counts (and keeps, up to the report limit) a disagreement of `stored` with `expected`
    /// at `pos`, the position with `index` in the slice.
    fn compare(
        &self,
        stored: Stored,
        pos: &Pos,
        index: u64,
        expected: (i32, Option<u32>),
        result: &mut SliceResult,
    ) {
        let depth_agrees = match (stored.depth, expected.1) {
            (None, None) => true,
            (Some(d), Some(e)) => u32::from(d) == e,
            _ => false,
        };
        if i32::from(stored.value) == expected.0 && depth_agrees {
            return;
        }
        result.disagreeing += 1;
        if result.disagreements.len() < self.report_limit {
            result.disagreements.push(Disagreement {
                variant: self.spec.variant,
                slice: self.slice.id,
                index,
                position: notation::write(&self.spec, pos),
                stored,
                expected,
            });
        }
    }
}

/// The value and depth the plain rules give `pos` (South to move) from the stored figures of
/// the positions after its moves. The depth is `None` for a value of 0, and also when a
/// value-keeping move leads to a position that has no depth stored.
fn expected(
    spec: &Spec,
    pos: &Pos,
    children: &mut dyn Children,
) -> Result<(i32, Option<u32>), TableError> {
    let moves = match outcome(spec, pos) {
        Outcome::Over(totals) => {
            let v = terminal_value(spec, pos, totals);
            return Ok((v, (v != 0).then_some(0)));
        }
        Outcome::Moves(moves) => moves,
    };
    for played in moves.iter().filter(|p| has_child(p)) {
        children.ask(&played.after)?;
    }
    // Each move's value and depth.
    let mut figures = [(0i32, None::<u32>); MAX_PITS];
    for (f, played) in figures.iter_mut().zip(moves.iter()) {
        let child = if has_child(played) {
            let s = children.answer();
            (i32::from(s.value), s.depth.map(u32::from))
        } else {
            (0, None)
        };
        *f = (
            move_value(spec, pos.side, played, child.0),
            move_depth(played, child.1),
        );
    }
    let figures = &figures[..moves.len()];
    let value = figures.iter().map(|f| f.0).max().unwrap_or(0);
    if value == 0 {
        return Ok((0, None));
    }
    let keeping = figures.iter().filter(|f| f.0 == value).map(|f| f.1);
    Ok((value, position_depth(value, keeping)))
}

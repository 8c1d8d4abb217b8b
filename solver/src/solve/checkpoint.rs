//! The work directory of a group solved with its moves on disk: the predecessor table, and
//! checkpoints of the retrograde from which a solve that was stopped (Ctrl-C, a crash, kill -9)
//! resumes within its group instead of from the group's start.
//!
//! The directory holds `preds.bin` (the table, written by [`super::edges`]), `preds.idx` (its
//! block offsets), `exits.bin` (each position's best exit, then each one's in-group move count,
//! from the moves pass), `values-T.state` (every position's word of the values pass,
//! [`super::values_pass`], once its threshold `T` is done), `values.bin` (every position's value,
//! once the values pass is done), `depths-T.state` (the words of the depths pass,
//! [`super::depths_pass`], after its threshold `T`) and `checkpoint`, a text file naming the stage
//! reached and the CRC-32 of every file it relies on. A group whose moves are un-made
//! ([`super::predecessors`]) has no table, so neither `preds` file. `checkpoint` is replaced
//! atomically (written beside, synced, renamed) after the files it names are synced, so a solve
//! killed at any instant leaves either the previous checkpoint or the new one; files that do not
//! match their CRC are discarded and their stage solved again.

use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::bytes::as_u8;
use super::group_index::GroupIndex;
use super::moves::Exits;
use super::pred_table::PredTable;
use super::state::Work;
use crate::slice::Slice;

/// Version 3: the retrograde in two passes of 16-bit words (version 2's single pass kept
/// 32-bit words, which this solver cannot resume).
const HEADER: &str = "mancala-solve-checkpoint 3";
const BUFFER: usize = 1 << 20;

/// Where a resumed solve starts, the group numbered as `I`.
pub(super) enum Resume<I: GroupIndex> {
    /// From the moves pass: there is no usable checkpoint. Says why when one was discarded.
    Fresh(Option<String>),
    /// From the values pass's first threshold, the moves pass done (the table, unless the
    /// group's moves are un-made; the exits are in `exits.bin`).
    Built(Option<PredTable<I>>),
    /// The values pass after threshold `.2`, every larger threshold done.
    Values(Work, Option<PredTable<I>>, i8),
    /// The values pass done (its values in `values.bin`); the depths pass after a threshold
    /// when `.0` has its words and that threshold.
    Depths(Option<(Work, i8)>, Option<PredTable<I>>),
}

/// A group's work directory.
pub(super) struct WorkDir {
    dir: PathBuf,
    tag: String,
    /// The group position of the first position of the share solved here.
    start: usize,
    positions: usize,
    /// Whether the group has a predecessor table.
    table: bool,
    every: Duration,
    last: Instant,
    /// The checkpoint's lines up to its stage, once the moves pass is saved.
    built: Option<String>,
    /// The state file of the last checkpoint.
    state: Option<PathBuf>,
    /// The checksum of `values.bin`, once the values pass is saved.
    values: Option<u32>,
    /// Whether the disk has room for so many bytes more in the directory ([`room_for`]).
    room: fn(&Path, u64) -> bool,
}

/// The directory under `root` where `group` is solved.
pub fn group_dir(root: &Path, group: &[Slice]) -> PathBuf {
    let first = group[0];
    root.join(format!("{}-{}", first.variant.id(), first.id))
}

impl WorkDir {
    /// Opens (creating it if need be) the work directory of `group` under `root`, to checkpoint
    /// at most every `every` the share of `positions` positions from group position `start`
    /// (the whole group in a single process; a rank's root is [`rank_root`]); `table` says
    /// whether the group has a predecessor table, `bits` how many bits its numbers take there
    /// ([`GroupIndex::TABLE_BITS`]).
    pub fn open(
        root: &Path,
        group: &[Slice],
        start: usize,
        positions: usize,
        table: bool,
        bits: u32,
        every: Duration,
    ) -> io::Result<WorkDir> {
        let dir = group_dir(root, group);
        fs::create_dir_all(&dir)?;
        let ids: Vec<String> = group.iter().map(|s| s.id.to_string()).collect();
        // A group numbered in 32 bits says nothing of it, as before there were wider numbers,
        // so that its checkpoints from then still resume.
        let numbers = match bits {
            32 => String::new(),
            _ => format!("\nnumbers {bits} bits from {start}"),
        };
        Ok(WorkDir {
            dir,
            tag: format!(
                "solver {}\ngroup {} {}{numbers}\npositions {positions}",
                crate::SOLVER_VERSION,
                group[0].variant.id(),
                ids.join(" ")
            ),
            start,
            positions,
            table,
            every,
            last: Instant::now(),
            built: None,
            state: None,
            values: None,
            room: room_for,
        })
    }

    /// The directory itself.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Reads the last checkpoint back, or says why there is none to use (and clears the
    /// directory's stale files).
    pub fn resume<I: GroupIndex>(&mut self) -> Resume<I> {
        let text = match fs::read_to_string(self.dir.join("checkpoint")) {
            Ok(t) => t,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return self.fresh(None),
            Err(e) => return self.fresh(Some(format!("unreadable checkpoint: {e}"))),
        };
        match self.read(&text) {
            Ok(r) => r,
            Err(why) => self.fresh(Some(why)),
        }
    }

    /// Clears the directory's files for a solve started afresh, saying why.
    pub fn fresh<I: GroupIndex>(&mut self, why: Option<String>) -> Resume<I> {
        if let Ok(entries) = fs::read_dir(&self.dir) {
            for e in entries.flatten() {
                let _ = fs::remove_file(e.path());
            }
        }
        Resume::Fresh(why)
    }

    fn read<I: GroupIndex>(&mut self, text: &str) -> Result<Resume<I>, String> {
        let prefix = format!("{HEADER}\n{}\n", self.tag);
        let rest = text
            .strip_prefix(&prefix)
            .ok_or("a checkpoint of another solver version or group")?;
        let mut lines = rest.lines();
        let mut crc = |name: &str| -> Result<u32, String> {
            let line = lines.next().ok_or("a truncated checkpoint")?;
            let (file, crc) = line.split_once(' ').ok_or("a malformed checkpoint")?;
            if file != name {
                return Err(format!("a malformed checkpoint (expected {name})"));
            }
            let want = u32::from_str_radix(crc, 16).map_err(|_| "a malformed checkpoint")?;
            let got = crc_of(&self.dir.join(name)).map_err(|e| format!("{name}: {e}"))?;
            if got != want {
                return Err(format!("{name} does not match its checksum"));
            }
            Ok(want)
        };
        for name in self.files() {
            crc(name)?;
        }
        let stage = lines.next().ok_or("a truncated checkpoint")?.to_string();
        let built_lines: Vec<&str> = text
            .lines()
            .take(prefix.lines().count() + self.files().len())
            .collect();
        let n = self.positions;
        let preds = match self.table {
            true => {
                let index = read_u64s(&self.dir.join("preds.idx")).map_err(|e| e.to_string())?;
                let table = File::open(self.dir.join("preds.bin"))
                    .and_then(|f| PredTable::mapped(n, index, &f))
                    .map_err(|e| format!("preds.bin: {e}"))?;
                Some(table)
            }
            false => None,
        };
        self.built = Some(built_lines.join("\n"));
        // The stage's own files, each named on a line after the stage with its checksum.
        let mut files = text.lines().skip(built_lines.len() + 1);
        let mut file = |name: &str| -> Result<(PathBuf, u32), String> {
            let line = files.next().ok_or("a truncated checkpoint")?;
            let want = line
                .strip_prefix(&format!("{name} "))
                .and_then(|c| u32::from_str_radix(c, 16).ok())
                .ok_or("a malformed checkpoint")?;
            let path = self.dir.join(name);
            if crc_of(&path).map_err(|e| format!("{name}: {e}"))? != want {
                return Err(format!("{name} does not match its checksum"));
            }
            Ok((path, want))
        };
        let threshold = |after: &str| -> Result<i8, String> {
            after
                .parse()
                .map_err(|_| "a malformed checkpoint stage".into())
        };
        let start = self.start;
        let state = |path: &Path| {
            read_state(path, n, start).map_err(|e| format!("{}: {e}", path.display()))
        };
        if stage == "built" {
            return Ok(Resume::Built(preds));
        }
        if let Some(t) = stage.strip_prefix("values after ") {
            let t = threshold(t)?;
            let (path, _) = file(&format!("values-{t}.state"))?;
            let work = state(&path)?;
            self.state = Some(path);
            return Ok(Resume::Values(work, preds, t));
        }
        let (path, crc) = file("values.bin")?;
        if fs::metadata(&path).map_err(|e| e.to_string())?.len() != n as u64 {
            return Err("values.bin: wrong size".into());
        }
        let depths = match stage.as_str() {
            "values" => None,
            _ => {
                let t = stage
                    .strip_prefix("depths after ")
                    .ok_or("a malformed checkpoint stage")?;
                let t = threshold(t)?;
                let (path, _) = file(&format!("depths-{t}.state"))?;
                let work = state(&path)?;
                self.state = Some(path);
                Some((work, t))
            }
        };
        self.values = Some(crc);
        Ok(Resume::Depths(depths, preds))
    }

    /// The files a checkpoint relies on from the moves pass on, in the order it names them.
    fn files(&self) -> &'static [&'static str] {
        match self.table {
            true => &["preds.idx", "exits.bin", "preds.bin"],
            false => &["exits.bin"],
        }
    }

    /// Saves the moves pass's exits, so that they need not stay in memory while its moves are
    /// inverted ([`WorkDir::save_built`] then checkpoints them).
    pub fn save_exits(&self, exits: Exits) -> io::Result<()> {
        write_synced(&self.dir.join("exits.bin"), |out| {
            out.write_all(as_u8(&exits.best_exit))?;
            out.write_all(&exits.pending)
        })
    }

    /// Saves the moves pass: the table's index (for a group with a table, which is in
    /// `preds.bin` already; the exits are saved already), and a checkpoint at the start of the
    /// retrograde.
    pub fn save_built<I: GroupIndex>(&mut self, preds: Option<&PredTable<I>>) -> io::Result<()> {
        if let Some(preds) = preds {
            write_synced(&self.dir.join("preds.idx"), |out| {
                for o in preds.index() {
                    out.write_all(&o.to_le_bytes())?;
                }
                Ok(())
            })?;
        }
        let mut built = format!("{HEADER}\n{}", self.tag);
        for name in self.files() {
            built += &format!("\n{name} {:08x}", crc_of(&self.dir.join(name))?);
        }
        self.write_checkpoint(&format!("{built}\nbuilt\n"))?;
        self.built = Some(built);
        self.last = Instant::now();
        Ok(())
    }

    /// Whether a checkpoint is due: the last one is older than the interval asked for.
    pub fn due(&self) -> bool {
        self.built.is_some() && self.last.elapsed() >= self.every
    }

    /// Saves the values pass's words after its threshold `t` (when [`WorkDir::due`]: every
    /// rank of a distributed solve saves the same thresholds, so that their checkpoints agree).
    pub fn after_values_threshold(&mut self, work: &Work, t: i8) -> io::Result<()> {
        self.save_state(
            &format!("values after {t}"),
            &format!("values-{t}.state"),
            "built",
            work,
        )
    }

    /// Saves the values pass's results: every position's value, in `values.bin`, as `write`
    /// writes them.
    pub fn save_values(
        &mut self,
        write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
    ) -> io::Result<()> {
        let Some(built) = self.built.clone() else {
            return Ok(());
        };
        let path = self.dir.join("values.bin");
        write_synced(&path, write)?;
        let crc = crc_of(&path)?;
        self.write_checkpoint(&format!("{built}\nvalues\nvalues.bin {crc:08x}\n"))?;
        self.values = Some(crc);
        if let Some(old) = self.state.take() {
            let _ = fs::remove_file(old);
        }
        self.last = Instant::now();
        Ok(())
    }

    /// Saves the depths pass's words after its threshold `t` (when [`WorkDir::due`]).
    pub fn after_depths_threshold(&mut self, work: &Work, t: i8) -> io::Result<()> {
        let Some(crc) = self.values else {
            return Ok(());
        };
        self.save_state(
            &format!("depths after {t}\nvalues.bin {crc:08x}"),
            &format!("depths-{t}.state"),
            &format!("values\nvalues.bin {crc:08x}"),
            work,
        )
    }

    /// Saves `work` in the file `name` and a checkpoint at `stage` (its lines up to that
    /// file's), replacing the last state file. Where the disk has no room for two states, the
    /// last one is deleted first, the checkpoint going back meanwhile to the pass's start
    /// (`start`: its stage and files): so a group needs room for one state only, and loses its
    /// pass's progress only if it is stopped while the next state is written.
    fn save_state(&mut self, stage: &str, name: &str, start: &str, work: &Work) -> io::Result<()> {
        let Some(built) = self.built.clone() else {
            return Ok(());
        };
        let bytes = 2 * self.positions as u64;
        if self.state.is_some() && !(self.room)(&self.dir, bytes) {
            self.write_checkpoint(&format!("{built}\n{start}\n"))?;
            if let Some(old) = self.state.take() {
                fs::remove_file(old)?;
            }
        }
        let path = self.dir.join(name);
        write_synced(&path, |out| work.write(out))?;
        let crc = crc_of(&path)?;
        self.write_checkpoint(&format!("{built}\n{stage}\n{name} {crc:08x}\n"))?;
        if let Some(old) = self.state.replace(path) {
            let _ = fs::remove_file(old);
        }
        self.last = Instant::now();
        Ok(())
    }

    fn write_checkpoint(&self, text: &str) -> io::Result<()> {
        let tmp = self.dir.join("checkpoint.new");
        write_synced(&tmp, |out| out.write_all(text.as_bytes()))?;
        fs::rename(&tmp, self.dir.join("checkpoint"))?;
        File::open(&self.dir)?.sync_all()
    }
}

/// Where rank `rank` of `size` keeps its work directories under `root`: `root` itself for a
/// single process (so that `mpirun -n 1` resumes a single process's checkpoint), else its own
/// subdirectory, which a solve resumed with another number of ranks does not read.
pub fn rank_root(root: &Path, rank: usize, size: usize) -> PathBuf {
    match size {
        1 => root.to_path_buf(),
        _ => root.join(format!("rank-{rank}-of-{size}")),
    }
}

/// Removes the work directory of `group` under `root`, once the group is stored.
pub fn clear(root: &Path, group: &[Slice]) -> io::Result<()> {
    match fs::remove_dir_all(group_dir(root, group)) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// Whether the disk of `dir` has room for `bytes` more and a margin (64 MiB, for the checkpoint
/// and what other files grow meanwhile). No when the free space cannot be read.
fn room_for(dir: &Path, bytes: u64) -> bool {
    fs4::available_space(dir).is_ok_and(|free| free >= bytes + (64 << 20))
}

fn write_synced(
    path: &Path,
    body: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> io::Result<()> {
    let mut out = BufWriter::with_capacity(BUFFER, File::create(path)?);
    body(&mut out)?;
    out.into_inner()
        .map_err(io::IntoInnerError::into_error)?
        .sync_all()
}

/// The CRC-32 of a file, read through a buffer (not mapped, so that it does not count toward
/// the solve's resident memory).
fn crc_of(path: &Path) -> io::Result<u32> {
    let mut input = File::open(path)?;
    let mut hasher = crc32fast::Hasher::new();
    let mut buffer = vec![0u8; BUFFER];
    loop {
        match input.read(&mut buffer)? {
            0 => return Ok(hasher.finalize()),
            n => hasher.update(&buffer[..n]),
        }
    }
}

fn read_u64s(path: &Path) -> io::Result<Vec<u64>> {
    let mut bytes = Vec::new();
    File::open(path)?.read_to_end(&mut bytes)?;
    Ok(bytes
        .chunks_exact(8)
        .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")))
        .collect())
}

/// The state saved after a threshold: every position's word ([`Work::write`]) of the share of
/// `n` positions from group position `start`.
fn read_state(path: &Path, n: usize, start: usize) -> io::Result<Work> {
    if fs::metadata(path)?.len() != 2 * n as u64 {
        return Err(io::Error::new(io::ErrorKind::InvalidData, "wrong size"));
    }
    Work::read(
        &mut BufReader::with_capacity(BUFFER, File::open(path)?),
        n,
        start,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{SliceId, Variant};

    /// On a disk with no room for a second state, the last state is deleted before the next is
    /// written, the checkpoint going back to the pass's start meanwhile: a solve stopped while
    /// it writes (here: the file cannot be made) resumes from the moves pass's end, where with
    /// room it resumes from the last state. Either way one state file is left, and the group
    /// resumes from the last threshold saved.
    #[test]
    fn a_disk_without_room_for_two_states_holds_one() {
        let slice = Slice {
            variant: Variant::RioKadalis,
            id: SliceId::Seeds(4),
        };
        let n = 100;
        for room in [false, true] {
            let root = std::env::temp_dir()
                .join(format!("mancala-one-state-{}-{room}", std::process::id()));
            let open = || WorkDir::open(&root, &[slice], 0, n, false, 32, Duration::ZERO).unwrap();
            let mut dir = open();
            dir.room = if room { |_, _| true } else { |_, _| false };
            fs::write(dir.path().join("exits.bin"), vec![0u8; 2 * n]).unwrap();
            dir.save_built::<u32>(None).unwrap();
            let states = |dir: &WorkDir| {
                let mut names: Vec<String> = fs::read_dir(dir.path())
                    .unwrap()
                    .map(|e| e.unwrap().file_name().into_string().unwrap())
                    .filter(|name| name.ends_with(".state"))
                    .collect();
                names.sort();
                names
            };
            let words =
                |t: i8| Work::build(0, n, |r| Ok::<_, ()>(vec![t as u16; r.len()])).unwrap();
            dir.after_values_threshold(&words(9), 9).unwrap();
            assert_eq!(states(&dir), ["values-9.state"]);
            // Threshold 5's state cannot be written: a directory is in its place.
            fs::create_dir(dir.path().join("values-5.state")).unwrap();
            assert!(dir.after_values_threshold(&words(5), 5).is_err());
            match (room, open().resume::<u32>()) {
                (true, Resume::Values(_, None, 9)) | (false, Resume::Built(None)) => {}
                _ => panic!("room {room}: resumed from the wrong stage"),
            }
            fs::remove_dir(dir.path().join("values-5.state")).unwrap();
            for t in [5, 2] {
                dir.after_values_threshold(&words(t), t).unwrap();
                assert_eq!(states(&dir), [format!("values-{t}.state")]);
            }
            match open().resume::<u32>() {
                Resume::Values(work, None, 2) => {
                    assert!((0..n)
                        .all(|i| work.cell(i).load(std::sync::atomic::Ordering::Relaxed) == 2))
                }
                _ => panic!("not resumed after threshold 2"),
            }
            fs::remove_dir_all(&root).unwrap();
        }
    }
}

//! The distributed solve without MPI: ranks played by threads that meet at a barrier to swap
//! their messages. Every stored chunk must be byte for byte the single-process solve's, for
//! one, two and three ranks and a variant of each kind of group: predecessor tables (Rio
//! Kadalis), un-made moves (Oware), four-row groups solved with their mirror (Hawalis) and the
//! group no rank shares (Kalah's). The same test over real MPI processes is tests/mpi.rs at the
//! workspace root (the `mpi` feature).

#[path = "../../tests/common/chunks.rs"]
mod chunks;
#[path = "../../solver/tests/in_memory/mod.rs"]
mod in_memory;

use std::sync::{Barrier, Mutex};

use chunks::{chunks, same_chunks};
use in_memory::known_up_to;

use mancala_db::{MovesPlace, SolvePlan, SolveSetup, Tablebase};
use mancala_solver::solve::{
    partition, solve_group, solve_share, Ranks, Silent, SolveOptions, SolvedShare,
};
use mancala_solver::{Slice, SliceId, Variant};

/// What the threads of one solve share: a mailbox of messages from each rank to each rank.
struct Post {
    size: usize,
    barrier: Barrier,
    /// `boxes[from][to]`.
    boxes: Mutex<Vec<Vec<Vec<u8>>>>,
}

/// One thread's rank.
struct ThreadRank<'a> {
    rank: usize,
    post: &'a Post,
}

impl ThreadRank<'_> {
    /// Sends `out[r]` to every rank `r` and returns what each rank sent to this one.
    fn swap(&self, out: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        self.post.boxes.lock().unwrap()[self.rank] = out;
        self.post.barrier.wait();
        let got = self
            .post
            .boxes
            .lock()
            .unwrap()
            .iter()
            .map(|from| from[self.rank].clone())
            .collect();
        // Nobody writes the next round's messages before everyone has read this one's.
        self.post.barrier.wait();
        got
    }

    /// [`ThreadRank::swap`] of lists of words, written as `N` bytes each.
    fn swap_words<T: Copy, const N: usize>(
        &self,
        out: Vec<Vec<T>>,
        to: fn(T) -> [u8; N],
        from: fn([u8; N]) -> T,
    ) -> Vec<T> {
        let out = out
            .into_iter()
            .map(|v| v.into_iter().flat_map(to).collect())
            .collect();
        self.swap(out)
            .concat()
            .chunks_exact(N)
            .map(|c| from(c.try_into().unwrap()))
            .collect()
    }

    /// Every rank's `values`.
    fn everyone(&self, values: &[u64]) -> Vec<Vec<u64>> {
        let all = self.swap_words(
            vec![values.to_vec(); self.post.size],
            u64::to_le_bytes,
            u64::from_le_bytes,
        );
        all.chunks(values.len()).map(<[u64]>::to_vec).collect()
    }
}

impl Ranks for ThreadRank<'_> {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.post.size
    }

    fn exchange(&self, out: Vec<Vec<u32>>) -> Vec<u32> {
        self.swap_words(out, u32::to_le_bytes, u32::from_le_bytes)
    }

    fn exchange_wide(&self, out: Vec<Vec<u64>>) -> Vec<u64> {
        self.swap_words(out, u64::to_le_bytes, u64::from_le_bytes)
    }

    fn sum(&self, values: &mut [u64]) {
        let all = self.everyone(values);
        for (i, v) in values.iter_mut().enumerate() {
            *v = all.iter().map(|theirs| theirs[i]).sum();
        }
    }

    fn max(&self, values: &mut [u64]) {
        for theirs in self.everyone(values) {
            for (v, t) in values.iter_mut().zip(theirs) {
                *v = (*v).max(t);
            }
        }
    }

    fn broadcast(&self, bytes: &mut Vec<u8>) {
        let out = match self.rank {
            0 => vec![bytes.clone(); self.post.size],
            _ => vec![Vec::new(); self.post.size],
        };
        *bytes = self.swap(out).swap_remove(0);
    }

    fn gather(&self, bytes: &[u8], each: &mut dyn FnMut(Vec<u8>)) {
        let mut out = vec![Vec::new(); self.post.size];
        out[0] = bytes.to_vec();
        let got = self.swap(out);
        if self.rank == 0 {
            got.into_iter().for_each(each);
        }
    }
}

/// Solves `variant` to `max` seeds shared by `size` thread ranks into a new database at `path`,
/// the smaller slices up to `first` solved first by as many ranks plus one (the resumed solve
/// then uses another number of ranks). Three ranks keep their moves on disk, checkpointing
/// after every threshold.
fn solve_threaded(path: &std::path::Path, variant: Variant, first: u32, max: u32, size: usize) {
    let tb = Tablebase::open(path).unwrap();
    let mut setup = SolveSetup::in_memory();
    if size == 3 {
        setup.moves = MovesPlace::Disk;
        setup.work_dir = path.with_extension("work");
        setup.checkpoint_every = std::time::Duration::ZERO;
    }
    for (seeds, size) in [(first, size % 3 + 1), (max, size)] {
        let post = Post {
            size,
            barrier: Barrier::new(size),
            boxes: Mutex::new(vec![Vec::new(); size]),
        };
        let solved: Vec<usize> = std::thread::scope(|s| {
            let threads: Vec<_> = (0..size)
                .map(|rank| {
                    let (post, tb, setup) = (&post, &tb, &setup);
                    s.spawn(move || {
                        let me = ThreadRank { rank, post };
                        let tb = (rank == 0).then_some(tb);
                        SolvePlan::new(tb, variant, seeds, &[], setup, &me)
                            .unwrap()
                            .run(&me, &Silent)
                            .unwrap()
                            .len()
                    })
                })
                .collect();
            threads.into_iter().map(|t| t.join().unwrap()).collect()
        });
        // Every rank solved the same groups.
        assert!(
            solved.iter().all(|&n| n == solved[0] && n > 0),
            "{solved:?}"
        );
    }
    // Each rank cleared its work directory once the group was stored.
    let left = std::fs::read_dir(&setup.work_dir).map_or(0, |d| d.count());
    assert_eq!(left, 0, "{:?}", setup.work_dir);
}

#[test]
fn shared_solves_store_the_chunks_of_the_single_process_solve() {
    let dir = tempfile::tempdir().unwrap();
    // Large enough that a group's last slices span several chunks, so that shares cut them.
    let cases = [
        (Variant::RioKadalis, 8, 12),
        (Variant::Oware, 9, 13),
        (Variant::Hawalis, 3, 5),
        (Variant::Kalah, 6, 11),
    ];
    for (variant, first, max) in cases {
        let single = dir.path().join(format!("{variant}-single.db"));
        Tablebase::open(&single)
            .unwrap()
            .solve_up_to(variant, max, &Silent)
            .unwrap();
        let expected = chunks(&single);
        assert!(expected.len() > 20, "{variant}: {} chunks", expected.len());
        for size in 1..=3 {
            let path = dir.path().join(format!("{variant}-{size}.db"));
            solve_threaded(&path, variant, first, max, size);
            same_chunks(&path, &expected, &format!("{variant} on {size} ranks"));
        }
    }
}

/// Two ranks sharing a group numbered from past 2^32 send each other 64-bit positions and
/// records (the moves pass's, with its table in memory and on disk; Oware's un-made moves) and
/// solve what one process solves numbered from 0, part for part.
#[test]
fn ranks_sharing_a_group_numbered_past_2_32_solve_what_one_process_does() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (Variant::RioKadalis, SliceId::Seeds(12), None),
        (
            Variant::Hawalis,
            SliceId::Sides(3, 2),
            Some(dir.path().join("work")),
        ),
        (Variant::Oware, SliceId::Seeds(8), None),
    ];
    for (variant, id, work_dir) in cases {
        let group = Slice { variant, id }.group();
        let expected = solve_group(&group, &known_up_to(variant, id.total() - 1), &Silent).unwrap();
        let size = 2;
        let partition = partition(&group, size, 512).numbered_from((1 << 32) + 3);
        let options = SolveOptions {
            work_dir: work_dir.clone(),
            checkpoint_every: std::time::Duration::ZERO,
        };
        let post = Post {
            size,
            barrier: Barrier::new(size),
            boxes: Mutex::new(vec![Vec::new(); size]),
        };
        let shares: Vec<SolvedShare> = std::thread::scope(|s| {
            let threads: Vec<_> = (0..size)
                .map(|rank| {
                    let (post, group, partition, options) = (&post, &group, &partition, &options);
                    s.spawn(move || {
                        let me = ThreadRank { rank, post };
                        let mut known = known_up_to(variant, id.total() - 1);
                        solve_share(group, &mut known, &Silent, &me, partition, options)
                            .and_then(|share| share.into_share())
                            .unwrap()
                    })
                })
                .collect();
            threads.into_iter().map(|t| t.join().unwrap()).collect()
        });
        for share in &shares {
            for part in &share.parts {
                let whole = expected.iter().find(|s| s.slice == part.slice).unwrap();
                let run = part.first as usize..part.first as usize + part.values.len();
                assert_eq!(part.values, whole.values[run.clone()], "{}", part.slice);
                assert_eq!(part.depths, whole.depths[run], "{}", part.slice);
            }
        }
        // The two shares cover the group.
        let held: usize = shares
            .iter()
            .flat_map(|s| &s.parts)
            .map(|p| p.values.len())
            .sum();
        assert_eq!(held, expected.iter().map(|s| s.values.len()).sum::<usize>());
        assert!(shares.iter().all(|s| !s.share.is_empty()), "{id}");
    }
}

//! The ranks of a distributed solve over MPI (the `mpi` feature): the solver's [`Ranks`] on
//! MPI's collectives, as Open MPI runs them under `mpirun` (docs/distributed.md).
//!
//! Only the thread that initialised MPI calls it (the solver calls [`Ranks`] between its
//! parallel passes, never inside them), so MPI's single-threaded level is enough.

use std::cell::Cell;

use mpi::collective::SystemOperation;
use mpi::datatype::{Partition, PartitionMut};
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;
use mpi::Count;

use mancala_solver::solve::Ranks;

/// Elements of one message: MPI counts in `int`.
const MESSAGE: usize = 1 << 30;

/// This process's rank among those `mpirun` started, with what it sent so far.
pub struct MpiRanks {
    world: SimpleCommunicator,
    /// Bytes this rank sent to others in [`Ranks::exchange`] and
    /// [`Ranks::exchange_wide`]: the solve's traffic, which BENCHMARKS.md reports.
    sent: Cell<u64>,
}

impl MpiRanks {
    /// The ranks of `world`.
    pub fn new(world: SimpleCommunicator) -> MpiRanks {
        MpiRanks {
            world,
            sent: Cell::new(0),
        }
    }

    /// Bytes sent to other ranks by the solve's exchanges.
    pub fn sent(&self) -> u64 {
        self.sent.get()
    }

    /// Ends every rank: after an error on one, the others would wait for it forever.
    pub fn abort(&self, code: i32) -> ! {
        self.world.abort(code)
    }

    /// `MPI_Alltoallv` of `out`, one list per rank.
    fn all_to_all<T: Equivalence + Copy + Default>(&self, out: Vec<Vec<T>>) -> Vec<T> {
        let size = self.size();
        let count = |n: usize| -> Count {
            assert!(
                n < MESSAGE,
                "a round of {n} elements is too large for one MPI message"
            );
            n as Count
        };
        let counts: Vec<Count> = out.iter().map(|v| count(v.len())).collect();
        let mut incoming = vec![0 as Count; size];
        self.world.all_to_all_into(&counts[..], &mut incoming[..]);
        let offsets = |counts: &[Count]| -> Vec<Count> {
            counts
                .iter()
                .scan(0, |at, &c| {
                    let here = *at;
                    *at += c;
                    Some(here)
                })
                .collect()
        };
        let own = out[self.rank()].len();
        let send: Vec<T> = out.concat();
        drop(out);
        let total = count(incoming.iter().map(|&c| c as usize).sum());
        let mut recv = vec![T::default(); total as usize];
        self.world.all_to_all_varcount_into(
            &Partition::new(&send[..], &counts[..], &offsets(&counts)[..]),
            &mut PartitionMut::new(&mut recv[..], &incoming[..], &offsets(&incoming)[..]),
        );
        let bytes = (send.len() - own) * std::mem::size_of::<T>();
        self.sent.set(self.sent.get() + bytes as u64);
        recv
    }
}

impl Ranks for MpiRanks {
    fn rank(&self) -> usize {
        self.world.rank() as usize
    }

    fn size(&self) -> usize {
        self.world.size() as usize
    }

    fn exchange(&self, out: Vec<Vec<u32>>) -> Vec<u32> {
        self.all_to_all(out)
    }

    fn exchange_wide(&self, out: Vec<Vec<u64>>) -> Vec<u64> {
        self.all_to_all(out)
    }

    fn sum(&self, values: &mut [u64]) {
        let mine = values.to_vec();
        self.world
            .all_reduce_into(&mine[..], values, SystemOperation::sum());
    }

    fn max(&self, values: &mut [u64]) {
        let mine = values.to_vec();
        self.world
            .all_reduce_into(&mine[..], values, SystemOperation::max());
    }

    fn broadcast(&self, bytes: &mut Vec<u8>) {
        let root = self.world.process_at_rank(0);
        let mut len = bytes.len() as u64;
        root.broadcast_into(&mut len);
        bytes.resize(len as usize, 0);
        for piece in bytes.chunks_mut(MESSAGE) {
            root.broadcast_into(piece);
        }
    }

    fn gather(&self, bytes: &[u8], each: &mut dyn FnMut(Vec<u8>)) {
        let mut lens = vec![0u64; self.size()];
        self.world
            .all_gather_into(&(bytes.len() as u64), &mut lens[..]);
        if self.rank() != 0 {
            for piece in bytes.chunks(MESSAGE) {
                self.world.process_at_rank(0).send(piece);
            }
            return;
        }
        each(bytes.to_vec());
        for (r, &len) in lens.iter().enumerate().skip(1) {
            let mut got = vec![0u8; len as usize];
            for piece in got.chunks_mut(MESSAGE) {
                self.world.process_at_rank(r as i32).receive_into(piece);
            }
            each(got);
        }
    }
}

//! Decoded chunks kept in memory up to a number of bytes, the least recently used dropped
//! first; shared by every thread.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::chunk::Chunk;
use crate::index::SliceId;
use crate::variant::Variant;

/// Which chunk: variant, slice and chunk number.
pub(crate) type Key = (Variant, SliceId, u64);

/// The cache.
pub(crate) struct Cache {
    capacity: usize,
    inner: Mutex<Inner>,
}

struct Inner {
    /// Each chunk with when it was last asked for.
    chunks: HashMap<Key, (Arc<Chunk>, u64)>,
    bytes: usize,
    clock: u64,
}

impl Cache {
    /// A cache of at most `capacity` bytes of decoded chunks (one chunk is always kept, however
    /// large).
    pub(crate) fn new(capacity: usize) -> Cache {
        Cache {
            capacity,
            inner: Mutex::new(Inner {
                chunks: HashMap::new(),
                bytes: 0,
                clock: 0,
            }),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A thread that panicked while holding the lock left a map that is still whole.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The chunk, if it is kept.
    pub(crate) fn get(&self, key: &Key) -> Option<Arc<Chunk>> {
        let mut inner = self.lock();
        inner.clock += 1;
        let now = inner.clock;
        let (chunk, used) = inner.chunks.get_mut(key)?;
        *used = now;
        Some(Arc::clone(chunk))
    }

    /// Keeps a chunk, dropping the least recently used ones while the cache is over its size.
    pub(crate) fn insert(&self, key: Key, chunk: Arc<Chunk>) {
        let mut inner = self.lock();
        inner.clock += 1;
        let now = inner.clock;
        inner.bytes += chunk.bytes();
        if let Some((old, _)) = inner.chunks.insert(key, (chunk, now)) {
            inner.bytes -= old.bytes();
        }
        while inner.bytes > self.capacity && inner.chunks.len() > 1 {
            let Some(oldest) = inner
                .chunks
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(k, _)| *k)
            else {
                break;
            };
            if let Some((gone, _)) = inner.chunks.remove(&oldest) {
                inner.bytes -= gone.bytes();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunk(n: usize) -> Arc<Chunk> {
        Arc::new(Chunk::new(&vec![0; n], &vec![0; n]))
    }

    #[test]
    fn the_least_recently_used_chunk_goes_first() {
        let cache = Cache::new(30); // three chunks of 9 bytes fit
        let key = |c| (Variant::Oware, SliceId::Seeds(4), c);
        for c in 0..3 {
            cache.insert(key(c), chunk(3));
        }
        assert!(cache.get(&key(0)).is_some()); // 0 used again: 1 is now the oldest
        cache.insert(key(3), chunk(3));
        assert!(cache.get(&key(1)).is_none());
        assert!(cache.get(&key(0)).is_some());
        assert!(cache.get(&key(2)).is_some());
        assert!(cache.get(&key(3)).is_some());
    }
}

//! Help for the memory system on the hot paths: a prefetch hint, and large tables on huge pages.
//!
//! The searches and the Kalah solve spend most of their time waiting for memory: a lookup in a
//! table of hundreds of megabytes misses every cache, and with 4 KiB pages it misses the TLB
//! too, so the processor first walks the page tables (themselves out of cache). Measured on the
//! Kalah(6, 4) search, the transposition table's load was half of the search's time. Huge pages
//! (2 MiB, transparent: this kernel gives them where `madvise` asks for them) cut the walks;
//! prefetching the lines a node is about to read lets their misses overlap.

/// Asks the processor to fetch `x` into the cache (a hint; nothing on other targets).
#[inline(always)]
pub(crate) fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch of a valid reference; it reads nothing and cannot fault.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((x as *const T).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// A vector of `len` items made by `item`, its memory advised onto huge pages before it is
/// first written (a page already touched keeps its small pages).
pub(crate) fn on_huge_pages<T>(len: usize, item: impl FnMut() -> T) -> Vec<T> {
    let mut v = huge_pages_for(len);
    v.extend(std::iter::repeat_with(item).take(len));
    v
}

/// An empty vector with room for `len` items, that room advised onto huge pages: for a caller
/// that fills it otherwise (in parallel, with rayon's `par_extend` or `unzip_into_vecs`, which
/// keep a capacity that suffices).
pub(crate) fn huge_pages_for<T>(len: usize) -> Vec<T> {
    let mut v = Vec::with_capacity(len);
    advise_huge_pages(v.spare_capacity_mut());
    v
}

/// Asks the kernel for huge pages under the whole 2 MiB regions of `memory` (a hint: where
/// transparent huge pages are off, or on other systems, nothing changes).
fn advise_huge_pages<T>(memory: &mut [T]) {
    // SAFETY: MADV_HUGEPAGE changes how memory is backed, never what it holds.
    #[cfg(target_os = "linux")]
    unsafe {
        advise_inside(memory, 2 << 20, libc::MADV_HUGEPAGE)
    };
    #[cfg(not(target_os = "linux"))]
    let _ = memory;
}

/// Items whose memory may read as all zero bytes: what [`release`] leaves behind.
pub(crate) trait ZeroIsValid {}
impl ZeroIsValid for i8 {}
impl ZeroIsValid for u8 {}
impl ZeroIsValid for u16 {}
impl ZeroIsValid for std::sync::atomic::AtomicU16 {}

/// Gives the whole pages under `memory` back to the kernel, for a large array read once from
/// front to back whose read part is no longer needed: its pages stop counting toward the
/// process's memory, and read as zeros if ever read again. (A hint elsewhere than Linux.)
pub(crate) fn release<T: ZeroIsValid>(memory: &mut [T]) {
    // SAFETY: `memory` is borrowed mutably, so no one else reads it meanwhile; MADV_DONTNEED
    // on private anonymous memory makes it read as zeros, a valid value of `T` (`ZeroIsValid`).
    #[cfg(target_os = "linux")]
    unsafe {
        advise_inside(memory, 4096, libc::MADV_DONTNEED)
    };
    #[cfg(not(target_os = "linux"))]
    let _ = memory;
}

/// Gives back to the kernel the memory that the allocator keeps from blocks freed since (glibc
/// keeps the free blocks of its per-thread arenas): after a pass that made and freed many
/// blocks of moderate size, which would otherwise stay in the process's memory through the
/// passes after. (Nothing elsewhere than Linux with glibc.)
pub(crate) fn give_back_freed() {
    // SAFETY: malloc_trim only returns free memory to the kernel; it frees nothing in use.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    unsafe {
        libc::malloc_trim(0);
    }
}

/// `madvise(advice)` over the whole `unit`-aligned regions that lie inside `memory`, an
/// allocation of this process.
///
/// # Safety
/// The advice must leave `memory` holding valid values of `T`.
#[cfg(target_os = "linux")]
unsafe fn advise_inside<T>(memory: &mut [T], unit: usize, advice: libc::c_int) {
    let start = memory.as_mut_ptr() as usize;
    let end = start + std::mem::size_of_val(memory);
    let (first, last) = (start.next_multiple_of(unit), end / unit * unit);
    if first < last {
        // SAFETY: the range lies inside `memory`; what the advice does to it is the caller's.
        unsafe { libc::madvise(first as *mut libc::c_void, last - first, advice) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_on_huge_pages_holds_what_it_was_made_with() {
        let mut n = 0u64;
        let mut t = on_huge_pages(3 << 20, || {
            n += 1;
            n
        });
        assert_eq!(t.len(), 3 << 20);
        assert!(t.iter().enumerate().all(|(i, &x)| x == i as u64 + 1));
        t[12345] = 0;
        assert_eq!(t.iter().filter(|&&x| x == 0).count(), 1);
    }
}

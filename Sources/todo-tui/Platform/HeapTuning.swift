import Glibc

/// How the app asks glibc's allocator to treat the heap: keep what a load frees for the fetch that
/// follows, read a large store into huge pages, and give it all back once the app is idle.
///
/// Loading a store allocates the file's bytes, then the items; the first fetch then allocates its
/// sort keys and tree while the file's bytes are already freed. By default glibc maps a block
/// over 128 KB on its own and unmaps it when freed, and trims the heap's top past 128 KB, so
/// every one of those megabytes is faulted in fresh. `configure()` keeps blocks up to 32 MB (a
/// 100,000-item store file) in the heap and stops free from trimming it, so the fetch reuses the
/// pages the load touched and the first frame comes sooner (`todo-bench startup` shows by how
/// much). `prepare(forStoreOfSize:)` then has a large store's load faulted in 2 MB at a time.
/// What that leaves resident, and what loading, fetching and filtering free later, `trim()`
/// gives back: the run loop calls it once it has been idle for a poll interval after activity
/// (`AppRunLoop`), never between a key and its frame.
///
/// `mallopt` and `malloc_trim` are glibc's (`malloc.h`, which Swift's Glibc module does not
/// include), so they are found by name; with a C library that has neither, nothing happens.
enum HeapTuning {
    private typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    private typealias MallocTrim = @convention(c) (Int) -> Int32

    private static let mallopt: Mallopt? = dlsym(nil, "mallopt").map { unsafeBitCast($0, to: Mallopt.self) }
    private static let mallocTrim: MallocTrim? = dlsym(nil, "malloc_trim").map {
        unsafeBitCast($0, to: MallocTrim.self)
    }

    /// glibc's default `M_TOP_PAD`.
    private static let defaultTopPad: Int32 = 128 << 10

    /// `mallopt` parameters (`malloc.h`).
    private static let trimThreshold: Int32 = -1
    private static let topPad: Int32 = -2
    private static let mmapThreshold: Int32 = -3

    /// Whether the C library has both functions (glibc does).
    static var isAvailable: Bool { mallopt != nil && mallocTrim != nil }

    /// Sets the allocator up for loading a store; called once, first thing in the process.
    static func configure() {
        guard let mallopt else { return }
        // glibc's largest allowed threshold on 64 bits; a larger block is still mapped alone.
        _ = mallopt(mmapThreshold, 32 << 20)
        _ = mallopt(trimThreshold, 256 << 20)
    }

    /// The store size from which the heap a load will use is marked for huge pages (about 7,000
    /// items).
    static let hugePageStoreSize = 2 << 20

    /// Before a store file of `size` bytes is read: when it is large, grows the heap by about
    /// what reading, decoding and fetching it will use (three times its size) and marks that part
    /// for transparent huge pages (`madvise(MADV_HUGEPAGE)`), so it is faulted in 2 MB at a time
    /// instead of 4 KB, which brings a large store's first frame sooner for a little more memory
    /// at the peak (`todo-bench startup` and `memory` show both). Smaller stores are left alone:
    /// their load faults in little, and a huge page is 2 MB of memory however little of it is
    /// used. Where the kernel has transparent huge pages off, or the heap cannot grow, nothing
    /// changes. The idle trim splits huge pages that hold free memory, so what the list keeps is
    /// not rounded up to 2 MB.
    static func prepare(forStoreOfSize size: Int) {
        guard size >= hugePageStoreSize, let mallopt, let malloc = opaqueMalloc else { return }
        // The heap grows by the requested block plus the top pad; the trim threshold (256 MB)
        // must stay above both, or freeing the block would shrink the heap again.
        let reserve = min(3 * size, 192 << 20)
        guard mallopt(topPad, Int32(reserve)) == 1, let before = sbrk(0) else { return }
        defer { _ = mallopt(topPad, defaultTopPad) }
        // Larger than the heap's free top (a few pages at this point) and below the mmap
        // threshold (a block that large is mapped on its own): it makes the heap grow now, by
        // itself and the pad.
        guard let block = malloc(8 << 20) else { return }
        let after = sbrk(0)
        free(block)
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (Int(bitPattern: before) + page - 1) & ~(page - 1)
        let end = Int(bitPattern: after) & ~(page - 1)
        guard end > start, let region = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(region, end - start, MADV_HUGEPAGE)
    }

    /// glibc's `malloc`, looked up by name: the compiler removes a `malloc` and `free` pair whose
    /// block it sees unused, and here the allocation's side effect, growing the heap, is the point.
    private static let opaqueMalloc: (@convention(c) (Int) -> UnsafeMutableRawPointer?)? = dlsym(nil, "malloc").map {
        unsafeBitCast($0, to: (@convention(c) (Int) -> UnsafeMutableRawPointer?).self)
    }

    /// Gives the heap's free pages back to the system (`malloc_trim(0)`).
    static func trim() {
        _ = mallocTrim?(0)
    }
}

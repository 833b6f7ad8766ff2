import Glibc

/// How the app asks glibc's allocator to treat the heap: keep what a load frees for the fetch that
/// follows, and give it all back once the app is idle.
///
/// Loading a store allocates the file's bytes, then the items; the first fetch then allocates its
/// sort keys and tree while the file's bytes are already freed. By default glibc maps a block
/// over 128 KB on its own and unmaps it when freed, and trims the heap's top past 128 KB, so
/// every one of those megabytes is faulted in fresh: at 100,000 items about 15,000 page faults.
/// `configure()` keeps blocks up to 32 MB (a 100,000-item store file) in the heap and stops free
/// from trimming it, so the fetch reuses the pages the load touched; measured with the installed
/// build at 100,000 items, the first frame took 115 ms instead of 128 ms, at 10,000 items 18.7 ms
/// instead of 19.7 ms. What that leaves resident, and what loading, fetching and filtering free
/// later, `trim()` gives back: the run loop calls it once it has been idle for a poll interval
/// after activity (`AppRunLoop`), never between a key and its frame. At 100,000 items a trim
/// after the first frame hands back about 16 MB in about 1 ms.
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
        // The heap grows 16 MB at a time instead of 128 KB: fewer brk calls while loading.
        _ = mallopt(topPad, 16 << 20)
    }

    /// Gives the heap's free pages back to the system (`malloc_trim(0)`).
    static func trim() {
        _ = mallocTrim?(0)
    }
}

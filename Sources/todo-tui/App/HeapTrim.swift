import Glibc

/// Gives the heap's free pages back to the system: glibc's `malloc_trim(0)`.
///
/// Loading a store, fetching it and filtering it free far more than the app keeps: the decoded
/// file, the arrays a fetch sorts, the results a filter dropped. glibc keeps most of that memory
/// (its mmap threshold grows after a large block is freed, so later large blocks come from the
/// heap and are not returned), so the resident memory stays at the peak. At 100,000 items a trim
/// after the first frame hands back about 16 MB and takes about 1 ms; the run loop trims when it
/// has been idle for a poll interval after activity (`AppRunLoop`), never between a key and its
/// frame.
enum HeapTrim {
    private typealias Function = @convention(c) (Int) -> Int32

    /// `malloc_trim`, looked up once; nil with a C library that has none (`malloc.h` is not part
    /// of Swift's Glibc module, so it is found by name).
    private static let function: Function? = dlsym(nil, "malloc_trim").map { unsafeBitCast($0, to: Function.self) }

    /// Whether the C library has `malloc_trim` (glibc does).
    static var isAvailable: Bool { function != nil }

    /// Trims the heap, when the C library can.
    static func run() {
        _ = function?(0)
    }
}

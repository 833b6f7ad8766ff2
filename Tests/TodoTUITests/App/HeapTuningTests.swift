import Foundation
import Glibc
import Testing

@testable import todo_tui

/// The allocator set up for loading keeps freed memory for reuse, and the idle app hands it back
/// (`HeapTuning`): glibc's `mallopt` and `malloc_trim` are found and do what the app counts on.
@Suite("Heap tuning")
struct HeapTuningTests {
    /// This process's anonymous resident memory in bytes, from `/proc/self/status`.
    private static func residentAnonymous() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    /// On the main thread, as the app: glibc trims the top of the main thread's heap only.
    @Test("configured, a freed 20 MB block stays resident for the next allocations; a trim gives it back")
    @MainActor
    func configuredKeepsFreedBlockUntilTrim() {
        #expect(HeapTuning.isAvailable)
        HeapTuning.configure()
        let size = 20 << 20
        guard let block = malloc(size) else {
            Issue.record("malloc failed")
            return
        }
        memset(block, 1, size)
        let touched = Self.residentAnonymous()
        free(block)
        let freed = Self.residentAnonymous()
        HeapTuning.trim()
        let trimmed = Self.residentAnonymous()
        #expect(touched - freed < 5 << 20, "kept: touched \(touched), after free \(freed)")
        #expect(freed - trimmed > 15 << 20, "given back: after free \(freed), after trim \(trimmed)")
    }

    @Test("glibc's malloc_trim is found, and trimming after freeing many small blocks lowers resident memory")
    func trimReturnsFreedMemory() {
        #expect(HeapTuning.isAvailable)
        // 200,000 small blocks come from the heap, not from mmap; freeing all but the last keeps
        // the heap's top in place, so only a trim gives the pages in between back.
        var blocks = (0..<200_000).map { _ -> UnsafeMutableRawPointer? in
            let block = malloc(200)
            if let block { memset(block, 1, 200) }
            return block
        }
        let last = blocks.removeLast()
        blocks.forEach { free($0) }
        let before = Self.residentAnonymous()
        HeapTuning.trim()
        let after = Self.residentAnonymous()
        free(last)
        #expect(before - after > 10_000_000, "before \(before), after \(after)")
    }
}

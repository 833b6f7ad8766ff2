import Foundation
import Glibc
import Testing

@testable import todo_tui

/// The idle app hands freed memory back (`HeapTrim`): the C library's `malloc_trim` is found,
/// and a trim after freeing a large part of the heap lowers the resident memory.
@Suite("Heap trim")
struct HeapTrimTests {
    /// This process's anonymous resident memory in bytes, from `/proc/self/status`.
    private static func residentAnonymous() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    @Test("glibc's malloc_trim is found, and trimming after freeing many small blocks lowers resident memory")
    func trimReturnsFreedMemory() {
        #expect(HeapTrim.isAvailable)
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
        HeapTrim.run()
        let after = Self.residentAnonymous()
        free(last)
        #expect(before - after > 10_000_000, "before \(before), after \(after)")
    }
}

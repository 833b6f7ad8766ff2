import Foundation
import Glibc
import Testing

@testable import todo_tui

/// The allocator set up for loading keeps a large freed block resident for the next allocations,
/// and a trim gives freed pages back (`HeapTuning`). Checked page by page with `mincore`, not by
/// the process's resident memory, which other tests running in this process move.
@Suite("Heap tuning", .serialized)
struct HeapTuningTests {
    private static let page = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// The fraction of the whole pages between `start` and `end` that are resident; nil when the
    /// range is not mapped.
    private static func residentFraction(from start: Int, to end: Int) -> Double? {
        let first = (start + page - 1) & ~(page - 1)
        let count = ((end & ~(page - 1)) - first) / page
        guard count > 0, let address = UnsafeMutableRawPointer(bitPattern: first) else { return nil }
        var vector = [UInt8](repeating: 0, count: count)
        guard mincore(address, count * page, &vector) == 0 else { return nil }
        return Double(vector.reduce(0) { $0 + Int($1 & 1) }) / Double(count)
    }

    @Test("configured, a freed 20 MB block stays resident for the next allocations instead of being unmapped")
    func configuredKeepsFreedBlock() throws {
        #expect(HeapTuning.isAvailable)
        HeapTuning.configure()
        let size = 20 << 20
        let block = try #require(malloc(size))
        memset(block, 1, size)
        let start = Int(bitPattern: block)
        free(block)
        // Unconfigured, glibc maps a block this large on its own and unmaps it when it is freed.
        let fraction = try #require(Self.residentFraction(from: start + Self.page, to: start + size))
        #expect(fraction > 0.9)
    }

    /// What the trim test saw, from the thread it ran on.
    private final class Observation: @unchecked Sendable {
        var span = 0
        var residentAfterFree: Double?
        var residentAfterTrim: Double?
    }

    @Test("a trim gives the pages of freed blocks back")
    func trimGivesFreedPagesBack() throws {
        // On a thread of its own, which glibc gives an arena of its own: the blocks lie in a row,
        // with no other test's allocations between them.
        let observation = Observation()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            Self.freeAndTrim(into: observation)
            done.signal()
        }
        done.wait()
        let count = 50_000
        try #require(observation.span < 2 * 208 * count, "the blocks lie in a row")
        #expect((observation.residentAfterFree ?? 0) > 0.9, "freed, the pages stay resident")
        #expect((observation.residentAfterTrim ?? 1) < 0.1, "a trim gives them back")
    }

    /// Allocates 100,000 small blocks, frees the middle half (which the others fence), and
    /// notes how much of it is resident before and after a trim.
    private static func freeAndTrim(into observation: Observation) {
        let count = 100_000
        let blocks = (0..<count).map { _ -> UnsafeMutableRawPointer? in
            let block = malloc(200)
            if let block { memset(block, 1, 200) }
            return block
        }
        let middle = blocks[count / 4..<3 * count / 4].compactMap { $0.map { Int(bitPattern: $0) } }
        let (low, high) = (middle.min() ?? 0, middle.max() ?? 0)
        observation.span = high - low
        blocks[count / 4..<3 * count / 4].forEach { free($0) }
        observation.residentAfterFree = residentFraction(from: low, to: high)
        HeapTuning.trim()
        observation.residentAfterTrim = residentFraction(from: low, to: high)
        blocks[..<(count / 4)].forEach { free($0) }
        blocks[(3 * count / 4)...].forEach { free($0) }
    }
}

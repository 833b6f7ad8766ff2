import Foundation
import Testing

@testable import TodoCore

@Suite("FetchedResultsController: persistent cache")
final class FetchedResultsControllerCacheTests {
    let fixture = ControllerFixture()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "controller-cache-\(UUID().uuidString)"
    ).path

    init() throws {
        try fixture.save([
            fixture.item("a", day: -1), fixture.item("b", day: 0, hour: 8), fixture.item("c", day: 0, hour: 9),
            fixture.item("d", day: 2),
        ])
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    var cachePath: String { ControllerCache.path(named: "list", in: directory) }

    /// A fetched controller on the fixture's context with cache `list`.
    func fetched(
        _ request: FetchRequest = FetchRequest(),
        sectionKey: FetchedResultsController.SectionKey = .day,
        calendar: Calendar? = nil
    ) throws -> FetchedResultsController {
        let controller = FetchedResultsController(
            fetchRequest: request, context: fixture.context, sectionKey: sectionKey, cacheName: "list",
            cacheDirectory: directory, calendar: calendar ?? fixture.calendar, now: fixture.clock.now
        )
        try controller.performFetch()
        return controller
    }

    /// The layout a fresh controller without a cache computes for `request`.
    func uncached(_ request: FetchRequest = FetchRequest()) throws -> [String] {
        ControllerFixture.layout(try fixture.controller(request, tracking: false).0)
    }

    func rewriteCache(_ edit: (inout [String]) throws -> Void) throws {
        var lines = try String(contentsOfFile: cachePath, encoding: .utf8).components(separatedBy: "\n")
        try edit(&lines)
        try lines.joined(separator: "\n").write(toFile: cachePath, atomically: false, encoding: .utf8)
    }

    @Test("a valid cache is used: order and sections come from the file, without sorting")
    func validCacheIsUsed() throws {
        let first = try fetched()
        #expect(first.lastCacheOutcome == .missing)
        #expect(FileManager.default.fileExists(atPath: cachePath))
        let second = try fetched()
        #expect(second.lastCacheOutcome == .used)
        #expect(ControllerFixture.layout(second) == (try uncached()))
        let windowed = try fetched(FetchRequest(fetchLimit: 2, fetchOffset: 1))
        #expect(windowed.lastCacheOutcome == .used)
        #expect(ControllerFixture.layout(windowed) == (try uncached(FetchRequest(fetchLimit: 2, fetchOffset: 1))))
    }

    @Test("a cache written before the store's generation changed is stale and rebuilt")
    func staleGeneration() throws {
        _ = try fetched()
        try fixture.context.insert(fixture.item("e", day: 0, hour: 10))
        try fixture.context.save()
        let controller = try fetched()
        #expect(controller.lastCacheOutcome == .stale(.generation))
        #expect(ControllerFixture.layout(controller) == (try uncached()))
        #expect(try fetched().lastCacheOutcome == .used)
    }

    @Test("a cache for another request, section key or calendar is stale")
    func staleKey() throws {
        _ = try fetched()
        let other = FetchRequest(predicate: .isDone(false))
        let byRequest = try fetched(other)
        #expect(byRequest.lastCacheOutcome == .stale(.request))
        #expect(ControllerFixture.layout(byRequest) == (try uncached(other)))
        _ = try fetched()
        #expect(try fetched(sectionKey: .none).lastCacheOutcome == .stale(.sectionKey))
        _ = try fetched()
        var tokyo = Calendar(identifier: .gregorian)
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        #expect(try fetched(calendar: tokyo).lastCacheOutcome == .stale(.calendar))
    }

    @Test("a cache of another format version is stale")
    func staleFormat() throws {
        _ = try fetched()
        try rewriteCache { $0[0] = "todo-tui-controller-cache 0" }
        let controller = try fetched()
        #expect(controller.lastCacheOutcome == .stale(.formatVersion))
        #expect(ControllerFixture.layout(controller) == (try uncached()))
    }

    @Test("a corrupt or truncated cache is ignored and rebuilt")
    func corrupt() throws {
        _ = try fetched()
        try Data([0xFF, 0xFE, 0x00, 0x41]).write(to: URL(fileURLWithPath: cachePath))
        let garbage = try fetched()
        #expect(garbage.lastCacheOutcome == .corrupt)
        #expect(ControllerFixture.layout(garbage) == (try uncached()))
        #expect(try fetched().lastCacheOutcome == .used)
        try rewriteCache { $0.removeLast(2) }
        #expect(try fetched().lastCacheOutcome == .corrupt)
        try rewriteCache { $0[$0.count - 3] = "not-a-uuid" }
        #expect(try fetched().lastCacheOutcome == .corrupt)
        try rewriteCache { lines in
            if let items = lines.firstIndex(where: { $0.hasPrefix("items ") }) {
                lines[items] = "items 9223372036854775807"
            }
        }
        #expect(try fetched().lastCacheOutcome == .corrupt, "an absurd count is corrupt, not an overflow")
    }

    @Test(
        """
        a poisoned block count or day (Int.max, 2^53, zero, negative, not finite) is rejected and the cache rebuilt, \
        never trusted
        """
    )
    func poisonedBlocks() throws {
        let poisons = ["9223372036854775807", "9007199254740992", "4", "0", "-1", "-9223372036854775808"]
        for block in 1...3 {
            for poison in poisons {
                _ = try fetched()
                try rewriteCache { lines in
                    let days = try #require(lines.firstIndex { $0.hasPrefix("days ") })
                    lines[days + block] = "\(lines[days + block].split(separator: " ")[0]) \(poison)"
                }
                let controller = try fetched()
                #expect(
                    controller.lastCacheOutcome == .corrupt || controller.lastCacheOutcome == .disagrees,
                    "block \(block) count \(poison)")
                #expect(ControllerFixture.layout(controller) == (try uncached()))
            }
            for day in ["inf", "nan", "-inf"] {
                _ = try fetched()
                try rewriteCache { lines in
                    let days = try #require(lines.firstIndex { $0.hasPrefix("days ") })
                    lines[days + block] = "\(day) \(lines[days + block].split(separator: " ")[1])"
                }
                let controller = try fetched()
                #expect(controller.lastCacheOutcome == .corrupt, "block \(block) day \(day)")
                #expect(ControllerFixture.layout(controller) == (try uncached()))
            }
        }
    }

    @Test("a cache cut short at any byte is corrupt, never trusted")
    func everyTruncation() throws {
        _ = try fetched()
        let whole = try Data(contentsOf: URL(fileURLWithPath: cachePath))
        for length in 0..<whole.count {
            try whole.prefix(length).write(to: URL(fileURLWithPath: cachePath))
            let controller = try fetched()
            #expect(controller.lastCacheOutcome == .corrupt, "cut at \(length) of \(whole.count) bytes")
            #expect(ControllerFixture.layout(controller) == (try uncached()))
        }
    }

    @Test("a cache whose key matches but whose contents disagree with the context is never trusted")
    func disagreeingContents() throws {
        _ = try fetched()
        try rewriteCache { lines in
            let items = try #require(lines.firstIndex { $0.hasPrefix("items ") })
            lines.swapAt(items + 2, items + 3)
        }
        let swapped = try fetched()
        #expect(swapped.lastCacheOutcome == .disagrees)
        #expect(ControllerFixture.layout(swapped) == (try uncached()))

        try fixture.context.insert(fixture.item("unsaved", day: 0, hour: 12))
        let withUnsaved = try fetched()
        #expect(withUnsaved.lastCacheOutcome == .disagrees)
        #expect(ControllerFixture.layout(withUnsaved) == (try uncached()))

        fixture.context.rollback()
        try rewriteCache { lines in
            let days = try #require(lines.firstIndex { $0.hasPrefix("days ") })
            lines[days + 1] = "\(lines[days + 1].split(separator: " ")[0]) 2"
            lines[days + 2] = "\(lines[days + 2].split(separator: " ")[0]) 1"
        }
        #expect(try fetched().lastCacheOutcome == .disagrees)
    }

    @Test("full persistent tracking: a tracked controller persists its result so the next launch skips the sort")
    func persistAfterTracking() throws {
        let controller = try fetched()
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        try fixture.context.insert(fixture.item("e", day: 3))
        try fixture.context.save()
        #expect(delegate.takeLines() == ["will", "section insert 3 2025-01-18", "insert 'e' 3.0", "did"])
        try controller.persistCache()
        let next = try fetched()
        #expect(next.lastCacheOutcome == .used)
        #expect(ControllerFixture.layout(next) == ControllerFixture.layout(controller))
    }

    @Test("nothing is persisted while the context has unsaved changes")
    func noPersistWithUnsavedChanges() throws {
        let controller = try fetched()
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        let written = try Data(contentsOf: URL(fileURLWithPath: cachePath))
        try fixture.context.insert(fixture.item("e", day: 3))
        fixture.context.processPendingChanges()
        try controller.persistCache()
        #expect(try Data(contentsOf: URL(fileURLWithPath: cachePath)) == written)
    }

    @Test("deleteCache(named:) deletes one cache, nil deletes them all, and a missing cache is no error")
    func deleteCache() throws {
        _ = try fetched()
        let other = FetchedResultsController(
            fetchRequest: FetchRequest(), context: fixture.context, cacheName: "other", cacheDirectory: directory,
            calendar: fixture.calendar, now: fixture.clock.now
        )
        try other.performFetch()
        let otherPath = ControllerCache.path(named: "other", in: directory)
        try "keep".write(toFile: directory + "/unrelated.txt", atomically: false, encoding: .utf8)
        try FetchedResultsController.deleteCache(named: "list", in: directory)
        #expect(!FileManager.default.fileExists(atPath: cachePath))
        #expect(FileManager.default.fileExists(atPath: otherPath))
        try FetchedResultsController.deleteCache(named: "list", in: directory)
        try FetchedResultsController.deleteCache(named: nil, in: directory)
        #expect(!FileManager.default.fileExists(atPath: otherPath))
        #expect(FileManager.default.fileExists(atPath: directory + "/unrelated.txt"))
        try FetchedResultsController.deleteCache(named: nil, in: directory + "/missing")
    }

    @Test(
        "changing the request of a controller with a cache name without deleting the cache is an error, as in Core Data"
    )
    func requestChangeNeedsDeletedCache() throws {
        let controller = try fetched()
        controller.fetchRequest = FetchRequest()
        try controller.performFetch()
        let descending = FetchRequest(sortDescriptors: [TodoSortDescriptor(.date, ascending: false)])
        controller.fetchRequest = descending
        #expect(throws: FetchError.requestChangedWithoutDeletingCache(name: "list")) { try controller.performFetch() }
        try FetchedResultsController.deleteCache(named: "list", in: directory)
        try controller.performFetch()
        #expect(ControllerFixture.layout(controller) == (try uncached(descending)))
        #expect(try fetched(descending).lastCacheOutcome == .used)
    }

    @Test("a cache that cannot be written leaves the fetch working and says why")
    func unwritableCache() throws {
        let blocker = directory + "-file"
        try "not a folder".write(toFile: blocker, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: blocker) }
        let controller = FetchedResultsController(
            fetchRequest: FetchRequest(), context: fixture.context, cacheName: "list", cacheDirectory: blocker,
            calendar: fixture.calendar, now: fixture.clock.now
        )
        try controller.performFetch()
        #expect(ControllerFixture.layout(controller) == (try uncached()))
        guard case .cacheNotWritable(let path, _)? = controller.cacheError else {
            Issue.record("expected cacheNotWritable, got \(String(describing: controller.cacheError))")
            return
        }
        #expect(path == ControllerCache.path(named: "list", in: blocker))
        #expect(throws: FetchError.self) { try controller.persistCache() }
    }
}

import Foundation
import Testing
import TodoCore
import TodoSyncModel
import TodoTestSupport

@testable import TodoSync

/// A run that saved here leaves the store file whole, as every command that saves does: the
/// journal is folded in while the run's first pushes are on the wire, and again at the end when a
/// push saved here too.
@Suite("The store file made whole by a sync", .serialized)
struct SyncStoreCompactionTests {
    @Test(
        "a run that saved here folds the journal into the store file while its PUT is on the wire",
        arguments: CalDAVTestServer.Kind.allCases)
    func compactsWhilePushing(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let a = try SyncDevice(server: server, collection: collection)
        try a.add("water the plants")
        try a.add("call the bank")
        try a.sync()
        // Another client's new to-do for the run to save here, and an edit here for it to send.
        try CurlCalDAVClient(server: server).put("pay the rent", uid: "phone-rent", in: collection)
        try a.edit("call the bank") { $0.text = "call the bank at nine" }
        let journal = a.storePath + ".journal"
        #expect(FileManager.default.fileExists(atPath: journal), "the edit's save waits in the journal")
        // The PUT's answer is held back until the journal is gone: folded in only after the pushes,
        // it would wait in vain, and the flag stays false.
        let foldedBeforeAnswer = Flag()
        let hook = HookTransport(a.transport, concurrent: true)
        hook.answer = { request, forward throws(SyncError) in
            if request.method == "PUT" { foldedBeforeAnswer.set(Self.waitUntilGone(journal)) }
            return try forward()
        }
        a.transport = hook
        let report = try a.sync()
        #expect(foldedBeforeAnswer.value, "\(hook.requests.map { "\($0.method) \($0.url.path)" })")
        #expect(report.pulledAdded == 1 && report.pushedChanged == 1 && report.isComplete, "\(report.summary)")
        #expect(!FileManager.default.fileExists(atPath: journal))
        try Self.expectFileAlone(a.storePath, holds: ["water the plants", "call the bank at nine", "pay the rent"])
    }

    @Test(
        "a push that saved here too (a 412, then a merge) leaves the store file whole",
        arguments: CalDAVTestServer.Kind.allCases)
    func compactsAfterAMergingPush(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let a = try SyncDevice(server: server, collection: collection)
        let b = try SyncDevice(server: server, collection: collection)
        try a.add("shared")
        try a.sync()
        try b.sync()
        try CurlCalDAVClient(server: server).put("pay the rent", uid: "phone-rent", in: collection)
        try a.edit("shared") { $0.notes = "from a" }
        try b.edit("shared") { $0.priority = .high }
        let hook = HookTransport(a.transport, concurrent: true)
        let raced = Flag()
        hook.before = { request, _ in
            guard request.method == "PUT", !raced.value else { return }
            raced.set(true)
            _ = try? b.sync()
        }
        a.transport = hook
        let report = try a.sync()
        #expect(raced.value && report.merged == 1, "\(report.summary)")
        #expect(try a.item("shared")?.priority == .high, "the merge was saved here")
        #expect(!FileManager.default.fileExists(atPath: a.storePath + ".journal"))
        try Self.expectFileAlone(a.storePath, holds: ["shared", "pay the rent"])
        let merged = try #require(try Self.fileAlone(a.storePath).first { $0.text == "shared" })
        #expect(merged.priority == .high && merged.notes == "from a", "the file holds the merge")
    }

    /// True once `path` is gone, false when it is still there after ten seconds.
    private static func waitUntilGone(_ path: String) -> Bool {
        for _ in 0..<1_000 {
            if !FileManager.default.fileExists(atPath: path) { return true }
            usleep(10_000)
        }
        return false
    }

    /// The items of the store file at `path` read alone, as another program reads it: a copy
    /// of the file without its journal.
    private static func fileAlone(_ path: String) throws -> [TodoItem] {
        let folder = try TemporaryDirectory()
        let copy = folder.path("copy.json")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        return try TodoContext(store: JSONStore(path: copy), now: Date.init).fetch(FetchRequest())
    }

    private static func expectFileAlone(_ path: String, holds expected: Set<String>) throws {
        let found = Set(try fileAlone(path).map(\.text))
        #expect(found == expected, "the store file alone holds \(found.sorted())")
    }
}

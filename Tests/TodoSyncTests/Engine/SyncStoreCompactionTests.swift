import Foundation
import Testing
import TodoCore
import TodoSyncModel
import TodoTestSupport

@testable import TodoSync

/// A run that saved here leaves the store file whole, as every command that saves does: the
/// journal is folded in while the run's first pushes are on the wire (and again at the end when a
/// push saved here too: `SyncFaultTests.preconditionRace`).
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
        #expect(Set(try a.itemsInFileAlone().keys) == ["water the plants", "call the bank at nine", "pay the rent"])
    }

    /// True once `path` is gone, false when it is still there after ten seconds.
    private static func waitUntilGone(_ path: String) -> Bool {
        for _ in 0..<1_000 {
            if !FileManager.default.fileExists(atPath: path) { return true }
            usleep(10_000)
        }
        return false
    }
}

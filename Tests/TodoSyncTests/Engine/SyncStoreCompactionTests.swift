import Foundation
import Testing
import TodoCore
import TodoSyncModel
import TodoTestSupport

@testable import TodoSync

/// A run that saved here leaves the store file whole, as every command that saves does: the
/// journal is folded in while the state is written, before the first push goes out (and again at
/// the end when a push saved here too: `SyncFaultTests.preconditionRace`).
@Suite("The store file made whole by a sync", .serialized)
struct SyncStoreCompactionTests {
    @Test(
        "a run that saved here folds the journal into the store file before its PUT goes out",
        arguments: CalDAVTestServer.Kind.allCases)
    func compactsBeforePushing(kind: CalDAVTestServer.Kind) throws {
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
        // Folded in only after the pushes, the journal would still be there when the PUT goes out.
        let foldedBeforePut = Flag()
        let hook = HookTransport(a.transport, concurrent: true)
        hook.before = { request, _ in
            if request.method == "PUT" { foldedBeforePut.set(!FileManager.default.fileExists(atPath: journal)) }
        }
        a.transport = hook
        let report = try a.sync()
        #expect(foldedBeforePut.value, "\(hook.requests.map { "\($0.method) \($0.url.path)" })")
        #expect(report.pulledAdded == 1 && report.pushedChanged == 1 && report.isComplete, "\(report.summary)")
        #expect(!FileManager.default.fileExists(atPath: journal))
        #expect(Set(try a.itemsInFileAlone().keys) == ["water the plants", "call the bank at nine", "pay the rent"])
    }
}

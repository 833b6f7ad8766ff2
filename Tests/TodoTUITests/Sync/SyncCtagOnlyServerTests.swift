import Foundation
import Testing
import TodoTestSupport

/// `todo-tui sync` with a server that has no `sync-token` (older than RFC 6578), only a `getctag`:
/// real Radicale and Xandikos always have a token, so the fake server plays it. A run asks the
/// token first and the ctag only when there is none, and a quiet run asks the ctag alone.
@Suite("todo-tui sync with a server that has a ctag and no sync token", .serialized)
struct SyncCtagOnlyServerTests {
    /// The PROPFINDs of the collection in `log`.
    private func collectionPropfinds(_ log: ArraySlice<String>) -> Int {
        log.filter { $0.hasPrefix("PROPFIND \(FakeCalDAVServer.collectionPath) ") }.count
    }

    @Test("the first run asks the ctag after the token it lacks; a quiet run asks once; a change is pulled")
    func ctagOnly() throws {
        let sandbox = try FakeServerSandbox()
        try sandbox.writeAccount()
        sandbox.server.configure { $0.hasSyncToken = false }
        sandbox.server.store(FakeCalDAVServer.todo(uid: "c-1", summary: "first"), at: "/cal/c-1.ics")

        let first = try sandbox.run("a", "sync")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try sandbox.items("a").keys.sorted() == ["first"])
        #expect(collectionPropfinds(sandbox.server.log[...]) == 2, "\(sandbox.server.log)")

        var seen = sandbox.server.log.count
        let quiet = try sandbox.run("a", "sync")
        #expect(quiet.status == 0 && quiet.stdout.contains("nothing changed"), "\(quiet.stdout)\(quiet.stderr)")
        let quietLog = sandbox.server.log[seen...]
        #expect(quietLog.filter { !$0.hasPrefix("PROPFIND / ") }.count == 1, "\(Array(quietLog))")
        #expect(collectionPropfinds(quietLog) == 1)

        sandbox.server.store(FakeCalDAVServer.todo(uid: "c-2", summary: "second"), at: "/cal/c-2.ics")
        seen = sandbox.server.log.count
        let changed = try sandbox.run("a", "sync")
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(try sandbox.items("a").keys.sorted() == ["first", "second"])
        #expect(!sandbox.server.log[seen...].contains { $0.contains("sync-collection") })
        #expect(sandbox.strayRequests.isEmpty, "\(sandbox.strayRequests)")
    }
}

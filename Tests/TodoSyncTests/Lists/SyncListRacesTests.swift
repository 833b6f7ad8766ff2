import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// Two devices moving one to-do at the same instant, against real Radicale and Xandikos: the
/// runs are interleaved step by step by running one device's whole sync while the other's is at
/// its first write (after it has pulled and decided). A known issue: the to-do is lost.
@Suite("Moves at the same instant", .serialized)
struct SyncListRacesTests {
    /// Runs `outer`'s sync, and `inner`'s whole sync at the moment `outer` sends its first PUT or
    /// DELETE (or after `outer`'s run when it sends none).
    private func interleave(_ outer: SyncDevice, _ inner: SyncDevice) throws {
        let real = outer.transport
        let hook = HookTransport(real)
        var innerRan = false
        var innerError: (any Error)?
        hook.before = { request, _ in
            guard !innerRan, ["PUT", "DELETE"].contains(request.method) else { return }
            innerRan = true
            do {
                try inner.sync()
            } catch {
                innerError = error
            }
        }
        outer.transport = hook
        defer { outer.transport = real }
        try outer.sync()
        if let innerError { throw innerError }
        if !innerRan { try inner.sync() }
    }

    @Test(
        "moved to two lists at once, twice interleaved: once on the server, and both devices agree",
        arguments: CalDAVTestServer.Kind.allCases)
    func movedToTwoLists(kind: CalDAVTestServer.Kind) throws {
        let setUp = SyncListsTests()
        let (server, urls, a, b) = try setUp.setUp(kind)
        defer { server.stop() }
        try a.sync()
        try b.sync()
        let uid = "phone-report"
        try a.move("quarterly report", to: "Home")
        try b.move("quarterly report", to: "Shopping")

        // Both pull before either writes: each PUTs its own copy, each deletes the old one.
        try interleave(a, b)
        #expect(try setUp.copies(of: uid, in: urls, server: server).sorted() == ["home", "shopping"])
        // Each now sees the other's copy, again at the same instant: each takes the other's
        // copy and deletes its own, and the to-do is on no server and lost on a (issue 29, not
        // fixed: a tie-break on the copy's path fixed this case but lost to-dos in
        // SyncMoveKillTests, so it was taken out). This fails until it is fixed.
        withKnownIssue("two devices moving one to-do at the same instant lose it") {
            try interleave(a, b)
            #expect(try setUp.copies(of: uid, in: urls, server: server).count == 1)

            // One more run each: both agree, and the server holds it once.
            try a.sync()
            try b.sync()
            let onServer = try setUp.copies(of: uid, in: urls, server: server)
            #expect(onServer.count == 1)
            let here = try #require(try a.item("quarterly report"))
            let there = try #require(try b.item("quarterly report"))
            let listA = try a.lists().first { $0.value.id == here.listID }?.key
            let listB = try b.lists().first { $0.value.id == there.listID }?.key
            #expect(listA == listB && listA?.lowercased() == onServer.first, "a: \(listA ?? "-"), b: \(listB ?? "-")")
            #expect(try a.items().count == 1 && b.items().count == 1)
            #expect(try a.sync().isComplete && b.sync().isComplete)
        }
    }
}

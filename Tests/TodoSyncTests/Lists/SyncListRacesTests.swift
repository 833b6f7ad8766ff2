import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// Two devices moving one to-do at the same instant, against real Radicale and Xandikos: the
/// runs are interleaved step by step by running one device's whole sync while the other's is at
/// its first write (after it has pulled and decided), or while the other stops between a move's
/// PUT and its DELETE (`SyncRun.settleCopies()` states the rule they check).
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
        arguments: CalDAVTestServer.Kind.allCases, [("Home", "Shopping"), ("Shopping", "Home")])
    func movedToTwoLists(kind: CalDAVTestServer.Kind, lists: (String, String)) throws {
        try race(kind, lists, secondsApart: 0)
    }

    @Test(
        "moved to two lists a minute apart, twice interleaved: the later move wins on the server and both devices",
        arguments: CalDAVTestServer.Kind.allCases, [("Home", "Shopping"), ("Shopping", "Home")])
    func laterMoveWins(kind: CalDAVTestServer.Kind, lists: (String, String)) throws {
        try race(kind, lists, secondsApart: 60)
    }

    /// a moves the to-do to `lists.0` and b to `lists.1` (`secondsApart` later by their clocks),
    /// and their runs are interleaved twice.
    private func race(_ kind: CalDAVTestServer.Kind, _ lists: (String, String), secondsApart: Double) throws {
        let (setUp, server, urls, a, b) = try syncedPair(kind)
        defer { server.stop() }
        let uid = "phone-report"
        // The moves' stamps (LAST-MODIFIED, to the second) are set: the same second, or apart.
        let moment = (Date().timeIntervalSince1970 + 120).rounded(.down)
        a.editClock = { Date(timeIntervalSince1970: moment) }
        b.editClock = { Date(timeIntervalSince1970: moment + secondsApart) }
        try a.move("quarterly report", to: lists.0)
        try b.move("quarterly report", to: lists.1)

        // Both pull before either writes: each PUTs its own copy, each deletes the old one.
        try interleave(a, b)
        #expect(try setUp.copies(of: uid, in: urls, server: server).sorted() == ["home", "shopping"])
        // Each now sees the other's copy, again at the same instant. Both keep the newer copy, of
        // the same second the one at the smaller path (home); the device whose copy loses deletes
        // it. Taking the other's copy and deleting one's own on both lost it.
        let winner = secondsApart > 0 ? lists.1.lowercased() : "home"
        try interleave(a, b)
        #expect(try setUp.copies(of: uid, in: urls, server: server) == [winner])

        // One more run each: both agree, and the server holds it once.
        try a.sync()
        try b.sync()
        let onServer = try setUp.copies(of: uid, in: urls, server: server)
        #expect(onServer == [winner])
        try expectAgreed(a, b, on: onServer)
        #expect(try a.sync().isComplete && b.sync().isComplete)
    }

    /// Two devices on the three calendars of `SyncListsTests.setUp`, each synced once: where every
    /// test here starts. The server is stopped when a first sync fails; the caller stops it after.
    private func syncedPair(
        _ kind: CalDAVTestServer.Kind
    ) throws -> (SyncListsTests, CalDAVTestServer, [URL], SyncDevice, SyncDevice) {
        let setUp = SyncListsTests()
        let (server, urls, a, b) = try setUp.setUp(kind)
        do {
            try a.sync()
            try b.sync()
        } catch {
            server.stop()
            throw error
        }
        return (setUp, server, urls, a, b)
    }

    /// `a` and `b` hold the one to-do in the same list, the one named `onServer`.
    private func expectAgreed(_ a: SyncDevice, _ b: SyncDevice, on onServer: [String]) throws {
        let here = try #require(try a.item("quarterly report"))
        let there = try #require(try b.item("quarterly report"))
        let listA = try a.lists().first { $0.value.id == here.listID }?.key
        let listB = try b.lists().first { $0.value.id == there.listID }?.key
        #expect(listA == listB && [listA?.lowercased()] == onServer, "a: \(listA ?? "-"), b: \(listB ?? "-")")
        #expect(try a.items().count == 1 && b.items().count == 1)
    }

    @Test(
        "a copy no device holds, older than the to-do's, is deleted by the next sync that sees it",
        arguments: CalDAVTestServer.Kind.allCases, [("Home", "Shopping"), ("Shopping", "Home")])
    func olderCopyLeftBehind(kind: CalDAVTestServer.Kind, lists: (moved: String, stray: String)) throws {
        let (setUp, server, urls, a, b) = try syncedPair(kind)
        defer { server.stop() }
        let uid = "phone-report"
        let other = CurlCalDAVClient(server: server)
        let old = try other.curl([urls[0].appendingPathComponent(uid + ".ics").absoluteString])
        try #require(old.status == 200)
        a.editClock = { Date().addingTimeInterval(120) }
        try a.move("quarterly report", to: lists.moved)
        #expect(try a.sync().isComplete)
        #expect(try setUp.copies(of: uid, in: urls, server: server) == [lists.moved.lowercased()])

        // The copy as it was, PUT into a third list after a's move: what a run killed during its
        // PUT leaves when the server stores the PUT after the next run has looked.
        let stray = server.collectionURL(lists.stray.lowercased()).appendingPathComponent(uid + ".ics")
        let put = try other.curl(
            [
                "-X", "PUT", "-H", "Content-Type: text/calendar; charset=utf-8", "-H", "If-None-Match: *",
                stray.absoluteString,
            ],
            body: old.body)
        try #require((200..<300).contains(put.status))

        try b.sync()
        try a.sync()
        try b.sync()
        let onServer = try setUp.copies(of: uid, in: urls, server: server)
        #expect(onServer == [lists.moved.lowercased()], "the older copy is gone: \(onServer)")
        try expectAgreed(a, b, on: onServer)
        #expect(try a.sync().isComplete && b.sync().isComplete)
    }

    @Test(
        "a killed move's PUT stored after the next move of the same second is older, and deleted",
        arguments: CalDAVTestServer.Kind.allCases, [("Home", "Shopping"), ("Shopping", "Home")])
    func lateLandingPut(kind: CalDAVTestServer.Kind, lists: (first: String, then: String)) throws {
        let (setUp, server, urls, a, b) = try syncedPair(kind)
        defer { server.stop() }
        let uid = "phone-report"
        let moment = (Date().timeIntervalSince1970 + 120).rounded(.down)
        a.editClock = { Date(timeIntervalSince1970: moment) }
        try a.move("quarterly report", to: lists.first)
        // The run stops at its PUT, which the server has not stored yet.
        let real = a.transport
        let hook = HookTransport(real)
        var held: HTTPRequest?
        hook.answer = { request, forward throws(SyncError) in
            guard request.method == "PUT" else { return try forward() }
            held = request
            throw .unreachable(url: request.url.absoluteString, reason: "killed")
        }
        a.transport = hook
        #expect(throws: SyncError.self) { try a.sync() }
        a.transport = real
        let late = try #require(held)

        // Moved on in the same second; the next run finishes that move, then the first PUT lands.
        try a.move("quarterly report", to: lists.then)
        #expect(try a.sync().isComplete)
        let stored = try CurlCalDAVClient(server: server).curl(
            ["-X", "PUT", "-H", "Content-Type: text/calendar; charset=utf-8", late.url.absoluteString],
            body: String(decoding: late.body ?? Data(), as: UTF8.self))
        try #require((200..<300).contains(stored.status))
        #expect(try setUp.copies(of: uid, in: urls, server: server).count == 2)

        try b.sync()
        try a.sync()
        try b.sync()
        let onServer = try setUp.copies(of: uid, in: urls, server: server)
        #expect(onServer == [lists.then.lowercased()], "the later move wins, once: \(onServer)")
        try expectAgreed(a, b, on: onServer)
        #expect(try a.sync().isComplete && b.sync().isComplete)
    }

    /// Runs `mover`'s sync until its first DELETE, and there `other`'s whole sync; then `mover`
    /// stops as if killed (its state keeps what it wrote before the PUT, not after).
    private func killedAtDelete(_ mover: SyncDevice, while other: SyncDevice) throws {
        let real = mover.transport
        let hook = HookTransport(real)
        var otherError: (any Error)?
        hook.answer = { request, forward throws(SyncError) in
            guard request.method == "DELETE" else { return try forward() }
            do {
                try other.sync()
            } catch {
                otherError = error
            }
            throw .unreachable(url: request.url.absoluteString, reason: "killed")
        }
        mover.transport = hook
        defer { mover.transport = real }
        #expect(throws: SyncError.self) { try mover.sync() }
        if let otherError { throw otherError }
    }

    @Test(
        "a move stopped between its PUT and its DELETE while the other device syncs ends where it was moved",
        arguments: CalDAVTestServer.Kind.allCases, [("Home", "Shopping"), ("Shopping", "Home")])
    func movedAgainWhileOtherSyncs(kind: CalDAVTestServer.Kind, lists: (String, String)) throws {
        let (setUp, server, urls, a, b) = try syncedPair(kind)
        defer { server.stop() }
        let uid = "phone-report"
        // a moves it, and b takes the move.
        try a.move("quarterly report", to: lists.0)
        #expect(try a.sync().isComplete)
        #expect(try b.sync().pulledMoved == 1)
        #expect(try setUp.copies(of: uid, in: urls, server: server) == [lists.0.lowercased()])

        // b moves it on; a syncs between b's PUT and its DELETE, and b stops there.
        try b.move("quarterly report", to: lists.1)
        try killedAtDelete(b, while: a)
        // What b wrote before its PUT names the copy as its own (read back from the state file).
        let state = SyncStateFile(storePath: b.storePath)
        let moving = try #require(try state.load()?.records.first).movingTo.map(\.href)
        let folders = moving.compactMap { URL(string: $0)?.deletingLastPathComponent().lastPathComponent }
        #expect(folders == [lists.1.lowercased()], "\(moving)")
        #expect(try setUp.copies(of: uid, in: urls, server: server).count >= 1)

        // b finishes its move; a follows.
        #expect(try b.sync().isComplete)
        #expect(try state.load()?.records.first?.movingTo == [])
        try a.sync()
        let onServer = try setUp.copies(of: uid, in: urls, server: server)
        #expect(onServer == [lists.1.lowercased()], "b's move wins: \(onServer)")
        try expectAgreed(a, b, on: onServer)
        #expect(try a.sync().isComplete && b.sync().isComplete)
    }
}

import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// Every list synced with a collection of its own, against real Radicale and Xandikos: three
/// calendars another client made, two devices, moves either way, a move stopped half-way, a
/// calendar deleted on the server.
@Suite("Sync of every list", .serialized)
struct SyncListsTests {
    /// A server with three to-do calendars made by another client (curl), one to-do in Work, and
    /// two devices linked to all three.
    func setUp(_ kind: CalDAVTestServer.Kind) throws -> (CalDAVTestServer, [URL], SyncDevice, SyncDevice) {
        let server = try CalDAVTestServer(kind)
        let other = CurlCalDAVClient(server: server)
        let urls = ["work", "home", "shopping"].map { server.collectionURL($0) }
        try other.makeCalendar(urls[0], name: "Work", color: "#FF0000FF")
        try other.makeCalendar(urls[1], name: "Home")
        try other.makeCalendar(urls[2], name: "Shopping")
        try other.put("quarterly report", uid: "phone-report", in: urls[0])
        let a = try SyncDevice(server: server, collection: urls[0])
        let b = try SyncDevice(server: server, collection: urls[0])
        a.collections = urls
        b.collections = urls
        return (server, urls, a, b)
    }

    /// Where the server holds `uid`: the names of the collections, once per copy.
    func copies(of uid: String, in urls: [URL], server: CalDAVTestServer) throws -> [String] {
        let other = CurlCalDAVClient(server: server)
        return try urls.flatMap { url in
            try other.uids(in: url).filter { $0 == uid.lowercased() }.map { _ in url.lastPathComponent }
        }
    }

    @Test(
        "three calendars become three lists on two devices, and moves arrive on both sides",
        arguments: CalDAVTestServer.Kind.allCases)
    func moves(kind: CalDAVTestServer.Kind) throws {
        let (server, urls, a, b) = try setUp(kind)
        defer { server.stop() }
        let first = try a.sync()
        #expect(first.pulledAdded == 1, "\(first.summary)")
        #expect(
            try Set(a.lists().keys) == ["Work", "Home", "Shopping"], "the standard list took the first calendar's name")
        #expect(try a.lists()["Work"]?.color == .red)
        let report = try #require(try a.item("quarterly report"))
        #expect(try report.listID == a.lists()["Work"]?.id)

        try a.add("bread", list: "Shopping")
        #expect(try a.sync().pushedAdded == 1)
        try b.sync()
        #expect(try try b.item("bread")?.listID == b.lists()["Shopping"]?.id)
        let id = try #require(try a.item("bread")).id
        let uid = id.uuidString

        // Moved on a: one PUT into Home, one DELETE from Shopping; the same UID, one resource.
        try a.move("bread", to: "Home")
        let moved = try a.sync()
        #expect(moved.pushedMoved == 1 && moved.isComplete, "\(moved.summary)")
        #expect(try copies(of: uid, in: urls, server: server) == ["home"])
        let arrived = try b.sync()
        #expect(arrived.pulledMoved == 1, "\(arrived.summary)")
        let there = try #require(try b.item("bread"))
        #expect(try there.id == id && there.listID == b.lists()["Home"]?.id)

        // And back the other way, with an edit on the side.
        try b.move("bread", to: "Work")
        try b.edit("bread") { $0.notes = "rye" }
        #expect(try b.sync().isComplete)
        try a.sync()
        let back = try #require(try a.item("bread"))
        #expect(try back.id == id && back.listID == a.lists()["Work"]?.id && back.notes == "rye")
        #expect(try copies(of: uid, in: urls, server: server) == ["work"])
        #expect(try a.items().count == 2 && b.items().count == 2)

        // Nothing changed: one request per calendar.
        try a.sync()
        let transport = HookTransport(a.transport)
        a.transport = transport
        let quiet = try a.sync()
        #expect(quiet.remoteUnchanged && quiet.summary == "In sync; nothing changed.", "\(quiet.summary)")
        #expect(transport.requests.count == urls.count, "\(transport.requests.map(\.method))")
    }

    @Test(
        "a move stopped between its PUT and its DELETE is finished by the next run",
        arguments: CalDAVTestServer.Kind.allCases)
    func interruptedMove(kind: CalDAVTestServer.Kind) throws {
        let (server, urls, a, b) = try setUp(kind)
        defer { server.stop() }
        try a.sync()
        try a.add("stamps", list: "Shopping")
        try a.sync()
        try b.sync()
        let uid = try #require(try a.item("stamps")).id.uuidString
        try a.move("stamps", to: "Home")

        // The run stops at the DELETE of the old copy, as if killed there.
        let real = a.transport
        let hook = HookTransport(real)
        hook.answer = { request, forward throws(SyncError) in
            if request.method == "DELETE" { throw .unreachable(url: request.url.absoluteString, reason: "stopped") }
            return try forward()
        }
        a.transport = hook
        #expect(throws: SyncError.self) { try a.sync() }
        #expect(try copies(of: uid, in: urls, server: server).sorted() == ["home", "shopping"])

        a.transport = real
        let finished = try a.sync()
        #expect(finished.isComplete, "\(finished.summary)")
        #expect(try copies(of: uid, in: urls, server: server) == ["home"])
        try b.sync()
        #expect(try try b.item("stamps")?.listID == b.lists()["Home"]?.id)
        #expect(try b.items().count == 2)
    }

    @Test("a move another client makes arrives as a move", arguments: CalDAVTestServer.Kind.allCases)
    func moveFromElsewhere(kind: CalDAVTestServer.Kind) throws {
        let (server, urls, a, _) = try setUp(kind)
        defer { server.stop() }
        try a.sync()
        let before = try #require(try a.item("quarterly report"))
        try a.edit("quarterly report") { $0.tags = TodoTags(["local"]) }
        try a.sync()
        // The other client puts the same UID into Home, then deletes it from Work.
        let other = CurlCalDAVClient(server: server)
        try other.put("quarterly report", uid: "phone-report", in: urls[1])
        try other.delete(urls[0].appendingPathComponent("phone-report.ics"))
        let report = try a.sync()
        #expect(report.pulledMoved == 1 && report.pulledDeleted == 0, "\(report.summary)")
        let after = try #require(try a.item("quarterly report"))
        #expect(try after.id == before.id && after.listID == a.lists()["Home"]?.id)
        #expect(try a.items().count == 1)
    }

    @Test(
        "a calendar deleted on the server stops the run until --yes, and its to-dos stay",
        arguments: CalDAVTestServer.Kind.allCases)
    func deletedCollection(kind: CalDAVTestServer.Kind) throws {
        let (server, urls, a, _) = try setUp(kind)
        defer { server.stop() }
        a.home = server.homeURL
        try a.sync()
        try a.add("milk", list: "Shopping")
        try a.add("eggs", list: "Shopping")
        try a.sync()
        try CurlCalDAVClient(server: server).delete(urls[2])
        #expect {
            try a.sync()
        } throws: { error in
            guard case .collectionGone(let list, _, let count) = error as? SyncError else { return false }
            return list == "Shopping" && count == 2
        }
        #expect(try a.items().count == 3)
        a.collections = urls
        let kept = try a.sync(confirmed: true)
        #expect(kept.unlinked == [urls[2].absoluteString], "\(kept.summary)")
        #expect(kept.linked.isEmpty, "a list kept here gets no calendar again")
        #expect(try try a.item("milk")?.listID == a.lists()["Shopping"]?.id)
        #expect(try a.items().count == 3)
        // The account no longer names it: the list stays here, and the rest syncs.
        a.collections = Array(urls.prefix(2))
        try a.add("call plumber", list: "Home")
        let after = try a.sync()
        #expect(after.isComplete && after.linked.isEmpty, "\(after.summary)")
        #expect(try a.item("eggs") != nil)
    }
}

/// Lists made and renamed here, and calendars renamed on the server.
@Suite("Lists made and renamed", .serialized)
struct SyncListNamesTests {
    @Test("a list made here gets a calendar; renames go both ways", arguments: CalDAVTestServer.Kind.allCases)
    func madeAndRenamed(kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        defer { server.stop() }
        let other = CurlCalDAVClient(server: server)
        let urls = ["work", "home"].map { server.collectionURL($0) }
        try other.makeCalendar(urls[0], name: "Work")
        try other.makeCalendar(urls[1], name: "Home")
        let a = try SyncDevice(server: server, collection: urls[0])
        a.collections = urls
        a.home = server.homeURL
        try a.sync()

        let context = a.context()
        try context.insertList(TodoList(name: "Errands", color: .green))
        try context.save()
        try a.add("post office", list: "Errands")
        let made = try a.sync()
        #expect(made.linked.count == 1 && made.pushedAdded == 1 && made.isComplete, "\(made.summary)")
        let link = try #require(made.linked.first)
        let errands = try #require(URL(string: link))
        let found = try #require(try a.client.calendar(errands))
        #expect(found.collection.name == "Errands" && found.collection.color?.uppercased().hasPrefix("#008000") == true)
        #expect(try other.uids(in: errands).count == 1)

        let b = try SyncDevice(server: server, collection: urls[0])
        b.collections = urls + [errands]
        try b.sync()
        #expect(try b.item("post office")?.listID == b.lists()["Errands"]?.id)

        // Renamed here: the calendar follows; renamed on the server: the list follows.
        let renaming = a.context()
        let work = try #require(try renaming.lists().first { $0.name == "Work" })
        try renaming.updateList(work.id) { $0.name = "Office" }
        try renaming.save()
        a.collections = urls + [errands]
        #expect(try a.sync().isComplete)
        #expect(try a.client.calendar(urls[0])?.collection.name == "Office")
        try b.sync()
        #expect(try b.lists()["Office"] != nil)
        try other.rename(urls[1], to: "House")
        try a.sync()
        #expect(try Set(a.lists().keys) == ["Office", "House", "Errands"])
    }
}

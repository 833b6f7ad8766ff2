import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// Calendars added on the server after setup, a calendar the server refuses to make, and a
/// server rename to a name another list has here.
@Suite("Calendars found, refused and renamed", .serialized)
struct SyncCalendarPolicyTests {
    @Test(
        "a calendar added on the server is linked by a full run an hour after the last listing, never by a quiet one",
        arguments: CalDAVTestServer.Kind.allCases)
    func addedOnServer(kind: CalDAVTestServer.Kind) throws {
        let (server, urls, a, _) = try SyncListsTests().setUp(kind)
        defer { server.stop() }
        a.home = server.homeURL
        try a.sync()
        try a.sync()
        let other = CurlCalDAVClient(server: server)
        let garden = server.collectionURL("garden")
        try other.makeCalendar(garden, name: "Garden")
        try other.put("prune roses", uid: "phone-roses", in: garden)

        let quietHook = HookTransport(a.transport)
        a.transport = quietHook
        let quiet = try a.sync()
        #expect(quiet.remoteUnchanged && quiet.discovered.isEmpty, "\(quiet.summary)")
        #expect(quietHook.requests.count == urls.count, "\(quietHook.requests.map(\.method))")

        try a.add("water plants", list: "Home")
        let soon = try a.sync()
        #expect(soon.pushedAdded == 1 && soon.discovered.isEmpty, "listed less than an hour ago: \(soon.summary)")
        a.now = { Date().addingTimeInterval(3_700) }
        try a.add("mow lawn", list: "Home")
        let full = try a.sync()
        #expect(full.discovered == [garden.absoluteString] && full.isComplete, "\(full.summary)")
        #expect(try a.item("prune roses")?.listID == a.lists()["Garden"]?.id)
        a.collections = urls + [garden]
        try a.add("rake leaves", list: "Garden")
        let pushed = try a.sync()
        #expect(pushed.pushedAdded == 1 && pushed.discovered.isEmpty, "\(pushed.summary)")
        #expect(try other.uids(in: garden).count == 2)
    }

    @Test("a calendar the server refuses (403) is asked for again only with --yes")
    func refused() throws {
        let server = try CalDAVTestServer(.radicale, rights: CalDAVTestServer.aliceReadsBobsShared)
        defer { server.stop() }
        let other = CurlCalDAVClient(server: server)
        let urls = ["work", "home"].map { server.collectionURL($0) }
        try other.makeCalendar(urls[0], name: "Work")
        try other.makeCalendar(urls[1], name: "Home")
        // From now on alice may write in these two calendars but make no other.
        try server.replaceRights(
            """
            [alice-calendars]
            user: alice
            collection: alice/(work|home)(/.*)?
            permissions: rw
            [alice-home]
            user: alice
            collection: alice
            permissions: R
            """)
        let a = try SyncDevice(server: server, collection: urls[0])
        a.collections = urls
        a.home = server.homeURL
        try a.sync()
        let context = a.context()
        try context.insertList(TodoList(name: "Errands", color: .green))
        try context.save()
        try a.add("post office", list: "Errands")
        let first = try a.sync()
        #expect(first.calendarRefused == ["Errands"] && first.linked.isEmpty, "\(first.summary)")
        #expect(first.summary.contains("sync --yes"))
        let errands = try #require(try a.lists()["Errands"])
        #expect(SyncStateFile(storePath: a.storePath).loadHeader()?.calendarRefused == [errands.id])

        try a.add("call plumber", list: "Home")
        let hook = HookTransport(a.transport)
        a.transport = hook
        let next = try a.sync()
        #expect(next.pushedAdded == 1 && next.calendarRefused.isEmpty, "\(next.summary)")
        #expect(!hook.requests.contains { $0.method == "MKCALENDAR" })

        try server.replaceRights(CalDAVTestServer.aliceReadsBobsShared)
        let retried = try a.sync(confirmed: true)
        #expect(retried.linked.count == 1 && retried.pushedAdded == 1, "\(retried.summary)")
        #expect(SyncStateFile(storePath: a.storePath).loadHeader()?.calendarRefused == nil)
    }

    @Test(
        "a server rename to another list's name: the list here is 'Name 2', the calendar keeps its name",
        arguments: CalDAVTestServer.Kind.allCases)
    func renameClash(kind: CalDAVTestServer.Kind) throws {
        let (server, urls, a, _) = try SyncListsTests().setUp(kind)
        defer { server.stop() }
        try a.sync()
        let other = CurlCalDAVClient(server: server)
        try other.rename(urls[1], to: "Work")
        let renamed = try a.sync()
        #expect(renamed.isComplete, "\(renamed.summary)")
        #expect(try Set(a.lists().keys) == ["Work", "Work 2", "Shopping"])
        let hook = HookTransport(a.transport)
        a.transport = hook
        let quiet = try a.sync()
        #expect(quiet.remoteUnchanged, "\(quiet.summary)")
        #expect(hook.requests.count == urls.count && !hook.requests.contains { $0.method == "PROPPATCH" })
        #expect(try a.client.calendar(urls[1])?.collection.name == "Work")

        // Renamed here afterwards: the calendar takes the new name.
        let context = a.context()
        let second = try #require(try a.lists()["Work 2"])
        try context.updateList(second.id) { $0.name = "Chores" }
        try context.save()
        #expect(try a.sync().isComplete)
        #expect(try a.client.calendar(urls[1])?.collection.name == "Chores")
    }
}

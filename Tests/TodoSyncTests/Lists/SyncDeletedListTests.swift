import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// A list deleted here whose calendar the server still has, against real Radicale and Xandikos:
/// the run asks before it deletes the calendar, an empty one goes without asking, a read-only one
/// is let go, and an undone deletion changes nothing.
@Suite("A list deleted here", .serialized)
struct SyncDeletedListTests {
    /// Deletes the list named `name` with its to-dos, as the app's Ctrl-D does, and saves.
    private func deleteList(_ name: String, on device: SyncDevice) throws {
        let context = device.context()
        let list = try #require(try device.lists()[name])
        try context.deleteList(list.id)
        try context.save()
    }

    @Test(
        "the run stops naming the calendar and its count; --yes deletes the calendar; an empty one goes at once",
        arguments: CalDAVTestServer.Kind.allCases)
    func deletedHere(kind: CalDAVTestServer.Kind) throws {
        let (server, urls, a, _) = try SyncListsTests().setUp(kind)
        defer { server.stop() }
        a.home = server.homeURL
        try a.sync()
        try a.add("milk", list: "Shopping")
        try a.add("eggs", list: "Shopping")
        try a.sync()
        try deleteList("Shopping", on: a)

        #expect {
            try a.sync()
        } throws: { error in
            guard case .listDeletedHere(let calendar, let url, let count) = error as? SyncError else { return false }
            return calendar == "Shopping" && url == urls[2].absoluteString && count == 2
                && (error as? SyncError)?.description.contains("holds 2 to-dos") == true
        }
        let other = CurlCalDAVClient(server: server)
        #expect(try other.uids(in: urls[2]).count == 2, "nothing deleted without asking")
        #expect(try a.lists()["Shopping"] == nil, "no list made again")

        let hook = HookTransport(a.transport)
        a.transport = hook
        let deleted = try a.sync(confirmed: true)
        #expect(deleted.deletedCalendars == [urls[2].absoluteString] && deleted.isComplete, "\(deleted.summary)")
        let delete = try #require(hook.requests.first { $0.method == "DELETE" })
        #expect(delete.url == urls[2] && delete.headers["If-Match"] != nil)
        #expect(try a.client.calendar(urls[2]) == nil)
        #expect(try other.uids(in: urls[0]).count == 1, "the other calendars keep their to-dos")

        // The account drops it (as the helper does): the next run is complete, nothing more deleted.
        a.collections = Array(urls.prefix(2))
        let after = try a.sync()
        #expect(after.isComplete && after.pushedDeleted == 0 && after.deletedCalendars.isEmpty, "\(after.summary)")

        // An empty list whose calendar is empty: deleted on the server without asking.
        let context = a.context()
        try context.insertList(TodoList(name: "Spare", color: .blue))
        try context.save()
        let made = try a.sync()
        let spare = try #require(made.linked.first.flatMap(URL.init(string:)))
        a.collections = Array(urls.prefix(2)) + [spare]
        try deleteList("Spare", on: a)
        let gone = try a.sync()
        #expect(gone.deletedCalendars == [spare.absoluteString] && gone.isComplete, "\(gone.summary)")
        #expect(try a.client.calendar(spare) == nil)
    }

    @Test(
        "a calendar that may hold events too is never deleted: its list deleted here lets it go, events and to-dos kept",
        arguments: CalDAVTestServer.Kind.allCases)
    func calendarWithEventsKept(kind: CalDAVTestServer.Kind) throws {
        let (server, urls, a, _) = try SyncListsTests().setUp(kind)
        defer { server.stop() }
        let other = CurlCalDAVClient(server: server)
        let personal = server.collectionURL("personal")
        try other.makeCalendar(personal, name: "Personal", components: ["VEVENT", "VTODO"])
        let event =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:dentist\r\n"
            + "DTSTAMP:20261127T090000Z\r\nDTSTART:20261201T090000Z\r\nSUMMARY:Dentist\r\nEND:VEVENT\r\n"
            + "END:VCALENDAR\r\n"
        let put = try other.curl(
            [
                "-X", "PUT", "-H", "Content-Type: text/calendar",
                personal.appendingPathComponent("dentist.ics").absoluteString,
            ],
            body: event)
        #expect((200..<300).contains(put.status))
        try other.put("call the bank", uid: "phone-bank", in: personal)
        a.collections = urls + [personal]
        try a.sync()
        #expect(try a.lists()["Personal"] != nil)
        try deleteList("Personal", on: a)

        let hook = HookTransport(a.transport)
        a.transport = hook
        let report = try a.sync()
        #expect(report.keptCalendars == [personal.absoluteString] && report.isComplete, "\(report.summary)")
        #expect(report.summary.contains("kept on the server"), "\(report.summary)")
        #expect(!hook.requests.contains { $0.method == "DELETE" }, "nothing deleted on the server")
        #expect(try other.uids(in: personal) == ["phone-bank"])
        let still = try other.curl(["-X", "GET", personal.appendingPathComponent("dentist.ics").absoluteString])
        #expect(still.status == 200 && still.body.contains("SUMMARY:Dentist"))
        #expect(try a.lists()["Personal"] == nil, "no list made again")

        // The state ignores it from then on: a later run leaves it alone and makes no list of it.
        a.collections = urls
        let after = try a.sync()
        #expect(after.isComplete && after.discovered.isEmpty && after.keptCalendars.isEmpty, "\(after.summary)")
        #expect(try a.lists()["Personal"] == nil)
    }

    @Test(
        "undone before a sync, nothing happens on the server; made again, its to-dos come back",
        arguments: CalDAVTestServer.Kind.allCases)
    func undoneOrMadeAgain(kind: CalDAVTestServer.Kind) throws {
        let (server, urls, a, _) = try SyncListsTests().setUp(kind)
        defer { server.stop() }
        a.home = server.homeURL
        try a.sync()
        try a.add("milk", list: "Shopping")
        try a.sync()

        let context = a.context()
        let shopping = try #require(try a.lists()["Shopping"])
        try context.deleteList(shopping.id)
        try context.save()
        context.undo()
        try context.save()
        let hook = HookTransport(a.transport)
        a.transport = hook
        let report = try a.sync()
        #expect(report.isComplete && report.pushedDeleted == 0, "\(report.summary)")
        #expect(!hook.requests.contains { ["DELETE", "PUT", "MKCALENDAR"].contains($0.method) })
        #expect(try a.item("milk")?.listID == shopping.id)

        // Deleted, the run stops; a list of the calendar's name made here gets its to-dos back.
        try deleteList("Shopping", on: a)
        #expect(throws: SyncError.self) { try a.sync() }
        let again = a.context()
        try again.insertList(TodoList(name: "Shopping", color: .green))
        try again.save()
        let back = try a.sync()
        #expect(back.pulledAdded == 1 && back.pushedDeleted == 0 && back.isComplete, "\(back.summary)")
        #expect(try a.item("milk")?.listID == a.lists()["Shopping"]?.id)
        #expect(try CurlCalDAVClient(server: server).uids(in: urls[2]).count == 1)
        #expect(try a.sync().isComplete)
    }

    @Test("a read-only calendar's list deleted here is let go, never deleted")
    func readOnly() throws {
        let server = try CalDAVTestServer(.radicale, rights: CalDAVTestServer.aliceReadsBobsShared)
        defer { server.stop() }
        let (work, shared) = try CurlCalDAVClient.makeSharedCalendars(on: server)
        let device = try SyncDevice(server: server, collection: work)
        device.collections = [work, shared]
        device.home = server.homeURL
        try device.sync()
        try deleteList("Shared", on: device)
        let hook = HookTransport(device.transport)
        device.transport = hook
        let report = try device.sync()
        #expect(report.forgotten == [shared.absoluteString] && report.isComplete, "\(report.summary)")
        #expect(!hook.requests.contains { $0.method == "DELETE" })
        #expect(try CurlCalDAVClient(server: server, user: "bob").uids(in: shared) == ["bob-lunch"])
        #expect(SyncStateFile(storePath: device.storePath).loadHeader()?.ignoredCollections == [shared.absoluteString])
        device.collections = [work]
        #expect(try device.sync().isComplete)
        #expect(try device.lists()["Shared"] == nil)
    }
}

import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// A run after the first asks each linked calendar only what it reads of it (its type, name,
/// privileges and the marker the last run stored), and a quiet run still sees a calendar renamed
/// on the server or write rights taken away, on real Radicale and Xandikos.
@Suite("What a quiet run notices", .serialized)
struct SyncQuietNoticeTests {
    /// A server with the calendar "Work" holding one to-do, and a device linked to it, synced
    /// until it has nothing to do.
    private func settled(
        _ kind: CalDAVTestServer.Kind, rights: String? = nil, calendar: (CalDAVTestServer) throws -> URL
    ) throws -> (CalDAVTestServer, URL, SyncDevice) {
        let server = try CalDAVTestServer(kind, rights: rights)
        let url = try calendar(server)
        let device = try SyncDevice(server: server, collection: url)
        device.collections = [url]
        try device.sync()
        try device.sync()
        return (server, url, device)
    }

    private func work(on server: CalDAVTestServer) throws -> URL {
        let url = server.collectionURL("work")
        let other = CurlCalDAVClient(server: server)
        try other.makeCalendar(url, name: "Work", color: "#FF0000FF")
        try other.put("quarterly report", uid: "phone-report", in: url)
        return url
    }

    @Test(
        "a quiet run asks the calendar's type, name, privileges and sync token, nothing more",
        arguments: CalDAVTestServer.Kind.allCases)
    func asked(kind: CalDAVTestServer.Kind) throws {
        let (server, _, device) = try settled(kind, calendar: work)
        defer { server.stop() }
        let hook = HookTransport(device.transport)
        device.transport = hook
        let report = try device.sync()
        #expect(report.summary == "In sync; nothing changed.")
        #expect(hook.requests.map(\.method) == ["PROPFIND"])
        let body = String(decoding: hook.requests.first?.body ?? Data(), as: UTF8.self)
        for asked in ["resourcetype", "displayname", "current-user-privilege-set", "sync-token"] {
            #expect(body.contains("<d:\(asked)/>"), "\(asked) in \(body)")
        }
        for unasked in ["getctag", "calendar-color", "calendar-order", "supported-calendar-component-set"] {
            #expect(!body.contains(unasked), "\(unasked) in \(body)")
        }
    }

    @Test(
        "a calendar renamed on the server renames its list at the next run, a quiet one too",
        arguments: CalDAVTestServer.Kind.allCases)
    func renamed(kind: CalDAVTestServer.Kind) throws {
        let (server, url, device) = try settled(kind, calendar: work)
        defer { server.stop() }
        #expect(try device.lists()["Work"] != nil)
        let marker = try #require(SyncStateFile(storePath: device.storePath).loadHeader()?.links.first?.marker)
        try CurlCalDAVClient(server: server).rename(url, to: "Office")
        // Radicale keeps the sync token through a rename: only the name tells the run to look.
        // (Xandikos commits the new name into the calendar's git tree, which moves the token.)
        let unchanged = try device.client.knownCalendar(url, since: marker)?.marker.isUnchanged(since: marker)
        #expect(unchanged == (kind == .radicale))
        let report = try device.sync()
        #expect(report.isComplete, "\(report.summary)")
        #expect(try Set(device.lists().keys) == ["Office"])
        #expect(try device.item("quarterly report")?.listID == device.lists()["Office"]?.id)
        // Agreed again: the next run is quiet.
        let hook = HookTransport(device.transport)
        device.transport = hook
        #expect(try device.sync().summary == "In sync; nothing changed.")
        #expect(hook.requests.map(\.method) == ["PROPFIND"])
    }

    @Test("write rights taken away on the server make the list read-only at the next run, a quiet one too")
    func rightsLost() throws {
        let writes = CalDAVTestServer.aliceReadsBobsShared.replacingOccurrences(
            of: "permissions: r\n[alice-sees-bob]", with: "permissions: rw\n[alice-sees-bob]")
        #expect(writes != CalDAVTestServer.aliceReadsBobsShared)
        let (server, shared, device) = try settled(.radicale, rights: writes) {
            try CurlCalDAVClient.makeSharedCalendars(on: $0).shared
        }
        defer { server.stop() }
        let list = try #require(try device.lists()["Shared"])
        #expect(try device.item("team lunch")?.listID == list.id)
        #expect(SyncStateFile(storePath: device.storePath).readOnlyLists().isEmpty)
        #expect(try device.sync().summary == "In sync; nothing changed.")

        let marker = try #require(SyncStateFile(storePath: device.storePath).loadHeader()?.links.first?.marker)
        try server.replaceRights(CalDAVTestServer.aliceReadsBobsShared)
        // The token stays: only the privileges tell the run to look.
        #expect(try device.client.knownCalendar(shared, since: marker)?.marker.isUnchanged(since: marker) == true)
        let report = try device.sync()
        #expect(report.isComplete, "\(report.summary)")
        #expect(SyncStateFile(storePath: device.storePath).readOnlyLists() == [list.id])
        #expect(try CurlCalDAVClient(server: server, user: "bob").uids(in: shared) == ["bob-lunch"])
    }
}

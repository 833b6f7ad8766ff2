import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// A calendar the account may only read (Radicale's rights file grants alice `r` on bob's shared
/// calendar) is a read-only list: its to-dos arrive, and nothing is ever sent there.
@Suite("A read-only calendar", .serialized)
struct SyncReadOnlyListTests {
    @Test("its to-dos arrive; a local edit of one is never sent, and says so")
    func readOnly() throws {
        let server = try CalDAVTestServer(.radicale, rights: CalDAVTestServer.aliceReadsBobsShared)
        defer { server.stop() }
        let (work, shared) = try CurlCalDAVClient.makeSharedCalendars(on: server)
        let bob = CurlCalDAVClient(server: server, user: "bob")

        let device = try SyncDevice(server: server, collection: work)
        device.collections = [work, shared]
        let first = try device.sync()
        #expect(first.pulledAdded == 1 && first.isComplete, "\(first.summary)")
        let list = try #require(try device.lists()["Shared"])
        #expect(try device.item("team lunch")?.listID == list.id)
        #expect(SyncStateFile(storePath: device.storePath).readOnlyLists() == [list.id])

        // Changed here anyway (by a program that does not ask): the sync sends nothing there.
        try device.edit("team lunch") { $0.notes = "changed here" }
        try device.add("own to-do", list: "Work")
        let transport = HookTransport(device.transport)
        device.transport = transport
        let report = try device.sync()
        #expect(report.pushedAdded == 1)
        #expect(report.notSent.count == 1 && report.notSent[0].contains("read-only"), "\(report.summary)")
        #expect(!transport.requests.contains { $0.url.path.hasPrefix("/bob/") && $0.method == "PUT" })
        #expect(try bob.uids(in: shared) == ["bob-lunch"])
    }
}

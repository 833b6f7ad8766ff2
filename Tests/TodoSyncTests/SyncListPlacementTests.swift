import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// The sync links one collection, not the store's lists: a to-do another device changed stays in
/// the list it is in here, and one new to this store goes to the standard list, or to the first
/// list once the standard one is deleted.
@Suite("Lists through a one-collection sync", .serialized)
struct SyncListPlacementTests {
    @Test("a to-do in another list, edited on a second device, stays in its list; a new one goes to the first list")
    func placement() throws {
        let (server, collection) = try makeServer(.radicale)
        defer { server.stop() }
        let here = try SyncDevice(server: server, collection: collection)
        let there = try SyncDevice(server: server, collection: collection)

        let work = TodoList(name: "Work")
        let context = here.context()
        try context.insertList(work)
        try context.save()
        try here.add("report")
        try here.edit("report") { $0.listID = work.id }
        try here.sync()
        try there.sync()
        try there.edit("report") { $0.notes = "edited there" }
        try there.sync()

        let report = try here.sync()
        #expect(report.isComplete)
        let edited = try #require(try here.item("report"))
        #expect(edited.notes == "edited there")
        #expect(edited.listID == work.id)
        // Nothing is left to send: the list is this store's own, not a change for the server.
        let quiet = try here.sync()
        #expect(quiet.summary == "In sync; nothing changed.", "\(quiet.summary)")

        // The standard list emptied and deleted: what arrives next goes to the first list left.
        let emptying = here.context()
        #expect(try emptying.deleteList(TodoList.standardID) == 0)
        try emptying.save()
        try there.add("from there")
        try there.sync()
        let arrived = try here.sync()
        #expect(arrived.isComplete, "\(arrived.summary)")
        #expect(try here.item("from there")?.listID == work.id)
    }
}

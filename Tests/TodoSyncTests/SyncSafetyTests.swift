import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// The runs that stop and ask: more than half of a side deleted, or another collection.
@Suite("Sync safety", .serialized)
struct SyncSafetyTests {
    @Test("a run deleting more than half of a side stops until confirmed, on both sides")
    func massDeletion() throws {
        let (server, collection) = try makeServer(.radicale)
        defer { server.stop() }
        let a = try SyncDevice(server: server, collection: collection)
        let b = try SyncDevice(server: server, collection: collection)
        for index in 0..<6 { try a.add("item \(index)") }
        try a.sync()
        try b.sync()
        for index in 0..<4 { try b.delete("item \(index)") }
        #expect {
            try b.sync()
        } throws: { error in
            guard case .massDeletion(_, _, let remote, let total) = error as? SyncError else { return false }
            return remote == 4 && total == 6
        }
        #expect(try a.client.listTodos(collection).count == 6, "nothing was deleted on the server")
        try b.sync(confirmed: true)
        #expect(try a.client.listTodos(collection).count == 2)
        #expect {
            try a.sync()
        } throws: { error in
            guard case .massDeletion(let local, let total, _, _) = error as? SyncError else { return false }
            return local == 4 && total == 6
        }
        #expect(try a.items().count == 6, "nothing was deleted here")
        try a.sync(confirmed: true)
        #expect(try a.items().count == 2)
    }

    @Test("deleting fewer than half goes through without asking")
    func fewDeletions() throws {
        let (server, collection) = try makeServer(.xandikos)
        defer { server.stop() }
        let a = try SyncDevice(server: server, collection: collection)
        for index in 0..<5 { try a.add("item \(index)") }
        try a.sync()
        try a.delete("item 0")
        try a.delete("item 1")
        #expect(try a.sync().pushedDeleted == 2)
    }

    @Test("another collection stops the run until confirmed, then nothing is deleted")
    func collectionChanged() throws {
        let (server, collection) = try makeServer(.radicale)
        defer { server.stop() }
        let a = try SyncDevice(server: server, collection: collection)
        try a.add("one")
        try a.add("two")
        try a.sync()
        let other = server.collectionURL("elsewhere")
        try a.client.makeCalendar(other, displayName: "Elsewhere")
        a.collection = other
        #expect {
            try a.sync()
        } throws: { error in
            guard case .collectionChanged = error as? SyncError else { return false }
            return true
        }
        #expect(try a.client.listTodos(other).isEmpty)
        try a.sync(confirmed: true)
        #expect(try a.client.listTodos(other).count == 2, "the list goes to the new collection")
        #expect(try a.client.listTodos(collection).count == 2, "and nothing is deleted from the old one")
        #expect(try a.items().count == 2)
    }
}

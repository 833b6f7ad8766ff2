import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// A sync state of format 1 (one collection, every list, written by an older todo-tui) keeps
/// working, is rewritten as format 2, and an account set up again for every list carries its
/// to-dos into their lists' calendars.
@Suite("A sync state of the one-collection format", .serialized)
struct SyncStateUpgradeTests {
    @Test("format 1 reads as one collection of every list, and the next save writes format 2")
    func formatOne() throws {
        let (server, collection) = try makeServer(.radicale)
        defer { server.stop() }
        let a = try SyncDevice(server: server, collection: collection)
        try a.add("one")
        try a.sync()
        try a.sync()
        let file = SyncStateFile(storePath: a.storePath)
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        let header = try #require(file.loadHeader())
        let link = try #require(header.collections?.first)
        #expect(header.version == 2 && link.listID == nil)
        // The header as format 1 had it, on the first line in place of this version's marker
        // and header lines: the collection and its marker, no collections.
        let marker = String(decoding: try JSONEncoder().encode(link.marker), as: UTF8.self)
        let old =
            #"{"collection":"\#(link.url)","marker":\#(marker),"storeGeneration":\#(header.storeGeneration ?? 0),"#
            + #""version":1,"#
        let afterMarker = text[text.index(after: text.firstIndex(of: "\n")!)...]
        let rest = afterMarker[afterMarker.firstIndex(of: "\n")!...]
        try (old + rest).write(toFile: file.path, atomically: true, encoding: .utf8)

        #expect(file.loadHeader()?.links == [link])
        let quiet = try a.sync()
        #expect(quiet.summary == "In sync; nothing changed.", "\(quiet.summary)")
        try a.add("two")
        #expect(try a.sync().pushedAdded == 1)
        let upgraded = try String(contentsOfFile: file.path, encoding: .utf8)
        let lines = upgraded.split(separator: "\n", maxSplits: 2)
        #expect(lines[0] == #"{"appendedChanges":true,"#)
        #expect(lines[1].hasPrefix(#""collections":[{"#) && lines[1].contains(#""version":2"#))
        #expect(try file.load()?.records.count == 2)
    }

    @Test("set up again for every list, a one-collection store moves each list's to-dos to its calendar")
    func everyList() throws {
        let (server, collection) = try makeServer(.radicale)
        defer { server.stop() }
        let a = try SyncDevice(server: server, collection: collection)
        let context = a.context()
        try context.insertList(TodoList(name: "Work"))
        try context.save()
        try a.add("groceries")
        try a.add("report", list: "Work")
        try a.sync()
        let client = CurlCalDAVClient(server: server)
        #expect(try client.uids(in: collection).count == 2)

        let work = server.collectionURL("work")
        try client.makeCalendar(work, name: "Work")
        a.collections = [collection, work]
        let report = try a.sync()
        #expect(report.pushedMoved == 1 && report.isComplete, "\(report.summary)")
        let id = try #require(try a.item("report")).id.uuidString.lowercased()
        #expect(try client.uids(in: work) == [id])
        #expect(try client.uids(in: collection).count == 1)
        #expect(try a.lists()["To-dos"] != nil && a.items().count == 2)
    }
}

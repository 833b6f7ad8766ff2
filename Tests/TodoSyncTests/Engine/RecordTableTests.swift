import Foundation
import Testing
import TodoSyncModel

@testable import TodoSync

/// A run's records remember what changed since the last save, so that a save writes those alone.
@Suite("A run's records and their changes")
struct RecordTableTests {
    private static func record(_ id: UUID, _ version: Int, href: String = "http://127.0.0.1:1/c/x.ics") -> SyncRecord {
        SyncRecord(id: id, href: href, etag: "\"\(version)\"", localVersion: version, base: "base \(version)")
    }

    @Test("records set, changed back, dropped and added are told apart from those left as they were")
    func changes() {
        let ids = (0..<6).map { _ in UUID() }
        let outside = Self.record(ids[5], 50, href: "http://127.0.0.1:1/other/x.ics")
        var table = RecordTable(fallback: [ids[5]: outside])
        for index in 0..<4 { table.load(Self.record(ids[index], index)) }
        #expect(table.changes().changed.isEmpty && table.changes().removed.isEmpty)
        table[ids[0]] = Self.record(ids[0], 10)
        table[ids[1]] = Self.record(ids[1], 11)
        table[ids[1]] = Self.record(ids[1], 1)
        table[ids[2]] = nil
        table[ids[4]] = Self.record(ids[4], 4)
        // Inside the collection now: it takes the place of the copy outside, and then goes again.
        table[ids[5]] = Self.record(ids[5], 5)
        table[ids[5]] = nil
        let (changed, removed) = table.changes()
        let expected = [Self.record(ids[0], 10), Self.record(ids[4], 4)].sorted { $0.id.precedes($1.id) }
        #expect(changed == expected)
        #expect(removed == [ids[2]])
        #expect(table.all().map(\.id) == [ids[0], ids[1], ids[3], ids[4], ids[5]].sorted { $0.precedes($1) })
        table.markSaved()
        #expect(table.changes().changed.isEmpty && table.changes().removed.isEmpty)
        table[ids[3]]?.localVersion = 33
        #expect(table.changes().changed.map(\.localVersion) == [33])
    }

    @Test("room made for many records changes neither the records nor what counts as changed")
    func reservingRoom() {
        let ids = (0..<300).map { _ in UUID() }
        var table = RecordTable()
        table.load(Self.record(ids[0], 0))
        table.markSaved()
        table[ids[1]] = Self.record(ids[1], 1)
        table.reserveCapacity(adding: 1_000)
        #expect(table.count == 2)
        #expect(table.changes().changed == [Self.record(ids[1], 1)])
        for index in 2..<ids.count { table[ids[index]] = Self.record(ids[index], index) }
        table[ids[0]] = nil
        let (changed, removed) = table.changes()
        #expect(changed.count == ids.count - 1)
        #expect(Set(changed.map(\.id)) == Set(ids.dropFirst()))
        #expect(removed == [ids[0]])
        #expect(table.all() == changed)
    }
}

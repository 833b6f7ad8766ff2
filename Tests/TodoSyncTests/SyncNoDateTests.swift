import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// To-dos without a date through a real server: no DUE is ever made up, one removed here is
/// removed there, and one a phone adds arrives.
@Suite("To-dos without a date through a sync", .serialized)
struct SyncNoDateTests {
    /// As Apple Reminders writes a to-do without a date (tasks.org's fixture
    /// `apple/basic_no_due_date.txt`): no DUE, no DTSTART, no STATUS, no LAST-MODIFIED.
    static func phoneTodo(due: String? = nil, sequence: Int = 0) -> [UInt8] {
        let lines =
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 11.3//EN", "BEGIN:VTODO",
                "DTSTAMP:20180416T222430Z", "SEQUENCE:\(sequence)", "CREATED:20180416T222410Z",
                "SUMMARY:Test title", "UID:5C9953DF-5BE4-4F04-B33A-D3A3F4AC5D2B",
            ] + (due.map { ["DUE;VALUE=DATE:\($0)"] } ?? []) + ["END:VTODO", "END:VCALENDAR"]
        return Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    /// Puts the phone's to-do on the server; returns its URL and the server's copy.
    static func putPhoneTodo(
        _ device: SyncDevice, collection: URL
    ) throws -> (url: URL, stored: Resource) {
        let url = collection.appendingPathComponent("5C9953DF-5BE4-4F04-B33A-D3A3F4AC5D2B.ics")
        let put = try device.client.put(url, phoneTodo(), ifMatch: nil)
        guard case .stored = put else { throw CalDAVTestServer.Failure(description: "the server refused: \(put)") }
        guard let stored = try device.client.get(url) else {
            throw CalDAVTestServer.Failure(description: "the server lost the phone's to-do")
        }
        return (url, stored)
    }

    static func lines(_ bytes: [UInt8]) -> [String] {
        SyncForeignPropertyTests.lines(String(decoding: bytes, as: UTF8.self))
    }

    @Test(
        "a phone's undated to-do pulled, its text edited here and pushed: no DUE on the server, only the text changed",
        arguments: CalDAVTestServer.Kind.allCases)
    func editedUndated(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let device = try SyncDevice(server: server, collection: collection)
        let (url, original) = try Self.putPhoneTodo(device, collection: collection)
        try device.sync()
        let item = try #require(try device.item("Test title"))
        #expect(item.date == nil, "not dated by its CREATED or DTSTAMP")
        try device.edit("Test title") { $0.text = "Test title edited" }
        #expect(try device.sync().pushedChanged == 1)
        let stored = try #require(try device.client.get(url))
        let after = Self.lines(stored.bytes)
        let before = Self.lines(original.bytes)
        #expect(!after.contains { $0.hasPrefix("DUE") || $0.hasPrefix("DTSTART") }, "\(after)")
        #expect(!after.contains { $0.hasPrefix("STATUS") }, "no STATUS the phone did not write: \(after)")
        // Rewritten by design: the producer, the stamp, the edited field and its bookkeeping.
        let ours: Set<String> = ["PRODID", "DTSTAMP", "LAST-MODIFIED", "SUMMARY", "SEQUENCE"]
        func kept(_ lines: [String]) -> [String] {
            lines.filter { !ours.contains(String($0.prefix { $0 != ":" && $0 != ";" })) }
        }
        #expect(kept(after).sorted() == kept(before).sorted(), "every other line as the phone wrote it")
        #expect(after.contains("SUMMARY:Test title edited"))
        #expect(try device.item("Test title edited")?.date == nil, "still undated after the round")
    }

    @Test("a to-do made undated here loses its DUE on the server", arguments: CalDAVTestServer.Kind.allCases)
    func madeUndated(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let device = try SyncDevice(server: server, collection: collection)
        try device.add("Pay rent")
        try device.sync()
        let listed = try device.client.listTodos(collection)
        #expect(listed.count == 1)
        let url = try #require(listed.values.first?.url)
        #expect(Self.lines(try #require(try device.client.get(url)).bytes).contains { $0.hasPrefix("DUE") })
        try device.edit("Pay rent") { $0.date = nil }
        #expect(try device.sync().pushedChanged == 1)
        let after = Self.lines(try #require(try device.client.get(url)).bytes)
        #expect(!after.contains { $0.hasPrefix("DUE") }, "\(after)")
        let other = try SyncDevice(server: server, collection: collection)
        try other.sync()
        #expect(try #require(try other.item("Pay rent")).date == nil, "another device pulls it undated")
    }

    @Test("a date the phone adds arrives here, a whole day", arguments: CalDAVTestServer.Kind.allCases)
    func datedOnPhone(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let device = try SyncDevice(server: server, collection: collection)
        let (url, stored) = try Self.putPhoneTodo(device, collection: collection)
        try device.sync()
        #expect(try device.item("Test title")?.date == nil)
        let put = try device.client.put(url, Self.phoneTodo(due: "20261201", sequence: 1), ifMatch: stored.etag)
        guard case .stored = put else {
            Issue.record("the server refused the phone's change: \(put)")
            return
        }
        try device.sync()
        let item = try #require(try device.item("Test title"))
        #expect(item.date == Date(timeIntervalSince1970: 1_796_083_200) && !item.hasTime, "2026-12-01, a whole day")
    }
}

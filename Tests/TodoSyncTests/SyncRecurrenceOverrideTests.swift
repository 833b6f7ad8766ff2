import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// Thunderbird's resource of a series and a completed occurrence (`RECURRENCE-ID`) syncs as one
/// to-do; an edit here goes back to the server with both components, the override as it was.
@Suite("RECURRENCE-ID overrides over sync", .serialized)
struct SyncRecurrenceOverrideTests {
    @Test(
        "Thunderbird's series with a completed occurrence: one to-do here; edited here, the server keeps both components",
        arguments: CalDAVTestServer.Kind.allCases)
    func overridesKept(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let device = try SyncDevice(server: server, collection: collection)
        let url = collection.appendingPathComponent("e060c2b4.ics")
        _ = try device.client.put(url, Array(ThunderbirdSeries.resource.utf8), ifMatch: nil)
        try device.sync()
        try device.edit("Daily") { $0.text = "Daily walk" }
        #expect(try device.sync().pushedChanged == 1)

        #expect(try device.client.listTodos(collection).count == 1, "no second resource")
        let resource = try #require(try device.client.get(url))
        let lines = SyncForeignPropertyTests.lines(String(decoding: resource.bytes, as: UTF8.self))
        #expect(lines.contains("SUMMARY:Daily walk") && lines.contains("RRULE:FREQ=DAILY"), "\(lines)")
        // The server may order the properties of a component otherwise: compare the override's as a set.
        let mark = try #require(lines.firstIndex(of: "RECURRENCE-ID;TZID=America/Chicago:20201220T170000"))
        let begin = try #require(lines[..<mark].lastIndex(of: "BEGIN:VTODO"))
        let end = try #require(lines[mark...].lastIndex(of: "END:VTODO"))
        #expect(Set(lines[begin...end]) == Set(ThunderbirdSeries.override), "\(lines)")
        #expect(lines.filter { $0 == "BEGIN:VTODO" }.count == 2)
    }
}

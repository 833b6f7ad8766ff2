import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// Thunderbird's resource of a series and a completed occurrence (`RECURRENCE-ID`) syncs as one
/// to-do; an edit here goes back to the server with both components, the override as it was, and
/// completing the occurrence shown here adds a completed override beside them.
@Suite("RECURRENCE-ID overrides over sync", .serialized)
struct SyncRecurrenceOverrideTests {
    @Test(
        "Thunderbird's series with a completed occurrence: one to-do here; edited here, the server keeps both components",
        arguments: CalDAVTestServer.Kind.allCases)
    func overridesKept(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let (device, url) = try Self.seeded(server, collection)
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

    /// A device that synced Thunderbird's resource, put on the server first, and the resource's URL.
    static func seeded(_ server: CalDAVTestServer, _ collection: URL) throws -> (SyncDevice, URL) {
        let device = try SyncDevice(server: server, collection: collection)
        let url = collection.appendingPathComponent("e060c2b4.ics")
        _ = try device.client.put(url, Array(ThunderbirdSeries.resource.utf8), ifMatch: nil)
        try device.sync()
        return (device, url)
    }

    /// The lines of the VTODO of `lines` whose `RECURRENCE-ID` line is `id` (the series' own for
    /// nil), as a set: a server may order a component's properties otherwise.
    static func component(_ lines: [String], recurrenceID id: String?) -> Set<String>? {
        var current: [String] = []
        var inside = false
        for line in lines {
            if line == "BEGIN:VTODO", !inside {
                inside = true
                current = []
            }
            if inside { current.append(line) }
            guard line == "END:VTODO", inside else { continue }
            inside = false
            let own = current.first { $0.hasPrefix("RECURRENCE-ID") }
            if own == id { return Set(current) }
        }
        return nil
    }

    @Test(
        """
        completing Thunderbird's series here adds a completed override on the server, the series unchanged; a \
        second device reads one to-do at the next occurrence
        """,
        arguments: CalDAVTestServer.Kind.allCases)
    func completedHere(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let (device, url) = try Self.seeded(server, collection)
        let before = try #require(try device.client.get(url))
        let series = try #require(
            Self.component(
                SyncForeignPropertyTests.lines(String(decoding: before.bytes, as: UTF8.self)), recurrenceID: nil))
        try device.edit("Daily") { _ = $0.complete(at: Date(), calendar: SyncDevice.calendar) }
        #expect(try device.sync().pushedChanged == 1)

        #expect(try device.client.listTodos(collection).count == 1, "no second resource")
        let resource = try #require(try device.client.get(url))
        let lines = SyncForeignPropertyTests.lines(String(decoding: resource.bytes, as: UTF8.self))
        #expect(lines.filter { $0 == "BEGIN:VTODO" }.count == 3, "\(lines)")
        let own = try #require(Self.component(lines, recurrenceID: nil))
        // Only the stamps of the write change (DTSTAMP, and LAST-MODIFIED as for any change here).
        let stamp = { (line: String) in line.hasPrefix("DTSTAMP") || line.hasPrefix("LAST-MODIFIED") }
        #expect(own.filter { !stamp($0) } == series.filter { !stamp($0) }, "\(own)")
        #expect(own.contains("DTSTART;TZID=America/Chicago:20201220T170000") && own.contains("RRULE:FREQ=DAILY"))
        #expect(
            Self.component(lines, recurrenceID: "RECURRENCE-ID;TZID=America/Chicago:20201220T170000")
                == Set(ThunderbirdSeries.override))
        let added = try #require(
            Self.component(lines, recurrenceID: "RECURRENCE-ID;TZID=America/Chicago:20201221T170000"), "\(lines)")
        #expect(added.contains("STATUS:COMPLETED") && added.contains("PERCENT-COMPLETE:100"), "\(added)")
        #expect(added.contains("DTSTART;TZID=America/Chicago:20201221T170000"), "\(added)")

        let phone = try SyncDevice(server: server, collection: collection)
        try phone.sync()
        let items = try phone.items()
        #expect(items.count == 1)
        let read = try #require(items["Daily"])
        // 22 December 2020, 17:00 in Chicago.
        #expect(read.date == Date(timeIntervalSince1970: 1_608_678_000) && !read.isDone, "\(read)")
        #expect(read.completesAnOccurrence)
    }

    @Test(
        "the same occurrence completed on two devices before either syncs gives one override, not two",
        arguments: CalDAVTestServer.Kind.allCases)
    func completedTwice(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let (here, url) = try Self.seeded(server, collection)
        let there = try SyncDevice(server: server, collection: collection)
        try there.sync()
        try here.edit("Daily") { _ = $0.complete(at: Date(), calendar: SyncDevice.calendar) }
        try there.edit("Daily") { _ = $0.complete(at: Date().addingTimeInterval(60), calendar: SyncDevice.calendar) }
        try here.sync()
        try there.sync()
        try here.sync()

        let resource = try #require(try here.client.get(url))
        let lines = SyncForeignPropertyTests.lines(String(decoding: resource.bytes, as: UTF8.self))
        #expect(lines.filter { $0 == "BEGIN:VTODO" }.count == 3, "\(lines)")
        #expect(lines.filter { $0 == "RECURRENCE-ID;TZID=America/Chicago:20201221T170000" }.count == 1, "\(lines)")
        for device in [here, there] {
            let read = try #require(try device.item("Daily"))
            #expect(read.date == Date(timeIntervalSince1970: 1_608_678_000) && !read.isDone, "\(read)")
        }
    }

    @Test("a series with overrides completed to its end here and reopened reads back open at its last occurrence")
    func reopened() throws {
        let (server, collection) = try makeServer(.radicale)
        defer { server.stop() }
        let lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:series-2",
            "DTSTAMP:20301101T000000Z", "SUMMARY:Water plants", "RRULE:FREQ=DAILY;COUNT=2",
            "DTSTART;VALUE=DATE:20301119", "DUE;VALUE=DATE:20301119", "END:VTODO", "BEGIN:VTODO", "UID:series-2",
            "DTSTAMP:20301119T090000Z", "SUMMARY:Water plants", "RECURRENCE-ID;VALUE=DATE:20301119",
            "STATUS:COMPLETED", "END:VTODO", "END:VCALENDAR", "",
        ]
        let device = try SyncDevice(server: server, collection: collection)
        let url = collection.appendingPathComponent("series-2.ics")
        _ = try device.client.put(url, Array(lines.joined(separator: "\r\n").utf8), ifMatch: nil)
        try device.sync()
        let last = try #require(try device.item("Water plants")?.dueDate)
        try device.edit("Water plants") {
            #expect($0.complete(at: Date(), calendar: SyncDevice.calendar) == .completed)
        }
        try device.sync()
        var written = SyncForeignPropertyTests.lines(
            String(decoding: try #require(try device.client.get(url)).bytes, as: UTF8.self))
        #expect(written.filter { $0 == "BEGIN:VTODO" }.count == 3, "\(written)")
        #expect(Self.component(written, recurrenceID: nil)?.contains("STATUS:COMPLETED") == true, "\(written)")

        try device.edit("Water plants") { $0.reopen(at: Date(), calendar: SyncDevice.calendar) }
        #expect(try device.sync().pushedChanged == 1)
        written = SyncForeignPropertyTests.lines(
            String(decoding: try #require(try device.client.get(url)).bytes, as: UTF8.self))
        #expect(written.filter { $0 == "BEGIN:VTODO" }.count == 2, "the override added is gone: \(written)")
        #expect(!written.contains("RECURRENCE-ID;VALUE=DATE:20301120"), "\(written)")
        let series = try #require(Self.component(written, recurrenceID: nil))
        #expect(!series.contains("STATUS:COMPLETED") && !series.contains("PERCENT-COMPLETE:100"), "\(series)")

        let phone = try SyncDevice(server: server, collection: collection)
        try phone.sync()
        let read = try #require(try phone.item("Water plants"))
        #expect(!read.isDone && read.dueDate == last && read.completesAnOccurrence, "\(read)")
        try device.sync()
        #expect(try device.item("Water plants")?.isDone == false, "read back here too")
    }

    @Test(
        """
        different occurrences completed here and on a phone before a sync: the server keeps both overrides, \
        both devices show the occurrence after them
        """,
        arguments: CalDAVTestServer.Kind.allCases)
    func completedApart(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let (here, url) = try Self.seeded(server, collection)
        // Here: 21 December completed. The phone, meanwhile, completes the 22nd as Thunderbird writes it.
        try here.edit("Daily") { _ = $0.complete(at: Date(), calendar: SyncDevice.calendar) }
        let phoneOverride = [
            "BEGIN:VTODO", "UID:e060c2b4-5a5b-4b8f-9f2e-8d2f1d1c0a01", "DTSTAMP:20201222T220000Z", "SUMMARY:Daily",
            "RECURRENCE-ID;TZID=America/Chicago:20201222T170000", "DTSTART;TZID=America/Chicago:20201222T170000",
            "DUE;TZID=America/Chicago:20201222T170000", "STATUS:COMPLETED", "COMPLETED:20201222T220000Z",
            "PERCENT-COMPLETE:100", "SEQUENCE:1", "LAST-MODIFIED:20201222T220000Z", "END:VTODO",
        ]
        let onServer = try #require(try here.client.get(url))
        let phoneLines = ThunderbirdSeries.resource.components(separatedBy: "\r\n").dropLast(2)
        let phone = Array((phoneLines + phoneOverride + ["END:VCALENDAR", ""]).joined(separator: "\r\n").utf8)
        _ = try here.client.put(url, phone, ifMatch: onServer.etag)
        try here.sync()

        let resource = try #require(try here.client.get(url))
        let lines = SyncForeignPropertyTests.lines(String(decoding: resource.bytes, as: UTF8.self))
        #expect(lines.filter { $0 == "BEGIN:VTODO" }.count == 4, "the series and three overrides: \(lines)")
        for day in ["20", "21", "22"] {
            let id = "RECURRENCE-ID;TZID=America/Chicago:202012\(day)T170000"
            #expect(lines.filter { $0 == id }.count == 1, "\(day): \(lines)")
        }
        #expect(Self.component(lines, recurrenceID: phoneOverride[4]) == Set(phoneOverride), "the phone's, as written")
        #expect(try here.client.listTodos(collection).count == 1, "no second resource")
        let other = try SyncDevice(server: server, collection: collection)
        try other.sync()
        for device in [here, other] {
            let read = try #require(try device.item("Daily"))
            // 23 December 2020, 17:00 in Chicago.
            #expect(read.date == Date(timeIntervalSince1970: 1_608_764_400) && !read.isDone, "\(read)")
        }
    }
}

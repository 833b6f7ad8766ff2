import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// A phone's repeating to-do completed here advances in place on the server: same resource, same
/// UID, the next occurrence, the rule's COUNT one down, open again.
@Suite("Repeating to-dos over sync", .serialized)
struct SyncRecurrenceTests {
    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        return calendar
    }()

    /// A weekly to-do as tasks.org writes one: DTSTART and DUE in the phone's zone, an RRULE with
    /// a COUNT, SEQUENCE, and the VTIMEZONE.
    static func phoneTodo(
        due: String = "20261128T180000", count: Int = 5, summary: String = "Water the plants"
    )
        -> String
    {
        [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:+//IDN tasks.org//android-130900//EN",
            "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000",
            "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD",
            "END:VTIMEZONE",
            "BEGIN:VTODO", "DTSTAMP:20261120T101010Z", "UID:4711-water@phone.example.org",
            "CREATED:20261120T101010Z", "LAST-MODIFIED:20261120T101010Z", "SUMMARY:\(summary)",
            "DTSTART;TZID=Europe/Berlin:\(due)", "DUE;TZID=Europe/Berlin:\(due)",
            "RRULE:FREQ=WEEKLY;COUNT=\(count)", "SEQUENCE:2", "END:VTODO", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
    }

    /// 18:00 in Berlin on the given day of December 2026 (or of November when `november`).
    static func evening(_ day: Int, november: Bool = false) -> Date {
        berlin.date(from: DateComponents(year: 2026, month: november ? 11 : 12, day: day, hour: 18)) ?? Date()
    }

    /// The item the server's one resource holds, and that resource's unfolded lines.
    static func serverCopy(_ device: SyncDevice, _ url: URL) throws -> (TodoItem, [String]) {
        let resource = try #require(try device.client.get(url))
        let item = try ICalendarFormat.item(
            fromObjectResource: resource.bytes, name: "phone.ics", now: Date(), calendar: berlin)
        return (item, SyncForeignPropertyTests.lines(String(decoding: resource.bytes, as: UTF8.self)))
    }

    @Test(
        "a phone's weekly to-do completed here shows the next week on the server, same UID, no second resource",
        arguments: CalDAVTestServer.Kind.allCases)
    func completedHere(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let device = try SyncDevice(server: server, collection: collection)
        let url = collection.appendingPathComponent("4711-water.ics")
        _ = try device.client.put(url, Array(Self.phoneTodo().utf8), ifMatch: nil)
        try device.sync()
        try device.edit("Water the plants") { $0.complete(at: Self.evening(28, november: true), calendar: Self.berlin) }
        #expect(try device.sync().pushedChanged == 1)

        let (item, lines) = try Self.serverCopy(device, url)
        #expect(try device.client.listTodos(collection).count == 1, "no second resource")
        #expect(lines.contains("UID:4711-water@phone.example.org"))
        #expect(item.date == Self.evening(5) && item.start == Self.evening(5), "the next Saturday, 18:00 in Berlin")
        #expect(!item.isDone && !lines.contains { $0.hasPrefix("STATUS:COMPLETED") || $0.hasPrefix("COMPLETED") })
        #expect(lines.contains("RRULE:FREQ=WEEKLY;COUNT=4"), "\(lines)")
        #expect(lines.contains("SEQUENCE:3"), "SEQUENCE one up")
        #expect(item.repetition?.completedCount == 1)
    }

    @Test(
        "completed on two devices before either syncs: one advance, not two",
        arguments: CalDAVTestServer.Kind.allCases)
    func twoDevices(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let laptop = try SyncDevice(server: server, collection: collection)
        let desktop = try SyncDevice(server: server, collection: collection)
        let url = collection.appendingPathComponent("4711-water.ics")
        _ = try laptop.client.put(url, Array(Self.phoneTodo().utf8), ifMatch: nil)
        try laptop.sync()
        try desktop.sync()
        try laptop.edit("Water the plants") { $0.complete(at: Self.evening(28, november: true), calendar: Self.berlin) }
        try desktop.edit("Water the plants") {
            $0.complete(at: Self.evening(28, november: true) + 3_600, calendar: Self.berlin)
        }
        try laptop.sync()
        try desktop.sync()
        try laptop.sync()

        let (item, lines) = try Self.serverCopy(laptop, url)
        #expect(item.date == Self.evening(5), "one week on, not two")
        #expect(lines.contains("RRULE:FREQ=WEEKLY;COUNT=4"), "\(lines)")
        for device in [laptop, desktop] {
            let local = try #require(try device.item("Water the plants"))
            #expect(local.date == Self.evening(5) && local.repetition?.rule.count == 4)
        }
        #expect(try laptop.client.listTodos(collection).count == 1)
    }

    @Test(
        "completed on the phone and edited here: both kept, merged field by field",
        arguments: CalDAVTestServer.Kind.allCases)
    func phoneAdvancesWhileEditedHere(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let device = try SyncDevice(server: server, collection: collection)
        let url = collection.appendingPathComponent("4711-water.ics")
        _ = try device.client.put(url, Array(Self.phoneTodo().utf8), ifMatch: nil)
        try device.sync()
        try device.edit("Water the plants") { $0.priority = .high }
        // The phone completes the occurrence as tasks.org does: DUE and DTSTART a week on, COUNT-1.
        let current = try #require(try device.client.get(url))
        _ = try device.client.put(
            url, Array(Self.phoneTodo(due: "20261205T180000", count: 4).utf8), ifMatch: current.etag)
        try device.sync()

        let local = try #require(try device.item("Water the plants"))
        #expect(local.priority == .high, "the edit made here")
        #expect(local.date == Self.evening(5) && local.repetition?.rule.count == 4, "the phone's advance")
        let (item, _) = try Self.serverCopy(device, url)
        #expect(item.priority == .high && item.date == Self.evening(5))
    }
}

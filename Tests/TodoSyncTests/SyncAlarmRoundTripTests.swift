import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// Reminders as phones and desktop clients write them go through a sync with a real Radicale and
/// come back as they were; dismissing one here reaches the server's copy, and dismissing it on the
/// "phone" keeps it from going off here.
@Suite("Phone-written reminders through sync", .serialized)
struct SyncAlarmRoundTripTests {
    /// The clients whose VALARM shapes are tried (fixtures after their test files and what they
    /// write on a real device).
    enum Shape: String, CaseIterable, CustomStringConvertible {
        case tasksOrg = "tasks.org"
        case apple = "Apple Reminders"
        case thunderbird = "Thunderbird"
        var description: String { rawValue }
    }

    struct RefusedFixture: Error, CustomStringConvertible {
        var description: String
    }

    /// Now, to the second (iCalendar stamps have no fractions).
    static let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    /// Each shape's one reminder that fires here goes off five minutes before `now`.
    static let fires = now.addingTimeInterval(-300)

    static func stamp(_ date: Date) -> String { TodoAlarm.utcStamp(date) }

    /// The summary of the shape's to-do.
    static func summary(_ shape: Shape) -> String {
        switch shape {
        case .tasksOrg: "Take out the bins"
        case .apple: "Call the plumber"
        case .thunderbird: "Renew the passport"
        }
    }

    /// The VCALENDAR the client would PUT.
    static func calendar(_ shape: Shape) -> [String] {
        let created = stamp(now.addingTimeInterval(-86_400))
        let todo: [String]
        switch shape {
        case .tasksOrg:
            // Fifteen minutes before a due ten minutes from now, RELATED=END as tasks.org writes.
            todo = [
                "PRODID:+//IDN tasks.org//android-130804//EN", "BEGIN:VTODO", "DTSTAMP:" + created,
                "UID:6211797326454137390", "CREATED:" + created, "LAST-MODIFIED:" + created,
                "SUMMARY:" + summary(shape), "PRIORITY:9", "STATUS:NEEDS-ACTION",
                "DUE:" + stamp(now.addingTimeInterval(600)), "BEGIN:VALARM", "TRIGGER;RELATED=END:-PT15M",
                "ACTION:DISPLAY", "DESCRIPTION:Default Tasks.org description", "END:VALARM", "END:VTODO",
            ]
        case .apple:
            // An absolute reminder with Apple's alarm UIDs, and a location reminder's placeholder.
            todo = [
                "PRODID:-//Apple Inc.//iOS 17.1//EN", "BEGIN:VTODO", "DTSTAMP:" + created,
                "UID:6C1A4F4B-6A53-4E50-9C1D-2F3E8B0E5A11", "CREATED:" + created, "LAST-MODIFIED:" + created,
                "SUMMARY:" + summary(shape), "STATUS:NEEDS-ACTION", "X-APPLE-SORT-ORDER:612345678",
                "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER;VALUE=DATE-TIME:" + stamp(fires),
                "UID:2CBB42D2-0F52-4B53-9B0B-3C6E4D0B6A01", "X-WR-ALARMUID:2CBB42D2-0F52-4B53-9B0B-3C6E4D0B6A01",
                "END:VALARM", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder",
                "TRIGGER;VALUE=DATE-TIME:" + TodoAlarm.placeholderTrigger,
                "UID:8E3A1C55-77B0-4C7E-A0D9-1F2B3C4D5E6F", "X-WR-ALARMUID:8E3A1C55-77B0-4C7E-A0D9-1F2B3C4D5E6F",
                "X-APPLE-PROXIMITY:ARRIVE",
                "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS=1 Main St;X-APPLE-RADIUS=141.17;X-TITLE=Home:"
                    + "geo:37.42,-122.08",
                "END:VALARM", "END:VTODO",
            ]
        case .thunderbird:
            // An hour before a start 55 minutes from now: a duration without RELATED counts from it.
            todo = [
                "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", "BEGIN:VTODO", "CREATED:" + created,
                "LAST-MODIFIED:" + created, "DTSTAMP:" + created, "UID:1b9f3b0e-6c55-4a0b-9f7e-2d2d1d7a0c33",
                "SUMMARY:" + summary(shape), "DTSTART:" + stamp(now.addingTimeInterval(55 * 60)),
                "X-MOZ-GENERATION:1", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DURATION:-PT1H",
                "DESCRIPTION:Default Mozilla Description", "END:VALARM", "END:VTODO",
            ]
        }
        return ["BEGIN:VCALENDAR", "VERSION:2.0"] + todo + ["END:VCALENDAR"]
    }

    /// The VALARM blocks of an iCalendar text, each as its lines.
    static func alarmBlocks(_ lines: [String]) -> [[String]] {
        var blocks: [[String]] = []
        var open: [String]?
        for line in lines {
            if line == "BEGIN:VALARM" { open = [] }
            open?.append(line)
            if line == "END:VALARM", let block = open {
                blocks.append(block)
                open = nil
            }
        }
        return blocks
    }

    /// The unfolded lines of the server's copy at `url`.
    static func serverLines(_ device: SyncDevice, _ url: URL) throws -> [String] {
        let stored = try #require(try device.client.get(url))
        return SyncForeignPropertyTests.lines(String(decoding: stored.bytes, as: UTF8.self))
    }

    /// The reminders of `device`'s copy of the shape's to-do that go off now.
    static func due(_ device: SyncDevice, _ shape: Shape) throws -> [AlarmSchedule.Due] {
        let item = try #require(try device.item(summary(shape)))
        return AlarmSchedule.due(in: [item], now: now, calendar: SyncDevice.calendar, fired: []).due
    }

    /// A Radicale with the shape's to-do PUT by the "phone", and its URL.
    static func phoneWrote(_ shape: Shape) throws -> (CalDAVTestServer, URL, URL) {
        let (server, collection) = try makeServer(.radicale)
        let phone = try SyncDevice(server: server, collection: collection)
        let url = collection.appendingPathComponent("\(shape).ics".replacingOccurrences(of: " ", with: "-"))
        let put = try phone.client.put(
            url, Array((calendar(shape).joined(separator: "\r\n") + "\r\n").utf8), ifMatch: nil)
        guard case .stored = put else { throw RefusedFixture(description: "Radicale refused the fixture: \(put)") }
        return (server, collection, url)
    }

    @Test(
        """
        dismissed here: the server's copy gets X-MOZ-LASTACK on the VTODO, the VALARMs stay byte for byte, and a \
        second device does not fire it
        """,
        arguments: Shape.allCases)
    func dismissedHere(shape: Shape) throws {
        let (server, collection, url) = try Self.phoneWrote(shape)
        defer { server.stop() }
        let before = try Self.serverLines(try SyncDevice(server: server, collection: collection), url)
        let here = try SyncDevice(server: server, collection: collection)
        try here.sync()
        let item = try #require(try here.item(Self.summary(shape)))
        #expect(item.alarms.count == Self.alarmBlocks(before).count)
        let due = try Self.due(here, shape)
        #expect(due.map(\.instant) == [Self.fires], "one reminder goes off, at its time; the placeholder never")

        let dismissedAt = Self.now
        try here.edit(Self.summary(shape)) { $0.dismissAlarms(at: dismissedAt) }
        #expect(try here.sync().pushedChanged == 1)
        let after = try Self.serverLines(here, url)
        #expect(after.contains("X-MOZ-LASTACK:" + Self.stamp(dismissedAt)), "\(after)")
        let lastAck = try #require(after.firstIndex { $0.hasPrefix("X-MOZ-LASTACK") })
        let endTodo = try #require(after.firstIndex(of: "END:VTODO"))
        #expect(lastAck < endTodo && !Self.alarmBlocks(after).joined().contains { $0.hasPrefix("X-MOZ-LASTACK") })
        #expect(Self.alarmBlocks(after) == Self.alarmBlocks(before), "the VALARMs as the phone wrote them")
        #expect(after.lastIndex(of: "END:VALARM").map { $0 < endTodo } ?? false, "inside the VTODO")

        let second = try SyncDevice(server: server, collection: collection)
        try second.sync()
        #expect(try Self.due(second, shape).isEmpty, "dismissed on every device that syncs")
    }

    @Test(
        "dismissed on the phone (X-MOZ-LASTACK, or ACKNOWLEDGED in Apple's VALARM): not fired here after the next sync",
        arguments: Shape.allCases)
    func dismissedOnPhone(shape: Shape) throws {
        let (server, collection, url) = try Self.phoneWrote(shape)
        defer { server.stop() }
        let here = try SyncDevice(server: server, collection: collection)
        try here.sync()
        #expect(try Self.due(here, shape).count == 1, "due before the phone dismisses it")

        let phone = try SyncDevice(server: server, collection: collection)
        let stored = try #require(try phone.client.get(url))
        var lines = SyncForeignPropertyTests.lines(String(decoding: stored.bytes, as: UTF8.self))
        let acknowledged = Self.stamp(Self.now.addingTimeInterval(-60))
        if shape == .apple {
            // Apple marks the alarm itself (RFC 9074).
            let end = try #require(lines.firstIndex(of: "END:VALARM"))
            lines.insert("ACKNOWLEDGED:" + acknowledged, at: end)
        } else {
            let end = try #require(lines.firstIndex(of: "END:VTODO"))
            lines.insert("X-MOZ-LASTACK:" + acknowledged, at: end)
        }
        let put = try phone.client.put(
            url, Array((lines.joined(separator: "\r\n") + "\r\n").utf8), ifMatch: stored.etag)
        guard case .stored = put else {
            Issue.record("the phone's dismissal was refused: \(put)")
            return
        }
        try here.sync()
        #expect(try Self.due(here, shape).isEmpty, "not fired here")
        let item = try #require(try here.item(Self.summary(shape)))
        #expect(item.alarmInstants(calendar: SyncDevice.calendar).isEmpty)
        // Kept as the phone wrote it, and written back so when this device pushes the to-do.
        try here.edit(Self.summary(shape)) { $0.notes = "gloves" }
        try here.sync()
        let after = try Self.serverLines(here, url)
        #expect(after.contains(shape == .apple ? "ACKNOWLEDGED:" + acknowledged : "X-MOZ-LASTACK:" + acknowledged))
    }
}

import Foundation
import Testing

@testable import TodoCore

/// A repeating VTODO with `DUE;TZID=…` keeps its zone when it advances: the dates are written
/// in that zone again, at the same wall-clock time, whatever the zone of the device.
@Suite("A repeating to-do's TZID across an advance")
struct ICalendarRecurrenceZoneTests {
    static let python = ExternalProgram.python(withModule: "icalendar")
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()
    static let now = Date(timeIntervalSince1970: 1_792_800_000)  // 2026-10-23T16:00:00Z

    static let resource = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:zone-1",
        "DTSTAMP:20261001T080000Z", "SUMMARY:Water plants", "DTSTART;TZID=Europe/Berlin:20261020T090000",
        "DUE;TZID=Europe/Berlin:20261020T100000", "RRULE:FREQ=WEEKLY", "END:VTODO", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")

    static func completedExport() throws -> String {
        var item = try #require(
            try ExportFormat.ics.parse(.file(name: "in.ics", bytes: Array(resource.utf8)), now: now, calendar: utc)
                .first)
        #expect(item.complete(at: now, calendar: utc) != .completed)
        let output = ExportFormat.ics.export([item], now: now, calendar: utc)
        guard case .file(let bytes) = output else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(
        """
        completed on a device in UTC across Berlin's change to winter time, DUE and DTSTART stay in \
        TZID=Europe/Berlin at 10:00 and 09:00
        """
    )
    func keepsZone() throws {
        let text = try Self.completedExport()
        #expect(text.contains("\r\nDUE;TZID=Europe/Berlin:20261027T100000\r\n"), "\(text)")
        #expect(text.contains("\r\nDTSTART;TZID=Europe/Berlin:20261027T090000\r\n"), "\(text)")
    }

    @Test(
        "python icalendar reads the advanced dates as Europe/Berlin wall-clock times",
        .enabled(if: python != nil, "python3-icalendar is not installed")
    )
    func pythonReads() throws {
        let python = try #require(Self.python)
        let script = """
            import sys, icalendar
            todo = next(iter(icalendar.Calendar.from_ical(sys.stdin.buffer.read()).walk("VTODO")))
            for name in ("DTSTART", "DUE"):
                value = todo.decoded(name)
                print(name, value.strftime("%Y-%m-%d %H:%M"), value.tzinfo.zone, value.utcoffset())
            """
        let result = try python.run(["-c", script], input: Array(try Self.completedExport().utf8))
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output
                == "DTSTART 2026-10-27 09:00 Europe/Berlin 1:00:00\nDUE 2026-10-27 10:00 Europe/Berlin 1:00:00\n")
    }
}

import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// A series with a VTODO overriding one occurrence (`RECURRENCE-ID`, Thunderbird's shape for a
/// completed occurrence) is one to-do; the override is kept exactly and written back beside it.
@Suite("iCalendar RECURRENCE-ID overrides")
struct ICalendarOverrideTests {
    static let python = ExternalProgram.python(withModule: "icalendar")
    static let utc = ICalendarFieldsTests.utc
    static let now = ICalendarFieldsTests.now

    static let override = ThunderbirdSeries.override
    static let thunderbird = ThunderbirdSeries.resource

    @Test(
        """
        the series and its override read as one to-do that completes its next occurrence here, and are written \
        back as two components, the override exactly
        """
    )
    func oneSeries() throws {
        let item = try ICalendarFormat.item(
            fromObjectResource: Array(Self.thunderbird.utf8), name: "tb.ics", now: Self.now, calendar: Self.utc)
        #expect(item.text == "Daily" && !item.isDone && item.repeats && item.completesAnOccurrence)
        #expect(item.repetition?.rule.rruleText == "FREQ=DAILY" && item.foreign.hasOccurrenceOverrides)
        var edited = item
        edited.text = "Daily walk"
        edited.modifiedAt = Self.now
        let written = String(
            decoding: ICalendarFormat.objectResource(for: edited, now: Self.now, calendar: Self.utc), as: UTF8.self)
        #expect(
            written.contains("\r\n" + Self.override.joined(separator: "\r\n") + "\r\nEND:VCALENDAR\r\n"), "\(written)")
        #expect(written.components(separatedBy: "BEGIN:VTODO").count == 3)
        #expect(written.contains("RRULE:FREQ=DAILY\r\n") && written.contains("SUMMARY:Daily walk\r\n"))
        let reread = try ICalendarFormat.item(
            fromObjectResource: Array(written.utf8), name: "again.ics", now: Self.now, calendar: Self.utc)
        #expect(reread.foreign == edited.foreign, "reading it back keeps the same lines")
        let file = try ExportFormat.ics.parse(
            .file(name: "tb.ics", bytes: Array(Self.thunderbird.utf8)), now: Self.now, calendar: Self.utc)
        #expect(file.count == 1, "a file import makes one to-do too, not a repeated id")
    }

    @Test(
        """
        python icalendar reads the resource of a series completed here as Thunderbird writes it: the series \
        unchanged, the occurrence it had completed, and the one completed here with its RECURRENCE-ID
        """,
        .enabled(if: python != nil, "python3-icalendar is not installed")
    )
    func pythonReads() throws {
        let python = try #require(Self.python)
        var item = try ICalendarFormat.item(
            fromObjectResource: Array(Self.thunderbird.utf8), name: "tb.ics", now: Self.now, calendar: Self.utc)
        item.text = "Daily walk"
        #expect(item.complete(at: Self.now, calendar: Self.utc) != .completed)
        let written = ICalendarFormat.objectResource(for: item, now: Self.now, calendar: Self.utc)
        let script = """
            import sys, icalendar
            for todo in icalendar.Calendar.from_ical(sys.stdin.buffer.read()).walk("VTODO"):
                rid = todo.get("RECURRENCE-ID")
                print(str(todo["UID"]), str(todo.get("RRULE").to_ical().decode()) if todo.get("RRULE") else "-",
                      rid.dt.isoformat() if rid else "-", str(todo.get("STATUS", "-")), len(todo.walk("VALARM")),
                      todo.decoded("DTSTART").isoformat(), todo.decoded("DUE").isoformat(),
                      todo.decoded("COMPLETED").isoformat() if todo.get("COMPLETED") else "-",
                      str(todo.get("PERCENT-COMPLETE", "-")), str(todo["SUMMARY"]))
            """
        let result = try python.run(["-c", script], input: written)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output == """
                e060c2b4-5a5b-4b8f-9f2e-8d2f1d1c0a01 FREQ=DAILY - - 0 2020-12-20T17:00:00-06:00 \
                2020-12-20T17:00:00-06:00 - - Daily walk
                e060c2b4-5a5b-4b8f-9f2e-8d2f1d1c0a01 - 2020-12-20T17:00:00-06:00 COMPLETED 1 \
                2020-12-20T17:00:00-06:00 2020-12-20T17:00:00-06:00 2020-12-20T22:01:39+00:00 100 Daily
                e060c2b4-5a5b-4b8f-9f2e-8d2f1d1c0a01 - 2020-12-21T17:00:00-06:00 COMPLETED 0 \
                2020-12-21T17:00:00-06:00 2020-12-21T17:00:00-06:00 2026-11-20T00:00:00+00:00 100 Daily walk

                """)
    }
}

import Foundation
import Testing

@testable import TodoCore

/// Phone-written VALARMs (tasks.org, Apple Reminders, Thunderbird shapes) through import, the
/// store and export; python icalendar's reading of the triggers.
@Suite("Alarm interop")
struct AlarmInteropTests {
    static let utc = AlarmTriggerTests.calendar("UTC")
    static let now = AlarmTriggerTests.utc("2026-11-26T12:00:00Z")

    /// A VTODO with `body` between SUMMARY and END:VTODO, CRLF.
    static func calendarText(_ uid: String, _ body: [String]) -> [UInt8] {
        let lines =
            ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:" + uid, "SUMMARY:Pay rent"]
            + body + ["END:VTODO", "END:VCALENDAR", ""]
        return Array(lines.joined(separator: "\r\n").utf8)
    }

    static let tasksOrg = [
        "DUE;TZID=Europe/Berlin:20261201T090000", "BEGIN:VALARM", "TRIGGER;RELATED=END:-PT1H15M", "ACTION:DISPLAY",
        "DESCRIPTION:Default Tasks.org description", "REPEAT:2", "DURATION:PT5M", "END:VALARM", "BEGIN:VALARM",
        "TRIGGER;VALUE=DATE-TIME:20261201T070000Z", "ACTION:DISPLAY", "DESCRIPTION:Default Tasks.org description",
        "END:VALARM",
    ]
    static let apple = [
        "DUE;VALUE=DATE:20261201", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder",
        "TRIGGER;VALUE=DATE-TIME:20261201T050000Z", "UID:2CBB42D2-1111-4D1B-9F4B-3B9B2A1A0001",
        "X-WR-ALARMUID:2CBB42D2-1111-4D1B-9F4B-3B9B2A1A0001", "END:VALARM", "BEGIN:VALARM", "ACTION:DISPLAY",
        "DESCRIPTION:Reminder", "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "X-APPLE-PROXIMITY:ARRIVE",
        "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS=1 Infinite Loop;X-APPLE-RADIUS=141.17;X-TITLE=Work:geo:37.42,-122.08",
        "END:VALARM", "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER;VALUE=DURATION:-PT5M", "ATTACH:Basso",
        "UID:2CBB42D2-1111-4D1B-9F4B-3B9B2A1A0002", "X-APPLE-DEFAULT-ALARM:TRUE", "END:VALARM",
    ]
    static let thunderbird = [
        "DTSTART;TZID=America/Chicago:20261130T110000", "DUE;TZID=America/Chicago:20261201T140000",
        "X-MOZ-LASTACK:20261126T100000Z", "X-MOZ-SNOOZE-TIME:20261126T130000Z", "BEGIN:VALARM", "ACTION:DISPLAY",
        "TRIGGER;VALUE=DURATION:-PT1H", "DESCRIPTION:Default Mozilla Description", "END:VALARM", "BEGIN:VALARM",
        "ACTION:EMAIL", "TRIGGER;VALUE=DURATION;RELATED=END:PT15M", "DESCRIPTION:Mail", "SUMMARY:Mail",
        "ATTENDEE:mailto:a@example.org", "END:VALARM",
    ]

    /// The VALARM blocks of `lines`, in order.
    static func blocks(_ lines: [String]) -> [[String]] {
        TodoAlarm.extract(from: lines).alarms.map(\.lines)
    }

    /// The lines inside the exported VTODO, unfolded.
    static func exportedLines(_ item: TodoItem) -> [String] {
        let lines = String(decoding: ICalendarFormat.objectResource(for: item, now: now, calendar: utc), as: UTF8.self)
            .replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
        return Array(lines.drop { $0 != "BEGIN:VTODO" }.dropFirst().prefix { $0 != "END:VTODO" })
    }

    @Test("tasks.org, Apple and Thunderbird VALARMs are read as alarms and written back byte for byte inside the VTODO")
    func roundTrip() throws {
        for body in [Self.tasksOrg, Self.apple, Self.thunderbird] {
            let item = try #require(
                try ICalendarFormat.item(
                    fromObjectResource: Self.calendarText("u1", body), name: "u1.ics", now: Self.now, calendar: Self.utc
                ))
            #expect(item.alarms.map(\.lines) == Self.blocks(body))
            #expect(!item.foreign.iCalendar.contains { $0.hasPrefix("BEGIN:VALARM") })
            let written = Self.exportedLines(item)
            #expect(Self.blocks(written) == Self.blocks(body), "inside the VTODO, byte for byte")
            // Through the store and back.
            let bytes = StoreEncoder.encode(StoreContents(generation: 1, items: [item]))
            let loaded = try StoreDecoder.decode(bytes, path: "t.json")
            #expect(loaded.items == [item])
        }
    }

    @Test(
        "which phone alarms fire here: tasks.org's with their repeats, Apple's dated one, Thunderbird's after its dismissal"
    )
    func firing() throws {
        let tasks = try ICalendarFormat.item(
            fromObjectResource: Self.calendarText("t", Self.tasksOrg), name: "t", now: Self.now, calendar: Self.utc)
        // 09:00 Berlin = 08:00Z; 1h15m before = 06:45Z, then 06:50Z and 06:55Z; the absolute 07:00Z.
        #expect(
            tasks.alarmInstants(calendar: Self.utc).map { UTCDateTimeText.of($0) } == [
                "20261201T064500Z", "20261201T065000Z", "20261201T065500Z", "20261201T070000Z",
            ])
        let apple = try ICalendarFormat.item(
            fromObjectResource: Self.calendarText("a", Self.apple), name: "a", now: Self.now, calendar: Self.utc)
        #expect(apple.alarmInstants(calendar: Self.utc).map { UTCDateTimeText.of($0) } == ["20261201T050000Z"])
        let thunderbird = try ICalendarFormat.item(
            fromObjectResource: Self.calendarText("b", Self.thunderbird), name: "b", now: Self.now, calendar: Self.utc)
        // Start 11:00 Chicago (CST, -06:00) = 17:00Z; an hour before = 16:00Z; the snooze at 13:00Z.
        #expect(
            thunderbird.alarmInstants(calendar: Self.utc).map { UTCDateTimeText.of($0) } == [
                "20261126T130000Z", "20261130T160000Z",
            ])
    }

    @Test("a dismissal here writes X-MOZ-LASTACK on the VTODO and drops the snooze; the alarms stay as they were")
    func dismissalWritten() throws {
        var item = try ICalendarFormat.item(
            fromObjectResource: Self.calendarText("b", Self.thunderbird), name: "b", now: Self.now, calendar: Self.utc)
        item.dismissAlarms(at: AlarmTriggerTests.utc("2026-11-26T13:01:00Z"))
        let written = Self.exportedLines(item)
        #expect(written.contains("X-MOZ-LASTACK:20261126T130100Z"))
        #expect(!written.contains { $0.hasPrefix("X-MOZ-SNOOZE-TIME") })
        #expect(Self.blocks(written) == Self.blocks(Self.thunderbird))
    }

    @Test("an alarm made here is a DISPLAY VALARM with the to-do's text, a UID and a RELATED trigger")
    func madeHere() throws {
        var item = TodoItem(text: "Pay rent", date: AlarmTriggerTests.utc("2026-12-01T09:00:00Z"), createdAt: Self.now)
        item = try AlarmRequest.apply(try AlarmRequest.parse("15m"), to: item, now: Self.now, calendar: Self.utc) {
            UUID(uuidString: "00000000-0000-4000-8000-000000000001") ?? UUID()
        }
        #expect(
            Self.blocks(Self.exportedLines(item)) == [
                [
                    "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Pay rent", "TRIGGER;RELATED=END:-PT15M",
                    "UID:00000000-0000-4000-8000-000000000001", "END:VALARM",
                ]
            ])
    }

    @Test("a format-3 store's VALARM kept as foreign lines loads as an alarm")
    func formatThreeUpgrade() throws {
        let line =
            #"{"color": "default", "createdAt": "2026-11-26T12:00:00.000Z", "date": "2026-12-01T09:00:00.000Z", "#
            + #""foreign": {"iCalendar": ["UID:x1", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:d", "#
            + #""TRIGGER;RELATED=END:-PT15M", "END:VALARM"]}, "hasTime": true, "#
            + #""id": "0E4F2D7A-3B1C-4D5E-8F60-718293A4B5C6", "isDone": false, "#
            + #""modifiedAt": "2026-11-26T12:00:00.000Z", "text": "Pay rent", "version": 1}"#
        let file =
            "{\n  \"format\": \"todo-tui\",\n  \"generation\": 1,\n  \"items\": [\n    \(line)\n  ],\n"
            + "  \"version\": 3\n}\n"
        let contents = try StoreDecoder.decode(Array(file.utf8), path: "t.json")
        let item = try #require(contents.items.first)
        #expect(item.alarms.count == 1 && item.foreign.iCalendar == ["UID:x1"])
        #expect(item.alarmInstants(calendar: Self.utc) == [AlarmTriggerTests.utc("2026-12-01T08:45:00Z")])
    }

    @Test(
        "python icalendar reads each exported TRIGGER as the instant todo-tui fires it",
        .enabled(if: ICalendarExportTests.python != nil, "/usr/bin/python3 with icalendar is not installed"))
    func pythonReadsTriggers() throws {
        let python = try #require(ICalendarExportTests.python)
        var items: [TodoItem] = []
        for (index, body) in [Self.tasksOrg, Self.apple, Self.thunderbird].enumerated() {
            var item = try ICalendarFormat.item(
                fromObjectResource: Self.calendarText("p\(index)", body), name: "p", now: Self.now, calendar: Self.utc)
            item.dismissAlarms(at: AlarmTriggerTests.utc("2000-01-01T00:00:00Z"))
            items.append(item)
        }
        let script = """
            import sys, datetime, icalendar
            cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
            out = []
            for t in cal.walk("VTODO"):
                for a in t.walk("VALARM"):
                    if str(a.get("ACTION")) != "DISPLAY": continue
                    trig = a.decoded("TRIGGER")
                    if isinstance(trig, datetime.timedelta):
                        key = "DUE" if a["TRIGGER"].params.get("RELATED") == "END" else "DTSTART"
                        base = t.decoded(key)
                        if not isinstance(base, datetime.datetime):
                            base = datetime.datetime.combine(base, datetime.time(0), tzinfo=datetime.timezone.utc)
                        trig = base + trig
                        n = int(a.get("REPEAT", 0)); d = a.decoded("DURATION") if "DURATION" in a else None
                        insts = [trig + k * d for k in range(n + 1)] if d else [trig]
                    else:
                        insts = [trig]
                    for i in insts:
                        if i.year > 1976: out.append(i.astimezone(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ"))
            print(" ".join(sorted(out)))
            """
        let result = try python.run(
            ["-c", script], input: ICalendarFormat.export(items, now: Self.now, calendar: Self.utc))
        #expect(result.status == 0, "\(result.error)")
        let ours = items.flatMap { $0.alarmInstants(calendar: Self.utc) }.map { UTCDateTimeText.of($0) }.sorted()
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == ours.joined(separator: " "))
    }
}

/// `20261201T090000Z` for test expectations.
enum UTCDateTimeText {
    static func of(_ date: Date) -> String { TodoAlarm.utcStamp(date) }
}

import Foundation
import Testing

@testable import TodoCore

/// Repeating VTODOs in the shapes real clients write, completed here: the result is the
/// advanced-in-place shape tasks.org and Nextcloud Tasks write, which python-icalendar reads and
/// python-dateutil agrees with (the next DTSTART is the rule's next occurrence).
@Suite("Repeating VTODOs of other clients completed here")
struct ICalendarRecurrenceInteropTests {
    static let python = ExternalProgram.python(withModule: "icalendar")
    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        return calendar
    }()
    static let now = Date(timeIntervalSince1970: 1_795_132_800)  // 2026-11-20T00:00:00Z

    /// One VCALENDAR around `lines` (the VTODO's own properties).
    static func resource(_ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO"] + lines + [
            "END:VTODO", "END:VCALENDAR", "",
        ]).joined(separator: "\r\n")
    }

    /// Shapes as each client writes a repeating to-do (27-dates / 28-recurrence fact sheets).
    static let shapes: [(client: String, text: String)] = [
        (
            "tasks.org",
            resource([
                "UID:4711-tasks", "DTSTAMP:20261120T080000Z", "SUMMARY:Water plants",
                "DTSTART;TZID=Europe/Berlin:20261121T090000", "DUE;TZID=Europe/Berlin:20261121T090000",
                "RRULE:FREQ=WEEKLY;COUNT=5", "SEQUENCE:1",
            ])
        ),
        (
            "Nextcloud Tasks",
            resource([
                "UID:nc-rent", "DTSTAMP:20261120T080000Z", "SUMMARY:Pay rent", "DTSTART;VALUE=DATE:20261130",
                "DUE;VALUE=DATE:20261130", "RRULE:FREQ=MONTHLY;BYMONTHDAY=-1", "STATUS:NEEDS-ACTION",
                "PERCENT-COMPLETE:0",
            ])
        ),
        (
            "Outlook",
            resource([
                "UID:040000008200E00074C5B7101A82E008", "DTSTAMP:20261120T080000Z", "SUMMARY:Team report",
                "DTSTART:20261119T160000Z", "DUE:20261119T170000Z", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TH;WKST=MO",
                "PRIORITY:5",
            ])
        ),
        (
            "jtx Board",
            resource([
                "UID:jtx-1", "DTSTAMP:20261120T080000Z", "SUMMARY:Stretch", "DTSTART:20261120T063000Z",
                "RRULE:FREQ=DAILY;UNTIL=20261230T063000Z", "EXDATE:20261121T063000Z", "SEQUENCE:0",
            ])
        ),
    ]

    @Test(
        "completed here, each shape advances in place as python-icalendar and dateutil read it",
        .enabled(if: python != nil, "/usr/bin/python3 with python3-icalendar is not installed")
    )
    func advancedShapes() throws {
        let python = try #require(Self.python)
        var pairs: [[String: String]] = []
        for shape in Self.shapes {
            var item = try ICalendarFormat.item(
                fromObjectResource: Array(shape.text.utf8), name: shape.client, now: Self.now, calendar: Self.berlin)
            #expect(item.repetition != nil, "\(shape.client): the rule is computed here")
            #expect(item.complete(at: Self.now, calendar: Self.berlin) != .completed, "\(shape.client)")
            item.modifiedAt = Self.now.addingTimeInterval(60)
            let written = ICalendarFormat.objectResource(for: item, now: Self.now, calendar: Self.berlin)
            pairs.append([
                "client": shape.client, "original": shape.text, "result": String(decoding: written, as: UTF8.self),
            ])
        }
        let script = """
            import json, sys, datetime, icalendar
            from dateutil.rrule import rrulestr
            def anchor(todo):
                return todo.decoded("DTSTART") if "DTSTART" in todo else todo.decoded("DUE")
            def key(value):
                if isinstance(value, datetime.datetime): return int(value.timestamp())
                return value.strftime("%Y%m%d")
            out = []
            for pair in json.load(sys.stdin):
                original = icalendar.Calendar.from_ical(pair["original"]).walk("VTODO")[0]
                results = icalendar.Calendar.from_ical(pair["result"]).walk("VTODO")
                result = results[0]
                start = anchor(original)
                series = rrulestr(original["RRULE"].to_ical().decode(), dtstart=start if isinstance(start, \
            datetime.datetime) else datetime.datetime.combine(start, datetime.time()), forceset=True)
                for exdate in original.get("EXDATE", []) if isinstance(original.get("EXDATE"), list) else \
            ([original["EXDATE"]] if "EXDATE" in original else []):
                    for value in exdate.dts: series.exdate(value.dt)
                following = series.after(series[0] if isinstance(start, datetime.datetime) else \
            datetime.datetime.combine(start, datetime.time()))
                expected = following if isinstance(start, datetime.datetime) else following.date()
                out.append({
                    "client": pair["client"], "components": len(results), "uid": str(result["UID"]),
                    "sameUID": str(result["UID"]) == str(original["UID"]),
                    "status": str(result.get("STATUS", "")), "completed": "COMPLETED" in result,
                    "next": key(anchor(result)), "expected": key(expected),
                    "count": result["RRULE"].get("COUNT", [None])[0],
                    "originalCount": original["RRULE"].get("COUNT", [None])[0],
                    "dueDelta": (key(result.decoded("DUE")) - key(anchor(result))) if "DUE" in result and \
            isinstance(anchor(result), datetime.datetime) else None,
                    "originalDueDelta": (key(original.decoded("DUE")) - key(anchor(original))) if "DUE" in original and \
            isinstance(anchor(original), datetime.datetime) else None,
                })
            print(json.dumps(out))
            """
        let input = try JSONSerialization.data(withJSONObject: pairs)
        let result = try python.run(["-c", script], input: Array(input))
        #expect(result.status == 0, "\(result.error)")
        let read = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(read.count == Self.shapes.count)
        for todo in read {
            let client = todo["client"] as? String ?? "?"
            #expect(todo["components"] as? Int == 1, "\(client): one VTODO, advanced in place")
            #expect(todo["sameUID"] as? Bool == true, "\(client)")
            #expect(todo["status"] as? String != "COMPLETED" && todo["completed"] as? Bool == false, "\(client): open")
            #expect("\(todo["next"] ?? "")" == "\(todo["expected"] ?? "")", "\(client): \(todo)")
            if let count = todo["originalCount"] as? Int {
                #expect(todo["count"] as? Int == count - 1, "\(client): COUNT one down")
            }
            #expect(
                "\(todo["dueDelta"] ?? "")" == "\(todo["originalDueDelta"] ?? "")", "\(client): DUE keeps its distance")
        }
    }

    @Test("a rule todo-tui cannot compute stays foreign, exactly, and the to-do says why it cannot be completed")
    func uncomputableStaysForeign() throws {
        let text = Self.resource([
            "UID:odd", "DTSTAMP:20261120T080000Z", "SUMMARY:Hourly", "DTSTART:20261120T063000Z",
            "RRULE:FREQ=HOURLY;INTERVAL=4",
        ])
        let item = try ICalendarFormat.item(
            fromObjectResource: Array(text.utf8), name: "odd.ics", now: Self.now, calendar: Self.berlin)
        #expect(item.repetition == nil && item.repeats && !item.completesAnOccurrence)
        #expect(item.foreign.iCalendar.contains("RRULE:FREQ=HOURLY;INTERVAL=4"))
        #expect(item.foreign.recurrenceProblem?.contains("HOURLY") == true)
        let written = String(
            decoding: ICalendarFormat.objectResource(for: item, now: Self.now, calendar: Self.berlin), as: UTF8.self)
        #expect(written.contains("\r\nRRULE:FREQ=HOURLY;INTERVAL=4\r\n"))
    }

    @Test("a rule made here writes RRULE, EXDATE, the from-completion mark and the count, and reads back equal")
    func roundTrip() throws {
        let rule = StoreFormatVersion4Tests.rule("FREQ=WEEKLY;BYDAY=MO,TH;COUNT=8")
        let item = TodoItem(
            text: "Gym", date: Self.now.addingTimeInterval(18 * 3_600), createdAt: Self.now,
            start: Self.now.addingTimeInterval(18 * 3_600),
            repetition: ItemRepetition(
                Repetition(rule: rule, anchor: .completion, exceptionDates: [Self.now.addingTimeInterval(4 * 86_400)]),
                completedCount: 3, lastCompletedAt: Self.now.addingTimeInterval(-3_600)))
        let written = ICalendarFormat.objectResource(for: item, now: Self.now, calendar: Self.berlin)
        let text = String(decoding: written, as: UTF8.self)
        for line in [
            "RRULE:FREQ=WEEKLY;BYDAY=MO,TH;COUNT=8", "EXDATE:20261124T000000Z", "X-TODO-TUI-REPEAT-FROM:COMPLETION",
            "X-TODO-TUI-REPEAT-COMPLETED:3", "X-TODO-TUI-REPEAT-LAST-COMPLETED:20261119T230000Z",
        ] {
            #expect(text.contains("\r\n" + line + "\r\n"), "\(line) in \(text)")
        }
        let read = try ICalendarFormat.item(
            fromObjectResource: written, name: "gym.ics", now: Self.now, calendar: Self.berlin)
        #expect(read.repetition == item.repetition)
        #expect(read.foreign.iCalendar.allSatisfy { !$0.hasPrefix("RRULE") && !$0.hasPrefix("X-TODO-TUI-REPEAT") })
    }
}

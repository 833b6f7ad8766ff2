import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// Completing a series whose occurrences another program overrides (`RECURRENCE-ID`): a
/// completed override is added, the series' own lines stay, the to-do shows the next occurrence.
@Suite("Completing a series with RECURRENCE-ID overrides")
struct OverriddenSeriesTests {
    static let utc = ICalendarFieldsTests.utc
    static let now = ICalendarFieldsTests.now
    static let uid = "7f1c2d7e-0b8e-4a59-9d55-3f1f6f0a4b21"

    /// A resource of one series (`series` lines, UID and SUMMARY added) and its overrides.
    static func resource(_ series: [String], overrides: [[String]]) -> [UInt8] {
        let todos =
            [
                ["BEGIN:VTODO", "UID:" + uid, "DTSTAMP:20261101T000000Z", "SUMMARY:Water plants"] + series + [
                    "END:VTODO"
                ]
            ]
            + overrides.map {
                ["BEGIN:VTODO", "UID:" + uid, "DTSTAMP:20261101T000000Z", "SUMMARY:Water plants"] + $0 + ["END:VTODO"]
            }
        let lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"] + todos.joined() + ["END:VCALENDAR", ""]
        return Array(lines.joined(separator: "\r\n").utf8)
    }

    static func read(_ bytes: [UInt8]) throws -> TodoItem {
        try ICalendarFormat.item(fromObjectResource: bytes, name: "series.ics", now: now, calendar: utc)
    }

    static func written(_ item: TodoItem) -> [String] {
        String(decoding: ICalendarFormat.objectResource(for: item, now: now, calendar: utc), as: UTF8.self)
            .replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
    }

    /// The lines of each VTODO of a written resource, in order.
    static func todos(_ lines: [String]) -> [[String]] {
        var result: [[String]] = []
        var current: [String]?
        var depth = 0
        for line in lines {
            // Inside the VCALENDAR, a VTODO begins at depth 1.
            if line == "BEGIN:VTODO", depth == 1 { current = [] }
            if line.hasPrefix("BEGIN:") { depth += 1 }
            if line.hasPrefix("END:") { depth -= 1 }
            current?.append(line)
            if line == "END:VTODO", depth == 1, let done = current {
                result.append(done)
                current = nil
            }
        }
        return result
    }

    static func day(_ text: String) -> Date {
        ParsedTimestamp.parse(text)!.date(in: utc, timeZone: nil)!
    }

    @Test("Thunderbird's series shows its next open occurrence; completing it adds a completed override in its form")
    func thunderbird() throws {
        var item = try Self.read(Array(ThunderbirdSeries.resource.utf8))
        // 20 December 17:00 in Chicago was completed there: the 21st at 17:00 CST (23:00 UTC) is shown.
        #expect(item.start == Self.day("20201221T230000Z") && item.date == Self.day("20201221T230000Z"))
        #expect(item.completesAnOccurrence && !item.isDone)
        let completion = item.complete(at: Self.now, calendar: Self.utc)
        #expect(completion == .advanced(due: ItemDate(date: Self.day("20201222T230000Z"), hasTime: true)))
        #expect(item.start == Self.day("20201222T230000Z") && !item.isDone)
        let todos = Self.todos(Self.written(item))
        try #require(todos.count == 3)
        #expect(todos[0].contains("DTSTART;TZID=America/Chicago:20201220T170000"), "the series keeps its start")
        #expect(todos[0].contains("DUE;TZID=America/Chicago:20201220T170000") && todos[0].contains("RRULE:FREQ=DAILY"))
        #expect(!todos[0].contains { $0.hasPrefix("STATUS:COMPLETED") || $0.hasPrefix("COMPLETED") })
        #expect(todos[1] == ThunderbirdSeries.override, "the override read is kept exactly")
        #expect(
            todos[2] == [
                "BEGIN:VTODO", "UID:e060c2b4-5a5b-4b8f-9f2e-8d2f1d1c0a01", "DTSTAMP:20261120T000000Z",
                "RECURRENCE-ID;TZID=America/Chicago:20201221T170000", "DTSTART;TZID=America/Chicago:20201221T170000",
                "DUE;TZID=America/Chicago:20201221T170000", "SUMMARY:Daily", "STATUS:COMPLETED",
                "COMPLETED:20261120T000000Z", "PERCENT-COMPLETE:100", "SEQUENCE:1", "END:VTODO",
            ])
        let reread = try Self.read(Array(Self.written(item).joined(separator: "\r\n").utf8))
        #expect(reread.start == item.start && reread.date == item.date && !reread.isDone)
        #expect(reread.foreign == item.foreign, "reading the export back keeps the same lines")
    }

    @Test("undo of the completion through the context gives back the occurrence and drops the added override")
    func undo() throws {
        let item = try Self.read(Array(ThunderbirdSeries.resource.utf8))
        let clock = TestClock()
        let context = TodoContext(store: InMemoryStore(), now: clock.function)
        try context.insert(item)
        try context.save()
        try context.update(item.id) { $0.complete(at: Self.now, calendar: Self.utc) }
        context.processPendingChanges()
        #expect(try context.item(with: item.id)?.foreign.iCalendar.count == item.foreign.iCalendar.count + 12)
        context.undo()
        let back = try #require(try context.item(with: item.id))
        #expect(back.foreign == item.foreign && back.start == item.start && back.date == item.date && !back.isDone)
    }

    @Test(
        "occurrences already overridden are respected: completed ones skipped, a moved one shown moved, EXDATE left out"
    )
    func alreadyOverridden() throws {
        let bytes = Self.resource(
            [
                "DTSTART;VALUE=DATE:20261120", "DUE;VALUE=DATE:20261120", "RRULE:FREQ=DAILY",
                "EXDATE;VALUE=DATE:20261123",
            ],
            overrides: [
                ["RECURRENCE-ID;VALUE=DATE:20261121", "STATUS:COMPLETED", "COMPLETED:20261121T080000Z"],
                ["RECURRENCE-ID;VALUE=DATE:20261120", "PERCENT-COMPLETE:100"],
                [
                    "RECURRENCE-ID;VALUE=DATE:20261122", "DTSTART;VALUE=DATE:20261125", "DUE;VALUE=DATE:20261125",
                    "SEQUENCE:2",
                ],
            ])
        var item = try Self.read(bytes)
        #expect(item.date == Self.day("20261125") && !item.hasTime, "the 22nd, moved to the 25th by its override")
        #expect(
            item.complete(at: Self.now, calendar: Self.utc)
                == .advanced(due: ItemDate(date: Self.day("20261124"), hasTime: false)))
        let todos = Self.todos(Self.written(item))
        try #require(todos.count == 4, "the moved occurrence's override is completed, no second one for the 22nd")
        #expect(
            todos[3] == [
                "BEGIN:VTODO", "UID:" + Self.uid, "DTSTAMP:20261101T000000Z", "SUMMARY:Water plants",
                "RECURRENCE-ID;VALUE=DATE:20261122", "DTSTART;VALUE=DATE:20261125", "DUE;VALUE=DATE:20261125",
                "STATUS:COMPLETED", "COMPLETED:20261120T000000Z", "PERCENT-COMPLETE:100", "SEQUENCE:3", "END:VTODO",
            ])
        #expect(todos[0].contains("DTSTART;VALUE=DATE:20261120") && todos[0].contains("EXDATE;VALUE=DATE:20261123"))
    }

    @Test("reopening a series completed to its end here removes the override it added: read back, it is open")
    func reopenAddedOverride() throws {
        let series = try Self.read(
            Self.resource(
                ["DTSTART:20261120T090000Z", "DUE:20261120T090000Z", "RRULE:FREQ=WEEKLY;COUNT=2"],
                overrides: [["RECURRENCE-ID:20261120T090000Z", "STATUS:COMPLETED"]]))
        var item = series
        #expect(item.complete(at: Self.now, calendar: Self.utc) == .completed)
        let finished = try Self.read(Array(Self.written(item).joined(separator: "\r\n").utf8))
        #expect(finished.isDone && finished.date == Self.day("20261127T090000Z"), "done, as written")
        item.reopen(at: Self.now, calendar: Self.utc)
        #expect(!item.isDone && item.date == Self.day("20261127T090000Z"))
        #expect(item.foreign == series.foreign, "the override added is gone, the one read is kept")
        let todos = Self.todos(Self.written(item))
        try #require(todos.count == 2)
        #expect(!todos[0].contains { $0.hasPrefix("STATUS:COMPLETED") || $0.hasPrefix("COMPLETED") })
        let reread = try Self.read(Array(Self.written(item).joined(separator: "\r\n").utf8))
        #expect(!reread.isDone && reread.date == Self.day("20261127T090000Z") && reread.completesAnOccurrence)
        #expect(reread.foreign == item.foreign)
    }

    @Test("reopening a series whose last override another program wrote opens that override, keeping its lines")
    func reopenForeignOverride() throws {
        var item = try Self.read(
            Self.resource(
                ["DTSTART;VALUE=DATE:20261120", "DUE;VALUE=DATE:20261120", "RRULE:FREQ=DAILY;COUNT=2"],
                overrides: [
                    ["RECURRENCE-ID;VALUE=DATE:20261120", "STATUS:COMPLETED"],
                    [
                        "RECURRENCE-ID;VALUE=DATE:20261121", "X-MOZ-GENERATION:3", "STATUS:COMPLETED",
                        "COMPLETED:20261121T080000Z", "PERCENT-COMPLETE:100", "SEQUENCE:2",
                    ],
                ]))
        #expect(item.isDone && item.date == Self.day("20261121"), "finished as read, at its last occurrence")
        item.reopen(at: Self.now, calendar: Self.utc)
        let todos = Self.todos(Self.written(item))
        try #require(todos.count == 3)
        #expect(
            todos[2] == [
                "BEGIN:VTODO", "UID:" + Self.uid, "DTSTAMP:20261101T000000Z", "SUMMARY:Water plants",
                "RECURRENCE-ID;VALUE=DATE:20261121", "X-MOZ-GENERATION:3", "STATUS:NEEDS-ACTION",
                "PERCENT-COMPLETE:0", "SEQUENCE:3", "END:VTODO",
            ])
        let reread = try Self.read(Array(Self.written(item).joined(separator: "\r\n").utf8))
        #expect(!reread.isDone && reread.date == Self.day("20261121") && !reread.hasTime)
    }

    @Test("overrides changed on both sides merge by occurrence: a union, the higher SEQUENCE for the same one")
    func mergedOverrides() throws {
        let base = try Self.read(Array(ThunderbirdSeries.resource.utf8))
        var ours = base
        _ = ours.complete(at: Self.now, calendar: Self.utc)
        // Another program moved the 21st to 20:00 (SEQUENCE 2, above the 1 of the completion here) and completed the 22nd.
        let moved = [
            "BEGIN:VTODO", "UID:e060c2b4-5a5b-4b8f-9f2e-8d2f1d1c0a01",
            "RECURRENCE-ID;TZID=America/Chicago:20201221T170000",
            "DTSTART;TZID=America/Chicago:20201221T200000", "DUE;TZID=America/Chicago:20201221T200000",
            "SEQUENCE:2", "END:VTODO",
        ]
        let completed = [
            "BEGIN:VTODO", "UID:e060c2b4-5a5b-4b8f-9f2e-8d2f1d1c0a01",
            "RECURRENCE-ID;TZID=America/Chicago:20201222T170000",
            "STATUS:COMPLETED", "SEQUENCE:1", "END:VTODO",
        ]
        var theirs = base
        theirs.foreign.iCalendar += moved + completed
        let merged = ours.keepingOverrides(of: ours, theirs, base: base, calendar: Self.utc)
        let todos = Self.todos(Self.written(merged))
        try #require(todos.count == 4, "\(todos)")
        #expect(todos[1] == ThunderbirdSeries.override && todos[2] == moved && todos[3] == completed)
        // The 21st, moved to 20:00 in Chicago (02:00 UTC on the 22nd), is the first open occurrence.
        #expect(merged.date == Self.day("20201222T020000Z") && !merged.isDone, "\(merged)")
        #expect(
            theirs.keepingOverrides(of: ours, ours, base: base, calendar: Self.utc) == theirs, "one side changed: as is"
        )
    }

    @Test(
        "RECURRENCE-ID is written in the series' DTSTART form",
        arguments: [
            (
                "DTSTART;VALUE=DATE:20261120", "DUE;VALUE=DATE:20261120", "RECURRENCE-ID;VALUE=DATE:20261121",
                "DUE;VALUE=DATE:20261121"
            ),
            (
                "DTSTART:20261120T090000Z", "DUE:20261120T100000Z", "RECURRENCE-ID:20261121T090000Z",
                "DUE:20261121T100000Z"
            ),
            ("DTSTART:20261120T090000", "DUE:20261120T100000", "RECURRENCE-ID:20261121T090000", "DUE:20261121T100000"),
            (
                "DTSTART;TZID=Europe/Berlin:20261120T090000", "DUE;TZID=Europe/Berlin:20261120T100000",
                "RECURRENCE-ID;TZID=Europe/Berlin:20261121T090000", "DUE;TZID=Europe/Berlin:20261121T100000"
            ),
            (
                "DTSTART;VALUE=DATE-TIME:20261120T090000Z", "DUE:20261120T100000Z",
                "RECURRENCE-ID;VALUE=DATE-TIME:20261121T090000Z", "DUE:20261121T100000Z"
            ),
        ])
    func forms(start: String, due: String, recurrenceID: String, occurrenceDue: String) throws {
        let first = recurrenceID.replacingOccurrences(of: "21T", with: "20T").replacingOccurrences(
            of: "1121", with: "1120")
        var item = try Self.read(
            Self.resource([start, due, "RRULE:FREQ=DAILY;COUNT=5"], overrides: [[first, "STATUS:COMPLETED"]]))
        _ = item.complete(at: Self.now, calendar: Self.utc)
        let todos = Self.todos(Self.written(item))
        try #require(todos.count == 3)
        #expect(todos[2].contains(recurrenceID) && todos[2].contains(occurrenceDue), "\(todos[2])")
        #expect(todos[2].contains(start.replacingOccurrences(of: "1120", with: "1121")), "\(todos[2])")
        #expect(todos[0].contains(start) && todos[0].contains(due), "\(todos[0])")
        let reread = try Self.read(Array(Self.written(item).joined(separator: "\r\n").utf8))
        #expect(reread.date == item.date && reread.start == item.start && item.date != nil)
    }

    @Test("completing the last occurrence completes the to-do for good: the override added, the series marked done")
    func lastOccurrence() throws {
        var item = try Self.read(
            Self.resource(
                ["DTSTART:20261120T090000Z", "DUE:20261120T090000Z", "RRULE:FREQ=WEEKLY;COUNT=2"],
                overrides: [["RECURRENCE-ID:20261120T090000Z", "STATUS:COMPLETED"]]))
        #expect(item.date == Self.day("20261127T090000Z") && !item.isDone)
        #expect(item.repetition?.rule.count == 2, "the series' own COUNT, as read")
        #expect(item.repetitionAsShown(calendar: Self.utc)?.description(calendar: Self.utc) == "weekly, last time")
        #expect(item.complete(at: Self.now, calendar: Self.utc) == .completed)
        #expect(item.isDone && item.completedAt == Self.now && item.date == Self.day("20261127T090000Z"))
        let lines = Self.written(item)
        let todos = Self.todos(lines)
        try #require(todos.count == 3)
        #expect(todos[2].contains("RECURRENCE-ID:20261127T090000Z") && todos[2].contains("STATUS:COMPLETED"))
        #expect(todos[0].contains("DTSTART:20261120T090000Z") && todos[0].contains("RRULE:FREQ=WEEKLY;COUNT=2"))
        #expect(todos[0].contains("STATUS:COMPLETED"), "readers of the series alone (Nextcloud Tasks) see it done")
        let reread = try Self.read(Array(lines.joined(separator: "\r\n").utf8))
        #expect(reread.isDone && reread.date == item.date)
        let elsewhere = try Self.read(
            Self.resource(
                ["DTSTART:20261120T090000Z", "DUE:20261120T090000Z", "RRULE:FREQ=WEEKLY;COUNT=2"],
                overrides: [
                    ["RECURRENCE-ID:20261120T090000Z", "STATUS:COMPLETED"],
                    ["RECURRENCE-ID:20261127T090000Z", "STATUS:COMPLETED"],
                ]))
        #expect(elsewhere.isDone && elsewhere.date == Self.day("20261127T090000Z"), "every occurrence done elsewhere")
    }

    @Test(
        """
        a series with overrides whose rule todo-tui does not compute stays refused with the rule's reason; one stored \
        before overrides were computed says to read it again
        """
    )
    func notCompleted() throws {
        var hourly = try Self.read(
            Self.resource(
                ["DTSTART:20261120T090000Z", "RRULE:FREQ=HOURLY"],
                overrides: [["RECURRENCE-ID:20261120T090000Z", "STATUS:COMPLETED"]]))
        #expect(hourly.repetition == nil && !hourly.completesAnOccurrence)
        #expect(
            hourly.foreign.recurrenceProblem?.contains("HOURLY") == true, "\(hourly.foreign.recurrenceProblem ?? "")")
        #expect(
            hourly.complete(at: Self.now, calendar: Self.utc) == .completed,
            "complete itself ends it; the app asks first")
        var stored = try Self.read(Array(ThunderbirdSeries.resource.utf8))
        stored.repetition = nil
        #expect(stored.foreign.recurrenceProblem?.contains("sync or import it again") == true)
    }
}

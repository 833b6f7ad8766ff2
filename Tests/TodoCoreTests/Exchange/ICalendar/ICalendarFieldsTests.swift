import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// Notes, priority, tags, whole days and everything else other clients write into a VTODO
/// (issue 15): mapped where todo-tui has a field, and every other line kept as it was read.
@Suite("iCalendar notes, priority, tags, whole days and kept lines")
struct ICalendarFieldsTests {
    static let now = Date(timeIntervalSince1970: 1_795_132_800)
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// A VTODO as a phone client writes one (the shape of tasks.org's and jtx Board's through
    /// DAVx5): a non-UUID UID, a time-zoned due time with its VTIMEZONE, a finer priority,
    /// categories, a description, a recurrence, a parent, an alarm and vendor properties.
    static let phoneResource = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:+//IDN tasks.org//android-130805//EN\r
        BEGIN:VTIMEZONE\r
        TZID:Europe/Berlin\r
        BEGIN:STANDARD\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        TZNAME:CET\r
        DTSTART:19701025T030000\r
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
        END:STANDARD\r
        END:VTIMEZONE\r
        BEGIN:VTODO\r
        DTSTAMP:20261118T101500Z\r
        UID:7523418870412345678\r
        CREATED:20261101T080000Z\r
        LAST-MODIFIED:20261118T101500Z\r
        SUMMARY:Water the plants\r
        DESCRIPTION:Balcony first\\, then the kitchen.\\nUse the blue can.\r
        PRIORITY:2\r
        CATEGORIES:home,garden\r
        DUE;TZID=Europe/Berlin:20261120T180000\r
        DTSTART;TZID=Europe/Berlin:20261120T170000\r
        RRULE:FREQ=WEEKLY;BYDAY=FR\r
        RELATED-TO;RELTYPE=PARENT:4488771212\r
        X-APPLE-SORT-ORDER:687452301\r
        X-MOZ-GENERATION:3\r
        STATUS:NEEDS-ACTION\r
        BEGIN:VALARM\r
        TRIGGER;RELATED=END:-PT15M\r
        ACTION:DISPLAY\r
        DESCRIPTION:Reminder\r
        END:VALARM\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    /// The content lines of `bytes`, unfolded, without CRLF.
    static func unfolded(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
            .split(separator: "\r\n").map(String.init)
    }

    @Test("a phone's VTODO: fields mapped, and after an edit of the text every other line is written back as read")
    func phoneVTODORoundTrip() throws {
        var item = try ICalendarFormat.item(
            fromObjectResource: Array(Self.phoneResource.utf8), name: "phone.ics", now: Self.now, calendar: Self.utc)
        #expect(item.text == "Water the plants")
        #expect(item.notes == "Balcony first, then the kitchen.\nUse the blue can.")
        #expect(item.priority == .high, "PRIORITY:2 is high")
        #expect(Array(item.tags) == ["home", "garden"])
        #expect(item.hasTime)
        #expect(item.date == Date(timeIntervalSince1970: 1_795_194_000), "18:00 in Berlin is 17:00 UTC")
        #expect(item.repetition?.rule.rruleText == "FREQ=WEEKLY;BYDAY=FR" && !item.foreign.isRecurring)
        #expect(item.id == StableID.id(forUID: "7523418870412345678"))

        item.text = "Water all the plants"
        let written = ICalendarFormat.objectResource(for: item, now: Self.now, calendar: Self.utc)
        let before = Self.unfolded(Array(Self.phoneResource.utf8)), after = Self.unfolded(written)
        // Lines that are todo-tui's to write: the summary (edited), the stamps, and the header.
        let ours: Set<String> = ["SUMMARY", "DTSTAMP", "LAST-MODIFIED", "PRODID", "CREATED"]
        let keep = { (line: String) in !ours.contains(ForeignProperties.propertyName(of: line)) }
        #expect(
            Set(before.filter(keep)) == Set(after.filter(keep)),
            """
            lost: \(Set(before.filter(keep)).subtracting(after)); added: \
            \(Set(after.filter(keep)).subtracting(before))
            """
        )
        #expect(after.contains("SUMMARY:Water all the plants"))
        // The VALARM block is whole and in order; the VTIMEZONE precedes the VTODO.
        let alarm = try #require(after.firstIndex(of: "BEGIN:VALARM"))
        #expect(
            Array(after[alarm...].prefix(5)) == [
                "BEGIN:VALARM", "TRIGGER;RELATED=END:-PT15M", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "END:VALARM",
            ])
        let zone = try #require(after.firstIndex(of: "BEGIN:VTIMEZONE"))
        #expect(zone < (after.firstIndex(of: "BEGIN:VTODO") ?? 0))
        // And it reads back as the same item.
        let reread = try ICalendarFormat.item(
            fromObjectResource: written, name: "again.ics", now: Self.now, calendar: Self.utc)
        #expect(reread.hasSameContent(as: item))
    }

    @Test(
        "changing the date or the priority rewrites only that line: DUE in its zone (the to-do repeats), PRIORITY 1/5/9"
    )
    func changedFieldsRewritten() throws {
        var item = try ICalendarFormat.item(
            fromObjectResource: Array(Self.phoneResource.utf8), name: "phone.ics", now: Self.now, calendar: Self.utc)
        item.date = item.date?.addingTimeInterval(86_400)
        item.priority = .low
        let after = Self.unfolded(ICalendarFormat.objectResource(for: item, now: Self.now, calendar: Self.utc))
        // A repeating to-do's dates stay in the zone its series keeps the wall clock of.
        #expect(after.contains("DUE;TZID=Europe/Berlin:20261121T180000") && !after.contains { $0.hasPrefix("DUE:") })
        #expect(after.contains("PRIORITY:9") && !after.contains("PRIORITY:2"))
        #expect(after.contains("DTSTART;TZID=Europe/Berlin:20261120T170000"), "a field todo-tui does not own stays")
    }

    @Test("a whole-day DUE stays a whole day through import and export, and a timed one stays timed")
    func wholeDays() throws {
        let day = TodoItem(text: "Birthday", date: Self.now, createdAt: Self.now, hasTime: false)
        let timed = TodoItem(text: "Call", date: Self.now.addingTimeInterval(9 * 3_600), createdAt: Self.now)
        let bytes = ICalendarFormat.export([day, timed], now: Self.now, calendar: Self.utc)
        let lines = Self.unfolded(bytes)
        #expect(lines.contains("DUE;VALUE=DATE:20261120") && lines.contains("DUE:20261120T090000Z"))
        let reread = try ExportFormat.ics.parse(.file(name: "t.ics", bytes: bytes), now: Self.now, calendar: Self.utc)
        let hasTime = reread.map(\.hasTime)
        #expect(hasTime == [false, true])
        let keptNothing = reread.allSatisfy { $0.foreign.isEmpty }
        #expect(keptNothing, "what todo-tui writes it reads back without keeping anything")
    }

    @Test("our own fields export as RFC 5545's and read back equal; commas inside a tag are escaped")
    func ownFields() throws {
        let item = TodoItem(
            text: "Paint", date: Self.now, createdAt: Self.now, notes: "two\nlines; and a \\", priority: .medium,
            tags: ["home", "a,b", "東京"], hasTime: false)
        let lines = Self.unfolded(ICalendarFormat.objectResource(for: item, now: Self.now, calendar: Self.utc))
        #expect(
            lines.contains(#"CATEGORIES:home,a\,b,東京"#) && lines.contains("PRIORITY:5")
                && lines.contains(#"DESCRIPTION:two\nlines\; and a \\"#), "\(lines)")
        let reread = try ICalendarFormat.item(
            fromObjectResource: ICalendarFormat.objectResource(for: item, now: Self.now, calendar: Self.utc),
            name: "x.ics", now: Self.now, calendar: Self.utc)
        #expect(reread.hasSameContent(as: item))
    }

    @Test("a resource without exactly one VTODO is refused in one sentence")
    func objectResourceShape() {
        let empty = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n".utf8)
        do {
            _ = try ICalendarFormat.item(fromObjectResource: empty, name: "e.ics", now: Self.now, calendar: Self.utc)
            Issue.record("a calendar without a VTODO was read as an item")
        } catch {
            #expect(error.description.contains("holds one VTODO, and this holds 0"), "\(error)")
        }
    }

    @Test(
        "calcurse -i keeps each priority and puts the notes in a note file",
        .enabled(if: ExternalProgram("calcurse") != nil, "calcurse is not installed")
    )
    func calcurseKeepsPriority() throws {
        let calcurse = try #require(ExternalProgram("calcurse"))
        let items = [
            TodoItem(text: "High", date: Self.now, createdAt: Self.now, notes: "why it matters", priority: .high),
            TodoItem(text: "Medium", date: Self.now, createdAt: Self.now, priority: .medium),
            TodoItem(text: "Low", date: Self.now, createdAt: Self.now, priority: .low),
            TodoItem(text: "None", date: Self.now, createdAt: Self.now),
        ]
        try ExternalProgram.withTemporaryDirectory { directory in
            try ExternalProgram.write(
                ICalendarFormat.export(items, now: Self.now, calendar: Self.utc), to: "\(directory)/todos.ics")
            let result = try calcurse.run(
                ["-D", directory, "-C", directory, "-i", "\(directory)/todos.ics"], environment: ["HOME": directory])
            #expect(result.status == 0, "\(result.error)")
            let lines = String(
                decoding: FileManager.default.contents(atPath: "\(directory)/todo") ?? Data(), as: UTF8.self
            ).split(separator: "\n")
            // calcurse keeps "[priority] text" ("[priority]>note text" with a note); 0 is none.
            let priorities = Dictionary(
                uniqueKeysWithValues: lines.map { line in
                    (
                        String(line.split(separator: " ").dropFirst().joined(separator: " ")),
                        String(line.prefix { $0 != "]" }.dropFirst())
                    )
                })
            #expect(priorities == ["High": "1", "Medium": "5", "Low": "9", "None": "0"], "\(lines)")
            #expect(lines.contains { $0.hasPrefix("[1]>") }, "the notes of High went to a note file: \(lines)")
        }
    }

    @Test(
        "todoman shows the priority and description of a vdir export",
        .enabled(if: ExternalProgram("todoman") != nil, "todoman is not installed")
    )
    func todomanReads() throws {
        let todoman = try #require(ExternalProgram("todoman"))
        let item = TodoItem(
            text: "Paint the fence", date: Self.now, createdAt: Self.now, notes: "White, not grey.", priority: .high,
            tags: ["home", "weekend"], hasTime: false)
        try ExternalProgram.withTemporaryDirectory { directory in
            let todomanFolder = try TodomanFolder(in: directory)
            let list = todomanFolder.list
            try ExternalProgram.write(
                ICalendarFormat.objectResource(for: item, now: Self.now, calendar: Self.utc), to: "\(list)/paint.ics")
            let result = try todoman.run(
                ["--porcelain", "list", "--status", "ANY"],
                environment: todomanFolder.environment)
            #expect(result.status == 0, "\(result.error)")
            let listed = try #require(
                try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
            let todo = try #require(listed.first)
            #expect(todo["summary"] as? String == "Paint the fence")
            #expect(todo["description"] as? String == "White, not grey.")
            #expect(todo["priority"] as? Int == 1)
            // todoman 4 shows no categories; the CATEGORIES line itself is checked above.
        }
    }
}

import Foundation
import Testing

@testable import TodoCore

/// The iCalendar line codec and the kept lines at their edges: SEQUENCE after an edit, quoted
/// parameters, multi-byte folds in kept lines, and hostile input refused in one sentence.
@Suite("iCalendar SEQUENCE, quoted parameters, folds and hostile input")
struct ICalendarKeptLinesTests {
    static let now = ICalendarFieldsTests.now
    static let utc = ICalendarFieldsTests.utc

    static func resource(_ lines: [String]) -> [UInt8] {
        Array(
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//y//EN", "BEGIN:VTODO"] + lines + [
                "END:VTODO", "END:VCALENDAR", "",
            ])
            .joined(separator: "\r\n").utf8)
    }

    @Test("a kept SEQUENCE is written as read while the item is unchanged, and one higher after an edit")
    func sequence() throws {
        let bytes = Self.resource([
            "UID:abc123@tasks.org", "SUMMARY:Pay rent", "LAST-MODIFIED:20261118T101500Z", "SEQUENCE:3",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT5M", "SEQUENCE:7", "END:VALARM",
        ])
        var item = try ICalendarFormat.item(fromObjectResource: bytes, name: "a.ics", now: Self.now, calendar: Self.utc)
        let same = ICalendarFieldsTests.unfolded(
            ICalendarFormat.objectResource(for: item, now: Self.now, calendar: Self.utc))
        #expect(same.contains("SEQUENCE:3") && same.contains("UID:abc123@tasks.org"), "\(same)")
        item.priority = .high
        item.modifiedAt = Self.now
        let edited = ICalendarFieldsTests.unfolded(
            ICalendarFormat.objectResource(for: item, now: Self.now, calendar: Self.utc))
        #expect(edited.contains("SEQUENCE:4") && !edited.contains("SEQUENCE:3"), "\(edited)")
        #expect(edited.contains("SEQUENCE:7"), "the alarm's own SEQUENCE is not the VTODO's")
        #expect(edited.filter { $0.hasPrefix("LAST-MODIFIED") } == ["LAST-MODIFIED:20261120T000000Z"])
        // Read back, the written SEQUENCE is the one kept, and the stamp matches: no second bump.
        let reread = try ICalendarFormat.item(
            fromObjectResource: ICalendarFormat.objectResource(for: item, now: Self.now, calendar: Self.utc),
            name: "b.ics", now: Self.now, calendar: Self.utc)
        #expect(
            ICalendarFieldsTests.unfolded(
                ICalendarFormat.objectResource(for: reread, now: Self.now, calendar: Self.utc)
            ).contains("SEQUENCE:4"))
    }

    @Test("quoted parameter values hold ':', ';' and ','; the line is kept and written back exactly")
    func quotedParameters() throws {
        let attach = #"ATTACH;FMTTYPE=text/plain;X-LABEL="a:b;c,d":https://example.com/x;y"#
        let parsed = try ICalendarParser(source: "t").contentLine(attach, at: 1)
        #expect(parsed.name == "ATTACH" && parsed.value == "https://example.com/x;y")
        #expect(parsed.parameters == ["FMTTYPE": "text/plain", "X-LABEL": "a:b;c,d"])
        let item = try ICalendarFormat.item(
            fromObjectResource: Self.resource(["UID:1234567890", "SUMMARY:x", attach]),
            name: "q.ics", now: Self.now, calendar: Self.utc)
        #expect(item.foreign.iCalendar.contains(attach))
        #expect(
            ICalendarFieldsTests.unfolded(ICalendarFormat.objectResource(for: item, now: Self.now, calendar: Self.utc))
                .contains(attach))
    }

    @Test("a long kept line of multi-byte characters folds at 75 octets between UTF-8 sequences and unfolds to itself")
    func multiByteFold() throws {
        let line = "X-NOTE:" + String(repeating: "ö東😀", count: 40)
        let item = try ICalendarFormat.item(
            fromObjectResource: Self.resource(["UID:u1", "SUMMARY:x", line]),
            name: "f.ics", now: Self.now, calendar: Self.utc)
        let bytes = ICalendarFormat.objectResource(for: item, now: Self.now, calendar: Self.utc)
        var physical: [ArraySlice<UInt8>] = []
        var start = 0
        for index in bytes.indices.dropLast() where bytes[index] == 13 && bytes[index + 1] == 10 {
            physical.append(bytes[start..<index])
            start = index + 2
        }
        #expect(physical.allSatisfy { $0.count <= 75 && String(validating: $0, as: UTF8.self) != nil })
        #expect(ICalendarFieldsTests.unfolded(bytes).contains(line))
    }

    @Test("an upper-case UUID UID is the id and is written back as it was spelled")
    func upperCaseUUID() throws {
        let id = UUID()
        let item = try ICalendarFormat.item(
            fromObjectResource: Self.resource(["UID:" + id.uuidString, "SUMMARY:x"]),
            name: "u.ics", now: Self.now, calendar: Self.utc)
        #expect(item.id == id)
        #expect(
            ICalendarFieldsTests.unfolded(ICalendarFormat.objectResource(for: item, now: Self.now, calendar: Self.utc))
                .contains("UID:" + id.uuidString))
    }

    @Test(
        "hostile input is refused in one sentence, without a crash",
        arguments: [
            "BEGIN:VALARM\nACTION:DISPLAY\nEND:VALARM\n",
            "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:x\nBEGIN:VALARM\nEND:VTODO\nEND:VCALENDAR\n",
            "BEGIN:VCALENDAR\nEND:VTODO\n",
            "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:" + String(repeating: "x", count: 10_000_000)
                + "\nEND:VTODO\nEND:VCALENDAR\n",
        ])
    func hostile(text: String) throws {
        let message = try #require(ExportFixtures.importError(text, as: .ics))
        #expect(message.count < 300 && !message.contains("\n") && message.hasSuffix("."), "\(message.prefix(300))")
    }

    @Test("a VALARM directly in the VCALENDAR is no to-do and is skipped")
    func strayAlarm() throws {
        #expect(
            try ExportFixtures.parse(
                "BEGIN:VCALENDAR\nBEGIN:VALARM\nACTION:DISPLAY\nEND:VALARM\nEND:VCALENDAR\n", as: .ics
            ).isEmpty)
    }
}

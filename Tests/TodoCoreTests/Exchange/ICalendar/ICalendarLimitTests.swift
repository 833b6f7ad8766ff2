import Foundation
import Testing
import TodoCore

/// The iCalendar reader's bounds: a calendar object (one to-do, as a server holds it) over
/// 1 MiB, nested more than 16 components deep, or holding more than 1,000 components is refused
/// in one sentence; a file import has the same depth bound and no component bound; and a deep
/// nesting costs its size, not its size times its depth.
@Suite("iCalendar limits")
struct ICalendarLimitTests {
    static let now = ICalendarFieldsTests.now
    static let utc = ICalendarFieldsTests.utc

    /// A VTODO with `nested` blocks `BEGIN:X` … `END:X` inside one another, `lines` lines each.
    static func nested(_ nested: Int, lines: Int = 1) -> [UInt8] {
        let body = (0..<lines).map { "X-LINE:\($0)" }
        var all = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//y//EN", "BEGIN:VTODO", "UID:deep", "SUMMARY:Deep"]
        for _ in 0..<nested { all += ["BEGIN:X"] + body }
        for _ in 0..<nested { all.append("END:X") }
        all += ["END:VTODO", "END:VCALENDAR", ""]
        return Array(all.joined(separator: "\r\n").utf8)
    }

    private func item(_ bytes: [UInt8]) throws(ExchangeError) -> TodoItem {
        try ICalendarFormat.item(fromObjectResource: bytes, name: "a.ics", now: Self.now, calendar: Self.utc)
    }

    private func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try item(bytes)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("16 components deep is read and its nested lines are kept; 17 deep is refused naming its line")
    func depth() throws {
        // VCALENDAR and VTODO are two of the 16.
        let kept = try item(Self.nested(14, lines: 2))
        #expect(kept.foreign.iCalendar.filter { $0 == "BEGIN:X" }.count == 14)
        #expect(
            kept.foreign.iCalendar.count == 2 + 14 * 4,
            "the UID, the properties the VTODO lacked, and each block's BEGIN, END and two lines, once")
        let refused = try #require(refusal(Self.nested(15)))
        #expect(refused == "a.ics, line 35: BEGIN:X nests components more than 16 deep.", "\(refused)")
    }

    @Test("10,000 nested blocks are refused in one sentence, as an object and as a file")
    func tenThousandDeep() throws {
        let bytes = Self.nested(10_000)
        #expect(refusal(bytes)?.contains("more than 16 deep") == true)
        do {
            _ = try ExportFormat.ics.parse(.file(name: "deep.ics", bytes: bytes), now: Self.now, calendar: Self.utc)
            Issue.record("a file nested 10,000 deep was imported")
        } catch {
            #expect(error.description.contains("more than 16 deep"), "\(error.description)")
        }
    }

    @Test("an object of 1,000 components is read; one more is refused; a file may hold many more")
    func componentCount() throws {
        func alarms(_ count: Int) -> [UInt8] {
            var lines = ["BEGIN:VCALENDAR", "PRODID:-//x//y//EN", "BEGIN:VTODO", "UID:a", "SUMMARY:Alarms"]
            for _ in 0..<count { lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT5M", "END:VALARM"] }
            lines += ["END:VTODO", "END:VCALENDAR", ""]
            return Array(lines.joined(separator: "\r\n").utf8)
        }
        // VCALENDAR and VTODO are two of the 1,000.
        #expect(
            try item(alarms(998)).foreign.iCalendar.count == 2 && item(alarms(998)).alarms.count == 998,
            "the UID and the properties the VTODO lacked; every alarm an alarm")
        let refused = try #require(refusal(alarms(999)))
        #expect(
            refused.contains("BEGIN:VALARM makes more than 1000 components, the most one calendar object may hold"),
            "\(refused)")

        var file = ["BEGIN:VCALENDAR", "PRODID:-//x//y//EN"]
        for index in 0..<3_000 {
            file += ["BEGIN:VTODO", "UID:\(index)", "SUMMARY:Item \(index)", "END:VTODO"]
        }
        file += ["END:VCALENDAR", ""]
        let items = try ExportFormat.ics.parse(
            .file(name: "many.ics", bytes: Array(file.joined(separator: "\r\n").utf8)), now: Self.now,
            calendar: Self.utc)
        #expect(items.count == 3_000)
    }

    @Test("an object of 1 MiB is read; one byte more is refused, saying the bound")
    func objectSize() throws {
        let head = Array(
            "BEGIN:VCALENDAR\r\nPRODID:-//x//y//EN\r\nBEGIN:VTODO\r\nUID:big\r\nSUMMARY:Big\r\nX-PAD:".utf8)
        let tail = Array("\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        let padding = ICalendarFormat.maximumObjectResourceBytes - head.count - tail.count
        let atBound = head + [UInt8](repeating: UInt8(ascii: "a"), count: padding) + tail
        #expect(try item(atBound).text == "Big")
        let over = head + [UInt8](repeating: UInt8(ascii: "a"), count: padding + 1) + tail
        let refused = try #require(refusal(over))
        #expect(refused == "a.ics: it is larger than 1 MiB, the most one calendar object may hold.", "\(refused)")
    }

    @Test("a SUMMARY of control characters alone is an empty text: refused, as it would be written back blank")
    func controlCharactersAlone() throws {
        let bytes = Array(
            "BEGIN:VCALENDAR\r\nPRODID:-//x//y//EN\r\nBEGIN:VTODO\r\nUID:a\r\nSUMMARY:\u{0}\u{7}\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
                .utf8)
        #expect(refusal(bytes) == "a.ics, line 3: the text is empty.", "\(refusal(bytes) ?? "read")")
        let kept = try item(
            Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{7}", with: "x").utf8))
        #expect(kept.text == "\u{0}x", "a control character beside text is kept exactly")
    }
}

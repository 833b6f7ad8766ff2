import Foundation
import Testing

@testable import TodoCore

/// todo.txt's `rec:` (Simpletask, topydo, sleek): `rec:1w` counts from completion, `rec:+1w`
/// from the due date; completing moves `due:` and `t:` together.
@Suite("todo.txt rec:")
struct TodoTxtRecurrenceTests {
    static let utc = ExportFixtures.calendar

    static func day(_ text: String) -> Date {
        TodoTxtFormat.day(Substring(text), calendar: utc) ?? Date(timeIntervalSince1970: 0)
    }

    @Test(
        "rec: values read as the clients read them; other forms stay kept tokens",
        arguments: [
            ("rec:+1w", "FREQ=WEEKLY", RepeatAnchor.due), ("rec:2d", "FREQ=DAILY;INTERVAL=2", .completion),
            ("rec:w", "FREQ=WEEKLY", .completion), ("rec:+3m", "FREQ=MONTHLY;INTERVAL=3", .due),
            ("rec:1y", "FREQ=YEARLY", .completion),
        ])
    func reads(token: String, rule: String, anchor: RepeatAnchor) throws {
        let item = try #require(try ExportFixtures.parse("Water plants due:2026-11-20 \(token)\n", as: .todotxt).first)
        #expect(item.repetition?.rule.rruleText == rule && item.repetition?.repetition.anchor == anchor)
        #expect(item.foreign.todoTxt.isEmpty && item.text == "Water plants")
        let written = String(decoding: ExportFixtures.export([item], as: .todotxt), as: UTF8.self)
        let expectedToken = TodoTxtFormat.recToken(try #require(item.repetition).repetition) ?? ""
        #expect(written.hasSuffix(" " + expectedToken + "\n"), "\(written)")
    }

    @Test("a rec: of another form (business days) stays a kept token and the line cannot be completed here")
    func businessDaysKept() throws {
        let item = try #require(try ExportFixtures.parse("Report due:2026-11-20 rec:+1b\n", as: .todotxt).first)
        #expect(item.repetition == nil && item.foreign.todoTxt == ["rec:+1b"] && item.repeats)
    }

    @Test("strict: due: and t: move by the rule from the old due date, together")
    func strictMovesBoth() throws {
        var item = try #require(
            try ExportFixtures.parse("Water plants due:2026-11-20 t:2026-11-18 rec:+1w\n", as: .todotxt).first)
        item.complete(at: Self.day("2026-11-25").addingTimeInterval(3_600), calendar: Self.utc)
        let line = String(decoding: ExportFixtures.export([item], as: .todotxt), as: UTF8.self)
        #expect(line.contains("due:2026-11-27 t:2026-11-25 rec:+1w"), "\(line)")
        #expect(!line.hasPrefix("x "))
    }

    @Test("from completion: due: counts from the day it was done, t: keeps its distance (topydo, sleek)")
    func fromCompletion() throws {
        var item = try #require(
            try ExportFixtures.parse("Water plants due:2026-11-20 t:2026-11-18 rec:1w\n", as: .todotxt).first)
        item.complete(at: Self.day("2026-11-25").addingTimeInterval(3_600), calendar: Self.utc)
        let line = String(decoding: ExportFixtures.export([item], as: .todotxt), as: UTF8.self)
        #expect(line.contains("due:2026-12-02 t:2026-11-30 rec:1w"), "\(line)")
    }
}

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
        let lines = String(decoding: ExportFixtures.export([item], as: .todotxt), as: UTF8.self).split(separator: "\n")
        let line = String(lines.last ?? "")
        #expect(line.contains("due:2026-11-27 t:2026-11-25 rec:+1w"), "\(line)")
        #expect(!line.hasPrefix("x "))
    }

    @Test("from completion: due: counts from the day it was done, t: keeps its distance (topydo, sleek)")
    func fromCompletion() throws {
        var item = try #require(
            try ExportFixtures.parse("Water plants due:2026-11-20 t:2026-11-18 rec:1w\n", as: .todotxt).first)
        item.complete(at: Self.day("2026-11-25").addingTimeInterval(3_600), calendar: Self.utc)
        let lines = String(decoding: ExportFixtures.export([item], as: .todotxt), as: UTF8.self).split(separator: "\n")
        #expect(lines.last?.contains("due:2026-12-02 t:2026-11-30 rec:1w") == true, "\(lines)")
    }

    static let todoTxt = ExternalProgram("todo-txt") ?? ExternalProgram("todo.sh")

    @Test(
        """
        completed here, a repeating line is written as todo.txt clients leave it: the done line where it stood \
        (due: and t: one week back), the next line appended; importing both gives the one to-do again
        """
    )
    func completionAppendsNextLine() throws {
        let text = "Bread due:2026-11-19\nWater plants due:2026-11-20 t:2026-11-18 rec:+1w\nMilk due:2026-11-21\n"
        var items = try ExportFixtures.parse(text, as: .todotxt)
        items[1].complete(at: Self.day("2026-11-20").addingTimeInterval(3_600), calendar: Self.utc)
        let written = String(decoding: ExportFixtures.export(items, as: .todotxt), as: UTF8.self)
        let lines = written.split(separator: "\n").map(String.init)
        let uuid = " uuid:" + items[1].id.uuidString.lowercased()
        #expect(lines.count == 4, "\(written)")
        #expect(lines[1].hasPrefix("x 2026-11-20 ") && lines[1].hasSuffix(uuid), "\(lines[1])")
        #expect(lines[1].contains("Water plants due:2026-11-20 t:2026-11-18 rec:+1w"), "\(lines[1])")
        #expect(lines[3].contains("Water plants due:2026-11-27 t:2026-11-25 rec:+1w") && lines[3].hasSuffix(uuid))
        #expect(!lines[3].hasPrefix("x "))
        let read = try ExportFixtures.parse(written, as: .todotxt)
        #expect(read.map(\.text) == ["Bread", "Water plants", "Milk"])
        #expect(read[1].id == items[1].id && read[1].date == items[1].date && !read[1].isDone)
        #expect(read[1].repetition?.completedCount == 1)
        #expect(ExportFixtures.export(read, as: .todotxt) == Array(written.utf8), "the same lines again")
    }

    @Test(
        """
        a file Simpletask or sleek completed (the done line kept, the next appended, no uuid:) imports as one \
        to-do with the id the first line gives, its occurrence counted
        """
    )
    func clientCompletedFile() throws {
        let before = try #require(
            try ExportFixtures.parse("Water plants due:2026-11-20 rec:+1w\n", as: .todotxt).first)
        let text = "x 2026-11-20 Water plants due:2026-11-20 rec:+1w\nWater plants due:2026-11-27 rec:+1w\n"
        let read = try ExportFixtures.parse(text, as: .todotxt)
        #expect(read.count == 1)
        #expect(read.first?.id == before.id && read.first?.isDone == false)
        #expect(read.first?.date == Self.day("2026-11-27") && read.first?.repetition?.completedCount == 1)
        #expect(read.first?.repetition?.lastCompletedAt == Self.day("2026-11-20"))
    }

    @Test(
        "todo.sh reads the result: the done line is archived, the next occurrence stays listed",
        .enabled(if: todoTxt != nil, "todo.txt (todotxt-cli: todo-txt or todo.sh) is not installed")
    )
    func todoShReads() throws {
        var items = try ExportFixtures.parse("Water plants due:2026-11-20 t:2026-11-18 rec:+1w\n", as: .todotxt)
        items[0].complete(at: Self.day("2026-11-20").addingTimeInterval(3_600), calendar: Self.utc)
        try TodoTxtFieldsTests.withTodoTxt { directory, run in
            try ExternalProgram.write(ExportFixtures.export(items, as: .todotxt), to: "\(directory)/todo.txt")
            #expect(try run(["ls"]).output.hasSuffix("TODO: 2 of 2 tasks shown\n"))
            #expect(try run(["archive"]).status == 0)
            let listed = try run(["ls"]).output
            #expect(listed.contains("Water plants due:2026-11-27 t:2026-11-25 rec:+1w"), "\(listed)")
            #expect(listed.hasSuffix("TODO: 1 of 1 tasks shown\n"), "\(listed)")
            let done = String(
                decoding: FileManager.default.contents(atPath: "\(directory)/done.txt") ?? Data(), as: UTF8.self)
            #expect(done.hasPrefix("x 2026-11-20 ") && done.contains("due:2026-11-20 t:2026-11-18"), "\(done)")
        }
    }
}

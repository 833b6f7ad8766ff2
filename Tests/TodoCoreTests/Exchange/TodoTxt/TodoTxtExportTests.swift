import Foundation
import Testing

@testable import TodoCore

@Suite("todo.txt export and import")
struct TodoTxtExportTests {
    static let todoTxt = ExternalProgram("todo-txt") ?? ExternalProgram("todo.sh")

    @Test("the small fixture exports to the exact todo.txt lines")
    func golden() {
        let expected = #"""
            x 2025-01-01 2024-12-01 New year's eve due:2024-12-31 color:magenta \#
            uuid:6f1c2a3b-4d5e-4f60-8a7b-000000000005
            2025-01-10 Buy milk, eggs; "bread" due:2025-01-11 color:red uuid:6f1c2a3b-4d5e-4f60-8a7b-000000000001
            x 2025-01-12 2025-01-12 우유 사기 🥛 due:2025-01-12 color:green uuid:6f1c2a3b-4d5e-4f60-8a7b-000000000002
            2025-01-12 C:\temp *draft* [1] <b> & _x_ | ~y~ `z` due:2025-01-12 uuid:6f1c2a3b-4d5e-4f60-8a7b-000000000003
            2025-01-12 日本語のとても長いテキストは七十五オクテットで折り返されなければならない、そしてマルチバイト文字は分割されない due:2025-01-13 color:blue \#
            uuid:6f1c2a3b-4d5e-4f60-8a7b-000000000004
            2025-01-12 Two lines and a tab due:2025-02-03 color:white uuid:6f1c2a3b-4d5e-4f60-8a7b-000000000006

            """#
        #expect(String(decoding: ExportFixtures.export(ExportFixtures.small, as: .todotxt), as: UTF8.self) == expected)
    }

    @Test("an empty list exports an empty file")
    func empty() {
        #expect(ExportFixtures.export([], as: .todotxt).isEmpty)
    }

    @Test(
        "todo.txt shows every item, and archives exactly the done ones",
        .enabled(if: todoTxt != nil, "todo.txt (todotxt-cli: todo-txt or todo.sh) is not installed")
    )
    func todoTxtReadsEveryItem() throws {
        let todoTxt = try #require(Self.todoTxt)
        let items = ExportFixtures.everything
        let exported = ExportFixtures.export(items, as: .todotxt)
        try ExternalProgram.withTemporaryDirectory { directory in
            let config = """
                export TODO_DIR="\(directory)"
                export TODO_FILE="$TODO_DIR/todo.txt"
                export DONE_FILE="$TODO_DIR/done.txt"
                export REPORT_FILE="$TODO_DIR/report.txt"
                """
            try ExternalProgram.write(Array(config.utf8), to: "\(directory)/config")
            try ExternalProgram.write(exported, to: "\(directory)/todo.txt")
            let run = { (arguments: [String]) in
                try todoTxt.run(["-p", "-d", "\(directory)/config"] + arguments, environment: ["HOME": directory])
            }

            let listed = try run(["ls"])
            #expect(listed.status == 0, "\(listed.error)")
            #expect(listed.output.hasSuffix("TODO: \(items.count) of \(items.count) tasks shown\n"), "\(listed.output)")
            let exportedLines = String(decoding: exported, as: UTF8.self).split(separator: "\n")
            for line in exportedLines {
                #expect(listed.output.contains(line), "todo.txt did not show \(line)")
            }

            // `archive` moves the lines todo.txt recognises as done to done.txt.
            let archived = try run(["archive"])
            #expect(archived.status == 0, "\(archived.error)")
            let pending = items.filter { !$0.isDone }.count
            #expect(try run(["ls"]).output.hasSuffix("TODO: \(pending) of \(pending) tasks shown\n"))
            let done = String(
                decoding: FileManager.default.contents(atPath: "\(directory)/done.txt") ?? Data(), as: UTF8.self)
            let doneIDs = done.split(separator: "\n").map { String($0.suffix(36)) }
            #expect(doneIDs == items.filter(\.isDone).map { $0.id.uuidString.lowercased() })
        }
    }

    @Test("a re-import keeps ids, days, done, colours and text; times of day and line breaks are lost")
    func readBack() throws {
        let items = ExportFixtures.everything
        let trip = try ExportFixtures.roundTrip(items, as: .todotxt)
        #expect(trip.second == trip.first)
        #expect(trip.parsed.map(\.id) == items.map(\.id))
        #expect(trip.parsed.map(\.isDone) == items.map(\.isDone))
        #expect(trip.parsed.map(\.color) == items.map(\.color))
        #expect(trip.parsed.map(\.date) == items.map { $0.date.map(ExportFixtures.calendar.startOfDay(for:)) })
        #expect(trip.parsed.map(\.createdAt) == items.map { ExportFixtures.calendar.startOfDay(for: $0.createdAt) })
        #expect(trip.parsed.map(\.text) == items.map { String($0.text.map { $0.isNewline || $0 == "\t" ? " " : $0 }) })
    }

    @Test("lines written by a person import: priorities, projects, other tags, no dates, done without dates")
    func handWritten() throws {
        let text =
            "(A) Call Mum +family @phone\n\nx Pay rent\nx 2025-01-11 Done thing key:value\n2025-01-05  Two  spaces  "
            + "due:2025-01-20\n"
        let items = try ExportFixtures.parse(text, as: .todotxt)
        #expect(items.map(\.text) == ["Call Mum", "Pay rent", "Done thing key:value", " Two  spaces "])
        #expect(items.map { Array($0.tags) } == [["family", "@phone"], [], [], []])
        #expect(items.map(\.priority) == [.high, .none, .none, .none])
        #expect(items.map(\.isDone) == [false, true, true, false])
        #expect(items[0].date == nil && items[0].createdAt == ExportFixtures.now, "no due: no date")
        #expect(items[2].completedAt == ExportFixtures.date("2025-01-11T00:00:00.000Z"))
        #expect(items[2].modifiedAt == ExportFixtures.date("2025-01-11T00:00:00.000Z"))
        #expect(items[3].createdAt == ExportFixtures.date("2025-01-05T00:00:00.000Z"))
        #expect(items[3].date == ExportFixtures.date("2025-01-20T00:00:00.000Z"))
        // Without uuid: tags, ids come from the text: marking an item done as todo.sh does (which
        // drops the priority) keeps its id, and the same file gives the same ids.
        let marked = try ExportFixtures.parse("x 2025-01-12 Call Mum +family @phone\n", as: .todotxt)
        #expect(marked.first?.id == items[0].id)
        #expect(items[0].id == StableID.uuid(name: "todotxt:Call Mum#0"))
        #expect(try ExportFixtures.parse(text, as: .todotxt).map(\.id) == items.map(\.id))
    }

    @Test(
        "a malformed line is refused with the line and the problem",
        arguments: [
            ("ok\nbad due:tomorrow\n", "input, line 2: \"due:tomorrow\" is not a due date of the form due:YYYY-MM-DD."),
            (
                "bad color:mauve\n",
                "input, line 1: \"mauve\" in the color: tag is not one of the colours default, red, green, yellow, "
                    + "blue, magenta, cyan, white."
            ),
            ("bad uuid:123\n", "input, line 1: \"uuid:123\" does not hold a UUID."),
            ("x 2025-01-12 2025-01-10 due:2025-01-12\n", "input, line 1: the text is empty."),
            (
                "a\na\nb uuid:6f1c2a3b-4d5e-4f60-8a7b-000000000001\nc uuid:6f1c2a3b-4d5e-4f60-8a7b-000000000001\n",
                "input, line 4: the id 6f1c2a3b-4d5e-4f60-8a7b-000000000001 was already used on line 3."
            ),
        ])
    func malformed(text: String, message: String) {
        #expect(ExportFixtures.importError(text, as: .todotxt) == message)
    }
}

import Foundation
import Testing
import TodoCore

/// Priorities, projects, contexts and the extensions other todo.txt programs act on (issue 15):
/// mapped where todo-tui has a field, kept as written where it has none.
@Suite("todo.txt priority, tags and kept extensions")
struct TodoTxtFieldsTests {
    static let todoTxt = ExternalProgram("todo-txt") ?? ExternalProgram("todo.sh")

    /// Runs todo.txt on its own folder.
    static func withTodoTxt(_ body: (String, ([String]) throws -> ExternalProgram.Result) throws -> Void) throws {
        let todoTxt = try #require(Self.todoTxt)
        try ExternalProgram.withTemporaryDirectory { directory in
            let config = """
                export TODO_DIR="\(directory)"
                export TODO_FILE="$TODO_DIR/todo.txt"
                export DONE_FILE="$TODO_DIR/done.txt"
                export REPORT_FILE="$TODO_DIR/report.txt"
                export TODOTXT_AUTO_ARCHIVE=0
                """
            try ExternalProgram.write(Array(config.utf8), to: "\(directory)/config")
            try body(directory) { arguments in
                try todoTxt.run(["-p", "-d", "\(directory)/config"] + arguments, environment: ["HOME": directory])
            }
        }
    }

    @Test(
        """
        lines todo.txt wrote — priorities, projects, contexts, due, t:, rec:, custom keys — survive import, one edit \
        and export: every other word as todo.txt wrote it, and todo.txt lists (A) and +family
        """,
        .enabled(if: todoTxt != nil, "todo.txt (todotxt-cli: todo-txt or todo.sh) is not installed")
    )
    func roundTripThroughTodoTxt() throws {
        try Self.withTodoTxt { directory, run in
            for line in [
                "(A) Call mum +family @phone due:2026-12-01 t:2026-11-28 rec:1w custom:xyz",
                "(B) Pay rent +home due:2026-12-03",
                "(D) Someday +garden h:1",
                "Water plants @home rec:+3d",
            ] {
                #expect(try run(["add", line]).status == 0)
            }
            #expect(try run(["do", "3"]).status == 0, "a done line as todo.txt writes it")
            let written = String(
                decoding: FileManager.default.contents(atPath: "\(directory)/todo.txt") ?? Data(), as: UTF8.self)
            var items = try ExportFixtures.parse(written, as: .todotxt)
            #expect(
                items.map(\.priority) == [.high, .medium, .none, .none],
                "todo.sh drops the priority of a line it marks done")
            #expect(items.map { Array($0.tags) } == [["family", "@phone"], ["home"], ["garden"], ["@home"]])
            #expect(items.map(\.repeats) == [true, false, false, true])
            #expect(
                items.map(\.hasTime) == [false, false, true, true],
                "a due: day is a whole day; a line without any date is dated now")
            items[1].text = "Pay the rent"

            let exported = String(decoding: ExportFixtures.export(items, as: .todotxt), as: UTF8.self)
            let before = written.split(separator: "\n"), after = exported.split(separator: "\n")
            #expect(before.count == after.count)
            for (index, (old, new)) in zip(before, after).enumerated() {
                // Words todo-tui adds: dates where the line had none and the uuid; the edit adds "the".
                let ours = Set(new.split(separator: " ")).subtracting(old.split(separator: " "))
                #expect(
                    ours.allSatisfy {
                        $0.hasPrefix("uuid:") || $0.hasPrefix("due:") || $0.hasPrefix("20")
                            || (index == 1 && $0 == "the")
                    },
                    "line \(index + 1) gained \(ours)")
                let lost = Set(old.split(separator: " ")).subtracting(new.split(separator: " "))
                #expect(lost.isEmpty, "line \(index + 1) lost \(lost): \(new)")
            }
            try ExternalProgram.write(Array(exported.utf8), to: "\(directory)/todo.txt")
            let listed = try run(["ls"])
            let first = listed.output.split(separator: "\n").first { $0.contains("Call mum") } ?? ""
            #expect(
                first.contains("(A) ") && first.contains("+family") && first.contains("@phone")
                    && first.contains("custom:xyz"), "\(listed.output)")
        }
    }

    @Test(
        """
        tags from elsewhere are written as +projects, @ tags as contexts; priorities as (A)/(B)/(C), pri: on a done \
        line
        """
    )
    func ownFields() throws {
        let day = ExportFixtures.date("2026-11-20T00:00:00.000Z")
        let items = [
            TodoItem(
                text: "Paint", date: day, createdAt: day, priority: .high, tags: ["home", "@weekend"], hasTime: false),
            TodoItem(text: "Filed", date: day, isDone: true, createdAt: day, priority: .low, hasTime: false),
        ]
        let text = String(decoding: ExportFixtures.export(items, as: .todotxt), as: UTF8.self)
        #expect(text.hasPrefix("(A) 2026-11-20 Paint +home @weekend due:2026-11-20 uuid:"), "\(text)")
        #expect(text.contains(" Filed due:2026-11-20 pri:C uuid:"), "\(text)")
        let reread = try ExportFixtures.parse(text, as: .todotxt)
        #expect(reread.map(\.priority) == [.high, .low])
        #expect(reread.map { Array($0.tags) } == [["home", "@weekend"], []])
        #expect(reread.map(\.text) == ["Paint", "Filed"])
    }

    @Test("a kept (D) stands while the item stays low; raising it writes (A)")
    func keptLetter() throws {
        var items = try ExportFixtures.parse("(D) Someday\n", as: .todotxt)
        #expect(String(decoding: ExportFixtures.export(items, as: .todotxt), as: UTF8.self).hasPrefix("(D) "))
        items[0].priority = .high
        let raised = String(decoding: ExportFixtures.export(items, as: .todotxt), as: UTF8.self)
        #expect(raised.hasPrefix("(A) ") && !raised.contains("(D)"), "\(raised)")
    }
}

import Foundation
import Testing
import TodoCore

/// Priority, tags, project, notes, whole days and everything else Taskwarrior writes (issue
/// 15): mapped where todo-tui has a field, kept as it was where it has none.
@Suite("Taskwarrior priority, tags, notes and kept attributes")
struct TaskwarriorFieldsTests {
    static let task = ExternalProgram("task")
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The day `offset` days from today (UTC), as Taskwarrior reads a date: `YYYY-MM-DD`.
    static func day(_ offset: Int) -> String {
        let date = utc.date(byAdding: .day, value: offset, to: utc.startOfDay(for: Date())) ?? Date()
        let parts = utc.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// A Taskwarrior of its own in `directory`, with a numeric UDA `estimate` defined.
    struct Taskwarrior {
        let program: ExternalProgram
        let environment: [String: String]

        init(program: ExternalProgram, directory: String, name: String) throws {
            self.program = program
            let rc = "\(directory)/\(name).rc"
            try ExternalProgram.write(
                Array(
                    "data.location=\(directory)/\(name)\nconfirmation=off\nverbose=nothing\nuda.estimate.type=numeric\nuda.estimate.label=Est\n"
                        .utf8), to: rc)
            environment = ["HOME": directory, "TASKRC": rc, "TASKDATA": "\(directory)/\(name)", "TZ": "UTC"]
        }

        @discardableResult
        func run(_ arguments: String...) throws -> String {
            let result = try program.run(arguments, environment: environment)
            #expect(result.status == 0, "task \(arguments): \(result.error)")
            return result.output
        }

        /// `task export` as objects by uuid.
        func exported() throws -> [String: [String: Any]] {
            let tasks = try #require(
                try JSONSerialization.jsonObject(with: Data(try run("export").utf8)) as? [[String: Any]])
            return Dictionary(
                uniqueKeysWithValues: tasks.compactMap { task in (task["uuid"] as? String).map { ($0, task) } })
        }
    }

    @Test(
        """
        a list Taskwarrior wrote — priority, project, tags, a UDA, an annotation, a recurring task, a waiting one, a \
        finished one — survives import, one edit, export and task import: every other attribute as Taskwarrior \
        wrote it
        """,
        .enabled(if: task != nil, "Taskwarrior (task) is not installed")
    )
    func roundTripThroughTaskwarrior() throws {
        let program = try #require(Self.task)
        try ExternalProgram.withTemporaryDirectory { directory in
            let original = try Taskwarrior(program: program, directory: directory, name: "original")
            // Dates from today on: a recurring task's instance in the past makes Taskwarrior add the
            // next one, and a wait date in the past makes a waiting task pending.
            try original.run(
                "add", "Call mum", "priority:H", "project:family", "+phone", "+urgent", "estimate:3",
                "due:\(Self.day(4))")
            try original.run("1", "annotate", "she asked about Sunday")
            try original.run("add", "Water plants", "recur:weekly", "due:\(Self.day(3))T09:30")
            try original.run(
                "add", "Renew passport", "priority:L", "wait:\(Self.day(23))", "due:\(Self.day(49))T14:00")
            try original.run("add", "Read the RFC", "+reading")
            try original.run("4", "done")
            let written = try original.exported()
            let exportBytes = Array(try original.run("export").utf8)

            let contents = try ExportFormat.taskwarrior.read(
                .file(name: "export.json", bytes: exportBytes), now: Date(), calendar: Self.utc)
            var items = contents.items
            let todos = written.values.filter { !["recurring", "deleted"].contains($0["status"] as? String ?? "") }
            #expect(items.count == todos.count, "a recurrence template and its instance are one to-do")
            let mum = try #require(items.firstIndex { $0.text == "Call mum" })
            #expect(items[mum].priority == .high)
            #expect(Array(items[mum].tags) == ["phone", "urgent"])
            #expect(contents.lists.first { $0.id == items[mum].listID }?.name == "family", "the project is the list")
            #expect(!items[mum].hasTime, "a due date without a time is a whole day")
            #expect(items[mum].foreign.taskwarrior.map(\.name) == ["annotations", "estimate"])
            let plants = try #require(items.first { $0.text == "Water plants" })
            #expect(plants.completesAnOccurrence && plants.hasTime, "recur:weekly is a rule todo-tui computes")
            #expect(plants.foreign.taskwarrior.isEmpty, "\(plants.foreign.taskwarrior)")
            // One edit: the text of the first task.
            items[mum].text = "Call mum and dad"

            let second = try Taskwarrior(program: program, directory: directory, name: "second")
            try ExternalProgram.write(
                ExportFixtures.export(items, as: .taskwarrior, lists: contents.lists), to: "\(directory)/ours.json")
            try second.run("import", "\(directory)/ours.json")
            let reread = try second.exported()

            // Taskwarrior recomputes id and urgency, and stamps modified on import.
            let recomputed: Set<String> = ["id", "urgency", "modified"]
            for item in items {
                let uuid = item.id.uuidString.lowercased()
                let before = try #require(written[uuid]), after = try #require(reread[uuid], "\(item.text) came back")
                for (name, value) in before where !recomputed.contains(name) {
                    if item.text == "Call mum and dad", name == "description" {
                        #expect(after[name] as? String == "Call mum and dad")
                        continue
                    }
                    // Equal as JSON values: Taskwarrior itself prints a number 3 it read back as 3.0.
                    #expect(
                        (after[name] as? NSObject)?.isEqual(value) == true,
                        "\(item.text): \(name): \(String(describing: after[name])) ≠ \(value)")
                }
                let added = Set(after.keys).subtracting(before.keys).subtracting(recomputed)
                // A task without a due date gets its creation date as due: todo-tui dates every to-do.
                #expect(added.isSubset(of: ["due"]), "\(item.text) gained \(added)")
            }
        }
    }

    @Test(
        """
        our own fields export as Taskwarrior's: H/M/L, tags, notes in todotuinotes, and read back equal; a project: \
        tag of a store made before lists is the project, and reads back as the list
        """
    )
    func ownFields() throws {
        let day = Self.utc.startOfDay(for: Date(timeIntervalSince1970: 1_764_000_000))
        let items = [
            TodoItem(
                text: "Whole day", date: day, createdAt: day, notes: "two\nlines", priority: .medium,
                tags: ["project:home", "paint", "weekend"], hasTime: false),
            TodoItem(text: "Timed", date: day.addingTimeInterval(9 * 3600 + 1800), createdAt: day, priority: .low),
        ]
        let bytes = ExportFixtures.export(items, as: .taskwarrior)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            text.contains(#""todotuinotes":"two\nlines","priority":"M","project":"home","tags":["paint","weekend"]"#),
            "\(text)")
        let contents = try ExportFormat.taskwarrior.read(
            .file(name: "t.json", bytes: bytes), now: day, calendar: Self.utc)
        let reread = contents.items
        #expect(reread.map(\.notes) == ["two\nlines", ""])
        #expect(reread.map(\.priority) == [.medium, .low])
        #expect(reread.map { Array($0.tags) } == [["paint", "weekend"], []])
        #expect(reread.map { item in contents.lists.first { $0.id == item.listID }?.name } == ["home", "To-dos"])
        #expect(reread[1].listID == TodoList.standardID, "no project is the standard list")
        #expect(reread.map(\.hasTime) == [false, true], "a whole day stays a whole day; a timed one stays timed")
    }

    @Test("a priority other than H/M/L and a waiting status are kept while the item does not change them")
    func keptPriorityAndStatus() throws {
        let text =
            #"[{"description":"Custom","status":"waiting","priority":"VH","wait":"20261220T000000Z","uuid":"6f1c2a3b-4d5e-4f60-8a7b-0000000000aa","entry":"20261101T000000Z","due":"20261224T100000Z"}]"#
        var items = try ExportFixtures.parse(text, as: .taskwarrior)
        #expect(items[0].priority == .none)
        #expect(items[0].foreign.taskwarrior.map(\.name) == ["priority", "status", "wait"])
        let kept = String(decoding: ExportFixtures.export(items, as: .taskwarrior), as: UTF8.self)
        #expect(
            kept.contains(#""status":"waiting""#) && kept.contains(#""priority":"VH""#)
                && kept.contains(#""wait":"20261220T000000Z""#))
        items[0].priority = .high
        items[0].isDone = true
        let changed = String(decoding: ExportFixtures.export(items, as: .taskwarrior), as: UTF8.self)
        #expect(
            changed.contains(#""status":"completed""#) && changed.contains(#""priority":"H""#)
                && !changed.contains("VH"), "\(changed)")
    }

    @Test(
        "malformed new attributes are refused in one sentence",
        arguments: [
            (
                #"[{"description":"a","tags":"home"}]"#,
                "input, record 1: the attribute tags is not an array of strings."
            ),
            (#"[{"description":"a","project":3}]"#, "input, record 1: the attribute project is not a string."),
            (
                #"[{"description":"a","todotuinotes":["x"]}]"#,
                "input, record 1: the attribute todotuinotes is not a string."
            ),
        ])
    func malformed(text: String, message: String) {
        #expect(ExportFixtures.importError(text, as: .taskwarrior) == message)
    }
}

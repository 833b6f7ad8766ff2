import Foundation
import Testing

@testable import TodoCore

/// A Taskwarrior `project` is a list, both ways; the standard list is no project; the tag
/// `project:NAME` of stores made before lists still exports as the project.
@Suite("Taskwarrior projects as lists")
struct TaskwarriorProjectTests {
    static let work = TodoList(id: ExportFixtures.id(0x1001), name: "Work", color: .red)
    static let garden = TodoList(id: ExportFixtures.id(0x1002), name: "home.garden", color: .green)
    static let lists = [TodoList.standard, work, garden]

    static func item(_ number: Int, _ text: String, in list: TodoList, tags: TodoTags = []) -> TodoItem {
        var item = TodoItem(
            id: ExportFixtures.id(number), text: text, date: nil, createdAt: ExportFixtures.now, tags: tags)
        item.listID = list.id
        return item
    }

    static let items = [
        item(1, "Report", in: work),
        item(2, "Dig beds", in: garden),
        item(3, "Plain", in: .standard),
        item(4, "Old store", in: .standard, tags: ["project:home.bills", "paper"]),
        item(5, "Moved since", in: work, tags: ["project:old"]),
    ]

    /// The `project` of each exported task, by description, and its tags.
    static func exported(_ bytes: [UInt8]) throws -> [String: (project: String?, tags: [String])] {
        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: tasks.map { task in
                (task["description"] as? String ?? "", (task["project"] as? String, task["tags"] as? [String] ?? []))
            })
    }

    @Test(
        """
        a list exports as its name in project, dots and all; the standard list as no project; an old project: tag \
        in the standard list as the project; another list wins over such a tag
        """
    )
    func export() throws {
        let tasks = try Self.exported(ExportFixtures.export(Self.items, as: .taskwarrior, lists: Self.lists))
        #expect(tasks["Report"]?.project == "Work")
        #expect(tasks["Dig beds"]?.project == "home.garden")
        #expect(tasks["Plain"]?.project == nil)
        #expect(tasks["Old store"]?.project == "home.bills" && tasks["Old store"]?.tags == ["paper"])
        #expect(tasks["Moved since"]?.project == "Work" && tasks["Moved since"]?.tags == [])
    }

    @Test(
        """
        importing, a project is a list of that name (one per name, ignoring case), no project the standard list, \
        and the export writes the same projects again
        """
    )
    func read() throws {
        let text = """
            {"description":"a","project":"Work"}
            {"description":"b","project":"home.garden"}
            {"description":"c"}
            {"description":"d","project":"work"}
            """
        let contents = try ExportFormat.taskwarrior.read(
            .file(name: "t.json", bytes: Array(text.utf8)), now: ExportFixtures.now, calendar: ExportFixtures.calendar)
        #expect(contents.lists.map(\.name) == ["Work", "home.garden", "To-dos"])
        #expect(contents.lists[2] == .standard)
        let names = contents.items.map { item in contents.lists.first { $0.id == item.listID }?.name }
        #expect(names == ["Work", "home.garden", "To-dos", "Work"])
        #expect(contents.items.allSatisfy { $0.tags.isEmpty }, "a project is no longer a tag")
        #expect(contents.lists[0].id == ImportContents.listID(forName: "WORK"), "the id is derived from the name")
        let again = try Self.exported(
            ExportFixtures.export(contents.items, as: .taskwarrior, lists: contents.lists))
        #expect(again.mapValues(\.project) == ["a": "Work", "b": "home.garden", "c": nil, "d": "Work"])
    }

    @Test(
        "a project that cannot name a list is refused with the record and why",
        arguments: [
            (
                #"[{"description":"a","project":""}]"#,
                #"input, record 1: the project "" cannot name a list: it is empty."#
            ),
            (
                #"[{"description":"a","project":"a\u0007b"}]"#,
                #"input, record 1: the project "a\u{7}b" cannot name a list: it holds a line break or control "#
                    + "character."
            ),
        ])
    func refused(text: String, message: String) {
        #expect(ExportFixtures.importError(text, as: .taskwarrior) == message)
    }

    @Test(
        """
        Taskwarrior reads our projects (task projects, dotted ones as a hierarchy, project.is:), and its own \
        export of tasks added there reads back into the same lists
        """,
        .enabled(if: ExternalProgram("task") != nil, "Taskwarrior (task) is not installed")
    )
    func throughTaskwarrior() throws {
        let program = try #require(ExternalProgram("task"))
        try ExternalProgram.withTemporaryDirectory { directory in
            let task = try TaskwarriorFieldsTests.Taskwarrior(program: program, directory: directory, name: "lists")
            try ExternalProgram.write(
                ExportFixtures.export(Self.items, as: .taskwarrior, lists: Self.lists), to: "\(directory)/ours.json")
            try task.run("import", "\(directory)/ours.json")
            try task.run("add", "Pay gas", "project:home.bills")
            try task.run("add", "Mow", "project:home.garden")
            let projects = try task.run("projects")
            for line in ["Work         2", "home         4", "  bills      2", "  garden     2", "(none)       1"] {
                #expect(projects.contains(line), "task projects: \(projects)")
            }
            let garden = try task.run("project.is:home.garden", "export")
            #expect(garden.contains("Dig beds") && garden.contains("Mow") && !garden.contains("Pay gas"))

            let contents = try ExportFormat.taskwarrior.read(
                .file(name: "export.json", bytes: Array(try task.run("export").utf8)), now: ExportFixtures.now,
                calendar: ExportFixtures.calendar)
            let lists = Dictionary(uniqueKeysWithValues: contents.lists.map { ($0.id, $0.name) })
            let listOf = Dictionary(uniqueKeysWithValues: contents.items.map { ($0.text, lists[$0.listID]) })
            #expect(listOf["Report"] == "Work" && listOf["Moved since"] == "Work")
            #expect(listOf["Dig beds"] == "home.garden" && listOf["Mow"] == "home.garden")
            #expect(listOf["Old store"] == "home.bills" && listOf["Pay gas"] == "home.bills")
            #expect(listOf["Plain"] == "To-dos")
        }
    }
}

import Foundation
import Testing

@testable import TodoCore

@Suite("Taskwarrior export and import")
struct TaskwarriorExportTests {
    static let task = ExternalProgram("task")

    @Test("the small fixture exports to the exact JSON task import reads")
    func golden() {
        let expected = #"""
            [
            {"uuid":"6f1c2a3b-4d5e-4f60-8a7b-000000000005","description":"New year's eve","status":"completed",\#
            "entry":"20241201T090000Z","modified":"20250101T003000Z","due":"20241231T230000Z",\#
            "end":"20250101T003000Z","todotuicolor":"magenta"},
            {"uuid":"6f1c2a3b-4d5e-4f60-8a7b-000000000001","description":"Buy milk, eggs; \"bread\"",\#
            "status":"pending","entry":"20250110T080000Z","modified":"20250111T081500Z","due":"20250111T093000Z",\#
            "todotuicolor":"red"},
            {"uuid":"6f1c2a3b-4d5e-4f60-8a7b-000000000002","description":"우유 사기 🥛","status":"completed",\#
            "entry":"20250112T070000Z","modified":"20250112T094500Z","due":"20250112T120000Z",\#
            "end":"20250112T094500Z","todotuicolor":"green"},
            {"uuid":"6f1c2a3b-4d5e-4f60-8a7b-000000000003","description":"C:\\temp *draft* [1] <b> & _x_ | ~y~ `z`",\#
            "status":"pending","entry":"20250112T073000Z","modified":"20250112T073000Z","due":"20250112T180000Z"},
            {"uuid":"6f1c2a3b-4d5e-4f60-8a7b-000000000004","description":"日本語のとても長いテキストは七十五オクテットで折り返されなければならない、そしてマルチ\#
            バイト文字は分割されない","status":"pending","entry":"20250112T080000Z","modified":"20250112T080000Z",\#
            "due":"20250113T080000Z","todotuicolor":"blue"},
            {"uuid":"6f1c2a3b-4d5e-4f60-8a7b-000000000006","description":"Two\nlines\tand a tab","status":"pending",\#
            "entry":"20250112T081000Z","modified":"20250112T081000Z","due":"20250203T141516Z","todotuicolor":"white"}
            ]

            """#
        #expect(
            String(decoding: ExportFixtures.export(ExportFixtures.small, as: .taskwarrior), as: UTF8.self) == expected)
    }

    @Test("an empty list exports an empty array")
    func empty() {
        #expect(ExportFixtures.export([], as: .taskwarrior) == Array("[\n]\n".utf8))
    }

    @Test(
        """
        task import takes every item and task export returns each uuid with description, status, dates and colour \
        intact
        """,
        .enabled(if: task != nil, "Taskwarrior (task) is not installed")
    )
    func taskwarriorImports() throws {
        let task = try #require(Self.task)
        let items = ExportFixtures.everything
        try ExternalProgram.withTemporaryDirectory { directory in
            try ExternalProgram.write(Array("data.location=\(directory)/data\n".utf8), to: "\(directory)/taskrc")
            try ExternalProgram.write(ExportFixtures.export(items, as: .taskwarrior), to: "\(directory)/tasks.json")
            let environment = ["HOME": directory, "TASKRC": "\(directory)/taskrc", "TASKDATA": "\(directory)/data"]
            let imported = try task.run(
                ["rc.confirmation=off", "rc.verbose=nothing", "import", "\(directory)/tasks.json"],
                environment: environment)
            #expect(imported.status == 0, "\(imported.error)")
            let exported = try task.run(["rc.verbose=nothing", "export"], environment: environment)
            #expect(exported.status == 0, "\(exported.error)")
            let tasks = try #require(
                try JSONSerialization.jsonObject(with: Data(exported.output.utf8)) as? [[String: Any]])
            #expect(tasks.count == items.count)
            let byUUID = Dictionary(
                uniqueKeysWithValues: tasks.compactMap { task in (task["uuid"] as? String).map { ($0, task) } })
            for item in items {
                let stamp = ExportFixtures.basic
                let exportedTask = try #require(
                    byUUID[item.id.uuidString.lowercased()], "task export lacks \(item.text)")
                #expect(exportedTask["description"] as? String == item.text)
                #expect(exportedTask["status"] as? String == (item.isDone ? "completed" : "pending"))
                #expect(exportedTask["due"] as? String == item.date.map(stamp))
                #expect(exportedTask["entry"] as? String == stamp(item.createdAt))
                #expect(exportedTask["modified"] as? String == stamp(item.modifiedAt))
                #expect(
                    exportedTask["end"] as? String == (item.isDone ? stamp(item.completedAt ?? item.modifiedAt) : nil))
                #expect(exportedTask["scheduled"] as? String == item.start.map(stamp))
                #expect(exportedTask["todotuicolor"] as? String == (item.color == .default ? nil : item.color.rawValue))
            }
            // task export's own output imports back to the same items.
            let reread = try ExportFormat.taskwarrior.parse(
                .file(name: "task-export.json", bytes: Array(exported.output.utf8)), now: ExportFixtures.now,
                calendar: ExportFixtures.calendar
            )
            #expect(
                Set(reread) == Set(ExportFixtures.truncatedToSeconds(ExportFixtures.endingAtModification(items))))
        }
    }

    @Test(
        """
        task export output from elsewhere imports: JSON lines, waiting, deleted and recurring skipped, missing \
        fields defaulted
        """
    )
    func foreignTasks() throws {
        let text = """
            {"id":1,"description":"Waiting task","status":"waiting","uuid":"6f1c2a3b-4d5e-4f60-8a7b-0000000000bb",\
            "entry":"20250101T000000Z","tags":["home"],"urgency":1.5}

            {"description":"Gone","status":"deleted","uuid":"6f1c2a3b-4d5e-4f60-8a7b-0000000000cc"}
            {"description":"Template","status":"recurring","uuid":"6f1c2a3b-4d5e-4f60-8a7b-0000000000dd"}
            {"description":"No uuid, no status"}
            """
        let items = try ExportFixtures.parse(text, as: .taskwarrior)
        #expect(items.map(\.text) == ["Waiting task", "No uuid, no status"])
        #expect(items[0].id == ExportFixtures.id(0xBB))
        #expect(items[0].date == nil, "a task without due has no date: never its entry")
        #expect(!items[0].isDone && !items[1].isDone)
        #expect(items[1].id == StableID.uuid(name: "taskwarrior:No uuid, no status#0"))
        #expect(items[1].date == nil, "nor the time of the import")
        let array = try ExportFixtures.parse(
            "\u{FEFF}\n  [{\"description\":\"After a byte order mark\"}]", as: .taskwarrior)
        #expect(array.map(\.text) == ["After a byte order mark"])
    }

    @Test(
        "malformed tasks are refused with the line or record and the problem",
        arguments: [
            (
                "[\n{\"description\":\"a\"},\n{\"description\": }\n]",
                "input, line 3: the JSON is malformed at column 17 (invalid value)."
            ),
            ("[{\"description\":\"a\"}, 3]", "input, record 2: the task is not a JSON object."),
            ("[{\"status\":\"pending\"}]", "input, record 1: the task has no description."),
            (
                "[{\"description\":\"a\",\"status\":\"done\"}]",
                "input, record 1: the status \"done\" is not one of pending, waiting, completed, deleted, recurring."
            ),
            ("[{\"description\":\"a\",\"uuid\":\"nope\"}]", "input, record 1: \"nope\" in uuid is not a UUID."),
            (
                "[{\"description\":\"a\",\"due\":\"tomorrow\"}]",
                "input, record 1: \"tomorrow\" in due is not a date of the form YYYYMMDDTHHMMSSZ."
            ),
            ("[{\"description\":7}]", "input, record 1: the attribute description is not a string."),
            (
                "[{\"description\":\"a\",\"todotuicolor\":\"mauve\"}]",
                "input, record 1: \"mauve\" in todotuicolor is not one of the colours default, red, green, yellow, "
                    + "blue, magenta, cyan, white."
            ),
            (
                "{\"description\":\"a\"}\n{\"description\" \"b\"}\n",
                "input, line 2: the JSON is malformed at column 16 (invalid value)."
            ),
            ("[{\"description\":\"a\"}", "input: the JSON is malformed (unexpected end of file during json parse)."),
            ("{\"description\":\"\"}\n", "input, line 1: the text is empty."),
        ])
    func malformed(text: String, message: String) {
        #expect(ExportFixtures.importError(text, as: .taskwarrior) == message)
    }
}

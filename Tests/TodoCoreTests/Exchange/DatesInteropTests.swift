import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// No date, a start and a completion as the other programs write them: read, written back byte
/// for byte where nothing changed, and read again by those programs.
@Suite("No date, start and completion in other programs' files")
struct DatesInteropTests {
    static let utc = ExportFixtures.calendar
    static let now = ExportFixtures.now

    static func day(_ text: String) -> Date { ExportFixtures.date(text + "T00:00:00.000Z") }

    @Test(
        "todo.sh's lines without due:, with t: and completed round-trip byte for byte, and todo.sh lists the export",
        .enabled(if: TodoTxtExportTests.todoTxt != nil, "todo.txt (todotxt-cli) is not installed")
    )
    func todoTxt() throws {
        let todoTxt = try #require(TodoTxtExportTests.todoTxt)
        try ExternalProgram.withTemporaryDirectory { directory in
            let config = """
                export TODO_DIR="\(directory)"
                export TODO_FILE="$TODO_DIR/todo.txt"
                export DONE_FILE="$TODO_DIR/done.txt"
                export REPORT_FILE="$TODO_DIR/report.txt"
                export TODOTXT_DATE_ON_ADD=1
                export TODOTXT_AUTO_ARCHIVE=0
                """
            try ExternalProgram.write(Array(config.utf8), to: "\(directory)/config")
            let run = { (arguments: [String]) in
                try todoTxt.run(["-p", "-d", "\(directory)/config"] + arguments, environment: ["HOME": directory])
            }
            for line in ["Learn Rust +self", "(A) Plan the trip due:2026-12-01 t:2026-11-28", "Review PR +proj @ctx"] {
                let added = try run(["add", line])
                #expect(added.status == 0, "\(added.error)")
            }
            #expect(try run(["do", "3"]).status == 0)
            let written = try #require(FileManager.default.contents(atPath: "\(directory)/todo.txt"))
            let items = try ExportFormat.todotxt.parse(
                .file(name: "todo.txt", bytes: Array(written)), now: Self.now, calendar: Self.utc)
            #expect(items.map(\.text) == ["Learn Rust", "Plan the trip", "Review PR"])
            #expect(items[0].date == nil && items[0].start == nil, "a line without due: has no date")
            #expect(items[1].date == Self.day("2026-12-01") && !items[1].hasTime)
            #expect(items[1].start == Self.day("2026-11-28") && !items[1].startHasTime, "t: is the start")
            #expect(items[2].isDone && items[2].completedAt == items[2].createdAt, "x DONE CREATED, the same day")
            let exported = ExportFixtures.export(items, as: .todotxt)
            #expect(
                String(decoding: exported, as: UTF8.self) == String(decoding: written, as: UTF8.self),
                "written back as todo.sh wrote it")
            try ExternalProgram.write(exported, to: "\(directory)/todo.txt")
            let listed = try run(["ls"])
            #expect(listed.output.hasSuffix("TODO: 3 of 3 tasks shown\n"), "\(listed.output)")
        }
    }

    @Test(
        """
        task's export with pending tasks without due, scheduled, wait and end: read, written, task import and task \
        export give every attribute back
        """,
        .enabled(if: TaskwarriorExportTests.task != nil, "Taskwarrior (task) is not installed")
    )
    func taskwarrior() throws {
        let task = try #require(TaskwarriorExportTests.task)
        func export(_ directory: String, _ data: String) throws -> [[String: Any]] {
            let environment = ["HOME": directory, "TASKRC": "\(directory)/taskrc", "TASKDATA": data, "TZ": "UTC"]
            let exported = try task.run(
                ["rc.verbose=nothing", "rc.data.location=\(data)", "export"], environment: environment)
            #expect(exported.status == 0, "\(exported.error)")
            return try #require(try JSONSerialization.jsonObject(with: Data(exported.output.utf8)) as? [[String: Any]])
        }
        try ExternalProgram.withTemporaryDirectory { directory in
            try ExternalProgram.write(Array("confirmation=off\n".utf8), to: "\(directory)/taskrc")
            let environment = [
                "HOME": directory, "TASKRC": "\(directory)/taskrc", "TASKDATA": "\(directory)/one", "TZ": "UTC",
            ]
            for arguments in [
                ["add", "Read a book"], ["add", "Scheduled only", "scheduled:2026-12-10"],
                ["add", "Waiting", "wait:2099-12-20"], ["add", "Done thing"], ["+LATEST", "done"],
            ] {
                let result = try task.run(
                    ["rc.verbose=nothing", "rc.data.location=\(directory)/one"] + arguments, environment: environment)
                #expect(result.status == 0, "\(arguments): \(result.error)")
            }
            let first = try export(directory, "\(directory)/one")
            let bytes = try JSONSerialization.data(withJSONObject: first)
            let items = try ExportFormat.taskwarrior.parse(
                .file(name: "export.json", bytes: Array(bytes)), now: Self.now, calendar: Self.utc)
            let byText = Dictionary(uniqueKeysWithValues: items.map { ($0.text, $0) })
            #expect(items.count == 4 && items.allSatisfy { $0.date == nil }, "no task has a due: none is made up")
            #expect(byText["Scheduled only"]?.start == Self.day("2026-12-10"))
            #expect(byText["Scheduled only"]?.startHasTime == false, "local midnight is a whole day")
            #expect(
                byText["Waiting"]?.start == nil
                    && byText["Waiting"]?.foreign.taskwarrior.contains { $0.name == "wait" } == true)
            let done = try #require(byText["Done thing"])
            let end = try #require(first.first { $0["description"] as? String == "Done thing" }?["end"] as? String)
            #expect(done.isDone && done.completedAt.map(ExportFixtures.basic) == end, "end is the completion time")

            try ExternalProgram.write(ExportFixtures.export(items, as: .taskwarrior), to: "\(directory)/ours.json")
            let imported = try task.run(
                ["rc.verbose=nothing", "rc.data.location=\(directory)/two", "import", "\(directory)/ours.json"],
                environment: environment)
            #expect(imported.status == 0, "\(imported.error)")
            let second = try export(directory, "\(directory)/two")
            // What Taskwarrior computes or stamps on import is left out: the rest is as it wrote it.
            func attributes(_ tasks: [[String: Any]]) throws -> [String: String] {
                var result: [String: String] = [:]
                for var task in tasks {
                    for computed in ["id", "urgency", "modified"] { task.removeValue(forKey: computed) }
                    let uuid = task["uuid"] as? String ?? ""
                    let data = try JSONSerialization.data(withJSONObject: task, options: [.sortedKeys])
                    result[uuid] = String(decoding: data, as: UTF8.self)
                }
                return result
            }
            #expect(try attributes(second) == attributes(first))
        }
    }

    /// VTODOs as phones write them (tasks.org's captured fixtures): no DUE, a DTSTART alone, and
    /// completed with COMPLETED and PERCENT-COMPLETE:100.
    static let phoneTodos: [(name: String, lines: [String])] = [
        (
            "apple-undated",
            [
                "DTSTAMP:20180416T222430Z", "SEQUENCE:0", "CREATED:20180416T222410Z", "SUMMARY:Test title",
                "UID:5C9953DF-5BE4-4F04-B33A-D3A3F4AC5D2B",
            ]
        ),
        (
            "thunderbird-start",
            [
                "CREATED:20210112T163152Z", "LAST-MODIFIED:20210112T163159Z", "DTSTAMP:20210112T163159Z",
                "UID:75deaea8-2e7d-4c4c-9b0a-2e0b3b7a3e4f", "SUMMARY:Start only", "DTSTART:20210112T170000Z",
            ]
        ),
        (
            "apple-completed",
            [
                "DTSTAMP:20180417T184302Z", "SEQUENCE:0", "CREATED:20180416T222410Z", "SUMMARY:Done title",
                "UID:A1D6E2B4-0C55-4E7A-9E0D-3B7D0E8C1F22", "COMPLETED:20180417T184302Z", "PERCENT-COMPLETE:100",
                "STATUS:COMPLETED",
            ]
        ),
    ]

    @Test(
        "phones' VTODOs (no DUE, DTSTART alone, COMPLETED with PERCENT-COMPLETE:100) are written back as they were"
    )
    func phoneShapes() throws {
        for (name, lines) in Self.phoneTodos {
            let text =
                (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Phone//EN", "BEGIN:VTODO"] + lines
                + ["END:VTODO", "END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
            let item = try ICalendarFormat.item(
                fromObjectResource: Array(text.utf8), name: name + ".ics", now: Self.now, calendar: Self.utc)
            #expect(item.date == nil, "\(name): no DUE, no date")
            switch name {
            case "thunderbird-start":
                #expect(item.start == Date(timeIntervalSince1970: 1_610_470_800) && item.startHasTime)
            case "apple-completed":
                #expect(item.isDone && item.completedAt == Date(timeIntervalSince1970: 1_523_990_582))
            default:
                #expect(!item.isDone && item.start == nil)
            }
            let written = ICalendarFormat.objectResource(for: item, now: Self.now, calendar: Self.utc)
            let before = ICalendarTodomanRoundTripTests.todoLines(Array(text.utf8))
            let after = ICalendarTodomanRoundTripTests.todoLines(written)
            let stamp = { (line: String) in !line.hasPrefix("DTSTAMP") }
            #expect(
                before.properties.filter(stamp) == after.properties.filter(stamp),
                "\(name): \(before.properties) → \(after.properties)")
        }
    }

    @Test(
        "python's icalendar reads no DUE, the DTSTART and the completion of an export",
        .enabled(if: ICalendarExportTests.python != nil, "/usr/bin/python3 with icalendar is not installed")
    )
    func pythonReadsDates() throws {
        let python = try #require(ICalendarExportTests.python)
        let script = """
            import json, sys, icalendar
            calendar = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
            print(json.dumps([{"summary": str(t["SUMMARY"]), "due": "DUE" in t, "start": str(t.decoded("DTSTART")) \
            if "DTSTART" in t else None, "status": str(t["STATUS"]), "percent": int(t.get("PERCENT-COMPLETE", 0)), \
            "completed": "COMPLETED" in t} for t in calendar.walk("VTODO")]))
            """
        let result = try python.run(["-c", script], input: ExportFixtures.export(ExportFixtures.dates, as: .ics))
        #expect(result.status == 0, "\(result.error)")
        let todos = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        let bySummary = Dictionary(uniqueKeysWithValues: todos.map { ($0["summary"] as? String ?? "", $0) })
        #expect(bySummary["Read a book"]?["due"] as? Bool == false)
        #expect(bySummary["Undated and done"]?["completed"] as? Bool == true)
        #expect(bySummary["Undated and done"]?["percent"] as? Int == 100)
        #expect(bySummary["Starts on a day"]?["start"] as? String == "2025-01-15", "a DATE beside a DATE DUE")
        #expect(bySummary["Starts at a time, no due"]?["start"] as? String == "2025-01-15 09:00:00+00:00")
    }
}

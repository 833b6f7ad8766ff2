import Foundation
import Testing

@testable import TodoCore

/// Taskwarrior's template and instances as one repeating to-do, and back.
@Suite("Taskwarrior recurrence")
struct TaskwarriorRecurrenceTests {
    static let task = ExternalProgram("task")
    static let template = "6f1c2a3b-4d5e-4f60-8a7b-0000000000a0"

    @Test(
        "recur values map to rules, and rules Taskwarrior can say map back",
        arguments: [
            ("daily", "FREQ=DAILY", "daily"), ("3d", "FREQ=DAILY;INTERVAL=3", "3d"),
            ("weekly", "FREQ=WEEKLY", "weekly"), ("2w", "FREQ=WEEKLY;INTERVAL=2", "2wks"),
            ("2wks", "FREQ=WEEKLY;INTERVAL=2", "2wks"), ("fortnight", "FREQ=WEEKLY;INTERVAL=2", "2wks"),
            ("P14D", "FREQ=DAILY;INTERVAL=14", "14d"), ("monthly", "FREQ=MONTHLY", "monthly"),
            ("2mo", "FREQ=MONTHLY;INTERVAL=2", "2mo"), ("quarterly", "FREQ=MONTHLY;INTERVAL=3", "3mo"),
            ("yearly", "FREQ=YEARLY", "yearly"), ("annual", "FREQ=YEARLY", "yearly"),
            ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "weekdays"),
        ])
    func recurValues(recur: String, rrule: String, back: String) throws {
        let rule = try #require(TaskwarriorRecurrence.rule(recur: recur))
        #expect(rule.rruleText == rrule)
        #expect(TaskwarriorRecurrence.recur(for: rule) == back)
    }

    @Test("recur values todo-tui cannot compute, and rules Taskwarrior cannot say, map to nothing")
    func unmapped() throws {
        for recur in ["hourly", "3h", "30min", "every week", "FREQ=WEEKLY", "0d", "PT1H"] {
            #expect(TaskwarriorRecurrence.rule(recur: recur) == nil, "\(recur)")
        }
        for rrule in [
            "FREQ=MONTHLY;BYDAY=-1FR", "FREQ=WEEKLY;COUNT=3", "FREQ=MONTHLY;BYMONTHDAY=31", "FREQ=WEEKLY;BYDAY=MO,TH",
        ] {
            #expect(TaskwarriorRecurrence.recur(for: try RecurrenceRule(rrule: rrule)) == nil, "\(rrule)")
        }
    }

    static func series(templateExtra: String = "", instances: [String]) -> String {
        var lines = [
            #"{"uuid":"\#(template)","status":"recurring","description":"Water plants","recur":"weekly","#
                + #""due":"20261203T090000Z","entry":"20261101T000000Z","mask":"+-X-","rtype":"periodic"\#(templateExtra)}"#
        ]
        lines += instances
        return lines.joined(separator: "\n") + "\n"
    }

    static func instance(_ number: Int, status: String = "pending", due: String, imask: Int) -> String {
        #"{"uuid":"6f1c2a3b-4d5e-4f60-8a7b-00000000000\#(number)","status":"\#(status)","description":"Water plants","#
            + #""recur":"weekly","due":"\#(due)","entry":"20261101T000000Z","parent":"\#(template)","imask":\#(imask)}"#
    }

    @Test(
        """
        a template with its instances imports as one to-do with the template's uuid, at the earliest pending \
        instance's due date, its completed occurrences counted from the mask
        """
    )
    func importsOneSeries() throws {
        let text = Self.series(instances: [
            Self.instance(1, status: "completed", due: "20261203T090000Z", imask: 0),
            Self.instance(3, due: "20261224T090000Z", imask: 3),
            Self.instance(2, status: "deleted", due: "20261210T090000Z", imask: 2),
            Self.instance(4, due: "20261217T090000Z", imask: 1),
        ])
        let items = try ExportFixtures.parse(text, as: .taskwarrior)
        #expect(items.count == 1)
        let item = try #require(items.first)
        #expect(item.id == UUID(uuidString: Self.template))
        #expect(item.date == ExportFixtures.date("2026-12-17T09:00:00.000Z"))
        #expect(item.repetition?.rule.rruleText == "FREQ=WEEKLY" && item.repetition?.completedCount == 1)
        #expect(item.foreign.taskwarrior.isEmpty, "\(item.foreign.taskwarrior)")
        #expect(item.completesAnOccurrence)
    }

    @Test("a template alone is the to-do at the first occurrence its mask leaves open")
    func templateAlone() throws {
        let items = try ExportFixtures.parse(Self.series(instances: []), as: .taskwarrior)
        let item = try #require(items.first)
        #expect(items.count == 1 && !item.isDone)
        #expect(item.date == ExportFixtures.date("2026-12-10T09:00:00.000Z"), "index 1, the first '-' of +-X-")
        #expect(item.repetition?.rule.rruleText == "FREQ=WEEKLY")
    }

    @Test("an until ends the rule; an instance without its template keeps recur and parent as they were")
    func untilAndOrphans() throws {
        let text = Self.series(
            templateExtra: #","until":"20270101T000000Z""#,
            instances: [Self.instance(4, due: "20261217T090000Z", imask: 1)])
        let item = try #require(try ExportFixtures.parse(text, as: .taskwarrior).first)
        #expect(item.repetition?.rule.until == .utc(ExportFixtures.date("2027-01-01T00:00:00.000Z")))
        let orphan = try #require(
            try ExportFixtures.parse(Self.instance(4, due: "20261217T090000Z", imask: 1), as: .taskwarrior).first)
        #expect(orphan.repetition == nil && orphan.repeats && !orphan.completesAnOccurrence)
        #expect(orphan.foreign.taskwarrior.map(\.name) == ["imask", "parent", "recur"])
    }

    @Test("a recur todo-tui cannot compute makes one to-do that is not completed here, written back as a series")
    func unmappableRecur() throws {
        let text = Self.series(instances: [Self.instance(4, due: "20261217T090000Z", imask: 1)])
            .replacingOccurrences(of: "\"recur\":\"weekly\"", with: "\"recur\":\"3h\"")
        let items = try ExportFixtures.parse(text, as: .taskwarrior)
        let item = try #require(items.first)
        #expect(items.count == 1 && item.id == UUID(uuidString: Self.template))
        #expect(item.repetition == nil && item.repeats && !item.completesAnOccurrence)
        #expect(item.foreign.recurrenceProblem == "Its Taskwarrior recur is kept as Taskwarrior wrote it.")
        let written = try Self.tasks(ExportFixtures.export(items, as: .taskwarrior))
        #expect(written.map { $0["status"] as? String } == ["recurring", "pending"])
        #expect(written.map { $0["recur"] as? String } == ["3h", "3h"])
    }

    static func tasks(_ bytes: [UInt8]) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]])
    }

    static func repeating(_ rule: String, due: Date, id: UUID = ExportFixtures.id(0xA1)) throws -> TodoItem {
        var item = TodoItem(id: id, text: "Water plants", date: due, createdAt: ExportFixtures.now)
        item.setRepetition(
            Repetition(rule: try RecurrenceRule(rrule: rule)), now: ExportFixtures.now,
            calendar: ExportFixtures.calendar)
        return item
    }

    @Test("export writes a template at the current occurrence and one pending instance, which import reads back as one")
    func exportShape() throws {
        let item = try Self.repeating(
            "FREQ=WEEKLY;UNTIL=20270630", due: ExportFixtures.date("2026-12-03T09:00:00.000Z"))
        let bytes = ExportFixtures.export([item], as: .taskwarrior)
        let written = try Self.tasks(bytes)
        #expect(written.count == 2)
        let (template, instance) = (written[0], written[1])
        #expect(template["uuid"] as? String == item.id.uuidString.lowercased())
        #expect(template["status"] as? String == "recurring" && template["mask"] as? String == "-")
        #expect(instance["status"] as? String == "pending" && instance["imask"] as? Int == 0)
        #expect(instance["parent"] as? String == item.id.uuidString.lowercased())
        for task in written {
            #expect(task["due"] as? String == "20261203T090000Z" && task["recur"] as? String == "weekly")
            #expect(task["until"] as? String == "20270630T235959Z")
        }
        let again = ExportFixtures.export([item], as: .taskwarrior)
        #expect(again == bytes, "the instance's uuid derives from the to-do and its occurrence")
        let read = try ExportFormat.taskwarrior.parse(
            .file(name: "tasks.json", bytes: bytes), now: ExportFixtures.now, calendar: ExportFixtures.calendar)
        #expect(read.count == 1 && read.first?.id == item.id && read.first?.date == item.date)
        #expect(read.first?.repetition?.rule == item.repetition?.rule, "the date UNTIL comes back as it was")
    }

    @Test("a rule Taskwarrior cannot say is one plain task with the rule beside it, and comes back")
    func ruleWithoutRecur() throws {
        let item = try Self.repeating("FREQ=MONTHLY;BYDAY=-1FR", due: ExportFixtures.date("2026-11-27T09:00:00.000Z"))
        let bytes = ExportFixtures.export([item], as: .taskwarrior)
        let written = try Self.tasks(bytes)
        #expect(written.count == 1 && written[0]["recur"] == nil && written[0]["status"] as? String == "pending")
        #expect(written[0]["todotuirepeat"] as? String == "FREQ=MONTHLY;BYDAY=-1FR")
        let read = try ExportFormat.taskwarrior.parse(
            .file(name: "tasks.json", bytes: bytes), now: ExportFixtures.now, calendar: ExportFixtures.calendar)
        #expect(read.first?.repetition?.rule == item.repetition?.rule)
    }

    @Test(
        """
        task imports the export as one visible task; completing it in task spawns the next week's instance, and \
        importing task's export gives the one to-do at the next week
        """,
        .enabled(if: task != nil, "Taskwarrior (task) is not installed")
    )
    func realTaskwarrior() throws {
        let task = try #require(Self.task)
        // Taskwarrior spawns instances against the real clock: the occurrence lies ahead of it.
        let day = Calendar(identifier: .gregorian).date(byAdding: .day, value: 2, to: Date()) ?? Date()
        let due = Date(timeIntervalSince1970: (day.timeIntervalSince1970 / 3_600).rounded(.down) * 3_600)
        let item = try Self.repeating("FREQ=WEEKLY", due: due)
        try ExternalProgram.withTemporaryDirectory { directory in
            try ExternalProgram.write(Array("data.location=\(directory)/data\n".utf8), to: "\(directory)/taskrc")
            try ExternalProgram.write(ExportFixtures.export([item], as: .taskwarrior), to: "\(directory)/tasks.json")
            let environment = ["HOME": directory, "TASKRC": "\(directory)/taskrc", "TASKDATA": "\(directory)/data"]
            let run = { (arguments: [String]) throws -> ExternalProgram.Result in
                let result = try task.run(
                    ["rc.confirmation=off", "rc.verbose=nothing"] + arguments, environment: environment)
                #expect(result.status == 0, "task \(arguments): \(result.error)")
                return result
            }
            _ = try run(["import", "\(directory)/tasks.json"])
            let pending = try Self.tasks(Array(try run(["status:pending", "export"]).output.utf8))
            #expect(pending.count == 1, "one visible task, not a duplicate")
            let instance = try #require(pending.first)
            #expect(instance["description"] as? String == "Water plants")
            #expect(instance["due"] as? String == ExportFixtures.basic(due))
            #expect(instance["parent"] as? String == item.id.uuidString.lowercased())
            let uuid = try #require(instance["uuid"] as? String)
            _ = try run([uuid, "done"])
            // recurrence.limit 2: Taskwarrior spawns the next instance now rather than once the
            // completed one's due date has passed.
            let exported = try run(["rc.recurrence.limit=2", "export"]).output
            let next = try Self.tasks(Array(exported.utf8)).filter { $0["status"] as? String == "pending" }
            let nextDue = try #require(Calendar(identifier: .gregorian).date(byAdding: .day, value: 7, to: due))
            #expect(next.map { $0["due"] as? String } == [ExportFixtures.basic(nextDue)])
            let read = try ExportFormat.taskwarrior.parse(
                .file(name: "task-export.json", bytes: Array(exported.utf8)), now: ExportFixtures.now,
                calendar: ExportFixtures.calendar)
            #expect(read.count == 1 && read.first?.id == item.id && read.first?.date == nextDue)
            #expect(read.first?.repetition?.completedCount == 1 && read.first?.completesAnOccurrence == true)
        }
    }
}

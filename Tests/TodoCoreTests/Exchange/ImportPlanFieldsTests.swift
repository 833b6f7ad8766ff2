import Foundation
import Testing

@testable import TodoCore

/// Re-importing a file updates the new fields the format holds, and leaves those it does not
/// (issue 15): a Markdown checklist knows no tags, a todo.txt line no notes.
@Suite("Import plans over notes, priority, tags and foreign properties")
struct ImportPlanFieldsTests {
    static let now = Date(timeIntervalSince1970: 1_795_132_800)
    static let stored = TodoItem(
        text: "Paint", date: now, createdAt: now, notes: "white", priority: .low, tags: ["home"], hasTime: false,
        foreign: ForeignProperties(iCalendar: ["X-KEEP:1"])
    )

    func plan(_ read: TodoItem, as format: ExportFormat) -> ImportPlan {
        ImportPlan(
            importing: [read], into: [Self.stored], fidelity: format.fidelity,
            calendar: Calendar(identifier: .gregorian))
    }

    @Test("a Taskwarrior file's new priority, tags and notes update the item; the iCalendar lines stay")
    func carried() throws {
        var read = Self.stored
        read.priority = .high
        read.tags = ["home", "urgent"]
        read.notes = "white, two coats"
        read.foreign = ForeignProperties(taskwarrior: [ForeignAttribute(name: "estimate", rawJSON: "3")])
        let updated = try #require(plan(read, as: .taskwarrior).updates.first)
        #expect(
            updated.priority == .high && Array(updated.tags) == ["home", "urgent"]
                && updated.notes == "white, two coats")
        #expect(updated.foreign.iCalendar == ["X-KEEP:1"] && updated.foreign.taskwarrior.map(\.name) == ["estimate"])
    }

    @Test("a Markdown re-import leaves priority, tags and notes as they were; a todo.txt one leaves the notes")
    func notCarried() {
        var read = Self.stored
        read.priority = .none
        read.tags = []
        read.notes = ""
        read.foreign = ForeignProperties()
        #expect(plan(read, as: .markdown).unchangedCount == 1)
        let todoTxt = plan(read, as: .todotxt)
        #expect(todoTxt.updates.first?.notes == "white", "todo.txt has no notes to take")
        #expect(todoTxt.updates.first?.priority == TodoPriority.none)
    }
}

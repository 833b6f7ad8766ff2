import Foundation
import Testing

@testable import TodoCore

@Suite("Import plans: matching by id, idempotent re-imports")
struct ExportImportPlanTests {
    /// What a store holds after the plan: updates replace items by id, insertions are added.
    static func applying(_ plan: ImportPlan, to items: [TodoItem]) -> [TodoItem] {
        let updates = Dictionary(uniqueKeysWithValues: plan.updates.map { ($0.id, $0) })
        return items.map { updates[$0.id] ?? $0 } + plan.insertions
    }

    static func plan(
        _ format: ExportFormat, exporting exported: [TodoItem], into existing: [TodoItem]
    ) throws -> ImportPlan {
        let input: ImportInput
        switch format.export(exported, now: ExportFixtures.now, calendar: ExportFixtures.calendar) {
        case .file(let bytes): input = .file(name: "export", bytes: bytes)
        case .directory(let files): input = .directory(name: "export", files: files)
        }
        let parsed = try format.parse(input, now: ExportFixtures.now, calendar: ExportFixtures.calendar)
        return ImportPlan(
            importing: parsed, into: existing, fidelity: format.fidelity, calendar: ExportFixtures.calendar)
    }

    @Test("importing into an empty set inserts everything, in file order")
    func intoEmpty() throws {
        let plan = try Self.plan(.csv, exporting: ExportFixtures.small, into: [])
        #expect(plan.insertions == ExportFixtures.unversioned(ExportFixtures.small))
        #expect(plan.updates.isEmpty && plan.unchangedCount == 0)
    }

    /// Texts another program may have stored: controls that lossy formats cannot write.
    static let hostile: [TodoItem] = [
        "Red \u{1B}[31malert\u{1B}[0m", "Windows\r\nline", "Old Mac\rline", "Bell\u{7} and DEL\u{7F}", "C1\u{85}next",
    ]
    .enumerated().map { index, text in
        TodoItem(
            id: ExportFixtures.id(900 + index), text: text, date: ExportFixtures.now, createdAt: ExportFixtures.now)
    }

    @Test(
        "importing a set's own export changes nothing, whatever the format keeps",
        arguments: ExportFormat.allCases.filter { $0 != .markdown })
    func ownExport(format: ExportFormat) throws {
        let items = ExportFixtures.everything + Self.hostile
        let plan = try Self.plan(format, exporting: items, into: items)
        #expect(plan.isEmpty)
        #expect(plan.unchangedCount == items.count)
    }

    @Test("importing the same file twice changes nothing the second time", arguments: ExportFormat.allCases)
    func twice(format: ExportFormat) throws {
        let existing = Array(ExportFixtures.realistic.prefix(10))
        let file = ExportFixtures.realistic.suffix(25).map { item in
            var changed = item
            changed.text += " (edited)"
            return changed
        }
        let first = try Self.plan(format, exporting: file, into: existing)
        #expect(!first.isEmpty)
        let afterFirst = Self.applying(first, to: existing)
        let second = try Self.plan(format, exporting: file, into: afterFirst)
        #expect(second.isEmpty)
        #expect(second.unchangedCount == file.count)
    }

    @Test("a changed item is updated: text, done and its time, colour and date; identity and bookkeeping stay")
    func update() throws {
        let original = ExportFixtures.small[1]
        var edited = original
        edited.text = "Buy oat milk"
        edited.setDone(true, at: ExportFixtures.date("2025-01-19T10:00:00.000Z"))
        edited.color = .cyan
        edited.date = ExportFixtures.date("2025-01-20T09:00:00.000Z")
        let plan = try Self.plan(.taskwarrior, exporting: [edited], into: ExportFixtures.small)
        #expect(plan.insertions.isEmpty && plan.unchangedCount == 0)
        let updated = try #require(plan.updates.first)
        #expect(plan.updates.count == 1)
        #expect(updated.hasSameContent(as: edited))
        #expect(updated.id == original.id && updated.createdAt == original.createdAt)
        #expect(updated.modifiedAt == original.modifiedAt && updated.version == original.version)
    }

    @Test("a format of day precision keeps the time of an item still on that day, and moves one on another day")
    func dayPrecision() throws {
        let item = ExportFixtures.small[1]
        var moved = item
        moved.date = ExportFixtures.date("2025-01-14T23:00:00.000Z")
        let plan = try Self.plan(.todotxt, exporting: [moved], into: [item])
        #expect(plan.updates.map(\.date) == [ExportFixtures.date("2025-01-14T00:00:00.000Z")])
        var sameDay = item
        sameDay.date = ExportFixtures.date("2025-01-11T23:00:00.000Z")
        #expect(try Self.plan(.todotxt, exporting: [sameDay], into: [item]).isEmpty)
    }

    @Test("a format without colours leaves colours alone")
    func colourless() throws {
        let existing = try ExportFixtures.parse("## Today\n\n- [ ] Paint the fence\n", as: .markdown)
        var coloured = try #require(existing.first)
        coloured.color = .red
        let plan = ImportPlan(
            importing: existing, into: [coloured], fidelity: ExportFormat.markdown.fidelity,
            calendar: ExportFixtures.calendar)
        #expect(plan.isEmpty)
        let marked = try ExportFixtures.parse("## Today\n\n- [x] Paint the fence\n", as: .markdown)
        let done = ImportPlan(
            importing: marked, into: [coloured], fidelity: ExportFormat.markdown.fidelity,
            calendar: ExportFixtures.calendar)
        #expect(done.updates.map(\.isDone) == [true])
        #expect(done.updates.map(\.color) == [.red])
    }
}

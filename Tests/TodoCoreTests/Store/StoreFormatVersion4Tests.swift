import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// Store format version 4: an item's repetition saved and loaded exactly; version-3 files read
/// (no repetition) and upgraded by the first save; a `repeat` key refused in older files and a
/// broken one refused with its position.
@Suite("Store format version 4")
struct StoreFormatVersion4Tests {
    static let utc = StoreFormatVersion2Tests.utc
    static let day = StoreFormatVersion2Tests.day

    /// The rule `text` spells; a test's own rules all parse.
    static func rule(_ text: String) -> RecurrenceRule {
        do {
            return try RecurrenceRule(rrule: text)
        } catch {
            preconditionFailure("\(text): \(error)")
        }
    }

    static let repeating: [TodoItem] = [
        TodoItem(
            text: "Water plants", date: day, createdAt: day, hasTime: false, start: day, startHasTime: false,
            repetition: ItemRepetition(Repetition(rule: rule("FREQ=WEEKLY;BYDAY=MO,TH")))),
        TodoItem(
            text: "Pay rent", date: day.addingTimeInterval(9 * 3_600), createdAt: day,
            start: day.addingTimeInterval(9 * 3_600),
            repetition: ItemRepetition(
                Repetition(
                    rule: rule("FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=10"), anchor: .completion,
                    exceptionDates: [day.addingTimeInterval(40 * 86_400)], extraDates: [day.addingTimeInterval(3_600)]),
                completedCount: 2, lastCompletedAt: day.addingTimeInterval(-86_400))),
    ]

    @Test("a repetition survives the journal, a load, a compaction and a load")
    func roundTrip() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("todos.json")
        let context = TodoContext(store: JSONStore(path: path, calendar: Self.utc), now: { Self.day })
        try context.insert(TodoItem(text: "first", date: Self.day, createdAt: Self.day))
        try context.save()
        for item in Self.repeating { try context.insert(item) }
        try context.save()
        let fromJournal = try JSONStore(path: path, calendar: Self.utc).load().items
        for item in Self.repeating {
            let loaded = try #require(fromJournal.first { $0.id == item.id })
            #expect(loaded.repetition == item.repetition)
            #expect(loaded.hasSameContent(as: item))
        }
        try JSONStore(path: path, calendar: Self.utc).compact()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text.contains(
                #""repeat": {"completed": 2, "exdates": ["2026-12-30T00:00:00.000Z"], "from": "completion", "#
                    + #""lastCompleted": "2026-11-19T00:00:00.000Z", "rdates": ["2026-11-20T01:00:00.000Z"], "#
                    + #""rule": "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=10"}, "start""#), "\(text)")
        #expect(text.contains(#""repeat": {"rule": "FREQ=WEEKLY;BYDAY=MO,TH"}, "start""#))
        let compacted = try JSONStore(path: path, calendar: Self.utc).load()
        #expect(compacted.formatVersion == 4)
        #expect(Set(compacted.items) == Set(fromJournal))
    }

    @Test("a version-3 file loads without repetitions and its first save writes it as version 4")
    func upgradesVersion3() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("todos.json")
        let items = StoreFormatVersion3Tests.dated
        let text = String(
            decoding: StoreEncoder.encode(StoreContents(generation: 3, items: items)), as: UTF8.self)
        try Data(StoreFixtures.beforeLists(text, version: 3).utf8).write(to: URL(fileURLWithPath: path))
        let before = try JSONStore(path: path, calendar: Self.utc).load()
        #expect(before.formatVersion == 3 && before.items.allSatisfy { $0.repetition == nil })
        let context = TodoContext(store: JSONStore(path: path, calendar: Self.utc), now: { Self.day })
        _ = try context.fetch(FetchRequest())
        try context.insert(Self.repeating[0])
        try context.save()
        let after = try JSONStore(path: path, calendar: Self.utc).load()
        #expect(after.formatVersion == 4)
        for item in items {
            #expect(after.items.first { $0.id == item.id } == item)
        }
        #expect(after.items.first { $0.id == Self.repeating[0].id }?.repetition == Self.repeating[0].repetition)
    }

    @Test(
        "a repeat key in an older file, and a broken repeat, are refused with their position",
        arguments: [
            (#""repeat": {"rule": "FREQ=DAILY"}, "text""#, "3", #"the key "repeat" is not part of a version-3 item"#),
            (#""repeat": {}, "text""#, "4", #"the key "rule" is missing in "repeat""#),
            (#""repeat": {"rule": ""}, "text""#, "4", #""repeat.rule" must be a rule todo-tui computes, found """#),
            (
                #""repeat": {"rule": "FREQ=HOURLY"}, "text""#, "4",
                #"found "FREQ=HOURLY": the repeat rule repeats HOURLY, which todo-tui cannot compute"#
            ),
            (#""repeat": "FREQ=DAILY", "text""#, "4", #""repeat" must be an object"#),
            (#""repeat": {"rule": "FREQ=DAILY", "from": "start"}, "text""#, "4", #""repeat.from" must be due or"#),
            (#""repeat": {"rule": "FREQ=DAILY", "every": 2}, "text""#, "4", #"the key "every" is not part of"#),
            (#""repeat": {"rule": "FREQ=DAILY", "exdates": ["May"]}, "text""#, "4", #""repeat.exdates" must be"#),
            (#""repeat": {"rule": "FREQ=DAILY", "completed": -1}, "text""#, "4", #"must be a whole number"#),
            (
                #""repeat": {"rule": "FREQ=DAILY", "rule": "B"}, "text""#, "4",
                #"the key "rule" appears twice in "repeat""#
            ),
        ])
    func badRepeat(replacement: String, version: String, message: String) {
        let line = StoreFixtures.milkLine(replacing: #""text""#, with: replacement)
            .replacingOccurrences(of: #""id""#, with: #""hasTime": true, "id""#)
        do {
            _ = try StoreDecoder.decode(
                StoreFixtures.file(itemLine: line, version: version), path: "t.json", calendar: Self.utc)
            Issue.record("decoded \(line)")
        } catch {
            #expect(error.description.contains(message), "\(error)")
            #expect(error.description.contains("item 1, id 0E4F2D7A"), "\(error)")
        }
    }
}

import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// `loadItemsMentioningAlarms()`: what `todo-tui remind` reads — the file's items with alarms
/// and everything the journal holds, the same values `load()` gives.
@Suite("JSONStore: loading the to-dos with alarms")
struct JSONStoreAlarmLoadTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    static func withAlarm(_ text: String) -> TodoItem {
        var item = TodoItem(text: text, date: now, createdAt: now)
        item.alarms = [.display(.absolute(now), uid: UUID())]
        return item
    }

    @Test("the file's items with alarms or a snooze, plus the journal's changes, as load() has them")
    func sameAsLoad() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("todos.json")
        var snoozed = TodoItem(text: "Snoozed elsewhere", date: Self.now, createdAt: Self.now)
        snoozed.alarmSnoozedUntil = Self.now
        let plain = (0..<50).map { TodoItem(text: "Plain \($0), not \"alarms\"", date: Self.now, createdAt: Self.now) }
        let items = [Self.withAlarm("First")] + plain + [snoozed, Self.withAlarm("Loses it"), Self.withAlarm("Last")]
        try JSONStore.createStore(at: path, containing: items)
        let store = JSONStore(path: path)
        let fileOnly = try store.loadItemsMentioningAlarms()
        #expect(Set(fileOnly.map(\.text)) == ["First", "Snoozed elsewhere", "Loses it", "Last"])

        // Saves after the file was written go to the journal: one gains an alarm, one loses it,
        // one with an alarm is deleted.
        let context = TodoContext(store: store, now: { Self.now })
        let all = try context.fetch(FetchRequest())
        let gains = try #require(all.first { $0.text == "Plain 7, not \"alarms\"" })
        try context.update(gains.id) { $0.alarms = Self.withAlarm("x").alarms }
        try context.update(try #require(all.first { $0.text == "Loses it" }).id) { $0.alarms = [] }
        try context.delete(try #require(all.first { $0.text == "Last" }).id)
        try context.save()
        try #require(FileManager.default.fileExists(atPath: store.journalPath), "the test needs a journal")

        let loaded = try store.loadItemsMentioningAlarms()
        let whole = try store.load().items
        let expected = whole.filter { !$0.alarms.isEmpty || $0.alarmSnoozedUntil != nil }
        #expect(
            Set(loaded.filter { !$0.alarms.isEmpty || $0.alarmSnoozedUntil != nil }) == Set(expected),
            "\(loaded.map(\.text))")
        #expect(Set(expected.map(\.text)) == ["First", "Snoozed elsewhere", "Plain 7, not \"alarms\""])
    }

    @Test("a file in another layout (all on one line) is loaded whole")
    func otherLayout() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("todos.json")
        try JSONStore.createStore(
            at: path, containing: [Self.withAlarm("Alarm"), TodoItem(text: "Plain", date: nil, createdAt: Self.now)])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let oneLine = text.replacingOccurrences(of: "\n", with: " ")
        try oneLine.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(JSONStore.itemLines(of: Array(oneLine.utf8), mentioningAny: [Array("alarms".utf8)]) == nil)
        #expect(try Set(JSONStore(path: path).loadItemsMentioningAlarms().map(\.text)) == ["Alarm", "Plain"])
    }

    @Test("a format-3 file's VALARMs, still kept as foreign lines, are read as alarms")
    func formatThreeForeignAlarms() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("todos.json")
        func line(_ id: String, _ text: String, foreign: String) -> String {
            #"{"color": "default", "createdAt": "2026-11-26T12:00:00.000Z", "date": "2026-12-01T09:00:00.000Z", "#
                + foreign + #""hasTime": true, "id": ""# + id + #"", "isDone": false, "#
                + #""modifiedAt": "2026-11-26T12:00:00.000Z", "text": ""# + text + #"", "version": 1}"#
        }
        let phone = line(
            "0E4F2D7A-3B1C-4D5E-8F60-718293A4B5C6", "Pay rent",
            foreign: #""foreign": {"iCalendar": ["UID:x1", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:d", "#
                + #""TRIGGER;RELATED=END:-PT15M", "END:VALARM"]}, "#)
        let plain = line("A1B2C3D4-E5F6-4789-9ABC-DEF012345678", "Plain", foreign: "")
        let file =
            "{\n  \"format\": \"todo-tui\",\n  \"generation\": 1,\n  \"items\": [\n    \(plain),\n    \(phone)\n  ],\n"
            + "  \"version\": 3\n}\n"
        try Data(file.utf8).write(to: URL(fileURLWithPath: path))
        let store = JSONStore(path: path)
        #expect(try store.load().items.count == 2)
        let loaded = try store.loadItemsMentioningAlarms()
        #expect(loaded.map(\.text) == ["Pay rent"])
        #expect(loaded.first?.alarms.count == 1)
    }
}

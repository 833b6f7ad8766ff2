import Foundation
import Glibc
import Testing
import TodoTestSupport

@testable import TodoCore

/// Store format version 2 (issue 15): notes, priority, tags, whole days and foreign properties
/// saved and loaded exactly; version-1 files read and upgraded by the first save, crash-safely.
@Suite("Store format version 2")
struct StoreFormatVersion2Tests {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
    static let day = Date(millisecondsSince1970: 1_795_132_800_000)  // 2026-11-20T00:00:00Z

    /// Items that use every new field, with the characters a store must escape.
    static let rich: [TodoItem] = [
        TodoItem(
            text: "Dentist", date: day.addingTimeInterval(9 * 3600), createdAt: day,
            notes: "Bring the card.\nAsk about \"wisdom\" teeth\t— C:\\x \u{1B}[31m", priority: .high,
            tags: ["health", "project:teeth", "@town", "東京"], hasTime: true
        ),
        TodoItem(text: "Birthday", date: day, createdAt: day, priority: .low, hasTime: false),
        TodoItem(
            text: "From a phone", date: day, createdAt: day, priority: .medium, hasTime: false,
            foreign: ForeignProperties(
                iCalendar: [
                    "UID:abc123@tasks.org", "RRULE:FREQ=WEEKLY;BYDAY=MO",
                    #"X-MOZ-GENERATION:"3"\"#,
                ],
                taskwarrior: [
                    ForeignAttribute(
                        name: "annotations", rawJSON: #"[{"description":"a \"note\"","entry":"20261120T000000Z"}]"#),
                    ForeignAttribute(name: "estimate", rawJSON: "3"),
                ],
                todoTxt: ["t:2026-11-18", "rec:1w"]
            )
        ),
    ]

    @Test("every new field survives a save to the journal, a load, a compaction and a load")
    func everyFieldRoundTrips() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("todos.json")
        let context = TodoContext(store: JSONStore(path: path, calendar: Self.utc), now: { Self.day })
        try context.insert(TodoItem(text: "first", date: Self.day, createdAt: Self.day))
        try context.save()
        for item in Self.rich { try context.insert(item) }
        try context.save()
        #expect(FileManager.default.fileExists(atPath: path + ".journal"), "the second save went to the journal")
        let fromJournal = try JSONStore(path: path, calendar: Self.utc).load().items
        for item in Self.rich {
            let loaded = try #require(fromJournal.first { $0.id == item.id })
            #expect(loaded.hasSameContent(as: item), "\(loaded) ≠ \(item)")
        }
        try JSONStore(path: path, calendar: Self.utc).compact()
        let compacted = try JSONStore(path: path, calendar: Self.utc).load()
        #expect(compacted.formatVersion == StoreError.supportedVersion)
        #expect(Set(compacted.items) == Set(fromJournal))
        #expect(compacted.items.first { $0.text == "From a phone" }?.foreign.isRecurring == true)
    }

    /// A version-1 file: what a program before version 2 wrote for `items` (no hasTime, no new
    /// keys, "version": 1).
    static func version1File(_ items: [TodoItem], generation: Int) -> [UInt8] {
        let text = String(
            decoding: StoreEncoder.encode(StoreContents(generation: generation, items: items)), as: UTF8.self)
        return Array(
            StoreFixtures.beforeLists(text, version: 1)
                .replacingOccurrences(of: #""hasTime": true, "#, with: "")
                .replacingOccurrences(of: #""hasTime": false, "#, with: "").utf8)
    }

    @Test(
        """
        data/sample-v1.json loads as version 1, and the first save writes it whole as version 2 with every item as \
        it was
        """
    )
    func sampleUpgrades() throws {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../data/sample-v1.json").standardized.path
        let folder = try TemporaryDirectory()
        let path = folder.path("todos.json")
        try Data(contentsOf: URL(fileURLWithPath: sample)).write(to: URL(fileURLWithPath: path))
        let before = try JSONStore(path: path, calendar: Self.utc).load()
        #expect(before.formatVersion == 1 && before.items.count == 30)
        #expect(
            before.items.allSatisfy { $0.hasTime == ($0.date.map(Self.utc.startOfDay(for:)) != $0.date) },
            "hasTime by the old rule")

        let context = TodoContext(store: JSONStore(path: path, calendar: Self.utc), now: { Self.day })
        let first = try #require(try context.fetch(FetchRequest()).first)
        try context.update(first.id) { $0.priority = .high }
        try context.save()

        #expect(
            !FileManager.default.fileExists(atPath: path + ".journal"),
            "the upgrade is a whole write, not a journal record")
        try context.update(first.id) { $0.priority = .medium }
        try context.save()
        #expect(
            FileManager.default.fileExists(atPath: path + ".journal"),
            "the save after the upgrade appends to the journal again")
        try context.update(first.id) { $0.priority = .high }
        try context.save()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\"version\": \(StoreError.supportedVersion)\n}\n"))
        let after = try JSONStore(path: path, calendar: Self.utc).load()
        #expect(after.formatVersion == StoreError.supportedVersion && after.generation == before.generation + 3)
        for item in before.items {
            let upgraded = try #require(after.items.first { $0.id == item.id }, "\(item.text) kept")
            if item.id == first.id {
                #expect(upgraded.priority == .high && upgraded.text == item.text)
            } else {
                #expect(upgraded == item)
            }
        }
    }

    @Test("a 100,000-item version-1 store loads, upgrades on the first save and keeps every item")
    func largeStoreUpgrades() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("todos.json")
        let items = (0..<100_000).map { index in
            TodoItem(
                text: "item \(index)", date: Self.day.addingTimeInterval(Double(index % 5_000) * 1_800),
                createdAt: Self.day, version: 1)
        }
        try Data(Self.version1File(items, generation: 7)).write(to: URL(fileURLWithPath: path))
        let store = JSONStore(path: path, calendar: Self.utc)
        #expect(try store.load().items.count == 100_000)
        let added = TodoItem(
            text: "after the upgrade", date: Self.day, createdAt: Self.day, tags: ["new"], hasTime: false)
        _ = try store.commit(after: 7) { changes in
            (StoreBatch(generation: changes.generation + 1, items: [added]), ())
        }
        let upgraded = try JSONStore(path: path, calendar: Self.utc).load()
        #expect(upgraded.formatVersion == StoreError.supportedVersion && upgraded.generation == 8)
        #expect(upgraded.items.count == 100_001)
        #expect(Set(upgraded.items.map(\.id)) == Set(items.map(\.id) + [added.id]))
        #expect(
            upgraded.items.filter { !$0.hasTime }.count == 1
                + items.filter { $0.date.map(Self.utc.startOfDay(for:)) == $0.date }.count)
    }

    @Test(
        """
        SIGKILL during the upgrade leaves the version-1 file or the version-2 file, never a torn one, and loses no \
        item
        """
    )
    func killedDuringUpgrade() throws {
        guard let executable = StoreCrashSafetyTests.stressExecutable() else {
            Issue.record("todo-stress was not found next to the test bundle; run `swift build` first.")
            return
        }
        let folder = try TemporaryDirectory()
        let seeds = (0..<5_000).map {
            TodoItem(text: "seed \($0)", date: Self.day.addingTimeInterval(Double($0)), createdAt: Self.day, version: 1)
        }
        let version1 = Self.version1File(seeds, generation: seeds.count)
        var generator = SplitMix64(seed: 15)
        var outcomes = (old: 0, new: 0)
        for kill in 1...50 {
            let path = folder.path("store-\(kill)/todos.json")
            try FileManager.default.createDirectory(
                atPath: folder.path("store-\(kill)"), withIntermediateDirectories: true)
            try Data(version1).write(to: URL(fileURLWithPath: path))
            let child = try ChildProcess(executable: executable, arguments: ["save-loop", path])
            if kill.isMultiple(of: 2) {
                // After the upgrade's save was acknowledged: then during later saves.
                try #require(child.waitForLine(), "todo-stress ended before its first save")
            }
            usleep(UInt32.random(in: 0..<100_000, using: &generator))
            child.kill(SIGKILL)
            let acknowledged = child.completeLines().compactMap(UUID.init(uuidString:))
            let contents = try JSONStore(path: path, calendar: Self.utc).load()
            contents.formatVersion == 1 ? (outcomes.old += 1) : (outcomes.new += 1)
            let stored = Set(contents.items.map(\.id))
            #expect(seeds.allSatisfy { stored.contains($0.id) }, "kill \(kill): a seed item is missing")
            #expect(acknowledged.allSatisfy { stored.contains($0) }, "kill \(kill): an acknowledged save is missing")
            #expect(
                contents.formatVersion == StoreError.supportedVersion || acknowledged.isEmpty,
                "kill \(kill): a save was acknowledged on a version-1 file")
        }
        // Half the kills come after an acknowledged upgrade; the others land before, during or
        // after it, as the machine's speed has it (printed, not asserted: no timing in tests).
        #expect(outcomes.new >= 25, "\(outcomes)")
        print("upgrade kills: \(outcomes.old) left the version-1 file, \(outcomes.new) the version-2 file")
    }

    @Test(
        """
        bad values of the new keys, a version-1 item with a new key and a version-2 item without hasTime are refused \
        with their position
        """,
        arguments: [
            (
                #""priority": "urgent", "text""#, "2",
                #"line 5, column 233 (item 1, id 0E4F2D7A-3B1C-4D5E-8F60-718293A4B5C6): "priority" must be one of none, low, medium, high, found "urgent""#
            ),
            (
                #""tags": ["a", 3], "text""#, "2",
                #"(item 1, id 0E4F2D7A-3B1C-4D5E-8F60-718293A4B5C6): each element of "tags" must be a string, found a number"#
            ),
            (#""tags": ["a", "a"], "text""#, "2", #""tags" lists "a" twice"#),
            (
                #""foreign": {"iCalendar": "RRULE:X"}, "text""#, "2",
                #""foreign.iCalendar" must be an array, found a string"#
            ),
            (#""foreign": {"vcard": []}, "text""#, "2", #"the key "vcard" is not part of "foreign""#),
            (
                #""foreign": {"taskwarrior": [["recur"]]}, "text""#, "2",
                #"an attribute of "foreign.taskwarrior" must be [name, JSON text], found 1 strings"#
            ),
            (#""notes": 7, "text""#, "2", #""notes" must be a string, found a number"#),
            (#""hasTime": "yes", "text""#, "2", #""hasTime" must be a boolean, found a string"#),
            (#""notes": "x", "text""#, "1", #"the key "notes" is not part of a version-1 item"#),
            (#""text""#, "2", #"the key "hasTime" is missing"#),
        ])
    func badNewFields(replacement: String, version: String, message: String) {
        let line = StoreFixtures.milkLine(replacing: #""text""#, with: replacement)
        let hasTime = version == "2" && !replacement.contains("hasTime") && replacement != #""text""#
        let itemLine = hasTime ? line.replacingOccurrences(of: #""id""#, with: #""hasTime": true, "id""#) : line
        do {
            _ = try StoreDecoder.decode(
                StoreFixtures.file(itemLine: itemLine, version: version), path: "t.json", calendar: Self.utc)
            Issue.record("decoded \(itemLine)")
        } catch {
            #expect(error.description.contains(message), "\(error)")
        }
    }
}

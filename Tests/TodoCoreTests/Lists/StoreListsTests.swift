import Foundation
import Glibc
import Testing
import TodoTestSupport

@testable import TodoCore

/// Store format version 4: lists saved and loaded exactly, through the journal and a compaction;
/// a version-3 file read as one list "To-dos" holding everything and upgraded by the first save,
/// crash-safely; `lists` refused in an older file.
@Suite("Store format version 4 (lists)")
struct StoreListsTests {
    static let utc = StoreFormatVersion2Tests.utc
    static let day = StoreFormatVersion2Tests.day

    /// A version-3 file: what a version-3 program wrote for `items` (no lists).
    static func version3File(_ items: [TodoItem], generation: Int) -> [UInt8] {
        let text = String(
            decoding: StoreEncoder.encode(StoreContents(generation: generation, items: items)), as: UTF8.self)
        return Array(StoreFixtures.beforeLists(text, version: 3).utf8)
    }

    @Test("a version-3 store reads as one list \"To-dos\" holding every item, and the first save writes version 4")
    func upgradesVersion3() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("todos.json")
        let items = (0..<3).map { TodoItem(text: "old \($0)", date: Self.day, createdAt: Self.day, version: 1) }
        try Data(Self.version3File(items, generation: 3)).write(to: URL(fileURLWithPath: path))
        let store = JSONStore(path: path, calendar: Self.utc)
        let before = try store.load()
        #expect(before.formatVersion == 3)
        #expect(before.lists == [TodoList.standard])
        #expect(before.items.allSatisfy { $0.listID == TodoList.standardID })
        let context = TodoContext(store: store, now: { Self.day })
        #expect(try context.lists().map(\.name) == ["To-dos"])
        try context.insertList(TodoList(name: "Work", color: .red))
        try context.save()
        let after = try JSONStore(path: path, calendar: Self.utc).load()
        #expect(after.formatVersion == 4)
        #expect(after.lists.map(\.name) == ["To-dos", "Work"])
        #expect(Set(after.items.map(\.text)) == Set(items.map(\.text)))
    }

    @Test("lists and each item's list survive the journal, a load, a compaction and a load")
    func roundTrip() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("todos.json")
        let store = JSONStore(path: path, calendar: Self.utc)
        let context = TodoContext(store: store, now: { Self.day })
        let work = TodoList(name: "Work", color: .blue)
        try context.insertList(work)
        let home = TodoList(name: "Home \"sweet\" 家", color: .green)
        try context.insertList(home)
        let report = try context.insert(text: "Report", date: Self.day)
        try context.update(report.id) { $0.listID = work.id }
        try context.insert(text: "Milk", date: nil)
        try context.save()  // the first save writes the file whole
        try context.updateList(home.id) { $0.name = "House" }
        try context.save()  // the journal
        let journalled = try JSONStore(path: path, calendar: Self.utc).load()
        #expect(journalled.lists.map(\.name) == ["To-dos", "Work", "House"])
        #expect(journalled.lists[1] == work)
        #expect(journalled.items.first { $0.text == "Report" }?.listID == work.id)
        #expect(journalled.items.first { $0.text == "Milk" }?.listID == TodoList.standardID)
        try store.compact()
        let compacted = try JSONStore(path: path, calendar: Self.utc).load()
        #expect(compacted == journalled)
    }

    @Test("deleting a list deletes its items in one change, and undo brings back both")
    func deleteAndUndo() throws {
        let context = TodoContext(store: InMemoryStore(), now: { Self.day })
        let work = TodoList(name: "Work")
        try context.insertList(work)
        for index in 0..<3 {
            var item = TodoItem(text: "w\(index)", date: Self.day, createdAt: Self.day)
            item.listID = work.id
            try context.insert(item)
        }
        try context.insert(text: "stays", date: Self.day)
        try context.save()
        var batches: [ObjectsDidChange] = []
        let token = context.observeObjectsDidChange { batches.append($0) }
        #expect(try context.deleteList(work.id) == 3)
        context.processPendingChanges()
        #expect(batches.count == 1 && batches[0].deleted.count == 3 && batches[0].lists == [TodoList.standard])
        try context.save()
        #expect(try context.count(for: FetchRequest()) == 1)
        context.undo()
        #expect(try context.lists() == [TodoList.standard, work])
        #expect(try context.count(for: FetchRequest(predicate: .list(work.id))) == 3)
        try context.save()
        #expect(try context.store.load().lists == [TodoList.standard, work])
        withExtendedLifetime(token) {}
    }

    @Test("the only list cannot be deleted, a name is taken once, and an item cannot go to a list that is not there")
    func refusals() throws {
        let context = TodoContext(store: InMemoryStore(), now: { Self.day })
        #expect(throws: ContextError.lastList("To-dos")) { try context.deleteList(TodoList.standardID) }
        try context.insertList(TodoList(name: "Work"))
        #expect(throws: ContextError.duplicateListName("work")) { try context.insertList(TodoList(name: "work")) }
        let item = try context.insert(text: "x", date: nil)
        let stranger = UUID()
        #expect(throws: ContextError.noSuchList(stranger)) { try context.update(item.id) { $0.listID = stranger } }
        #expect(try context.item(with: item.id)?.listID == TodoList.standardID)
    }

    @Test("list:NAME filters by list, ignoring case; an unknown name is refused naming the lists")
    func filter() throws {
        let work = TodoList(name: "Work")
        let lists = [TodoList.standard, work]
        let predicate = try FilterParser.parse("list:work", now: Self.day, calendar: Self.utc, lists: lists)
        #expect(predicate == .list(work.id))
        var item = TodoItem(text: "x", date: nil, createdAt: Self.day)
        #expect(!predicate.evaluate(item))
        item.listID = work.id
        #expect(predicate.evaluate(item))
        #expect {
            _ = try FilterParser.parse("milk list:Hom", now: Self.day, calendar: Self.utc, lists: lists)
        } throws: { error in
            "\(error)" == "No list is named 'Hom' at column 11 of the filter; the lists are \"To-dos\" and \"Work\"."
        }
    }

    @Test("the quick-add token list:NAME gives the list's name and leaves the text")
    func quickAdd() throws {
        let line = try QuickAddParser.parse("Call list:Work Bob", now: Self.day, calendar: Self.utc)
        #expect(line.text == "Call Bob" && line.listName == "Work")
        #expect(throws: QuickAddError.self) {
            try QuickAddParser.parse("a list:A list:B", now: Self.day, calendar: Self.utc)
        }
    }

    @Test("two contexts that change different lists keep both changes")
    func mergesLists() throws {
        let store = InMemoryStore()
        let first = TodoContext(store: store, now: { Self.day })
        let second = TodoContext(store: store, now: { Self.day })
        _ = try first.lists()
        _ = try second.lists()
        try first.insertList(TodoList(name: "Work"))
        try first.save()
        try second.updateList(TodoList.standardID) { $0.name = "Inbox" }
        try second.save()
        #expect(try store.load().lists.map(\.name) == ["Inbox", "Work"])
        try first.refreshAllObjects()
        #expect(try first.lists().map(\.name) == ["Inbox", "Work"])
    }

    @Test("\"lists\" in a version-3 file is refused with its position")
    func listsInOlderFile() throws {
        let text = String(decoding: StoreEncoder.encode(StoreContents()), as: UTF8.self)
            .replacingOccurrences(of: "\"version\": 4", with: "\"version\": 3")
        #expect {
            _ = try StoreDecoder.decode(Array(text.utf8), path: "t.json")
        } throws: { error in
            "\(error)".contains("the key \"lists\" is not part of a version-3 store")
        }
    }

    @Test("SIGKILL during the 3 → 4 upgrade leaves the version-3 file or the version-4 file, never a torn one")
    func killedDuringUpgrade() throws {
        guard let executable = StoreCrashSafetyTests.stressExecutable() else {
            Issue.record("todo-stress was not found next to the test bundle; run `swift build` first.")
            return
        }
        let folder = try TemporaryDirectory()
        let seeds = (0..<5_000).map { index in
            TodoItem(text: "seed \(index)", date: Self.day.addingTimeInterval(Double(index)), createdAt: Self.day)
        }
        let version3 = Self.version3File(seeds, generation: seeds.count)
        var generator = SplitMix64(seed: 29)
        var outcomes = (old: 0, new: 0)
        for kill in 1...50 {
            let path = folder.path("store-\(kill)/todos.json")
            try FileManager.default.createDirectory(
                atPath: folder.path("store-\(kill)"), withIntermediateDirectories: true)
            try Data(version3).write(to: URL(fileURLWithPath: path))
            let child = try ChildProcess(executable: executable, arguments: ["save-loop", path])
            if kill.isMultiple(of: 2) {
                try #require(child.waitForLine(), "todo-stress ended before its first save")
            }
            usleep(UInt32.random(in: 0..<100_000, using: &generator))
            child.kill(SIGKILL)
            let acknowledged = child.completeLines().compactMap(UUID.init(uuidString:))
            let contents = try JSONStore(path: path, calendar: Self.utc).load()
            contents.formatVersion == 3 ? (outcomes.old += 1) : (outcomes.new += 1)
            #expect(contents.lists == [TodoList.standard], "kill \(kill): the lists are not the one upgraded list")
            let stored = Dictionary(contents.items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            #expect(
                seeds.allSatisfy { stored[$0.id]?.hasSameContent(as: $0) == true },
                "kill \(kill): a seed item is missing or changed")
            #expect(acknowledged.allSatisfy { stored[$0] != nil }, "kill \(kill): an acknowledged save is missing")
            #expect(
                contents.formatVersion == 4 || acknowledged.isEmpty,
                "kill \(kill): a save was acknowledged on a version-3 file")
        }
        #expect(outcomes.new >= 25, "\(outcomes)")
        print("3 → 4 upgrade kills: \(outcomes.old) left the version-3 file, \(outcomes.new) the version-4 file")
    }
}

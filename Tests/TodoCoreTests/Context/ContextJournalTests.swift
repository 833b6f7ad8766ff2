import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// Issue 7: contexts saving through a journaled `JSONStore` decide conflicts from the records
/// other writers appended since their generation, exactly as from a full read.
@Suite("Context saves through the journal")
struct ContextJournalTests {
    let clock = TestClock()
    let folder: TemporaryDirectory
    let path: String

    init() throws {
        folder = try TemporaryDirectory()
        path = folder.path("todos.json")
    }

    /// A context on its own `JSONStore` of the shared file, as another process would have.
    private func makeContext(_ policy: MergePolicy = .error) -> TodoContext {
        let context = TodoContext(store: JSONStore(path: path), now: clock.function)
        context.mergePolicy = policy
        return context
    }

    /// Saves one item "Base" and returns its id.
    private func seed() throws -> UUID {
        let context = makeContext()
        let item = try context.insert(text: "Base", date: clock.now)
        try context.save()
        return item.id
    }

    private func journalLineCount() throws -> Int {
        guard FileManager.default.fileExists(atPath: path + ".journal") else { return 0 }
        return try fileBytes(path + ".journal").filter { $0 == 0x0A }.count
    }

    @Test("two writers add and edit over each other's saves: every change is kept, all in the journal")
    func writersOverEachOther() throws {
        let id = try seed()
        let first = makeContext(), second = makeContext()
        _ = try first.fetch(FetchRequest())
        _ = try second.fetch(FetchRequest())
        try first.insert(text: "First's", date: clock.now)
        try first.save()
        try second.insert(text: "Second's", date: clock.now)
        try second.update(id) { $0.color = .blue }
        try second.save()
        try first.update(id) { $0.isDone = true }
        first.mergePolicy = .mergeByPropertyObjectTrump
        try first.save()

        #expect(try journalLineCount() == 3)
        let stored = try JSONStore(path: path).load()
        #expect(stored.generation == 4)
        #expect(Set(stored.items.map(\.text)) == ["Base", "First's", "Second's"])
        let base = try #require(stored.items.first { $0.id == id })
        #expect(base.color == .blue && base.isDone && base.version == 3)
    }

    @Test(
        """
        refreshAllObjects takes other writers' records: their inserts, edits and deletes appear, unsaved changes \
        stay on top
        """
    )
    func refreshFromRecords() throws {
        let kept = try seed(), removed = try seed()
        let reader = makeContext(), writer = makeContext()
        _ = try reader.fetch(FetchRequest())
        try reader.update(kept) { $0.text = "Mine" }
        try writer.update(kept) { $0.isDone = true }
        try writer.delete(removed)
        try writer.insert(text: "New", date: clock.now)
        try writer.save()
        #expect(try reader.store.changes(after: reader.storeGeneration).latestValues.count == 3)

        reader.processPendingChanges()
        var batches: [ObjectsDidChange] = []
        let token = reader.observeObjectsDidChange { batches.append($0) }
        try reader.refreshAllObjects()
        #expect(try reader.fetch(FetchRequest()).map(\.text).sorted() == ["Mine", "New"])
        #expect(try reader.item(with: kept)?.isDone == true)
        #expect(reader.storeGeneration == 3)
        #expect(batches.count == 1)
        try reader.save()
        let stored = try JSONStore(path: path).load()
        #expect(stored.items.map(\.text).sorted() == ["Mine", "New"])
        #expect(stored.items.first { $0.id == kept }?.isDone == true)
        _ = token
    }

    @Test("a conflict is found in another writer's journal record, with its stored value; nothing is written")
    func conflictFromRecord() throws {
        let id = try seed()
        let mine = makeContext(), theirs = makeContext()
        let base = try #require(try mine.item(with: id))
        try theirs.update(id) { $0.text = "Theirs" }
        try theirs.save()
        let stored = try #require(try theirs.item(with: id))
        try mine.update(id) { $0.text = "Mine" }
        let inMemory = try #require(try mine.item(with: id))
        let lines = try journalLineCount()

        #expect(
            throws: SaveError.conflicts([MergeConflict(itemID: id, base: base, inMemory: inMemory, stored: stored)])
        ) {
            try mine.save()
        }
        #expect(try journalLineCount() == lines)
        mine.mergePolicy = .mergeByPropertyStoreTrump
        try mine.save()
        #expect(try JSONStore(path: path).load().items.first { $0.id == id }?.text == "Theirs")
    }

    @Test("a deletion in another writer's record is a conflict for an edit here")
    func deletionFromRecord() throws {
        let id = try seed()
        let mine = makeContext(), theirs = makeContext()
        try mine.update(id) { $0.text = "Mine" }
        try theirs.delete(id)
        try theirs.save()
        #expect { try mine.save() } throws: { error in
            guard case .conflicts(let conflicts)? = error as? SaveError else { return false }
            return conflicts.map(\.itemID) == [id] && conflicts.first?.stored == nil && conflicts.first?.newVersion == 0
        }
        mine.mergePolicy = .mergeByPropertyObjectTrump
        try mine.save()
        #expect(try JSONStore(path: path).load().items.map(\.text) == ["Mine"])
    }

    @Test("a conflict is still found after another writer compacted the journal into the file")
    func conflictAfterCompaction() throws {
        let id = try seed()
        let mine = makeContext(), theirs = makeContext()
        try mine.update(id) { $0.text = "Mine" }
        try theirs.update(id) { $0.text = "Theirs" }
        try theirs.save()
        try theirs.store.compact()
        #expect(try journalLineCount() == 0)
        #expect { try mine.save() } throws: { error in
            guard case .conflicts(let conflicts)? = error as? SaveError else { return false }
            return conflicts.first?.stored?.text == "Theirs" && conflicts.first?.newVersion == 2
        }
    }

    @Test("a merged save an unsaved change kept out stays unseen, so the next save meets it as a conflict")
    func mergeKeepsConflictVisible() throws {
        let id = try seed()
        let mine = makeContext(), theirs = makeContext()
        _ = try mine.fetch(FetchRequest())
        try mine.update(id) { $0.text = "Mine" }
        var saved: DidSave?
        let token = theirs.observeDidSave { saved = $0 }
        try theirs.update(id) { $0.color = .red }
        try theirs.save()
        let generationBefore = mine.storeGeneration
        mine.mergeChanges(fromContextDidSave: try #require(saved))
        #expect(mine.storeGeneration == generationBefore)
        #expect { try mine.save() } throws: { error in
            guard case .conflicts(let conflicts)? = error as? SaveError else { return false }
            return conflicts.first?.stored?.color == .red
        }
        mine.mergePolicy = .mergeByPropertyObjectTrump
        try mine.save()
        let stored = try #require(try JSONStore(path: path).load().items.first)
        #expect(stored.text == "Mine" && stored.color == .red)
        _ = token
    }

    /// The outcome of one two-writer conflict: how many conflicts the save threw and the stored
    /// items' fields other than the (random) id.
    private struct Outcome: Equatable {
        var conflicts: Int?
        var items: [[String]]
    }

    /// Runs `mine` and `theirs` against one item on `store`, `theirs` saving first.
    private static func run(
        on store: any TodoStore, policy: MergePolicy,
        mine: (TodoContext, UUID) throws -> Void, theirs: (TodoContext, UUID) throws -> Void
    ) throws -> Outcome {
        let clock = TestClock()
        let setup = TodoContext(store: store, now: clock.function)
        let id = try setup.insert(text: "Base", date: clock.now).id
        try setup.save()
        let myContext = TodoContext(store: store, now: clock.function)
        myContext.mergePolicy = policy
        let theirContext = TodoContext(store: store, now: clock.function)
        clock.advance(seconds: 10)
        try mine(myContext, id)
        clock.advance(seconds: 10)
        try theirs(theirContext, id)
        try theirContext.save()
        var conflicts: Int?
        do {
            try myContext.save()
        } catch SaveError.conflicts(let found) {
            conflicts = found.count
        } catch {
            // Exhaustive on purpose: Swift 6.3.1 crashes (an ownership error in SILGen) on a
            // partial catch of a typed error followed by a closure.
            throw error
        }
        let items = try store.load().items.map { item in
            [
                item.text, item.color.rawValue, "\(item.isDone)", "\(item.version)",
                "\(item.modifiedAt.timeIntervalSince1970)",
            ]
        }
        return Outcome(conflicts: conflicts, items: items)
    }

    @Test(
        "every merge policy decides every pair of changes as it does over a whole-store read",
        arguments: MergePolicy.allCases)
    func sameDecisions(policy: MergePolicy) throws {
        let changes: [(TodoContext, UUID) throws -> Void] = [
            { try $0.update($1) { $0.text = "Text \($0.version)" } },
            { try $0.update($1) { $0.color = .green } },
            { try $0.update($1) { $0.isDone = true } },
            { try $0.delete($1) },
        ]
        for mine in changes.indices {
            for theirs in changes.indices {
                let folder = try TemporaryDirectory()
                let expected = try Self.run(
                    on: InMemoryStore(), policy: policy, mine: changes[mine], theirs: changes[theirs])
                let actual = try Self.run(
                    on: JSONStore(path: folder.path("todos.json")), policy: policy, mine: changes[mine],
                    theirs: changes[theirs])
                #expect(actual == expected, "\(policy), mine \(mine), theirs \(theirs)")
                #expect(
                    FileManager.default.fileExists(atPath: folder.path("todos.json.journal")),
                    "the saves were journaled")
            }
        }
    }
}

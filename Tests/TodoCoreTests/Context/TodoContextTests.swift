import Foundation
import Testing
import TodoCore

@Suite("TodoContext")
struct TodoContextTests {
    let clock = TestClock()
    let store = InMemoryStore()

    func makeContext() -> TodoContext {
        TodoContext(store: store, now: clock.function)
    }

    func day(_ offset: Int) -> Date {
        clock.now + TimeInterval(offset) * 86_400
    }

    @Test("inserts are fetched before saving and written with version 1 on save")
    func insertAndSave() throws {
        let context = makeContext()
        let milk = try context.insert(text: "Buy milk", date: day(0), color: .red)
        #expect(try context.fetch(FetchRequest()).map(\.text) == ["Buy milk"])
        #expect(context.hasChanges)
        #expect(context.insertedItems == [milk])
        #expect(store.contents.items.isEmpty)

        try context.save()
        #expect(!context.hasChanges)
        #expect(store.contents.generation == 1)
        #expect(store.contents.items.map(\.version) == [1])
        #expect(try context.item(with: milk.id)?.version == 1)
        #expect(context.storeGeneration == 1)
    }

    @Test("update stamps modifiedAt and keeps id, createdAt and version")
    func updateBookkeeping() throws {
        let context = makeContext()
        let item = try context.insert(text: "Draft", date: day(0))
        try context.save()
        clock.advance(seconds: 60)
        try context.update(item.id) {
            $0.text = "Final"
            $0.version = 99
        }
        let updated = try #require(try context.item(with: item.id))
        #expect(updated.text == "Final")
        #expect(updated.version == 1)
        #expect(updated.createdAt == item.createdAt)
        #expect(updated.modifiedAt == clock.now)
        #expect(context.updatedItems == [updated])
        try context.save()
        #expect(store.contents.items.first?.version == 2)
    }

    @Test("an update that changes nothing records nothing")
    func noOpUpdate() throws {
        let context = makeContext()
        let item = try context.insert(text: "Same", date: day(0))
        try context.save()
        var batches = 0
        let token = context.observeObjectsDidChange { _ in batches += 1 }
        try context.update(item.id) { $0.text = "Same" }
        context.processPendingChanges()
        #expect(!context.hasChanges)
        #expect(batches == 0)
        context.undo()
        #expect(try context.item(with: item.id) == nil, "undo reverts the insert, not a no-op edit")
        _ = token
    }

    @Test("delete removes from fetches and from the store on save")
    func deleteAndSave() throws {
        let context = makeContext()
        let keep = try context.insert(text: "Keep", date: day(0))
        let drop = try context.insert(text: "Drop", date: day(1))
        try context.save()
        try context.delete(drop.id)
        #expect(context.deletedItems.map(\.id) == [drop.id])
        #expect(try context.fetch(FetchRequest()).map(\.id) == [keep.id])
        try context.save()
        #expect(store.contents.items.map(\.id) == [keep.id])
        #expect(store.contents.generation == 2)
    }

    @Test("update by date predicate changes exactly the items of that day")
    func updateByDatePredicate() throws {
        let context = makeContext()
        try context.insert(text: "Yesterday", date: day(-1))
        try context.insert(text: "Today A", date: day(0))
        try context.insert(text: "Today B", date: day(0) + 3_600)
        try context.insert(text: "Tomorrow", date: day(1))
        try context.save()
        let start = day(0) - 36_000, end = start + 86_400
        let changed = try context.updateItems(datedFrom: start, to: end) { $0.isDone = true }
        #expect(changed == 2)
        try context.save()
        let done = try makeContext().fetch(FetchRequest(predicate: .isDone(true))).map(\.text)
        #expect(done == ["Today A", "Today B"])
    }

    @Test("rollback restores committed values and reports the reverting batch")
    func rollbackRestores() throws {
        let context = makeContext()
        let item = try context.insert(text: "Original", date: day(0))
        try context.save()
        let other = try context.insert(text: "Unsaved", date: day(0))
        try context.update(item.id) { $0.text = "Changed" }
        context.processPendingChanges()
        var batches: [ObjectsDidChange] = []
        let token = context.observeObjectsDidChange { batches.append($0) }
        context.rollback()
        #expect(try context.fetch(FetchRequest()).map(\.text) == ["Original"])
        #expect(!context.hasChanges)
        #expect(!context.canUndo)
        #expect(batches.count == 1)
        #expect(batches.first?.deleted.map(\.id) == [other.id])
        #expect(batches.first?.updated.map(\.new.text) == ["Original"])
        _ = token
    }

    @Test("reset forgets everything and posts one invalidating batch without items")
    func resetForgets() throws {
        let context = makeContext()
        try context.insert(text: "Saved", date: day(0))
        try context.save()
        try context.insert(text: "Unsaved", date: day(0))
        var batches: [ObjectsDidChange] = []
        let token = context.observeObjectsDidChange { batches.append($0) }
        context.reset()
        #expect(batches == [ObjectsDidChange(invalidatedAll: true)])
        #expect(!context.hasChanges)
        #expect(try context.fetch(FetchRequest()).map(\.text) == ["Saved"])
        _ = token
    }

    @Test("observers see changes only when pending changes are processed")
    func processPendingChangesTiming() throws {
        let context = makeContext()
        let item = try context.insert(text: "Fred?", date: day(0))
        context.processPendingChanges()
        var batches: [ObjectsDidChange] = []
        let token = context.observeObjectsDidChange { batches.append($0) }
        try context.update(item.id) { $0.text = "Fred" }
        #expect(batches.isEmpty)
        context.processPendingChanges()
        #expect(batches.count == 1)
        #expect(batches.first?.updated.map(\.old.text) == ["Fred?"])
        #expect(batches.first?.updated.map(\.new.text) == ["Fred"])
        context.processPendingChanges()
        #expect(batches.count == 1)
        _ = token
    }

    @Test("a batch coalesces each item: insert+edit is one insert, insert+delete is nothing")
    func batchCoalescing() throws {
        let context = makeContext()
        var batches: [ObjectsDidChange] = []
        let token = context.observeObjectsDidChange { batches.append($0) }
        let kept = try context.insert(text: "v1", date: day(0))
        try context.update(kept.id) { $0.text = "v2" }
        let gone = try context.insert(text: "ephemeral", date: day(0))
        try context.delete(gone.id)
        context.processPendingChanges()
        #expect(batches.count == 1)
        #expect(batches.first?.inserted.map(\.text) == ["v2"])
        #expect(batches.first?.deleted.isEmpty == true)
        _ = token
    }

    @Test("a released token stops observation")
    func tokenLifetime() throws {
        let context = makeContext()
        var count = 0
        var token: ObservationToken? = context.observeObjectsDidChange { _ in count += 1 }
        weak let released = token
        try context.insert(text: "one", date: day(0))
        context.processPendingChanges()
        token = nil
        // The context keeps no reference of its own: releasing the caller's ends the token.
        #expect(released == nil)
        try context.insert(text: "two", date: day(0))
        context.processPendingChanges()
        #expect(count == 1)
    }

    @Test("a cancelled token stops observation while it is still held")
    func tokenCancel() throws {
        let context = makeContext()
        var count = 0
        let token = context.observeObjectsDidChange { _ in count += 1 }
        try context.insert(text: "one", date: day(0))
        context.processPendingChanges()
        token.cancel()
        try context.insert(text: "two", date: day(0))
        context.processPendingChanges()
        token.cancel()
        #expect(count == 1)
    }

    @Test("undo and redo replay processed batches, across saves")
    func undoRedo() throws {
        let context = makeContext()
        let item = try context.insert(text: "Walk dog", date: day(0))
        try context.save()
        try context.update(item.id) { $0.isDone = true }
        try context.save()
        try context.delete(item.id)
        try context.save()
        #expect(store.contents.items.isEmpty)

        context.undo()
        #expect(try context.item(with: item.id)?.isDone == true)
        try context.save()
        #expect(store.contents.items.map(\.isDone) == [true])

        context.undo()
        #expect(try context.item(with: item.id)?.isDone == false)
        #expect(context.canRedo)
        context.redo()
        #expect(try context.item(with: item.id)?.isDone == true)
        try context.save()
        #expect(store.contents.items.first?.isDone == true)

        try context.update(item.id) { $0.text = "Walk the dog" }
        context.processPendingChanges()
        #expect(!context.canRedo)
    }

    @Test("didSave reports what was written with the new versions")
    func didSaveNotification() throws {
        let context = makeContext()
        var saves: [DidSave] = []
        let token = context.observeDidSave { saves.append($0) }
        let item = try context.insert(text: "Pay rent", date: day(0))
        try context.save()
        #expect(saves.count == 1)
        #expect(saves.first?.inserted.map(\.id) == [item.id])
        #expect(saves.first?.inserted.first?.version == 1)
        #expect(saves.first?.generation == 1)
        _ = token
    }

    @Test("a save refuses to overwrite an item another writer changed, and writes nothing")
    func conflictRefusal() throws {
        let first = makeContext()
        let item = try first.insert(text: "Shared", date: day(0))
        try first.save()

        let mine = makeContext(), theirs = makeContext()
        try mine.update(item.id) { $0.text = "Mine" }
        try theirs.update(item.id) { $0.text = "Theirs" }
        try theirs.save()
        let before = store.contents

        let error = #expect(throws: SaveError.self) { try mine.save() }
        guard case .conflicts(let conflicts)? = error else {
            Issue.record("expected conflicts, got \(String(describing: error))")
            return
        }
        #expect(conflicts.count == 1)
        #expect(conflicts.first?.base?.text == "Shared")
        #expect(conflicts.first?.inMemory?.text == "Mine")
        #expect(conflicts.first?.stored?.text == "Theirs")
        #expect(conflicts.first?.oldVersion == 1)
        #expect(conflicts.first?.newVersion == 2)
        #expect(store.contents == before)
        #expect(mine.hasChanges)
    }

    @Test("an edit of an item deleted elsewhere is a conflict with new version 0")
    func conflictWithDeletion() throws {
        let first = makeContext()
        let item = try first.insert(text: "Shared", date: day(0))
        try first.save()
        let mine = makeContext(), theirs = makeContext()
        try mine.update(item.id) { $0.isDone = true }
        try theirs.delete(item.id)
        try theirs.save()
        #expect(
            throws: SaveError.conflicts([
                MergeConflict(
                    itemID: item.id, base: try first.item(with: item.id),
                    inMemory: try mine.item(with: item.id), stored: nil
                )
            ])
        ) { try mine.save() }
    }

    @Test("saving keeps items other writers added meanwhile")
    func othersKept() throws {
        let mine = makeContext(), theirs = makeContext()
        _ = try mine.fetch(FetchRequest())
        try theirs.insert(text: "Theirs", date: day(0))
        try theirs.save()
        try mine.insert(text: "Mine", date: day(0))
        try mine.save()
        #expect(Set(store.contents.items.map(\.text)) == ["Theirs", "Mine"])
        #expect(store.contents.generation == 2)
        #expect(mine.storeGeneration == 0, "the context has not seen the other writer's save")
    }

    @Test("deleting an item that was also deleted elsewhere is not a conflict")
    func bothDeleted() throws {
        let first = makeContext()
        let item = try first.insert(text: "Gone", date: day(0))
        try first.save()
        let mine = makeContext(), theirs = makeContext()
        try mine.delete(item.id)
        try theirs.delete(item.id)
        try theirs.save()
        try mine.save()
        #expect(store.contents.items.isEmpty)
    }
}

import Foundation
import Testing
import TodoCore

@Suite("Several contexts and child contexts")
struct ContextMergingTests {
    let clock = TestClock()
    let store = InMemoryStore()

    func makeContext() -> TodoContext {
        TodoContext(store: store, now: clock.function)
    }

    /// A store with one saved item; returns its id.
    func seed(_ text: String = "Base") throws -> UUID {
        let context = makeContext()
        let item = try context.insert(text: text, date: clock.now)
        try context.save()
        return item.id
    }

    @Test("a save that met another writer's save leaves storeGeneration where it was; one that met none, at its own")
    func storeGenerationAfterSaves() throws {
        let id = try seed()
        let first = makeContext(), second = makeContext()
        _ = try first.fetch(FetchRequest())
        _ = try second.fetch(FetchRequest())
        let seen = first.storeGeneration
        try first.update(id) { $0.text = "First" }
        try first.save()
        #expect(first.storeGeneration == seen + 1)
        #expect(try store.currentGeneration() == first.storeGeneration)

        // The second context saves over the first's save: it has not seen that save, so its
        // generation does not claim the store's (a sync run records it as agreed only if equal).
        _ = try second.insert(text: "Second", date: clock.now)
        try second.save()
        #expect(second.storeGeneration == seen)
        #expect(try store.currentGeneration() != second.storeGeneration)
    }

    @Test("mergeChanges(fromContextDidSave:) brings another context's save in as one batch")
    func mergeFromDidSave() throws {
        let id = try seed()
        let reader = makeContext(), writer = makeContext()
        _ = try reader.fetch(FetchRequest())
        var saves: [DidSave] = []
        let saveToken = writer.observeDidSave { saves.append($0) }
        try writer.update(id) { $0.text = "Edited" }
        let added = try writer.insert(text: "Added", date: clock.now)
        try writer.save()

        var batches: [ObjectsDidChange] = []
        let token = reader.observeObjectsDidChange { batches.append($0) }
        reader.mergeChanges(fromContextDidSave: try #require(saves.first))
        #expect(try reader.item(with: id)?.text == "Edited")
        #expect(try reader.item(with: added.id) != nil)
        #expect(batches.count == 1)
        #expect(!reader.hasChanges)
        #expect(reader.storeGeneration == 2)
        #expect(!reader.canUndo, "merged changes are not the user's to undo")
        _ = (token, saveToken)
    }

    @Test("a merged save does not overwrite this context's unsaved change; the next save settles it")
    func mergeKeepsLocalChange() throws {
        let id = try seed()
        let reader = makeContext(), writer = makeContext()
        reader.mergePolicy = .mergeByPropertyObjectTrump
        try reader.update(id) { $0.text = "Mine" }
        var saves: [DidSave] = []
        let token = writer.observeDidSave { saves.append($0) }
        try writer.update(id) { $0.color = .blue }
        try writer.save()
        reader.mergeChanges(fromContextDidSave: try #require(saves.first))
        #expect(try reader.item(with: id)?.text == "Mine")
        try reader.save()
        #expect(store.contents.items.first?.text == "Mine")
        #expect(store.contents.items.first?.color == .blue)
        _ = token
    }

    @Test("refreshAllObjects picks up another writer's inserts, edits and deletes")
    func refreshAll() throws {
        let kept = try seed("Kept"), removed = try seed("Removed")
        let reader = makeContext(), writer = makeContext()
        _ = try reader.fetch(FetchRequest())
        try writer.update(kept) { $0.isDone = true }
        try writer.delete(removed)
        try writer.insert(text: "New", date: clock.now)
        try writer.save()

        var batches: [ObjectsDidChange] = []
        let token = reader.observeObjectsDidChange { batches.append($0) }
        try reader.refreshAllObjects()
        #expect(try reader.fetch(FetchRequest()).map(\.text).sorted() == ["Kept", "New"])
        #expect(try reader.item(with: kept)?.isDone == true)
        #expect(batches.count == 1)
        let batch = try #require(batches.first)
        let counts: [Int] = [batch.inserted.count, batch.updated.count, batch.deleted.count]
        #expect(counts == [1, 1, 1])
        #expect(reader.storeGeneration == store.contents.generation)
        _ = token
    }

    @Test("refresh with merging keeps unsaved fields on top of the stored value; without, discards them")
    func refreshOne() throws {
        let id = try seed()
        let reader = makeContext(), writer = makeContext()
        try reader.update(id) { $0.text = "Mine" }
        try writer.update(id) { $0.color = .green }
        try writer.save()

        try reader.refresh(id, mergeChanges: true)
        #expect(try reader.item(with: id)?.text == "Mine")
        #expect(try reader.item(with: id)?.color == .green)
        try reader.save()
        #expect(store.contents.items.first?.text == "Mine")
        #expect(store.contents.items.first?.color == .green)

        try reader.update(id) { $0.text = "Discard me" }
        try reader.refresh(id, mergeChanges: false)
        #expect(try reader.item(with: id)?.text == "Mine")
        #expect(!reader.hasChanges)
    }

    @Test("a child's save reaches its parent only; the store changes when the parent saves")
    func childPushesToParent() throws {
        let id = try seed()
        let parent = makeContext()
        let child = TodoContext(parent: parent)
        try child.update(id) { $0.text = "From child" }
        let added = try child.insert(text: "Child insert", date: clock.now)
        #expect(try parent.item(with: id)?.text == "Base", "unsaved child changes are invisible to the parent")

        var parentBatches: [ObjectsDidChange] = []
        let token = parent.observeObjectsDidChange { parentBatches.append($0) }
        try child.save()
        #expect(!child.hasChanges)
        #expect(try parent.item(with: id)?.text == "From child")
        #expect(try parent.item(with: added.id) != nil)
        #expect(parentBatches.count == 1)
        #expect(store.contents.items.map(\.text) == ["Base"])
        try parent.save()
        #expect(Set(store.contents.items.map(\.text)) == ["From child", "Child insert"])
        _ = token
    }

    @Test("a child discarded without saving leaves the parent untouched")
    func childDiscarded() throws {
        let id = try seed()
        let parent = makeContext()
        var child: TodoContext? = TodoContext(parent: parent)
        try child?.update(id) { $0.text = "Never saved" }
        try child?.delete(id)
        child = nil
        #expect(try parent.item(with: id)?.text == "Base")
        #expect(!parent.hasChanges)
    }

    @Test("grandchildren push up one level at a time")
    func grandchildren() throws {
        let id = try seed()
        let root = makeContext()
        let child = TodoContext(parent: root)
        let grandchild = TodoContext(parent: child)
        try grandchild.update(id) { $0.color = .yellow }
        try grandchild.save()
        #expect(try child.item(with: id)?.color == .yellow)
        #expect(try root.item(with: id)?.color == .default)
        try child.save()
        #expect(try root.item(with: id)?.color == .yellow)
        try root.save()
        #expect(store.contents.items.first?.color == .yellow)
    }

    @Test("a child that merges automatically follows its parent's batches, keeping its own edits")
    func automaticMergeFromParent() throws {
        let first = try seed("First"), second = try seed("Second")
        let parent = makeContext()
        let child = TodoContext(parent: parent)
        child.automaticallyMergesChangesFromParent = true
        try child.update(second) { $0.text = "Child's" }
        _ = try child.fetch(FetchRequest())

        try parent.update(first) { $0.isDone = true }
        try parent.update(second) { $0.text = "Parent's" }
        parent.processPendingChanges()
        #expect(try child.item(with: first)?.isDone == true)
        #expect(try child.item(with: second)?.text == "Child's")

        let manual = TodoContext(parent: parent)
        _ = try manual.fetch(FetchRequest())
        try parent.update(first) { $0.isDone = false }
        parent.processPendingChanges()
        #expect(try manual.item(with: first)?.isDone == true, "without automatic merging the child keeps what it read")
    }

    @Test("a parent's save that only gave an item a new version is no conflict for a child that changed it")
    func childAfterParentSave() throws {
        let id = try seed()
        let parent = makeContext()
        try parent.update(id) { $0.text = "Parent, unsaved" }
        let child = TodoContext(parent: parent)
        child.automaticallyMergesChangesFromParent = true
        try child.update(id) { $0.color = .red }
        try parent.save()
        try child.save()
        let item = try #require(try parent.item(with: id))
        #expect(item.text == "Parent, unsaved" && item.color == .red)
        #expect(item.version == store.contents.items.first?.version)
    }

    @Test("a child's save against a parent that changed the same item is a conflict under .error")
    func childConflict() throws {
        let id = try seed()
        let parent = makeContext()
        let child = TodoContext(parent: parent)
        try child.update(id) { $0.text = "Child" }
        try parent.update(id) { $0.text = "Parent" }
        #expect(throws: SaveError.self) { try child.save() }
        #expect(try parent.item(with: id)?.text == "Parent")
        child.mergePolicy = .mergeByPropertyObjectTrump
        try child.save()
        #expect(try parent.item(with: id)?.text == "Child")
    }
}

import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// Issue 18.6: a stale or taken id is an error a library user handles, `save()` throws a typed
/// `SaveError` as `load()` throws a typed `StoreError`, one id's unsaved state can be asked, and
/// a `DidSave` carries the versions a merge compares.
@Suite("Context errors and ergonomics")
struct ContextErrorTests {
    let clock = TestClock()
    let store = InMemoryStore()

    func makeContext() -> TodoContext {
        TodoContext(store: store, now: clock.function)
    }

    @Test("18.6: updating or deleting a missing id throws noSuchItem and changes nothing")
    func missingID() throws {
        let context = makeContext()
        let kept = try context.insert(text: "Kept", date: clock.now)
        let missing = UUID()
        #expect(throws: ContextError.noSuchItem(missing)) { try context.update(missing) { $0.text = "x" } }
        #expect(throws: ContextError.noSuchItem(missing)) { try context.delete(missing) }
        #expect(context.insertedItems.map(\.id) == [kept.id])
        #expect(context.updatedItems.isEmpty && context.deletedItems.isEmpty)
    }

    @Test("18.6: inserting an id the context holds throws duplicateID and changes nothing")
    func duplicateID() throws {
        let context = makeContext()
        let item = try context.insert(text: "First", date: clock.now)
        var copy = item
        copy.text = "Second"
        #expect(throws: ContextError.duplicateID(item.id)) { try context.insert(copy) }
        #expect(try context.item(with: item.id)?.text == "First")
    }

    @Test("18.6: an id another writer deleted, merged in, is stale: the update throws instead of crashing")
    func staleIDAfterMerge() throws {
        let setup = makeContext()
        let item = try setup.insert(text: "Shared", date: clock.now)
        try setup.save()
        let mine = makeContext(), theirs = makeContext()
        _ = try mine.fetch(FetchRequest())
        var saves: [DidSave] = []
        let token = theirs.observeDidSave { saves.append($0) }
        try theirs.delete(item.id)
        try theirs.save()
        mine.mergeChanges(fromContextDidSave: try #require(saves.first))
        #expect(throws: ContextError.noSuchItem(item.id)) { try mine.update(item.id) { $0.isDone = true } }
        #expect(ContextError.noSuchItem(item.id).description.contains("may have been deleted"))
        _ = token
    }

    @Test("18.6: a store that cannot be read makes the first change throw ContextError.store")
    func storeErrorOnChange() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("todos.json")
        try writeFile(path, Array("not json".utf8))
        let context = TodoContext(store: JSONStore(path: path), now: clock.function)
        #expect {
            _ = try context.insert(text: "x", date: clock.now)
        } throws: { error in
            guard case ContextError.store(let store) = error else { return false }
            return store.category == .badData
        }
    }

    @Test("18.6: save() throws a typed SaveError that a switch covers without a catch-all")
    func typedSave() throws {
        let setup = makeContext()
        let item = try setup.insert(text: "Base", date: clock.now)
        try setup.save()
        let mine = makeContext(), theirs = makeContext()
        try mine.update(item.id) { $0.text = "Mine" }
        try theirs.update(item.id) { $0.text = "Theirs" }
        try theirs.save()
        var conflicts: [MergeConflict] = []
        do {
            try mine.save()
        } catch {
            switch error {
            case .conflicts(let found): conflicts = found
            case .store(let storeError): Issue.record("unexpected \(storeError)")
            }
        }
        #expect(conflicts.map(\.itemID) == [item.id])
    }

    @Test("18.6: hasChanges(for:) tells whether one id has an unsaved change, processed or not")
    func hasChangesForOneID() throws {
        let setup = makeContext()
        let a = try setup.insert(text: "A", date: clock.now)
        let b = try setup.insert(text: "B", date: clock.now)
        let c = try setup.insert(text: "C", date: clock.now)
        try setup.save()
        let context = makeContext()
        try context.update(a.id) { $0.text = "A2" }
        try context.delete(b.id)
        let d = try context.insert(text: "D", date: clock.now)
        #expect(context.hasChanges(for: a.id) && context.hasChanges(for: b.id) && context.hasChanges(for: d.id))
        #expect(!context.hasChanges(for: c.id))
        #expect(!context.hasChanges(for: UUID()))
        context.processPendingChanges()
        #expect(context.hasChanges(for: a.id))
        try context.update(a.id) { $0.text = "A" }
        #expect(!context.hasChanges(for: a.id), "changed back to the committed value")
        try context.save()
        #expect(!context.hasChanges(for: b.id) && !context.hasChanges(for: d.id))
    }

    @Test("18.6: a DidSave carries the new versions of written items and the deleted version of deleted ones")
    func didSaveVersions() throws {
        let context = makeContext()
        let kept = try context.insert(text: "Kept", date: clock.now)
        let gone = try context.insert(text: "Gone", date: clock.now)
        try context.save()
        try context.update(kept.id) { $0.isDone = true }
        try context.save()
        var saves: [DidSave] = []
        let token = context.observeDidSave { saves.append($0) }
        try context.update(kept.id) { $0.color = .red }
        try context.delete(gone.id)
        let added = try context.insert(text: "Added", date: clock.now)
        try context.save()
        let save = try #require(saves.first)
        #expect(save.updated.map(\.version) == [3])
        #expect(save.deleted.map(\.version) == [1])
        #expect(save.inserted.map(\.id) == [added.id] && save.inserted.map(\.version) == [1])
        #expect(!save.isIntoParent)
        _ = token
    }
}

import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// Issue 18.1: undo is per property, so it never reverts a field another writer changed since,
/// and a save never writes over a stored version the context has not seen unless its policy
/// says so. Two contexts on separate `JSONStore`s over one file, as two processes.
@Suite("Per-property undo against other writers")
struct ContextUndoMergeTests {
    let folder: TemporaryDirectory
    let clock = TestClock()
    let x: UUID

    /// The store holds X "Buy milk", not done.
    init() throws {
        folder = try TemporaryDirectory()
        let setupClock = TestClock()
        let setup = TodoContext(store: JSONStore(path: folder.path("todos.json")), now: setupClock.function)
        x = try setup.insert(text: "Buy milk", date: setupClock.now).id
        try setup.save()
    }

    /// A context on its own store instance over the shared file.
    func makeContext(_ policy: MergePolicy = .error) -> TodoContext {
        let context = TodoContext(store: JSONStore(path: folder.path("todos.json")), now: clock.function)
        context.mergePolicy = policy
        return context
    }

    func stored() throws -> TodoItem? {
        try JSONStore(path: folder.path("todos.json")).load().items.first { $0.id == x }
    }

    @Test("18.1: undo after merging another writer's save keeps their done mark, and the save keeps it too")
    func undoKeepsMergedField() throws {
        let a = makeContext(), b = makeContext()
        try a.update(x) { $0.text = "Buy oat milk" }
        try a.save()
        var saves: [DidSave] = []
        let token = b.observeDidSave { saves.append($0) }
        try b.update(x) { $0.isDone = true }
        try b.save()
        a.mergeChanges(fromContextDidSave: try #require(saves.first))
        #expect(try a.item(with: x)?.isDone == true)

        a.undo()
        #expect(try a.item(with: x)?.text == "Buy milk")
        #expect(try a.item(with: x)?.isDone == true, "b's done mark is not a's to undo")
        try a.save()
        #expect(try stored()?.text == "Buy milk")
        #expect(try stored()?.isDone == true)
        _ = token
    }

    @Test(
        "18.1: the same after merging a save that another writer settled by property",
        arguments: [
            MergePolicy.mergeByPropertyObjectTrump, .mergeByPropertyStoreTrump,
        ])
    func undoAfterMergedPolicySave(policy: MergePolicy) throws {
        let a = makeContext(), b = makeContext(policy)
        _ = try b.fetch(FetchRequest())
        try b.update(x) { $0.isDone = true }
        try a.update(x) { $0.text = "Buy oat milk" }
        try a.save()
        var saves: [DidSave] = []
        let token = b.observeDidSave { saves.append($0) }
        try b.save()
        let merged = try #require(saves.first)
        #expect(merged.updated.first?.text == "Buy oat milk", "b's save kept a's text by property")
        a.mergeChanges(fromContextDidSave: merged)

        a.undo()
        #expect(try a.item(with: x)?.text == "Buy milk")
        #expect(try a.item(with: x)?.isDone == true)
        try a.save()
        #expect(try stored()?.text == "Buy milk")
        #expect(try stored()?.isDone == true)
        _ = token
    }

    @Test("18.1: the same after refreshAllObjects: a colour another writer set is not reverted")
    func undoAfterRefresh() throws {
        let a = makeContext(), b = makeContext()
        try a.update(x) { $0.text = "Buy oat milk" }
        try a.save()
        try b.update(x) { $0.color = .red }
        try b.save()
        try a.refreshAllObjects()
        #expect(try a.item(with: x)?.color == .red)

        a.undo()
        #expect(try a.item(with: x)?.text == "Buy milk")
        #expect(try a.item(with: x)?.color == .red)
        try a.save()
        #expect(try stored()?.color == .red)
        #expect(try stored()?.text == "Buy milk")
    }

    @Test("18.1: a field another writer changed since the undone change stays theirs")
    func undoLeavesSameFieldChangedSince() throws {
        let a = makeContext(), b = makeContext()
        try a.update(x) { $0.text = "Buy oat milk" }
        try a.save()
        try b.update(x) { $0.text = "Buy almond milk" }
        try b.save()
        try a.refreshAllObjects()

        a.undo()
        #expect(try a.item(with: x)?.text == "Buy almond milk")
        #expect(!a.hasChanges)
        a.redo()
        #expect(try a.item(with: x)?.text == "Buy almond milk")
        #expect(!a.canRedo, "the undone step went to the redo stack and back")
    }

    @Test("18.1: an undo the context has not merged meets the other writer's save as a conflict under .error")
    func undoWithoutMergeConflicts() throws {
        let a = makeContext(), b = makeContext()
        try a.update(x) { $0.text = "Buy oat milk" }
        try a.save()
        try b.update(x) { $0.isDone = true }
        try b.save()

        a.undo()
        #expect(throws: SaveError.self) { try a.save() }
        #expect(try stored()?.isDone == true)
        #expect(try stored()?.text == "Buy oat milk")
    }

    @Test("18.1: undo and redo of a delete and an insert still remove and restore whole items")
    func undoWholeItems() throws {
        let a = makeContext()
        try a.delete(x)
        let added = try a.insert(text: "Tea", date: clock.now)
        a.processPendingChanges()
        a.undo()
        #expect(try a.item(with: x)?.text == "Buy milk")
        #expect(try a.item(with: added.id) == nil)
        a.redo()
        #expect(try a.item(with: x) == nil)
        #expect(try a.item(with: added.id)?.text == "Tea")
        try a.save()
        a.undo()
        try a.save()
        let versions = try JSONStore(path: folder.path("todos.json")).load().items.map(\.version)
        #expect(versions == [3], "the item that came back is above every version it had (1), at the save's generation")
    }
}

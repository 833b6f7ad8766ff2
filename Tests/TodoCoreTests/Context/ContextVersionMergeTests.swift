import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// Issue 18.2 and 18.3: merges compare versions, so a save merged late, out of order or twice
/// never sends an item back; a child's refresh reads its parent.
@Suite("Merging by version, and children refreshing through their parent")
struct ContextVersionMergeTests {
    let folder: TemporaryDirectory
    let clock = TestClock()
    let x: UUID

    /// The store holds X "Buy milk", not done, at version 1.
    init() throws {
        folder = try TemporaryDirectory()
        let setupClock = TestClock()
        let setup = TodoContext(store: JSONStore(path: folder.path("todos.json")), now: setupClock.function)
        x = try setup.insert(text: "Buy milk", date: setupClock.now).id
        try setup.save()
    }

    func makeContext() -> TodoContext {
        TodoContext(store: JSONStore(path: folder.path("todos.json")), now: clock.function)
    }

    func stored() throws -> TodoItem? {
        try JSONStore(path: folder.path("todos.json")).load().items.first { $0.id == x }
    }

    /// Saves `change` to X through `context` and returns the save's `DidSave`.
    func save(_ context: TodoContext, _ change: (inout TodoItem) -> Void) throws -> DidSave {
        var saves: [DidSave] = []
        let token = context.observeDidSave { saves.append($0) }
        try context.update(x, change)
        try context.save()
        _ = token
        return try #require(saves.first)
    }

    @Test(
        """
        18.2: a DidSave merged after the context saved past it does not send the item back, and the next save under \
        .error keeps the store's history
        """
    )
    func staleDidSaveIgnored() throws {
        let a = makeContext(), b = makeContext()
        let fromA = try save(a) { $0.text = "from A" }
        try b.refreshAllObjects()
        _ = try save(b) { $0.text = "from B" }
        b.mergeChanges(fromContextDidSave: fromA)
        #expect(try b.item(with: x)?.text == "from B")
        #expect(try b.item(with: x)?.version == 3)
        try b.refreshAllObjects()
        #expect(try b.item(with: x)?.text == "from B")
        #expect(try b.item(with: x)?.version == 3)

        b.mergePolicy = .error
        try b.update(x) { $0.isDone = true }
        try b.save()
        let result = try #require(try stored())
        #expect(result.text == "from B")
        #expect(result.isDone)
        #expect(result.version == 4)
    }

    @Test("18.2: saves merged out of order and twice leave every item at its newest version")
    func outOfOrderAndTwice() throws {
        let writer = makeContext(), reader = makeContext()
        _ = try reader.fetch(FetchRequest())
        let first = try save(writer) { $0.text = "first" }
        let second = try save(writer) { $0.color = .blue }
        reader.mergeChanges(fromContextDidSave: second)
        reader.mergeChanges(fromContextDidSave: first)
        reader.mergeChanges(fromContextDidSave: second)
        reader.mergeChanges(fromContextDidSave: first)
        let item = try #require(try reader.item(with: x))
        #expect(item.version == 3)
        #expect(item.text == "first" && item.color == .blue)
        #expect(item == (try stored()))
    }

    @Test(
        """
        18.2: a stale delete does not remove an item that came back, and a stale save does not bring back a deleted \
        one
        """
    )
    func deletesByVersion() throws {
        let writer = makeContext(), reader = makeContext(), other = makeContext()
        _ = try reader.fetch(FetchRequest())
        _ = try other.fetch(FetchRequest())
        let edited = try save(writer) { $0.text = "edited" }
        var saves: [DidSave] = []
        let token = writer.observeDidSave { saves.append($0) }
        try writer.delete(x)
        try writer.save()
        writer.undo()
        try writer.save()
        _ = token
        let (deleted, back) = (saves[0], saves[1])
        #expect(back.inserted.first?.version == 4, "an item that comes back is above every version it had")

        reader.mergeChanges(fromContextDidSave: back)
        reader.mergeChanges(fromContextDidSave: deleted)
        reader.mergeChanges(fromContextDidSave: edited)
        #expect(try reader.item(with: x) == (try stored()))

        other.mergeChanges(fromContextDidSave: deleted)
        other.mergeChanges(fromContextDidSave: edited)
        #expect(try other.item(with: x) == nil, "the edit was before the delete")
        other.mergeChanges(fromContextDidSave: back)
        #expect(try other.item(with: x) == (try stored()))
    }

    @Test("18.3: a child's refresh without merging reads its parent's unsaved value, not the file")
    func childRefreshReadsParent() throws {
        let parent = makeContext()
        try parent.update(x) { $0.text = "parent, unsaved" }
        parent.processPendingChanges()
        let child = TodoContext(parent: parent)
        try child.update(x) { $0.text = "child" }
        try child.refresh(x, mergeChanges: false)
        #expect(try child.item(with: x)?.text == "parent, unsaved")
        #expect(!child.hasChanges)
    }

    @Test("18.3: a child's refreshAllObjects and refresh with merging read its parent")
    func childRefreshAllReadsParent() throws {
        let parent = makeContext()
        let child = TodoContext(parent: parent)
        _ = try child.fetch(FetchRequest())
        try parent.update(x) { $0.color = .green }
        let added = try parent.insert(text: "Parent's new", date: clock.now)
        try child.refreshAllObjects()
        #expect(try child.item(with: x)?.color == .green)
        #expect(try child.item(with: added.id)?.text == "Parent's new")

        try child.update(x) { $0.text = "child" }
        try parent.update(x) { $0.isDone = true }
        try child.refresh(x, mergeChanges: true)
        let item = try #require(try child.item(with: x))
        #expect(item.text == "child" && item.isDone && item.color == .green)
        try child.save()
        #expect(try parent.item(with: x)?.text == "child")
        #expect(try stored()?.text == "Buy milk", "nothing reached the store")
    }

    @Test(
        """
        18.1: refreshAllObjects keeps a same-field conflict for the save, which throws under .error instead of \
        dropping the other writer's value
        """
    )
    func refreshKeepsSameFieldConflict() throws {
        let mine = makeContext(), theirs = makeContext()
        try mine.update(x) { $0.text = "Mine" }
        try mine.update(x) { $0.color = .red }
        _ = try save(theirs) { $0.text = "Theirs" }
        try mine.refreshAllObjects()
        #expect(try mine.item(with: x)?.text == "Mine")
        #expect(throws: SaveError.self) { try mine.save() }
        #expect(try stored()?.text == "Theirs")
        mine.mergePolicy = .mergeByPropertyStoreTrump
        try mine.save()
        #expect(try stored()?.text == "Theirs")
        #expect(try stored()?.color == .red)
    }
}

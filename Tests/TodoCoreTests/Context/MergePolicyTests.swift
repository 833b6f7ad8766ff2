import Foundation
import Testing
import TodoCore

/// Each cell of the merge-policy table in DESIGN §3.3, with two contexts on one store.
@Suite("Merge policies")
struct MergePolicyTests {
    let clock = TestClock()
    let store = InMemoryStore()

    /// Saves one item, then lets `theirs` change it and save, while `mine` changes it unsaved.
    /// Returns `mine` (with `policy`) and the item's id.
    func conflict(
        policy: MergePolicy,
        mine: (TodoContext, UUID) throws -> Void,
        theirs: (TodoContext, UUID) throws -> Void
    ) throws -> (TodoContext, UUID) {
        let setup = TodoContext(store: store, now: clock.function)
        let item = try setup.insert(text: "Base", date: clock.now, color: .default)
        try setup.save()
        let myContext = TodoContext(store: store, now: clock.function)
        let theirContext = TodoContext(store: store, now: clock.function)
        myContext.mergePolicy = policy
        clock.advance(seconds: 10)
        try mine(myContext, item.id)
        clock.advance(seconds: 10)
        try theirs(theirContext, item.id)
        try theirContext.save()
        return (myContext, item.id)
    }

    func stored(_ id: UUID) -> TodoItem? {
        store.contents.items.first { $0.id == id }
    }

    @Test(
        "fields changed on one side only",
        arguments: [
            (MergePolicy.mergeByPropertyStoreTrump, "Mine", TodoColor.red),
            (.mergeByPropertyObjectTrump, "Mine", .red),
            (.overwrite, "Mine", .default),
            (.rollback, "Base", .red),
        ])
    func disjointFields(policy: MergePolicy, text: String, color: TodoColor) throws {
        let (mine, id) = try conflict(
            policy: policy,
            mine: { try $0.update($1) { $0.text = "Mine" } },
            theirs: { try $0.update($1) { $0.color = .red } }
        )
        try mine.save()
        let result = try #require(stored(id))
        #expect(result.text == text)
        #expect(result.color == color)
        #expect(try mine.item(with: id)?.text == text, "the context shows what the store holds")
        #expect(try mine.item(with: id)?.color == color)
        #expect(!mine.hasChanges)
    }

    @Test(
        "the same field changed on both sides",
        arguments: [
            (MergePolicy.mergeByPropertyStoreTrump, "Theirs"),
            (.mergeByPropertyObjectTrump, "Mine"),
            (.overwrite, "Mine"),
            (.rollback, "Theirs"),
        ])
    func sameField(policy: MergePolicy, text: String) throws {
        let (mine, id) = try conflict(
            policy: policy,
            mine: { try $0.update($1) { $0.text = "Mine" } },
            theirs: { try $0.update($1) { $0.text = "Theirs" } }
        )
        try mine.save()
        #expect(stored(id)?.text == text)
        #expect(stored(id)?.version == (text == "Theirs" ? 2 : 3))
        #expect(try mine.item(with: id)?.text == text)
    }

    @Test(
        "an edit here against a delete in the store",
        arguments: [
            (MergePolicy.mergeByPropertyStoreTrump, false),
            (.mergeByPropertyObjectTrump, true),
            (.overwrite, true),
            (.rollback, false),
        ])
    func editAgainstDelete(policy: MergePolicy, survives: Bool) throws {
        let (mine, id) = try conflict(
            policy: policy,
            mine: { try $0.update($1) { $0.text = "Mine" } },
            theirs: { try $0.delete($1) }
        )
        try mine.save()
        #expect((stored(id)?.text == "Mine") == survives)
        #expect((stored(id) == nil) == !survives)
        #expect((try mine.item(with: id) != nil) == survives)
    }

    @Test(
        "a delete here against an edit in the store",
        arguments: [
            (MergePolicy.mergeByPropertyStoreTrump, true),
            (.mergeByPropertyObjectTrump, false),
            (.overwrite, false),
            (.rollback, true),
        ])
    func deleteAgainstEdit(policy: MergePolicy, survives: Bool) throws {
        let (mine, id) = try conflict(
            policy: policy,
            mine: { try $0.delete($1) },
            theirs: { try $0.update($1) { $0.text = "Theirs" } }
        )
        try mine.save()
        #expect((stored(id)?.text == "Theirs") == survives)
        #expect((try mine.item(with: id)?.text == "Theirs") == survives)
    }

    @Test("the error policy refuses every conflict cell and writes nothing")
    func errorPolicy() throws {
        let (mine, id) = try conflict(
            policy: .error,
            mine: { try $0.update($1) { $0.text = "Mine" } },
            theirs: { try $0.update($1) { $0.color = .red } }
        )
        let before = store.contents
        #expect(throws: SaveError.self) { try mine.save() }
        #expect(store.contents == before)
        #expect(try mine.item(with: id)?.text == "Mine")
    }

    @Test("a merge that changes what the context shows is reported as one batch")
    func mergeIsReported() throws {
        let (mine, id) = try conflict(
            policy: .mergeByPropertyObjectTrump,
            mine: { try $0.update($1) { $0.text = "Mine" } },
            theirs: { try $0.update($1) { $0.isDone = true } }
        )
        mine.processPendingChanges()
        var batches: [ObjectsDidChange] = []
        let token = mine.observeObjectsDidChange { batches.append($0) }
        try mine.save()
        #expect(batches.count == 1)
        #expect(batches.first?.updated.map(\.new.isDone) == [true])
        #expect(batches.first?.updated.first?.new.id == id)
        _ = token
    }
}

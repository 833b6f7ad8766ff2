import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// `TodoContext.compactStore()`: the journal is folded into the store file from the values the
/// context holds when they are the store's, and from the store otherwise, never losing another
/// writer's save.
@Suite("Compacting the store from a context")
struct ContextCompactStoreTests {
    let folder: TemporaryDirectory
    let path: String

    init() throws {
        folder = try TemporaryDirectory()
        path = folder.path("todos.json")
        try JSONStore(path: path).modify { $0 = StoreFixtures.contents }
    }

    private func context() -> TodoContext {
        TodoContext(store: JSONStore(path: path), now: { StoreFixtures.morning })
    }

    @Test("after this context's own saves the file alone holds the store, as reading it would give")
    func ownSaves() throws {
        let writer = context()
        let first = try #require(try writer.fetch(FetchRequest()).first)
        try writer.update(first.id) { $0.text = "changed here" }
        try writer.save()
        try writer.insert(TodoItem(text: "added here", date: StoreFixtures.morning, createdAt: StoreFixtures.morning))
        try writer.save()
        #expect(FileManager.default.fileExists(atPath: path + ".journal"))
        let expected = try JSONStore(path: path).load().inFileOrder
        try writer.compactStore()
        #expect(!FileManager.default.fileExists(atPath: path + ".journal"))
        #expect(try StoreDecoder.decode(fileBytes(path), path: path) == expected)
    }

    @Test("another writer's save after this context's is kept: the store is read instead")
    func anotherWriter() throws {
        let writer = context()
        let first = try #require(try writer.fetch(FetchRequest()).first)
        try writer.update(first.id) { $0.text = "changed here" }
        try writer.save()
        let other = context()
        try other.insert(
            TodoItem(text: "from elsewhere", date: StoreFixtures.morning, createdAt: StoreFixtures.morning))
        try other.save()
        let expected = try JSONStore(path: path).load().inFileOrder
        try writer.compactStore()
        #expect(!FileManager.default.fileExists(atPath: path + ".journal"))
        let written = try StoreDecoder.decode(fileBytes(path), path: path)
        #expect(written == expected)
        #expect(
            written.items.contains { $0.text == "from elsewhere" }
                && written.items.contains { $0.text == "changed here" })
    }

    @Test("a store file another program replaced since the context read it is read again, not written over")
    func replacedFile() throws {
        let writer = context()
        let first = try #require(try writer.fetch(FetchRequest()).first)
        try writer.update(first.id) { $0.text = "changed here" }
        try writer.save()
        // Another program rewrites the file (a compaction of its own) with the same contents.
        let other = JSONStore(path: path)
        try other.compact()
        try other.commit(after: other.currentGeneration()) { changes in
            (
                StoreBatch(
                    generation: changes.generation + 1,
                    items: [
                        TodoItem(
                            text: "later", date: StoreFixtures.morning, createdAt: StoreFixtures.morning)
                    ]), ()
            )
        }
        let expected = try JSONStore(path: path).load().inFileOrder
        try writer.compactStore()
        #expect(try StoreDecoder.decode(fileBytes(path), path: path) == expected)
    }
}

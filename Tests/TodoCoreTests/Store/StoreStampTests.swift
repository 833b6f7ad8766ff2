import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// A store's stamp, read in O(1) I/O, is the same while nothing changed and differs after
/// anything that changes what the store holds.
@Suite("StoreStamp")
struct StoreStampTests {
    let folder: TemporaryDirectory
    let store: JSONStore

    init() throws {
        folder = try TemporaryDirectory()
        store = JSONStore(path: folder.path("todos.json"))
    }

    func addItem(_ text: String) throws {
        let context = TodoContext(store: store, now: Date.init)
        try context.insert(text: text, date: Date(timeIntervalSince1970: 1_767_225_600))
        try context.save()
    }

    @Test("The same while nothing changes; new after a save, a compaction and an edit by hand")
    func changesWithTheStore() throws {
        let empty = try #require(try store.stamp())
        #expect(try store.stamp() == empty)
        #expect(empty.generation == 0)

        try addItem("Buy milk")
        let saved = try #require(try store.stamp())
        #expect(saved != empty)
        #expect(saved.generation == (try store.currentGeneration()))
        #expect(try store.stamp() == saved)

        try addItem("Call Mum")
        let journaled = try #require(try store.stamp())
        #expect(journaled != saved && journaled.generation == saved.generation + 1)

        try store.compact()
        let compacted = try #require(try store.stamp())
        #expect(compacted != journaled, "the journal went and the file was replaced")
        #expect(compacted.generation == journaled.generation)

        // Past the file system's timestamp granularity (a jiffy), as any edit by a person is.
        usleep(50_000)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: store.path))
        let edited = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "Buy milk", with: "Buy tea!")
        try Data(edited.utf8).write(to: URL(fileURLWithPath: store.path))
        let handEdited = try #require(try store.stamp())
        #expect(handEdited != compacted, "same size and generation, another write")
        #expect(handEdited.generation == compacted.generation)
        #expect(handEdited.description.hasPrefix("generation \(compacted.generation) file "))
    }
}

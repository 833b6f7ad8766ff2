import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// Issue 13.3: counts read from a file (`generation`, item `version`) are bounded at load, so
/// the `+ 1` of the next save can never trap; a file above the bound is refused with its position.
@Suite("Store overflow")
struct StoreOverflowTests {
    let folder: TemporaryDirectory
    let path: String

    init() throws {
        folder = try TemporaryDirectory()
        path = folder.path("todos.json")
    }

    /// A context on the store at `path`, with a fixed clock.
    private func context() -> TodoContext {
        TodoContext(store: JSONStore(path: path, lockTimeout: .milliseconds(100)), now: { StoreFixtures.morning })
    }

    @Test(
        """
        a generation of Int.max is refused at load with its position, and a save through a context throws instead of \
        trapping
        """
    )
    func hugeGeneration() throws {
        let bytes = StoreFixtures.file(itemLine: StoreFixtures.milkLine(), generation: "9223372036854775807")
        try writeFile(path, bytes)
        let expected = StoreError.invalidData(
            path: path, line: 3, column: 17, item: nil, id: nil,
            problem: #""generation" must be a whole number from 0 to 9007199254740992, found 9223372036854775807"#
        )
        #expect(throws: expected) { try JSONStore(path: path).load() }
        let context = context()
        // The context loads the store on first use and reports its error as ContextError.store.
        #expect(throws: ContextError.store(expected)) {
            _ = try context.insert(text: "x", date: StoreFixtures.morning)
            try context.save()
        }
        #expect(try fileBytes(path) == bytes)
    }

    @Test("an item version of Int.max is refused at load naming the item; an edit throws instead of trapping")
    func hugeVersion() throws {
        let bytes = StoreFixtures.file(
            itemLine: StoreFixtures.milkLine(replacing: #""version": 3"#, with: #""version": 9223372036854775807"#))
        try writeFile(path, bytes)
        let expected = StoreError.invalidData(
            path: path, line: 5, column: 235, item: 1, id: StoreFixtures.milkID,
            problem: #""version" must be a whole number from 0 to 9007199254740992, found 9223372036854775807"#
        )
        #expect(throws: expected) { try JSONStore(path: path).load() }
        let context = context()
        #expect(throws: ContextError.store(expected)) {
            try context.update(StoreFixtures.milkID) { $0.text = "edited" }
            try context.save()
        }
        #expect(try fileBytes(path) == bytes)
    }

    @Test("counts at the bound load, and the next save adds one without trapping")
    func atTheBound() throws {
        let bytes = StoreFixtures.file(
            itemLine: StoreFixtures.milkLine(replacing: #""version": 3"#, with: #""version": 9007199254740991"#),
            generation: "9007199254740991"
        )
        try writeFile(path, bytes)
        let context = context()
        try context.update(StoreFixtures.milkID) { $0.text = "edited" }
        try context.save()
        let loaded = try JSONStore(path: path).load()
        #expect(loaded.generation == 9_007_199_254_740_992)
        #expect(loaded.items.first?.version == 9_007_199_254_740_992)
    }

    @Test("a journal record with a generation above the bound is refused with the journal's line")
    func hugeJournalGeneration() throws {
        try writeFile(path, StoreFixtures.file(itemLine: StoreFixtures.milkLine()))
        let journal = path + ".journal"
        try writeFile(journal, Array(#"{"generation": 9223372036854775807, "items": [], "removed": []}"#.utf8) + [0x0A])
        #expect {
            try JSONStore(path: path).load()
        } throws: { error in
            guard let error = error as? StoreError else { return false }
            return error.description.contains(journal) && error.description.contains("line 1")
        }
    }
}

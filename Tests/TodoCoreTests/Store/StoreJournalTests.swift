import Foundation
import Glibc
import Testing
import TodoTestSupport

@testable import TodoCore

/// Issue 7: saves append to a journal beside the store file, replayed at load and compacted
/// into the file past a bound, on `compact()`, and by `modify`.
@Suite("Store journal")
struct StoreJournalTests {
    let folder: TemporaryDirectory
    let path: String

    init() throws {
        folder = try TemporaryDirectory()
        path = folder.path("todos.json")
    }

    private func item(_ text: String) -> TodoItem {
        TodoItem(text: text, date: StoreFixtures.morning, createdAt: StoreFixtures.morning, version: 1)
    }

    /// Commits one batch over the store's current generation and returns the batch.
    @discardableResult
    private func commit(_ store: JSONStore, items: [TodoItem] = [], removing: [UUID] = []) throws -> StoreBatch {
        try store.commit(after: store.currentGeneration()) { changes in
            let batch = StoreBatch(generation: changes.generation + 1, items: items, removedIDs: removing)
            return (batch, batch)
        }
    }

    /// A store holding the fixtures (generation 12) in its file, and no journal.
    private func fixtureStore(journalLimit: Int = 1 << 20) throws -> JSONStore {
        let store = JSONStore(path: path, journalLimit: journalLimit)
        try store.modify { $0 = StoreFixtures.contents }
        return store
    }

    private func journalLines(_ store: JSONStore) throws -> [String] {
        String(decoding: try fileBytes(store.journalPath), as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
    }

    private func fileGeneration() throws -> Int {
        try StoreDecoder.decode(fileBytes(path), path: path).generation
    }

    @Test("each save appends one line to the journal and leaves the store file alone; load replays the lines in order")
    func replay() throws {
        let store = try fixtureStore()
        let fileBefore = try fileBytes(path)
        let added = item("Added")
        var milk = StoreFixtures.milk
        milk.text = "Buy oat milk"
        milk.version = 4
        var report = StoreFixtures.report
        report.version = 2
        try commit(store, items: [added])
        try commit(store, items: [milk])
        try commit(store, removing: [StoreFixtures.reportID])
        try commit(store, items: [report])

        #expect(try fileBytes(path) == fileBefore)
        let lines = try journalLines(store)
        #expect(lines.count == 5 && lines.last == "", "four whole lines: \(lines)")
        let oatMilk = StoreFixtures.milkLine(
            replacing: #""Buy milk", "version": 3"#, with: #""Buy oat milk", "version": 4"#
        )
        .replacingOccurrences(of: #""id""#, with: #""hasTime": true, "id""#)
        #expect(lines[1] == #"{"generation": 14, "items": ["# + oatMilk + #"], "removed": []}"#)
        #expect(lines[2] == #"{"generation": 15, "items": [], "removed": ["A1B2C3D4-E5F6-4789-9ABC-DEF012345678"]}"#)

        // A replaced item keeps its place; one removed and saved again goes to the end.
        let expected = StoreContents(generation: 16, items: [milk, added, report])
        #expect(try JSONStore(path: path).load() == expected)
        #expect(try JSONStore(path: path).currentGeneration() == 16)
    }

    @Test("a torn last line is ignored by load and currentGeneration, and the next save cuts it off")
    func tornTail() throws {
        let store = try fixtureStore()
        let first = item("First")
        try commit(store, items: [first])
        let whole = try fileBytes(store.journalPath)
        try writeFile(store.journalPath, whole + Array(#"{"generation": 14, "items": [{"color": "red", "crea"#.utf8))

        #expect(try store.load() == StoreContents(generation: 13, items: StoreFixtures.contents.items + [first]))
        #expect(try store.currentGeneration() == 13)

        let second = item("Second")
        try commit(store, items: [second])
        #expect(
            try fileBytes(store.journalPath) == whole
                + StoreEncoder.encodeRecord(StoreBatch(generation: 14, items: [second])))
        #expect(
            try store.load() == StoreContents(generation: 14, items: StoreFixtures.contents.items + [first, second]))
    }

    @Test("a bad record before the last line is an error naming the journal's line; the file is never written over it")
    func corruptRecord() throws {
        let store = try fixtureStore()
        for text in ["One", "Two", "Three"] {
            try commit(store, items: [item(text)])
        }
        var lines = try journalLines(store)
        lines[1] = lines[1].replacingOccurrences(of: #""items": [{"#, with: #""items": [x{"#)
        let journal = Array(lines.joined(separator: "\n").utf8)
        try writeFile(store.journalPath, journal)
        let fileBefore = try fileBytes(path)

        let expected = StoreError.invalidJSON(
            path: store.journalPath, line: 2, column: 30, expected: "a value", found: "'x'")
        #expect(throws: expected) { try store.load() }
        #expect(throws: expected) { try store.compact() }
        #expect(throws: expected) { try store.modify { $0.generation += 1 } }
        #expect(try fileBytes(store.journalPath) == journal)
        #expect(try fileBytes(path) == fileBefore)

        // A save reads only the heads of records it does not hand over: it appends after the bad
        // line, which every load still reports; nothing is dropped and the file stays as it was.
        let four = try commit(store, items: [item("Four")])
        #expect(try fileBytes(store.journalPath) == journal + StoreEncoder.encodeRecord(four))
        #expect(throws: expected) { try store.load() }
        #expect(try fileBytes(path) == fileBefore)
        // A broken head is found by every save.
        try writeFile(
            store.journalPath,
            Array(
                lines.joined(separator: "\n").replacingOccurrences(
                    of: #"{"generation": 14"#, with: #"{"generation": x"#
                ).utf8))
        #expect(
            throws: StoreError.invalidJSON(
                path: store.journalPath, line: 2, column: 16, expected: "a value", found: "'x'")
        ) {
            try commit(store, items: [item("Five")])
        }
        #expect(
            expected.description
                == "The store \(store.journalPath) is not valid JSON at line 2, column 30: expected a value, found 'x'."
        )
    }

    @Test("records whose generations do not follow the store file's and each other's are an error")
    func outOfSequence() throws {
        let store = try fixtureStore()
        let records = [13, 15].map {
            StoreEncoder.encodeRecord(StoreBatch(generation: $0, items: [item("Item \($0)")]))
        }
        try writeFile(store.journalPath, records.flatMap { $0 })
        #expect(
            throws: StoreError.invalidData(
                path: store.journalPath, line: 2, column: 1, item: nil, id: nil,
                problem: "the record's generation must be 14, found 15")
        ) {
            try store.load()
        }
        try writeFile(store.journalPath, records[1])
        #expect(
            throws: StoreError.invalidData(
                path: store.journalPath, line: 1, column: 1, item: nil, id: nil,
                problem: "the record's generation must be 13, found 15")
        ) {
            try store.load()
        }
        #expect(throws: StoreError.self) { try commit(store, items: [item("Refused")]) }
        #expect(try fileBytes(store.journalPath) == records[1])
    }

    @Test("a record must have exactly its three keys and must not both change and remove an id")
    func recordShape() throws {
        let store = try fixtureStore()
        let id = StoreFixtures.milkID.uuidString
        let cases: [(String, String)] = [
            (#"{"generation": 13, "items": []}"#, "the key \"removed\" is missing"),
            (
                #"{"generation": 13, "items": [], "removed": [], "extra": 1}"#,
                "the key \"extra\" is not part of the store format"
            ),
            (
                #"{"generation": 13, "items": [], "removed": ["\#(id)", "\#(id)"]}"#,
                "the id \(id) appears twice in one journal record"
            ),
            (#"{"generation": 13, "items": [], "removed": ["nope"]}"#, "a removed id must be a UUID, found \"nope\""),
            (
                #"{"generation": 13, "items": [\#(StoreFixtures.milkLine())], "removed": ["\#(id)"]}"#,
                "the id \(id) is both changed and removed in one journal record"
            ),
        ]
        for (line, problem) in cases {
            try writeFile(store.journalPath, Array((line + "\n").utf8))
            #expect {
                try store.load()
            } throws: { error in
                guard case .invalidData(let errorPath, 1, _, _, _, let found)? = error as? StoreError else {
                    return false
                }
                return errorPath == store.journalPath && found == problem
            }
        }
        // Keys in another order are read too (other programs may write records).
        try writeFile(
            store.journalPath, Array(#"{"removed": ["\#(id)"], "items": [], "generation": 13}"#.utf8) + [0x0A])
        #expect(try store.load() == StoreContents(generation: 13, items: [StoreFixtures.report]))
        #expect(try store.currentGeneration() == 13)
    }

    @Test("a save that takes the journal past its bound compacts it: the file holds everything at the same generation")
    func compactionBound() throws {
        let store = try fixtureStore(journalLimit: 1_000)
        var expected = StoreFixtures.contents
        var journaled = 0
        while true {
            let added = item("Item \(expected.items.count)")
            try commit(store, items: [added])
            expected.apply([StoreBatch(generation: expected.generation + 1, items: [added])])
            guard FileManager.default.fileExists(atPath: store.journalPath) else { break }
            journaled += 1
            #expect(try fileGeneration() == 12)
        }
        #expect(journaled >= 2, "several saves were journaled before the bound was passed")
        #expect(try folder.entries() == ["todos.json", "todos.json.lock"])
        #expect(try StoreDecoder.decode(fileBytes(path), path: path) == expected.inFileOrder)
        #expect(try store.currentGeneration() == expected.generation)
    }

    @Test("compact() folds the journal into the file without changing the generation, and does nothing without one")
    func compact() throws {
        let store = try fixtureStore()
        try commit(store, items: [item("Added")])
        let state = try store.load()
        try store.compact()
        #expect(try StoreDecoder.decode(fileBytes(path), path: path) == state.inFileOrder)
        #expect(try store.currentGeneration() == 13)
        #expect(try folder.entries() == ["todos.json", "todos.json.lock"])

        let bytes = try fileBytes(path)
        var before = stat(), after = stat()
        try #require(stat(path, &before) == 0)
        try store.compact()
        try #require(stat(path, &after) == 0)
        #expect(after.st_ino == before.st_ino)
        #expect(try fileBytes(path) == bytes)
    }

    @Test("a crash between writing the compacted file and removing the journal loads the same state, and saves go on")
    func crashBetweenCompactionSteps() throws {
        let store = try fixtureStore()
        try commit(store, items: [item("One")])
        try commit(store, items: [item("Two")])
        let state = try store.load()
        // The compaction's first step, without its second: the journal keeps records 13 and 14.
        try DurableFile.replace(path, with: StoreEncoder.encode(state))
        #expect(try fileGeneration() == 14)
        #expect(try journalLines(store).count == 3)

        #expect(try JSONStore(path: path).load() == state)
        #expect(try JSONStore(path: path).currentGeneration() == 14)
        let three = item("Three")
        try commit(store, items: [three])
        #expect(try journalLines(store).count == 4)
        #expect(try JSONStore(path: path).load() == StoreContents(generation: 15, items: state.items + [three]))
    }

    @Test("modify reads the replayed state and writes it whole, removing the journal")
    func modifyFolds() throws {
        let store = try fixtureStore()
        let one = item("One"), two = item("Two")
        try commit(store, items: [one])
        try store.modify { adding(two, to: &$0) }
        #expect(try folder.entries() == ["todos.json", "todos.json.lock"])
        #expect(
            try StoreDecoder.decode(fileBytes(path), path: path)
                == StoreContents(generation: 14, items: StoreFixtures.contents.items + [one, two]).inFileOrder)
    }

    @Test(
        """
        commit and changes(after:) hand over the batches after the caller's generation, or the whole store once they \
        were compacted
        """
    )
    func changesAfter() throws {
        let store = try fixtureStore()
        try commit(store, items: [item("One")])
        let second = try commit(store, items: [item("Two")])
        try store.commit(after: 13) { changes in
            #expect(changes == .batches([second], after: 13))
            return (nil, ())
        }
        try store.commit(after: 14) { changes in
            #expect(changes == .batches([], after: 14))
            return (nil, ())
        }
        #expect(try journalLines(store).count == 3, "a nil batch writes nothing")
        #expect(try store.changes(after: 13) == .batches([second], after: 13))
        #expect(try store.changes(after: 12).latestValues.count == 2)
        try store.compact()
        let state = try store.load()
        try store.commit(after: 13) { changes in
            #expect(changes == .contents(state))
            return (nil, ())
        }
        #expect(try store.changes(after: 13) == .contents(state))
        #expect(try store.changes(after: 14) == .batches([], after: 14))
    }

    @Test("the first save of a new store writes the store file itself, then saves go to the journal")
    func firstSave() throws {
        let store = JSONStore(path: folder.path("new/todos.json"))
        let one = item("One")
        try commit(store, items: [one])
        #expect(try folder.entries("new") == ["todos.json", "todos.json.lock"])
        #expect(
            try StoreDecoder.decode(fileBytes(store.path), path: store.path)
                == StoreContents(generation: 1, items: [one]))
        try commit(store, items: [item("Two")])
        #expect(try folder.entries("new") == ["todos.json", "todos.json.journal", "todos.json.lock"])
    }

    @Test("a new journal takes the store file's permissions")
    func journalPermissions() throws {
        let store = try fixtureStore()
        chmod(path, 0o600)
        try commit(store, items: [item("Private")])
        #expect(try FileManager.default.attributesOfItem(atPath: store.journalPath)[.posixPermissions] as? Int == 0o600)
    }

    @Test("a save waits for another holder of the lock and gives up with lockBusy, appending nothing")
    func lockBusy() throws {
        let store = try fixtureStore()
        let fd = open(store.lockPath, O_RDWR)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(flock(fd, LOCK_EX | LOCK_NB) == 0)
        let impatient = JSONStore(path: path, lockTimeout: .milliseconds(20))
        #expect(throws: StoreError.lockBusy(path: store.lockPath, holderPID: nil)) {
            try commit(impatient, items: [item("Blocked")])
        }
        #expect(!FileManager.default.fileExists(atPath: store.journalPath))
        flock(fd, LOCK_UN)
        try commit(impatient, items: [item("Later")])
        #expect(try store.currentGeneration() == 13)
    }
}

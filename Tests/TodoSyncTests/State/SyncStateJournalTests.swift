import Foundation
import Testing
import TodoSyncModel
import TodoTestSupport

/// The sync state file with changes appended after its records: what a run saves costs the
/// records it changed, a torn append is ignored, the changes are folded into a whole file when
/// they grow, and an older todo-tui never reads a stale state from it.
@Suite("The sync state's appended changes")
struct SyncStateJournalTests {
    /// A state of `count` records, each with a base of `baseLength` characters.
    private static func state(count: Int, baseLength: Int = 40, token: String = "t1") -> SyncState {
        var state = SyncState(collections: [
            CollectionLink(
                url: "http://127.0.0.1:1/alice/todos/", listID: UUID(), marker: CollectionState(syncToken: token))
        ])
        state.records = (0..<count).map { index in
            SyncRecord(
                id: UUID(), href: "http://127.0.0.1:1/alice/todos/\(index).ics",
                etag: index % 3 == 0 ? nil : "\"e\(index)\"",
                localVersion: index,
                base: "BEGIN:VCALENDAR\r\n\"quoted\" \\ é \(index)" + String(repeating: "x", count: baseLength),
                leftBehind: index == 1 ? [MovedCopy(href: "http://127.0.0.1:1/alice/old/1.ics", etag: nil)] : [],
                afterToken: index % 4 == 2)
        }
        state.storeGeneration = 7
        return state
    }

    /// `state` after one run's worth of changes: a record changed, one dropped, one added, a new token.
    private static func edited(_ state: SyncState, round: Int = 0) -> SyncState {
        var next = state
        next.records[0].base += " edited \(round)"
        next.records[0].etag = "\"edited\(round)\""
        next.records[0].afterToken.toggle()
        next.records.remove(at: next.records.count - 1)
        next.records.append(
            SyncRecord(
                id: UUID(), href: "http://127.0.0.1:1/alice/todos/new\(round).ics", etag: "\"n\"", localVersion: 1,
                base: "new", afterToken: round % 2 == 0))
        next.collections[0].marker = CollectionState(syncToken: "t\(round + 2)")
        next.storeGeneration = nil
        return next
    }

    @Test("a state saved whole, then with changes appended, reads back equal, and the whole part stays as it was")
    func readsBackEqual() throws {
        let folder = try TemporaryDirectory()
        let file = SyncStateFile(storePath: folder.path("todos.json"))
        let first = Self.state(count: 20)
        try file.save(first, over: nil)
        #expect(try file.load() == first)
        #expect(file.loadHeader() == first.header)
        let whole = try Data(contentsOf: URL(fileURLWithPath: file.path))
        let second = Self.edited(first)
        try file.save(second, over: first)
        let appended = try Data(contentsOf: URL(fileURLWithPath: file.path))
        #expect(appended.count > whole.count && appended.prefix(whole.count) == whole, "appended, not rewritten")
        #expect(try file.load() == second)
        #expect(file.loadHeader() == second.header)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
        // Nothing changed: nothing written.
        try file.save(second, over: second)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == appended)
    }

    @Test("an append cut short at any byte leaves the old state, and the next save cuts it off")
    func tornAppend() throws {
        let folder = try TemporaryDirectory()
        let file = SyncStateFile(storePath: folder.path("todos.json"))
        let first = Self.state(count: 5)
        try file.save(first, over: nil)
        let second = Self.edited(first)
        try file.save(second, over: first)
        let before = try Data(contentsOf: URL(fileURLWithPath: file.path))
        let third = Self.edited(second, round: 1)
        try file.save(third, over: second)
        let after = try Data(contentsOf: URL(fileURLWithPath: file.path))
        // Every length a write killed midway could leave, short of the newline that ends it.
        for length in before.count..<after.count {
            try after.prefix(length).write(to: URL(fileURLWithPath: file.path))
            #expect(try file.load() == second, "cut at \(length)")
            #expect(file.loadHeader() == second.header, "cut at \(length)")
        }
        try file.save(third, over: second)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == after)
        #expect(try file.load() == third)
    }

    @Test("changes that outgrow their bound are folded into a whole file")
    func folded() throws {
        let folder = try TemporaryDirectory()
        let file = SyncStateFile(storePath: folder.path("todos.json"))
        var state = Self.state(count: 10, baseLength: 2_000)
        try file.save(state, over: nil)
        var sizes: [Int] = []
        for round in 0..<60 {
            let next = Self.edited(state, round: round)
            try file.save(next, over: state)
            state = next
            sizes.append(try Data(contentsOf: URL(fileURLWithPath: file.path)).count)
            #expect(try file.load() == state, "round \(round)")
        }
        // The file shrank at least once (a fold), and never grew past the whole state and its bound.
        #expect(zip(sizes, sizes.dropFirst()).contains { $0 > $1 })
        #expect(sizes.allSatisfy { $0 < 30_000 + 65_536 + 10_000 })
        #expect(file.loadHeader() == state.header)
    }

    @Test("a file in the layout before appended changes is read, and the next save writes it whole")
    func olderLayout() throws {
        let folder = try TemporaryDirectory()
        let file = SyncStateFile(storePath: folder.path("todos.json"))
        let state = Self.state(count: 4)
        // The previous layout: the header's fields on the first line, then the records.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var header = String(decoding: try encoder.encode(state.header), as: UTF8.self)
        header.removeLast()
        let records = try state.records.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        try (header + ",\n\"records\":[" + records.joined(separator: ",\n") + "]}").write(
            toFile: file.path, atomically: true, encoding: .utf8)
        let read = try #require(try file.load())
        #expect(read == state)
        #expect(file.loadHeader() == state.header)
        let next = Self.edited(read)
        try file.save(next, over: read)
        #expect(try String(contentsOfFile: file.path, encoding: .utf8).hasPrefix(#"{"appendedChanges":true,"#))
        #expect(try file.load() == next)
    }

    @Test("an older todo-tui reads a whole file right, and refuses one with changes appended")
    func olderReader() throws {
        let folder = try TemporaryDirectory()
        let file = SyncStateFile(storePath: folder.path("todos.json"))
        let first = Self.state(count: 3)
        try file.save(first, over: nil)
        // What an older todo-tui does: its header line must end with a comma and decode as a
        // header (this one does not), else it decodes the whole file as JSON.
        let text = try Data(contentsOf: URL(fileURLWithPath: file.path))
        var firstLine = Array(text.prefix(while: { $0 != UInt8(ascii: "\n") }))
        firstLine[firstLine.count - 1] = UInt8(ascii: "}")
        #expect((try? JSONDecoder().decode(SyncState.Header.self, from: Data(firstLine))) == nil)
        #expect(try JSONDecoder().decode(SyncState.self, from: text) == first)
        try file.save(Self.edited(first), over: first)
        let appended = try Data(contentsOf: URL(fileURLWithPath: file.path))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SyncState.self, from: appended) }
    }

    @Test("bases read from the file with every kind of escape read back right, whole or changed and saved")
    func escapedBases() throws {
        let folder = try TemporaryDirectory()
        let file = SyncStateFile(storePath: folder.path("todos.json"))
        var state = Self.state(count: 6)
        let bases = [
            "quote \" backslash \\ slash / tab \t", "control \u{01}\u{1F} and del \u{7F}", "é ü 漢字 🎉 \u{FEFF}",
            "line\r\nbreaks\n", "", String(repeating: "\\\"", count: 40),
        ]
        for (index, base) in bases.enumerated() { state.records[index].base = base }
        try file.save(state, over: nil)
        let whole = try Data(contentsOf: URL(fileURLWithPath: file.path))
        let read = try #require(try file.load())
        #expect(read == state)
        #expect(read.records.map(\.base) == bases)
        // Written whole again from what was read: the same bytes.
        try file.save(read, over: nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == whole)
        // One base changed, one record's ETag changed and its base left as read.
        var next = read
        next.records[1].base += " edited"
        next.records[5].etag = "\"other\""
        try file.save(next, over: read)
        let again = try #require(try file.load())
        #expect(again == next)
        #expect(again.records[5].base == bases[5])
        #expect(again.records[1].base == bases[1] + " edited")
        // And once more over what was read back, with the appended lines folded by a whole write.
        var third = again
        third.records[2].localVersion = 99
        try file.save(third)
        #expect(try file.load() == third)
    }

    @Test(
        "a base with an escape JSON does not allow is refused when the file is read", arguments: [#"\x"#, #"\ud800"#])
    func badEscape(escape: String) throws {
        let folder = try TemporaryDirectory()
        let file = SyncStateFile(storePath: folder.path("todos.json"))
        try file.save(Self.state(count: 2, baseLength: 0), over: nil)
        var text = try String(contentsOfFile: file.path, encoding: .utf8)
        let range = try #require(text.range(of: #"\"quoted\""#))
        text.replaceSubrange(range, with: escape)
        try text.write(toFile: file.path, atomically: true, encoding: .utf8)
        #expect(throws: SyncError.self) { try file.load() }
    }

    @Test("a save of the changes alone writes what a save comparing the whole states writes")
    func changesAlone() throws {
        let folder = try TemporaryDirectory()
        let first = Self.state(count: 8)
        let second = Self.edited(first)
        let compared = SyncStateFile(storePath: folder.path("compared.json"))
        let given = SyncStateFile(storePath: folder.path("given.json"))
        for file in [compared, given] { try file.save(first, over: nil) }
        try compared.save(second, over: first)
        let changed = second.records.filter { record in !first.records.contains(record) }
        let removed = first.records.map(\.id).filter { id in !second.records.contains { $0.id == id } }
        var madeWhole = false
        try given.save(header: second.header, changed: changed, removed: removed, over: first.header) {
            madeWhole = true
            return second
        }
        #expect(!madeWhole)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: given.path))
                == Data(contentsOf: URL(fileURLWithPath: compared.path)))
        #expect(try given.load() == second)
    }

    @Test("a malformed whole line after the records is an error naming the file, never skipped")
    func malformedChange() throws {
        let folder = try TemporaryDirectory()
        let file = SyncStateFile(storePath: folder.path("todos.json"))
        let first = Self.state(count: 3)
        try file.save(first, over: nil)
        let handle = try #require(FileHandle(forWritingAtPath: file.path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"header\":{\"version\":2},\"records\":[{\"id\":1}]}\n".utf8))
        try handle.close()
        #expect(throws: SyncError.self) { try file.load() }
    }
}

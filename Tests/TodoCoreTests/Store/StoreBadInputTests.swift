import Foundation
import Glibc
import Testing
import TodoTestSupport

@testable import TodoCore

/// Issue 2's bad-input list, through the store as the app and the CLI use it: each file is
/// refused with a one-sentence error naming the file and the line:column or item, and a save
/// attempted on it leaves it byte for byte as it was.
@Suite("Store bad input")
struct StoreBadInputTests {
    let folder: TemporaryDirectory
    let path: String

    init() throws {
        folder = try TemporaryDirectory()
        path = folder.path("todos.json")
    }

    /// Writes `bytes` as the store, checks that loading throws `expected`, that a save throws the
    /// same without running its body, and that the file is unchanged afterwards.
    private func expectRefused(_ bytes: [UInt8], _ expected: StoreError, mentioning fragments: [String]) throws {
        try writeFile(path, bytes)
        let store = JSONStore(path: path, lockTimeout: .milliseconds(100))
        #expect(throws: expected) { try store.load() }
        var bodyRan = false
        #expect(throws: expected) {
            try store.modify { contents in
                bodyRan = true
                adding(
                    TodoItem(
                        text: "should not be saved", date: StoreFixtures.morning, createdAt: StoreFixtures.morning),
                    to: &contents)
            }
        }
        #expect(!bodyRan)
        #expect(try fileBytes(path) == bytes)
        #expect(try folder.entries() == ["todos.json", "todos.json.lock"])
        let message = expected.description
        #expect(message.contains(path))
        #expect(message.hasSuffix(".") && !message.dropLast().contains(". "), "not one sentence: \(message)")
        for fragment in fragments {
            #expect(message.contains(fragment), "\(message) does not mention \(fragment)")
        }
    }

    @Test("a truncated file")
    func truncated() throws {
        let golden = StoreFixtures.golden
        let cut = try #require(golden.range(of: #""isDone": true"#)).upperBound
        let bytes = Array(golden[..<cut].utf8)
        try expectRefused(
            bytes, .invalidJSON(path: path, line: 6, column: 180, expected: "',' or '}'", found: "the end of the file"),
            mentioning: ["line 6, column 180"])
    }

    @Test("a value of the wrong type")
    func wrongType() throws {
        let bytes = StoreFixtures.file(
            itemLine: StoreFixtures.milkLine(replacing: #""isDone": false"#, with: #""isDone": 0"#))
        try expectRefused(
            bytes,
            .invalidData(
                path: path, line: 5, column: 155, item: 1, id: StoreFixtures.milkID,
                problem: #""isDone" must be a boolean, found a number"#),
            mentioning: ["line 5, column 155", "item 1", StoreFixtures.milkID.uuidString]
        )
    }

    @Test("trailing garbage")
    func trailingGarbage() throws {
        let bytes = StoreEncoder.encode(StoreFixtures.contents) + Array("garbage".utf8)
        try expectRefused(bytes, .trailingData(path: path, line: 10, column: 1), mentioning: ["line 10, column 1"])
    }

    @Test("a duplicate id")
    func duplicateID() throws {
        let milk = StoreFixtures.milkLine()
        let bytes = StoreFixtures.file(itemLine: milk + ",\n    " + milk)
        try expectRefused(
            bytes, .duplicateID(path: path, id: StoreFixtures.milkID, firstLine: 5, secondLine: 6),
            mentioning: [StoreFixtures.milkID.uuidString, "lines 5 and 6"]
        )
    }

    @Test("an unknown newer format version")
    func newerVersion() throws {
        let bytes = StoreFixtures.file(itemLine: StoreFixtures.milkLine(), version: "5")
        try expectRefused(
            bytes, .newerVersion(path: path, version: 5),
            mentioning: ["written by a newer todo-tui (format version 5); this one reads version 4"])
    }

    @Test("invalid UTF-8")
    func invalidUTF8() throws {
        var bytes = StoreEncoder.encode(StoreFixtures.contents)
        let milk = Array("Buy milk".utf8)
        let index = try #require(bytes.indices.first { bytes[$0...].starts(with: milk) })
        bytes[index + 1] = 0xC0
        try expectRefused(bytes, .invalidUTF8(path: path, line: 5, column: 231), mentioning: ["line 5, column 231"])
    }

    @Test("a 0-byte file")
    func emptyFile() throws {
        try expectRefused([], .emptyFile(path: path), mentioning: ["0 bytes"])
    }

    @Test("a directory where the file should be")
    func directory() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let store = JSONStore(path: path)
        #expect(throws: StoreError.isDirectory(path: path)) { try store.load() }
        #expect(throws: StoreError.isDirectory(path: path)) { try store.modify { adding(StoreFixtures.milk, to: &$0) } }
        #expect(try folder.entries("todos.json").isEmpty)
        #expect(StoreError.isDirectory(path: path).category == .ioError)
    }

    @Test("no permission to read the file")
    func noPermission() throws {
        let bytes = StoreEncoder.encode(StoreFixtures.contents)
        try writeFile(path, bytes)
        chmod(path, 0)
        defer { chmod(path, 0o644) }
        let store = JSONStore(path: path)
        if geteuid() == 0 {
            // root reads any file, so the mode cannot make the case; check the errno mapping and
            // the message the case produces instead.
            print("Note: running as root, so chmod 000 does not block reading; checked the EACCES mapping directly.")
            #expect(try store.load() == StoreFixtures.contents)
            let error = SystemCall.error(EACCES, path: path, operation: "read")
            #expect(error == .permissionDenied(path: path, operation: "read"))
            #expect(error.description == "Permission denied to read \(path).")
            #expect(error.category == .ioError)
        } else {
            #expect(throws: StoreError.permissionDenied(path: path, operation: "read")) { try store.load() }
            #expect(throws: StoreError.permissionDenied(path: path, operation: "read")) {
                try store.modify { adding(StoreFixtures.milk, to: &$0) }
            }
            chmod(path, 0o644)
            #expect(try fileBytes(path) == bytes)
        }
    }

    @Test("a file where the store's folder should be")
    func fileInsteadOfFolder() throws {
        try writeFile(folder.path("data"), Array("not a folder".utf8))
        let store = JSONStore(path: folder.path("data/todos.json"))
        #expect(
            throws: StoreError.ioFailure(
                path: folder.path("data/todos.json"), operation: "read", reason: "Not a directory")
        ) {
            try store.load()
        }
        #expect(throws: StoreError.cannotCreate(path: folder.path("data"), reason: "Not a directory")) {
            try store.modify { adding(StoreFixtures.milk, to: &$0) }
        }
        #expect(try fileBytes(folder.path("data")) == Array("not a folder".utf8))
        #expect(StoreError.cannotCreate(path: "x", reason: "y").category == .cannotCreate)
    }
}

import Foundation
import Glibc
import Testing
import TodoCore
import TodoTestSupport

@Suite("JSON store")
struct JSONStoreTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func inode(_ path: String) throws -> UInt {
        var info = stat()
        try #require(stat(path, &info) == 0)
        return UInt(info.st_ino)
    }

    @Test("a missing file is an empty store at generation 0, and reading it creates nothing")
    func missingFile() throws {
        let store = JSONStore(path: folder.path("nested/todos.json"))
        #expect(try store.load() == StoreContents())
        #expect(try store.currentGeneration() == 0)
        #expect(try folder.entries().isEmpty)
    }

    @Test("the first save creates the folders and writes the documented file")
    func firstSaveCreatesFolders() throws {
        let path = folder.path("a/b/c/todos.json")
        let store = JSONStore(path: path)
        try store.modify { $0 = StoreFixtures.contents }
        #expect(try String(decoding: fileBytes(path), as: UTF8.self) == StoreFixtures.golden)
        #expect(try store.load() == StoreFixtures.contents)
        #expect(try folder.entries("a/b/c") == ["todos.json", "todos.json.lock"])
    }

    @Test("the folder of a store path, for bare names, absolute and relative paths")
    func folderOfPath() {
        #expect(DurableFile.folder(of: "todos.json") == ".")
        #expect(DurableFile.folder(of: "/todos.json") == "/")
        #expect(DurableFile.folder(of: "data/todos.json") == "data")
        #expect(
            DurableFile.folder(of: "/home/ana/.local/share/todo-tui/todos.json") == "/home/ana/.local/share/todo-tui")
        #expect(DurableFile.name(of: "/home/ana/todos.json") == "todos.json")
        #expect(DurableFile.name(of: "todos.json") == "todos.json")
    }

    @Test("saves replace the file by rename, leave no temporary files and keep the file's permissions")
    func atomicSave() throws {
        let path = folder.path("todos.json")
        let store = JSONStore(path: path)
        try store.modify { adding(StoreFixtures.milk, to: &$0) }
        chmod(path, 0o600)
        let before = try inode(path)
        for index in 0..<5 {
            try store.modify {
                adding(
                    TodoItem(text: "item \(index)", date: StoreFixtures.morning, createdAt: StoreFixtures.morning),
                    to: &$0)
            }
        }
        #expect(try inode(path) != before)
        #expect(try folder.entries() == ["todos.json", "todos.json.lock"])
        #expect(try store.load().items.count == 6)
        #expect(try store.currentGeneration() == 6)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
    }

    @Test("a save that changes nothing, or whose body throws, writes nothing")
    func nothingWritten() throws {
        struct Refused: Error {}
        let path = folder.path("todos.json")
        let store = JSONStore(path: path)
        try store.modify { $0 = StoreFixtures.contents }
        let before = try inode(path)
        let count = try store.modify { $0.items.count }
        #expect(count == 2)
        #expect(throws: Refused.self) {
            try store.modify { contents in
                contents.items.removeAll()
                throw Refused()
            }
        }
        #expect(try inode(path) == before)
        #expect(try store.load() == StoreFixtures.contents)
        // The lock was released on both paths: another save gets it at once.
        try JSONStore(path: path, lockTimeout: .zero).modify { $0.generation += 1 }
        #expect(try store.currentGeneration() == 13)
    }

    @Test("temporary files a killed writer left are removed by the next save")
    func staleTemporaryFiles() throws {
        let path = folder.path("todos.json")
        try writeFile(folder.path(".todos.json.tmp-99999-abc"), Array("{\"format\"".utf8))
        try writeFile(folder.path("notes.txt"), Array("keep".utf8))
        try JSONStore(path: path).modify { adding(StoreFixtures.milk, to: &$0) }
        #expect(try folder.entries() == ["notes.txt", "todos.json", "todos.json.lock"])
    }

    @Test("the generation comes from the head of the file, or from a full read when the head is unusual")
    func currentGeneration() throws {
        let path = folder.path("todos.json")
        let store = JSONStore(path: path)
        try writeFile(path, Array(#"{"version": 1, "items": [], "format": "todo-tui", "generation": 7}"#.utf8))
        #expect(try store.currentGeneration() == 7)
        try writeFile(path, StoreEncoder.encode(StoreFixtures.contents))
        #expect(try store.currentGeneration() == 12)
        try writeFile(path, Array(#"{"generation": 3, "format": "todo-tui", "items": [}"#.utf8))
        #expect(throws: StoreError.invalidJSON(path: path, line: 1, column: 51, expected: "a value", found: "'}'")) {
            try store.currentGeneration()
        }
        try writeFile(path, [])
        #expect(throws: StoreError.emptyFile(path: path)) { try store.currentGeneration() }
    }

    @Test("a lock held too long by another holder ends the wait with an error naming its process")
    func lockBusy() throws {
        let path = folder.path("todos.json")
        let store = JSONStore(path: path, lockTimeout: .milliseconds(30))
        try store.modify { $0 = StoreFixtures.contents }
        let before = try fileBytes(path)

        // Hold the lock the way another process would: our own descriptor, our process id in it.
        let fd = open(store.lockPath, O_RDWR)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(flock(fd, LOCK_EX | LOCK_NB) == 0)
        let pid = Array("\(getpid())\n".utf8)
        try #require(pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } == pid.count)

        var bodyRan = false
        let expected = StoreError.lockBusy(path: store.lockPath, holderPID: getpid())
        #expect(throws: expected) { try store.modify { _ in bodyRan = true } }
        #expect(!bodyRan)
        #expect(
            expected.description
                == "The store lock \(store.lockPath) is held by process \(getpid()) and was not released in time.")
        #expect(expected.category == .lockBusy)
        #expect(try store.load() == StoreFixtures.contents)

        // A holder that wrote no process id is "another process".
        try #require(ftruncate(fd, 0) == 0)
        #expect(throws: StoreError.lockBusy(path: store.lockPath, holderPID: nil)) {
            try store.modify { _ in bodyRan = true }
        }

        flock(fd, LOCK_UN)
        try store.modify { $0.generation += 1 }
        #expect(try fileBytes(path) != before)
        #expect(try store.currentGeneration() == 13)
    }
}

import Foundation
import Glibc
import Testing
import TodoCore
import TodoTestSupport

/// Issue 13.2: the lock and the journal are opened with O_NOFOLLOW, so a link planted in a shared
/// list folder cannot make a save truncate or overwrite another file; and a symlinked store is
/// refused for saving (reading through it works) instead of being replaced by a regular file.
@Suite("Store symlinks")
struct StoreSymlinkTests {
    let folder: TemporaryDirectory
    let path: String
    let victim: String
    let victimBytes = Array("someone else's file, no final newline".utf8)

    init() throws {
        folder = try TemporaryDirectory()
        path = folder.path("todos.json")
        victim = folder.path("victim")
        try writeFile(victim, victimBytes)
    }

    /// Saves one new item through a context on the store at `path`.
    private func save() throws {
        let context = TodoContext(
            store: JSONStore(path: path, lockTimeout: .milliseconds(100)), now: { StoreFixtures.morning })
        _ = try context.insert(text: "new", date: StoreFixtures.morning)
        try context.save()
    }

    private func expectOneSentence(_ error: StoreError) {
        let message = error.description
        #expect(message.hasSuffix(".") && !message.dropLast().contains(". "), "not one sentence: \(message)")
    }

    @Test("a lock file that is a symbolic link is refused and its target left untouched")
    func symlinkedLock() throws {
        try writeFile(path, StoreFixtures.file(itemLine: StoreFixtures.milkLine()))
        try #require(symlink(victim, path + ".lock") == 0)
        let expected = StoreError.notRegularFile(path: path + ".lock", kind: "a symbolic link")
        #expect(throws: SaveError.store(expected)) { try save() }
        #expect(throws: expected) { try JSONStore(path: path).modify { adding(StoreFixtures.report, to: &$0) } }
        expectOneSentence(expected)
        #expect(try fileBytes(victim) == victimBytes)
    }

    @Test("a journal that is a symbolic link is refused for reading and appending, and its target left untouched")
    func symlinkedJournal() throws {
        try writeFile(path, StoreFixtures.file(itemLine: StoreFixtures.milkLine()))
        try #require(symlink(victim, path + ".journal") == 0)
        let expected = StoreError.notRegularFile(path: path + ".journal", kind: "a symbolic link")
        #expect(throws: expected) { try JSONStore(path: path).load() }
        #expect { try save() } throws: { "\($0)" == expected.description }
        #expect(throws: expected) { try JSONStore(path: path).currentGeneration() }
        #expect(try fileBytes(victim) == victimBytes)
        // Appending directly, as a save that read no journal would, is refused by O_NOFOLLOW too.
        #expect(throws: expected) {
            try DurableFile.append(path + ".journal", bytes: Array("{}\n".utf8), keeping: 0, modeOf: path)
        }
        #expect(try fileBytes(victim) == victimBytes)
    }

    @Test(
        "a symlinked store reads through the link, but a save is refused and the link and its target stay as they were")
    func symlinkedStore() throws {
        let target = folder.path("real.json")
        let bytes = StoreFixtures.file(itemLine: StoreFixtures.milkLine())
        try writeFile(target, bytes)
        try #require(symlink(target, path) == 0)
        #expect(try JSONStore(path: path).load().items.map(\.id) == [StoreFixtures.milkID])
        let expected = StoreError.symlinkedStore(path: path)
        #expect(throws: SaveError.store(expected)) { try save() }
        #expect(throws: expected) { try JSONStore(path: path).modify { adding(StoreFixtures.report, to: &$0) } }
        expectOneSentence(expected)
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
        #expect(try fileBytes(target) == bytes)
        #expect(!FileManager.default.fileExists(atPath: path + ".journal"))
    }

    @Test("a dangling store link is not replaced by a file on the first save")
    func danglingStore() throws {
        try #require(symlink(folder.path("missing.json"), path) == 0)
        #expect(throws: SaveError.store(.symlinkedStore(path: path))) { try save() }
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(!FileManager.default.fileExists(atPath: folder.path("missing.json")))
    }
}

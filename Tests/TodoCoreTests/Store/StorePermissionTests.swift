import Foundation
import Glibc
import Testing
import TodoTestSupport

@testable import TodoCore

/// Issue 13.10: a to-do list is personal. Under the usual umask 022 the store, its journal, its
/// lock and the controller cache are created 0600 and new folders 0700; an existing store keeps
/// its mode across compaction, and a new journal takes the store's.
@Suite("Store permissions")
struct StorePermissionTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    /// The permission bits of `path`, from `stat`.
    private func mode(_ path: String) throws -> mode_t {
        var info = stat()
        try #require(stat(path, &info) == 0, "stat \(path)")
        return info.st_mode & 0o7777
    }

    /// Runs `body` under umask 022, the usual one, whatever the test runner's is.
    private func underUsualUmask<T>(_ body: () throws -> T) rethrows -> T {
        let previous = umask(0o022)
        defer { umask(previous) }
        return try body()
    }

    @Test("a first save creates folders 0700 and the store, journal and lock 0600")
    func newFilesArePrivate() throws {
        let path = folder.path("a/b/todos.json")
        try underUsualUmask {
            let context = TodoContext(store: JSONStore(path: path), now: { StoreFixtures.morning })
            _ = try context.insert(text: "private", date: StoreFixtures.morning)
            try context.save()
            _ = try context.insert(text: "private too", date: StoreFixtures.morning)
            try context.save()
        }
        #expect(try mode(folder.path("a")) == 0o700)
        #expect(try mode(folder.path("a/b")) == 0o700)
        #expect(try mode(path) == 0o600)
        #expect(try mode(path + ".journal") == 0o600)
        #expect(try mode(path + ".lock") == 0o600)
    }

    @Test("an existing store keeps its mode across compaction, and a new journal takes it")
    func existingModeKept() throws {
        let path = folder.path("todos.json")
        try underUsualUmask {
            try JSONStore(path: path).modify { adding(StoreFixtures.milk, to: &$0) }
            try #require(chmod(path, 0o640) == 0)
            let context = TodoContext(store: JSONStore(path: path), now: { StoreFixtures.morning })
            _ = try context.insert(text: "shared with the group", date: StoreFixtures.morning)
            try context.save()
            #expect(try mode(path + ".journal") == 0o640)
            try JSONStore(path: path).compact()
        }
        #expect(try mode(path) == 0o640)
        try underUsualUmask { try JSONStore(path: path).modify { adding(StoreFixtures.report, to: &$0) } }
        #expect(try mode(path) == 0o640)
    }

    @Test("the controller cache is created 0600 in a new 0700 folder")
    func cacheIsPrivate() throws {
        let path = ControllerCache.path(named: "list", in: folder.path("cache/todo-tui"))
        let cache = ControllerCache(
            key: ControllerCache.Key(request: "all", sectionKey: "day", calendar: "gregorian UTC", generation: 1),
            blocks: [], order: []
        )
        try underUsualUmask { try cache.write(to: path) }
        #expect(try mode(folder.path("cache")) == 0o700)
        #expect(try mode(folder.path("cache/todo-tui")) == 0o700)
        #expect(try mode(path) == 0o600)
    }
}

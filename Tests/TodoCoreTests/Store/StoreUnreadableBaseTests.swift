import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// A save never acknowledges a change on top of a store file that can no longer be read (issues
/// 13.6 and 18.5): another program truncated it, or replaced it with a newer format, while a
/// context had it open. The save throws that file's error and appends nothing.
@Suite("Saves over a store file that became unreadable")
struct StoreUnreadableBaseTests {
    let clock = TestClock()
    let folder: TemporaryDirectory
    let path: String

    init() throws {
        folder = try TemporaryDirectory()
        path = folder.path("todos.json")
    }

    /// A context on its own store that has loaded a compacted file of two items.
    private func openContext(journalLimit: Int = 1 << 20) throws -> TodoContext {
        let writer = TodoContext(store: JSONStore(path: path), now: clock.function)
        try writer.insert(text: "One", date: clock.now)
        try writer.insert(text: "Two", date: clock.now)
        try writer.save()
        try JSONStore(path: path).compact()
        let context = TodoContext(store: JSONStore(path: path, journalLimit: journalLimit), now: clock.function)
        _ = try context.fetch(FetchRequest())
        return context
    }

    private func journalBytes() throws -> [UInt8] {
        FileManager.default.fileExists(atPath: path + ".journal") ? try fileBytes(path + ".journal") : []
    }

    @Test(
        "a file truncated by another program: the save throws the file's error and the journal stays as it was",
        arguments: [1 << 20, 64])
    func truncated(journalLimit: Int) throws {
        let context = try openContext(journalLimit: journalLimit)
        let bytes = try fileBytes(path)
        try Data(bytes.prefix(bytes.count - 40)).write(to: URL(fileURLWithPath: path))
        let journal = try journalBytes()
        try context.insert(text: "Typed after the damage", date: clock.now)
        do {
            try context.save()
            Issue.record("the save succeeded over a truncated file")
        } catch {
            #expect("\(error)".contains("is not valid JSON"), "\(error)")
        }
        #expect(try journalBytes() == journal, "nothing appended")
        #expect(try fileBytes(path) == Array(bytes.prefix(bytes.count - 40)), "the damaged file is left as it is")
        #expect(context.hasChanges, "the typed change stays in the context")
    }

    @Test("a file replaced by a newer format: the save throws the newer-format error")
    func newerFormat() throws {
        let context = try openContext()
        try Data(#"{"format": "todo-tui", "generation": 9, "items": [], "version": 99}"#.utf8 + [0x0A]).write(
            to: URL(fileURLWithPath: path))
        try context.insert(text: "Typed after the upgrade", date: clock.now)
        do {
            try context.save()
            Issue.record("the save succeeded over a newer-format file")
        } catch {
            #expect("\(error)".contains("newer"), "\(error)")
        }
        #expect(try journalBytes().isEmpty)
    }

    @Test("another todo-tui's compaction in between is read once and the save goes on")
    func validReplacementStillSaves() throws {
        let context = try openContext()
        let other = TodoContext(store: JSONStore(path: path), now: clock.function)
        try other.insert(text: "Other's", date: clock.now)
        try other.save()
        try JSONStore(path: path).compact()
        try context.insert(text: "Mine", date: clock.now)
        try context.save()
        #expect(Set(try JSONStore(path: path).load().items.map(\.text)) == ["One", "Two", "Other's", "Mine"])
    }
}

import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import todo_tui

/// The release binary, whose allocator calls the optimiser may not see through, opens a store on
/// each side of the size from which it is read into huge pages (`HeapTuning`), shows every
/// to-do, saves a new one, and quits cleanly. What the tuning buys is `todo-bench`'s to show
/// (`startup`; `memory` gives the page faults and the huge-page advice).
@Suite(
    "The release binary opens and saves stores on both sides of the huge-page size",
    .enabled(if: TmuxSession.executable != nil, "tmux is not installed")
)
struct HugePageLoadTests {
    /// `count` to-dos in the en_US grouping the title bar uses ("10,000 to-dos").
    private static func title(_ count: Int) -> String {
        "\(count.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) to-dos"
    }

    @Test("a small and a large store open whole, take an add, and keep it after a clean quit")
    func smallAndLargeStore() throws {
        let binary = try ReleaseBinary.path.get()
        let home = try TemporaryDirectory()
        for (name, count) in [("small", 200), ("large", 10_000)] {
            let store = home.path("\(name).json")
            let start = Date(timeIntervalSince1970: 1_767_225_600)
            let context = TodoContext(store: JSONStore(path: store), now: { start })
            for index in 0..<count {
                _ = try context.insert(
                    text: "Item \(index): a to-do long enough to be a realistic line of a list",
                    date: start.addingTimeInterval(Double(index % 120) * 86_400 - 60 * 86_400), color: .default)
            }
            try context.save()
            try context.store.compact()
            let size = try #require(try FileManager.default.attributesOfItem(atPath: store)[.size] as? Int)
            #expect((size >= HeapTuning.hugePageStoreSize) == (name == "large"), "\(name): \(size) bytes")

            let app = "\(TmuxSession.shellQuoted(binary)) --store \(TmuxSession.shellQuoted(store))"
            let command = [
                "env", "-u", "TODO_TUI_CONFIG", "HOME=\(home.url.path)", "XDG_CACHE_HOME=\(home.path("cache"))",
                "XDG_CONFIG_HOME=\(home.path("config"))", "TERM=xterm-256color",
                "LC_ALL=C.UTF-8", "TODO_TUI_SYNC_INTERVAL=0", "sh", "-c", "\(app); echo EXITED:$?; sleep 10",
            ]
            let session = try TmuxSession(command: command, columns: 100, rows: 30, scratch: home.url.path)
            defer { session.kill() }
            let (lines, shown) = try session.waitForPane(timeout: .seconds(20)) { lines in
                lines.contains { $0.contains(Self.title(count)) }
            }
            try #require(shown, "\(name): the list opens; the pane shows:\n\(lines.joined(separator: "\n"))")
            try session.send("a")
            try session.type("Added to the \(name) list")
            try session.send("Enter")
            let (added, counted) = try session.waitForPane(timeout: .seconds(15)) {
                $0.contains { $0.contains(Self.title(count + 1)) }
            }
            #expect(counted, "\(name): the add is counted; the pane shows:\n\(added.joined(separator: "\n"))")
            try session.send("q")
            let (exit, exited) = try session.waitForPane(timeout: .seconds(15)) {
                $0.contains { $0.contains("EXITED:0") }
            }
            #expect(exited, "\(name): a clean quit; the pane shows:\n\(exit.joined(separator: "\n"))")

            let items = try JSONStore(path: store).load().items
            #expect(items.count == count + 1, "\(name)")
            #expect(items.contains { $0.text == "Added to the \(name) list" }, "\(name)")
        }
    }
}

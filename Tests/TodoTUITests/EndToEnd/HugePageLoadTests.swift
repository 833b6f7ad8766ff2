import Foundation
import Glibc
import Testing
import TodoCore
import TodoTestSupport

@testable import todo_tui

/// A large store is read into transparent huge pages (`HeapTuning.prepare(forStoreOfSize:)`),
/// checked on the release binary, whose allocator calls the optimiser may not see through.
@Suite(
    "The release binary reads a large store into huge pages",
    .enabled(if: TmuxSession.executable != nil, "tmux is not installed")
)
struct HugePageLoadTests {
    /// The kernel's transparent huge page mode: `always`, `madvise` or `never`.
    private static var transparentHugePageMode: String? {
        guard let text = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8),
            let open = text.firstIndex(of: "["), let close = text.firstIndex(of: "]")
        else { return nil }
        return String(text[text.index(after: open)..<close])
    }

    /// Whether any mapping of process `pid` carries the huge-page advice (`hg` among the
    /// `VmFlags` of `/proc/PID/smaps`): it stays when the idle trim later splits the huge pages.
    private static func hasHugePageAdvice(_ pid: pid_t) -> Bool? {
        // Read to the end: `String(contentsOfFile:)` stops at 4 KB of a /proc file, whose size says 0.
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps"),
            let data = try? handle.readToEnd()
        else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n").contains { line in
            line.hasPrefix("VmFlags:") && line.split(separator: " ").contains("hg")
        }
    }

    @Test("the heap a store over the huge-page size is read into is advised for huge pages; a small store's is not")
    func largeStoreUsesHugePages() throws {
        let binary = try ReleaseBinary.path.get()
        let home = try TemporaryDirectory()
        let mode = Self.transparentHugePageMode ?? "unknown"
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

            let pidFile = home.path("\(name).pid")
            let app = "exec \(TmuxSession.shellQuoted(binary)) --store \(TmuxSession.shellQuoted(store))"
            let command = [
                "env", "HOME=\(home.url.path)", "XDG_CACHE_HOME=\(home.path("cache"))", "TERM=xterm-256color",
                "LC_ALL=C.UTF-8", "TODO_TUI_SYNC_INTERVAL=0", "sh", "-c",
                "echo $$ > \(TmuxSession.shellQuoted(pidFile)); \(app)",
            ]
            let session = try TmuxSession(command: command, columns: 100, rows: 30, scratch: home.url.path)
            defer { session.kill() }
            let (lines, shown) = try session.waitForPane(timeout: .seconds(20)) { lines in
                lines.contains {
                    $0.contains(
                        "\(count.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) to-dos")
                }
            }
            try #require(shown, "the list opens; the pane shows:\n\(lines.joined(separator: "\n"))")
            let pid = try #require(
                pid_t(
                    try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
                ))
            let advised = try #require(Self.hasHugePageAdvice(pid))
            #expect(advised == (name == "large"), "\(name) store (huge pages \(mode)): advised \(advised)")
            try session.send("q")
        }
    }
}

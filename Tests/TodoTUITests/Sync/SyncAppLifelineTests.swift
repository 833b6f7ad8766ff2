import Foundation
import Glibc
import Testing
import TodoTestSupport

/// The open list starts the sync helper itself; quitting the list ends a sync in flight, however
/// long the server takes (the release binary in tmux, against a server that never answers).
@Suite(
    "Quitting the app ends its sync",
    .serialized,
    .enabled(if: TmuxSession.executable != nil, "tmux is not installed")
)
struct SyncAppLifelineTests {
    /// The live `todo-tui-sync` processes whose request names `folder` (the JSON request may
    /// escape a path's slashes, never a name).
    private func helpers(syncing folder: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")"),
                stat[stat.index(after: close)...].split(separator: " ").first != "Z"
            else { return nil }
            let words = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            let isHelper = words.first?.hasSuffix("/todo-tui-sync") == true
            return isHelper && words.contains { $0.contains(folder) } ? pid : nil
        }
    }

    @Test("the list runs todo-tui-sync directly, and q ends the sync waiting on a silent server")
    func quitEndsSync() throws {
        let binary = try ReleaseBinary.path.get()
        let server = try SilentServer()
        let home = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: home.path("config/todo-tui"), withIntermediateDirectories: true)
        let account = """
            {"server": "http://127.0.0.1:\(server.port)/", "user": "me", \
            "collection": "http://127.0.0.1:\(server.port)/me/tasks/", "allowInsecure": false}
            """
        try account.write(toFile: home.path("config/todo-tui/sync-account.json"), atomically: true, encoding: .utf8)
        let store = home.path("todos.json")
        var command = TmuxSession.todoTUICommand(["--store", store], home: home)
        command[command.count - 1] = command[command.count - 1].replacingOccurrences(
            of: TmuxSession.shellQuoted(CommandRunner.executable("todo-tui")), with: TmuxSession.shellQuoted(binary))
        command.insert(
            contentsOf: ["XDG_CONFIG_HOME=\(home.path("config"))", "TODO_TUI_PASSWORD=secret"],
            at: command.firstIndex(of: "sh") ?? command.count)
        let session = try TmuxSession(command: command, columns: 100, rows: 20, scratch: home.url.path)
        defer { session.kill() }

        let (lines, syncing) = try session.waitForPane(timeout: .seconds(15)) {
            $0.first?.contains("syncing…") == true
        }
        try #require(syncing, "the title says a sync runs; the pane shows:\n\(lines.joined(separator: "\n"))")
        let running = helpers(syncing: home.url.lastPathComponent)
        #expect(running.count == 1, "one helper, started by the list itself")
        for pid in running {
            // pid (comm) state ppid …
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
            let parent = try #require(fields.count > 1 ? fields[1] : nil)
            let parentCommand = FileManager.default.contents(atPath: "/proc/\(parent)/cmdline") ?? Data()
            let program = parentCommand.split(separator: 0).first.map { String(decoding: $0, as: UTF8.self) }
            #expect(program == binary, "its parent is the list itself, not a todo-tui sync")
        }

        try session.send("q")
        let (after, exited) = try session.waitForPane(timeout: .seconds(15)) { $0.contains { $0.contains("EXITED:0") } }
        try #require(exited, "a clean exit; the pane shows:\n\(after.joined(separator: "\n"))")
        var left = helpers(syncing: home.url.lastPathComponent)
        for _ in 0..<100 where !left.isEmpty {
            usleep(50_000)
            left = helpers(syncing: home.url.lastPathComponent)
        }
        #expect(left.isEmpty, "the helper ended with the list")
    }
}

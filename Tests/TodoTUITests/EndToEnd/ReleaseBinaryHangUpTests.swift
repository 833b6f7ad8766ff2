import Foundation
import Glibc
import Testing
import TodoCore
import TodoTestSupport

/// The release binary started with SIGHUP ignored (`nohup`-style), whose terminal then goes
/// away: every read fails at once, which once sent the app into a 100% CPU loop of "timeouts"
/// forever. It must save, compact and exit (issue 13).
@Suite(
    "The release binary exits when its terminal goes away",
    .enabled(if: TmuxSession.executable != nil, "tmux is not installed")
)
struct ReleaseBinaryHangUpTests {
    let home: TemporaryDirectory
    let store: String
    let pidFile: String

    init() throws {
        home = try TemporaryDirectory()
        store = home.path("todos.json")
        pidFile = home.path("app.pid")
    }

    @Test("SIGHUP ignored, pane killed: the process is gone within seconds and the store is intact and compacted")
    func hangUpWithSIGHUPIgnored() throws {
        let binary = try ReleaseBinary.path.get()
        let app = "exec \(TmuxSession.shellQuoted(binary)) --store \(TmuxSession.shellQuoted(store))"
        let script = "trap '' HUP; echo $$ > \(TmuxSession.shellQuoted(pidFile)); \(app)"
        let command = [
            "env", "-u", "TODO_TUI_NO_ANIMATION", "-u", "TODO_TUI_STORE", "-u", "NO_COLOR",
            "TERM=xterm-256color", "LANG=C.UTF-8", "LC_ALL=C.UTF-8",
            "HOME=\(home.url.path)", "XDG_DATA_HOME=\(home.path("data"))", "XDG_CACHE_HOME=\(home.path("cache"))",
            "XDG_CONFIG_HOME=\(home.path("config"))", "TODO_TUI_CONFIG=",
            "sh", "-c", script,
        ]
        let session = try TmuxSession(command: command, columns: 80, rows: 24, scratch: home.url.path)
        defer { session.kill() }
        // A second window keeps the server (the app's parent, which reaps it) alive.
        try session.run(["new-window", "-d", "sleep 600"])
        let (_, started) = try session.waitForPane { $0.contains { $0.contains("No to-dos yet") } }
        try #require(started)
        try session.send("a")
        try session.type("Walk the dog")
        try session.send("Enter")
        let (lines, added) = try session.waitForPane {
            $0.contains { RowTime.removed(from: $0).contains("[ ] Walk the dog") }
        }
        try #require(added, "\(lines)")
        let pid = try #require(
            pid_t(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))

        try session.run(["kill-window", "-t", ":0"])
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while kill(pid, 0) == 0, clock.now < deadline {
            usleep(50_000)
        }
        let alive = kill(pid, 0) == 0
        if alive {
            kill(pid, SIGKILL)
        }
        #expect(!alive, "the app still runs after its terminal went away")
        let contents = try JSONStore(path: store).load()
        #expect(contents.items.map(\.text) == ["Walk the dog"])
        #expect(!FileManager.default.fileExists(atPath: store + ".journal"), "the store was not compacted")
    }
}

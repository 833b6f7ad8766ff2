import Foundation
import Testing
import TodoTestSupport

/// The app (the release binary, in tmux) syncs in the background: a change made on another
/// device reaches the open list within a sync interval, `S` syncs at once, and a server that
/// goes away is shown, not fatal.
@Suite(
    "The app syncs in the background",
    .serialized,
    .enabled(if: TmuxSession.executable != nil, "tmux is not installed")
)
struct SyncAppTests {
    /// The pane command: the release binary on `store`, the sandbox's account, a 1 s interval.
    private func paneCommand(_ binary: String, sandbox: SyncSandbox, store: String) -> [String] {
        var command = TmuxSession.todoTUICommand(["--store", sandbox.home.path(store + ".json")], home: sandbox.home)
        let debug = TmuxSession.shellQuoted(CommandRunner.executable("todo-tui"))
        command[command.count - 1] = command[command.count - 1].replacingOccurrences(
            of: debug, with: TmuxSession.shellQuoted(binary))
        let shell = command.firstIndex(of: "sh") ?? command.count
        command.insert(
            contentsOf: [
                "XDG_CONFIG_HOME=\(sandbox.home.path("config"))", "TODO_TUI_PASSWORD=\(sandbox.server.password)",
                "TODO_TUI_SYNC_INTERVAL=1",
            ], at: shell)
        return command
    }

    private func expectPane(
        _ session: TmuxSession, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
        until condition: ([String]) -> Bool
    ) throws {
        let (lines, matched) = try session.waitForPane(timeout: .seconds(15), until: condition)
        try #require(
            matched, "\(what); the pane shows:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    @Test("another device's change appears in the open list; S syncs now; a stopped server is shown")
    func backgroundSync() throws {
        let binary = try ReleaseBinary.path.get()
        let server = try CalDAVTestServer(.radicale)
        defer { server.stop() }
        let sandbox = try SyncSandbox(server: server, executable: binary)
        try sandbox.setUpAccount(creating: "T")
        _ = try sandbox.run("a", "add", "already here", "--date", "today")
        _ = try sandbox.run("a", "sync")

        let session = try TmuxSession(
            command: paneCommand(binary, sandbox: sandbox, store: "a"), columns: 100, rows: 20,
            scratch: sandbox.home.url.path)
        defer { session.kill() }
        try expectPane(session, "the list, synced at start") {
            $0.contains { $0.hasSuffix("already here") } && $0.first?.contains("synced ") == true
        }

        // The phone: another store on the same account.
        _ = try sandbox.run("b", "sync")
        _ = try sandbox.run("b", "add", "added on the phone", "--date", "today")
        #expect(try sandbox.run("b", "sync").status == 0)
        try expectPane(session, "the phone's item in the open list") {
            $0.contains { $0.hasSuffix("added on the phone") }
        }

        try session.send("S")
        try expectPane(session, "S says how the sync ended") {
            $0.contains { $0.contains("In sync; nothing changed.") || $0.contains("Synced:") }
        }

        server.stop()
        try expectPane(session, "the stopped server, said once in the status line") {
            $0.contains { $0.contains("Sync failed at") && $0.contains("Could not reach") }
                && $0.first?.contains("sync failed") == true
        }
        try session.send("q")
        try expectPane(session, "a clean exit") { $0.contains { $0.contains("EXITED:0") } }
    }
}

import Foundation
import Testing
import TodoCore

/// Live merging (issue 6): the real `todo-tui` open in tmux while another process adds, edits,
/// completes and deletes through the command line; each change appears in the open list, and
/// the store ends with everyone's work. How soon a change shows is `todo-bench merge`'s to say.
@Suite("Live merge in the TUI")
struct LiveMergeTests {
    /// Waits until the pane satisfies `condition`; stops the test with the screen when it does
    /// not within `timeout`, which only keeps a broken app from hanging the test.
    private func expectPane(
        _ session: TmuxSession, _ what: String, timeout: Duration = .seconds(15),
        sourceLocation: SourceLocation = #_sourceLocation, until condition: ([String]) -> Bool
    ) throws {
        // Rows show the time their items were added at: what these steps check is the rest.
        let (lines, matched) = try session.waitForPane(timeout: timeout) { condition($0.map(RowTime.removed(from:))) }
        try #require(
            matched, "\(what); the pane shows:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    @Test(
        "another process's add, edit, done and delete show in the open list, and nobody's work is lost",
        .enabled(if: TmuxSession.executable != nil, "tmux is not installed")
    )
    func liveMerge() throws {
        let sandbox = try CLISandbox()
        let (cli, store) = (sandbox.cli, sandbox.store)
        let plants = try sandbox.add("Water the plants")
        let bank = try sandbox.add("Call the bank")

        let session = try TmuxSession(
            command: TmuxSession.todoTUICommand(["--store", store], home: sandbox.home),
            columns: 100, rows: 30, scratch: sandbox.home.url.path
        )
        defer { session.kill() }
        try expectPane(session, "the list opened") { $0.contains("  [ ] Call the bank") }

        /// Runs a command in another process and waits until the pane shows its change.
        func change(
            _ name: String, _ arguments: String..., shows condition: @escaping ([String]) -> Bool
        ) throws -> String {
            let result = try cli.run(arguments + ["--store", store])
            try #require(result.status == 0, "\(arguments): \(result.stderr)")
            try expectPane(session, name, until: condition)
            return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        func row(_ text: String, done: Bool = false) -> ([String]) -> Bool {
            { $0.contains((done ? "  [x] " : "  [ ] ") + text) }
        }

        let milk = try change("add", "add", "Buy oat milk", shows: row("Buy oat milk"))
        _ = try change("edit", "edit", bank, "Call the bank at 9", shows: row("Call the bank at 9"))
        _ = try change("done", "done", milk, shows: row("Buy oat milk", done: true))
        _ = try change("delete", "delete", bank, shows: { !$0.joined().contains("Call the bank") })

        // The person edits a line while another process marks the same item done: both stay.
        try session.send("e")
        try expectPane(session, "the edit prompt") { $0.contains { $0.hasPrefix("Edit: Water the plants") } }
        try session.send("C-u")
        try session.type("Watered by the TUI")
        _ = try change("done while editing", "done", plants, shows: row("Water the plants", done: true))
        try session.send("Enter")
        try expectPane(session, "the edit saved over the other's done", until: row("Watered by the TUI", done: true))

        try session.send("a")
        try session.type("Typed in the TUI")
        try session.send("Enter")
        try expectPane(session, "the TUI's own add", until: row("Typed in the TUI"))
        try session.send("q")
        try expectPane(session, "the exit status") { $0.contains("EXITED:0") }

        let items = try JSONStore(path: store).load().items.sorted { $0.text < $1.text }
        #expect(items.map(\.text) == ["Buy oat milk", "Typed in the TUI", "Watered by the TUI"])
        #expect(items.map(\.isDone) == [true, false, true])
        #expect(!items.contains { $0.id.uuidString.lowercased() == bank })
    }
}

import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// The release binary in a real terminal: a note of two lines and a tag typed in the app are
/// saved, and are there after a restart (issue 15).
@Suite(
    "Notes and tags in the release binary",
    // The one reason to skip: the machine has no tmux to host the terminal.
    .enabled(if: TmuxSession.executable != nil, "tmux is not installed")
)
struct NotesAndTagsReleaseTests {
    let home: TemporaryDirectory
    let store: String

    init() throws {
        home = try TemporaryDirectory()
        store = home.path("todos.json")
    }

    /// `TmuxSession.todoTUICommand`'s pane command, running `binary` instead of the debug build.
    private func paneCommand(_ binary: String) -> [String] {
        var command = TmuxSession.todoTUICommand(["--store", store], home: home)
        let debug = TmuxSession.shellQuoted(CommandRunner.executable("todo-tui"))
        command[command.count - 1] = command[command.count - 1].replacingOccurrences(
            of: debug, with: TmuxSession.shellQuoted(binary))
        return command
    }

    @discardableResult
    private func expectPane(
        _ session: TmuxSession, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
        until condition: ([String]) -> Bool
    ) throws -> [String] {
        let (lines, matched) = try session.waitForPane(timeout: .seconds(10), until: condition)
        try #require(
            matched, "\(what); the pane shows:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
        return lines
    }

    @Test(
        "n types a note of two lines, Ctrl-S saves it, # adds a tag; after a restart the row and the editor show them")
    func noteAndTagSurviveRestart() throws {
        let binary = try ReleaseBinary.path.get()
        let added = try CommandRunner.todoTUI(home: home.url).run("add", "Call the bank", "--store", store)
        try #require(added.status == 0, "\(added.stderr)")

        let first = try TmuxSession(command: paneCommand(binary), columns: 80, rows: 20, scratch: home.url.path)
        defer { first.kill() }
        try expectPane(first, "the list") { $0.contains { $0.hasSuffix("Call the bank") } }
        try first.send("n")
        try expectPane(first, "the notes editor") { $0.contains { $0.contains("Notes: Call the bank · Ctrl-S saves") } }
        try first.type("Ask for Ana")
        try first.send("Enter")
        try first.type("Bring the card")
        try expectPane(first, "the second line typed") { $0.contains { $0.hasPrefix("│ Bring the card") } }
        try first.send("C-s")
        try expectPane(first, "the notes saved") { $0.contains { $0.hasSuffix("Call the bank ✎") } }
        try first.send("#")
        try expectPane(first, "the tags editor") { $0.last?.hasPrefix("Tags:") == true }
        try first.type("+work")
        try first.send("Enter")
        try expectPane(first, "the tag shown") { $0.contains { $0.hasSuffix("Call the bank #work ✎") } }
        try first.send("q")
        try expectPane(first, "the app quit") { $0.contains("EXITED:0") }
        first.kill()

        let item = try #require(try JSONStore(path: store).load().items.first)
        #expect(item.notes == "Ask for Ana\nBring the card")
        #expect(item.tags == ["work"])

        let second = try TmuxSession(command: paneCommand(binary), columns: 80, rows: 20, scratch: home.url.path)
        defer { second.kill() }
        try expectPane(second, "the row after a restart") { $0.contains { $0.hasSuffix("Call the bank #work ✎") } }
        try second.send("n")
        let editor = try expectPane(second, "the notes after a restart") {
            $0.contains { $0.hasPrefix("│ Bring the card") }
        }
        #expect(editor.contains { $0.hasPrefix("│ Ask for Ana") }, "\(editor)")
        try second.send("Escape")
        try second.send("q")
        try expectPane(second, "the app quit") { $0.contains("EXITED:0") }
    }
}

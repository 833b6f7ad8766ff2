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

    @Test(
        "n types a note of two lines, Ctrl-S saves it, # adds a tag; after a restart the row and the editor show them")
    func noteAndTagSurviveRestart() throws {
        let binary = try ReleaseBinary.path.get()
        let added = try CommandRunner.todoTUI(home: home.url).run("add", "Call the bank", "--store", store)
        try #require(added.status == 0, "\(added.stderr)")

        let first = try TmuxSession(
            command: TmuxSession.todoTUICommand(["--store", store], home: home, binary: binary), columns: 80, rows: 20,
            scratch: home.url.path)
        defer { first.kill() }
        try first.expectPane("the list") { $0.contains { $0.hasSuffix("Call the bank") } }
        try first.send("n")
        try first.expectPane("the notes editor") { $0.contains { $0.contains("Notes: Call the bank · Ctrl-S saves") } }
        try first.type("Ask for Ana")
        try first.send("Enter")
        try first.type("Bring the card")
        try first.expectPane("the second line typed") { $0.contains { $0.hasPrefix("│ Bring the card") } }
        try first.send("C-s")
        try first.expectPane("the notes saved") { $0.contains { $0.hasSuffix("Call the bank ✎") } }
        try first.send("#")
        try first.expectPane("the tags editor") { $0.last?.hasPrefix("Tags:") == true }
        try first.type("+work")
        try first.send("Enter")
        try first.expectPane("the tag shown") { $0.contains { $0.hasSuffix("Call the bank #work ✎") } }
        try first.send("q")
        try first.expectPane("the app quit") { $0.contains("EXITED:0") }
        first.kill()

        let item = try #require(try JSONStore(path: store).load().items.first)
        #expect(item.notes == "Ask for Ana\nBring the card")
        #expect(item.tags == ["work"])

        let second = try TmuxSession(
            command: TmuxSession.todoTUICommand(["--store", store], home: home, binary: binary), columns: 80, rows: 20,
            scratch: home.url.path)
        defer { second.kill() }
        try second.expectPane("the row after a restart") { $0.contains { $0.hasSuffix("Call the bank #work ✎") } }
        try second.send("n")
        let editor = try second.expectPane("the notes after a restart") {
            $0.contains { $0.hasPrefix("│ Bring the card") }
        }
        #expect(editor.contains { $0.hasPrefix("│ Ask for Ana") }, "\(editor)")
        try second.send("Escape")
        try second.send("q")
        try second.expectPane("the app quit") { $0.contains("EXITED:0") }
    }
}

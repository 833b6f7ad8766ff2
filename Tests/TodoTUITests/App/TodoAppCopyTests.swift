import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import todo_tui

/// When the store can no longer be written (issue 13.6: another program truncated it or
/// replaced it with a newer format while the app had it open), nothing typed is lost: `W`
/// writes the whole list, unsaved changes included, to a new store file.
@Suite("TodoApp writing the list to a new file")
struct TodoAppCopyTests {
    static let start = Date(timeIntervalSince1970: 1_763_640_000)

    let folder: TemporaryDirectory
    let storePath: String
    let terminal = TestTerminal(size: TerminalSize(rows: 12, columns: 160))
    let app: TodoApp

    init() throws {
        folder = try TemporaryDirectory()
        storePath = folder.path("todos.json")
        let writer = TodoContext(store: JSONStore(path: storePath), now: { Self.start })
        try writer.insert(text: "Saved before", date: Self.start)
        try writer.save()
        app = try TodoApp(
            context: TodoContext(store: JSONStore(path: storePath), now: { Self.start }),
            calendar: Calendar(identifier: .gregorian), now: Self.start, size: terminal.size, animations: false
        )
    }

    /// Feeds key names, then typed text, through the real run loop until the script ends.
    func run(_ keys: String, typing text: String? = nil, then more: String? = nil) {
        terminal.enqueue(keys: keys)
        if let text { terminal.enqueue(typing: text) }
        if let more { terminal.enqueue(keys: more) }
        AppRunLoop(terminal: terminal, app: app, clock: { Self.start }, stopsWhenIdle: true).run()
    }

    var statusLine: String { terminal.lastScreen?.lines.last ?? "" }

    /// Replaces the store file, behind the app's back, with one a newer todo-tui wrote.
    func replaceStoreWithNewerFormat() throws {
        try Data(#"{"format": "todo-tui", "generation": 9, "items": [], "version": 99}"#.utf8 + [0x0A])
            .write(to: URL(fileURLWithPath: storePath))
    }

    @Test(
        "a store replaced by a newer format: the add is kept, W offers a path, Enter writes every to-do to a new store")
    func rescueAfterNewerFormat() throws {
        try replaceStoreWithNewerFormat()
        run("a", typing: "Typed after the upgrade", then: "Enter")
        #expect(statusLine.hasPrefix("Not saved:"), "\(statusLine)")
        #expect(statusLine.contains("W writes the whole list to a new file"), "\(statusLine)")
        #expect(app.context.hasChanges)

        run("W")
        let suggested = folder.path("todos-copy-2025-11-20-1200.json")
        #expect(app.mode == .editing(LineEditor(text: suggested, selected: true), .copyPath))
        let copy = folder.path("rescued.json")
        run("", typing: copy, then: "Enter")
        #expect(statusLine == "Wrote 2 to-dos, with your unsaved change, to \(copy).", "\(statusLine)")

        let items = try JSONStore(path: copy).load().items
        #expect(Set(items.map(\.text)) == ["Saved before", "Typed after the upgrade"])
        var info = stat()
        #expect(stat(copy, &info) == 0 && info.st_mode & 0o777 == 0o600, "private, like the store")
        #expect(
            try String(contentsOfFile: storePath, encoding: .utf8).contains(#""version": 99"#),
            "the newer file is left alone")
    }

    @Test("an existing file is never written over: the copy is refused in one sentence and the file kept")
    func refusesExistingFile() throws {
        let existing = folder.path("keep.txt")
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: existing))
        run("W", typing: existing, then: "Enter")
        #expect(statusLine.hasPrefix("Not written: Could not create \(existing): it exists already"), "\(statusLine)")
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "precious\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".") }.isEmpty,
            "no temporary file left behind")
    }

    @Test("an empty path keeps the editor open with the reason; Esc cancels and writes nothing")
    func emptyPathAndCancel() throws {
        run("W", then: "Backspace Enter")
        #expect(terminal.lastScreen?.lines.contains { $0.contains("Type the path of a new file") } == true)
        #expect(app.mode == .editing(LineEditor(), .copyPath), "the editor stays open to fix the path")
        run("Escape")
        #expect(app.mode == .browse)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { !$0.hasPrefix("todos.json") }
                .isEmpty)
    }

    @Test("the quit prompt after a failed save names W")
    func quitPromptNamesW() throws {
        try replaceStoreWithNewerFormat()
        run("a", typing: "Keep me", then: "Enter q")
        #expect(statusLine.contains("W to write the list to a new file first"), "\(statusLine)")
    }
}

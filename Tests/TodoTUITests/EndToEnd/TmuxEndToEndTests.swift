import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// The built `todo-tui` in a real terminal: tmux runs it in a detached pane, keys go in with
/// `send-keys`, and the screen comes back with `capture-pane` (issue 4, DESIGN §5).
///
/// Every step waits for the screen it expects (polling, never a fixed sleep) and then checks the
/// store (the file and its journal), which the app saves before it draws the change.
@Suite(
    "End to end in tmux",
    // The one reason to skip: the machine has no tmux to host the terminal.
    .enabled(if: TmuxSession.executable != nil, "tmux is not installed")
)
struct TmuxEndToEndTests {
    let home: TemporaryDirectory
    let store: String

    init() throws {
        home = try TemporaryDirectory()
        store = home.path("todos.json")
    }

    private func paneCommand(_ arguments: [String]) -> [String] {
        TmuxSession.todoTUICommand(arguments, home: home)
    }

    /// Waits for the pane to satisfy `condition`; stops the test with the screen when it does not.
    @discardableResult
    private func expectPane(
        _ session: TmuxSession, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
        until condition: ([String]) -> Bool
    ) throws -> [String] {
        // Rows show the time they were added at: what these steps check is the rest.
        let (lines, matched) = try session.waitForPane { condition($0.map(RowTime.removed(from:))) }
        try #require(
            matched, "\(what); the pane shows:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
        return lines.map(RowTime.removed(from:))
    }

    /// The store's generation and items, as JSON objects of the documented file format. While
    /// the app runs, its saves are in the journal beside the file: this reads both.
    private func storeContents() throws -> (generation: Int, items: [[String: Any]]) {
        let data = try savedState()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["format"] as? String == "todo-tui")
        let generation = try #require(object["generation"] as? Int)
        let items = try #require(object["items"] as? [[String: Any]])
        return (generation, items)
    }

    /// The stored item whose text is `text`.
    private func storedItem(_ text: String, in items: [[String: Any]]) throws -> [String: Any] {
        try #require(items.first { $0["text"] as? String == text }, "no stored item '\(text)' in \(items)")
    }

    private func storeBytes() throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: store))
    }

    /// The saved state (the file with the journal replayed) as the store file would hold it.
    private func savedState() throws -> Data {
        Data(StoreEncoder.encode(try JSONStore(path: store).load().inFileOrder))
    }

    @Test(
        "add, edit, toggle, delete, undo, filter, resize and quit, checking the screen and the store after each step",
        arguments: [[], ["--no-animation"]]
    )
    func session(options: [String]) throws {
        let session = try TmuxSession(
            command: paneCommand(["--store", store] + options), columns: 100, rows: 30, scratch: home.url.path)
        defer { session.kill() }

        // First run on an empty store: a hint instead of a blank list, and nothing written yet.
        let first = try expectPane(session, "the empty-store hint") { lines in
            lines.contains {
                $0.trimmingCharacters(in: .whitespaces) == "No to-dos yet — press a to add one, ? for help"
            }
        }
        #expect(first.first?.hasPrefix(" todo-tui · 0 to-dos") == true, "\(first)")
        #expect(!FileManager.default.fileExists(atPath: store))

        // Add.
        try session.send("a")
        try expectPane(session, "the add prompt") { $0.last == "Add:" || $0.last?.hasPrefix("Add: ") == true }
        try session.type("Buy milk")
        try session.send("Enter")
        let added = try expectPane(session, "the added row") { lines in
            lines.contains("  [ ] Buy milk") && lines.last == "Added 'Buy milk' — u to undo"
        }
        #expect(added.contains("No date"), "an empty list has no day selected: \(added)")
        #expect(added.first?.hasPrefix(" todo-tui · 1 to-do ") == true, "\(added)")
        var contents = try storeContents()
        #expect(contents.generation == 1)
        #expect(contents.items.count == 1)
        let milk = try storedItem("Buy milk", in: contents.items)
        let id = try #require(milk["id"] as? String)
        #expect(milk["isDone"] as? Bool == false)

        // Edit: the editor opens on the text; Ctrl-U clears it.
        try session.send("e")
        try expectPane(session, "the edit prompt prefilled") { $0.last?.hasPrefix("Edit: Buy milk") == true }
        try session.send("C-u")
        try session.type("Buy oat milk")
        try session.send("Enter")
        try expectPane(session, "the edited row") { lines in
            lines.contains("  [ ] Buy oat milk") && !lines.contains("  [ ] Buy milk")
                && lines.last == "Edited 'Buy oat milk' — u to undo"
        }
        contents = try storeContents()
        #expect(contents.generation == 2)
        #expect(contents.items.count == 1)
        #expect(try storedItem("Buy oat milk", in: contents.items)["id"] as? String == id)

        // Toggle done.
        try session.send("x")
        try expectPane(session, "the row marked done") { lines in
            lines.contains("  [x] Buy oat milk") && lines.last == "Done: 'Buy oat milk'"
        }
        contents = try storeContents()
        #expect(contents.generation == 3)
        #expect(try storedItem("Buy oat milk", in: contents.items)["isDone"] as? Bool == true)

        // A second item, so that the filter has something to hide.
        try session.send("a")
        try session.type("Call mum")
        try session.send("Enter")
        try expectPane(session, "the second row below the first") { lines in
            guard let done = lines.firstIndex(of: "  [x] Buy oat milk"),
                let call = lines.firstIndex(of: "  [ ] Call mum")
            else { return false }
            return done < call && lines.last == "Added 'Call mum' — u to undo"
        }
        contents = try storeContents()
        #expect(contents.items.count == 2)
        // Both undated (added under No date), made when their Enter arrives: the later sorts below.
        #expect(try storedItem("Call mum", in: contents.items)["date"] == nil)
        let firstDate = try #require(try storedItem("Buy oat milk", in: contents.items)["createdAt"] as? String)
        let secondDate = try #require(try storedItem("Call mum", in: contents.items)["createdAt"] as? String)
        let dates = ISO8601DateFormatter()
        dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        #expect(
            try #require(dates.date(from: firstDate)) < #require(dates.date(from: secondDate)),
            "\(firstDate) then \(secondDate)")

        // Delete the first item (k moves the selection up from the one just added).
        try session.send("k")
        try session.send("d")
        try expectPane(session, "the row gone") { lines in
            lines.contains("  [ ] Call mum") && !lines.contains { $0.hasPrefix("  [x] Buy oat milk") }
                && lines.last == "Deleted 'Buy oat milk' — u to undo"
        }
        contents = try storeContents()
        #expect(contents.items.map { $0["text"] as? String } == ["Call mum"])

        // Undo brings it back, same id, still done.
        try session.send("u")
        try expectPane(session, "the row back") { lines in
            lines.contains("  [x] Buy oat milk") && lines.contains("  [ ] Call mum")
                && lines.last == "Undone — U or Ctrl-R to redo"
        }
        contents = try storeContents()
        #expect(contents.items.count == 2)
        let restored = try storedItem("Buy oat milk", in: contents.items)
        #expect(restored["id"] as? String == id)
        #expect(restored["isDone"] as? Bool == true)
        let savedBeforeFilter = try savedState()

        // Filter as you type; Enter keeps the filter, Esc in the list clears it. Nothing is saved.
        try session.send("/")
        try session.type("oat")
        try expectPane(session, "the filtered list") { lines in
            lines.first?.hasPrefix(" todo-tui · 1 to-do matching oat") == true
                && lines.contains("  [x] Buy oat milk") && !lines.contains("  [ ] Call mum") && lines.last == "/oat"
        }
        try session.send("Enter")
        try expectPane(session, "the filter kept after Enter") { lines in
            lines.first?.hasPrefix(" todo-tui · 1 to-do matching oat") == true
                && !lines.contains("  [ ] Call mum") && lines.last?.hasPrefix("a add  e edit") == true
        }
        try session.send("Escape")
        try expectPane(session, "the filter cleared") { lines in
            lines.first?.hasPrefix(" todo-tui · 2 to-dos ") == true
                && lines.contains("  [x] Buy oat milk") && lines.contains("  [ ] Call mum")
        }
        #expect(try savedState() == savedBeforeFilter)

        // Resize: the layout follows at once.
        try session.run(["resize-window", "-x", "60", "-y", "15"])
        let resized = try expectPane(session, "the list laid out for 60×15") { lines in
            lines.count == 15 && lines.first?.hasSuffix("oldest first · ? help") == true
                && lines.first?.count == 59 && lines.last?.hasSuffix("…") == true
        }
        #expect(resized.allSatisfy { $0.count <= 60 }, "\(resized)")
        #expect(resized.contains("  [x] Buy oat milk") && resized.contains("  [ ] Call mum"), "\(resized)")
        #expect(resized.last?.hasPrefix("a add  e edit") == true, "\(resized)")

        // Quit: the program ends with status 0 and the store is as last saved, all of it in the
        // store file: quitting compacted the journal into it.
        try session.send("q")
        try expectPane(session, "the exit status") { $0.contains("EXITED:0") }
        #expect(try storeBytes() == savedBeforeFilter)
        #expect(!FileManager.default.fileExists(atPath: store + ".journal"))
    }

    @Test(
        """
        a corrupt store makes the interactive list print one line naming the file, exit 65, and leave the file \
        unchanged
        """
    )
    func corruptStore() throws {
        let bytes = Data("{\"format\": \"todo-tui\", \"generation\": 1, \"items\": [\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: store))
        let session = try TmuxSession(
            command: paneCommand(["--store", store]), columns: 100, rows: 30, scratch: home.url.path)
        defer { session.kill() }

        let lines = try expectPane(session, "the exit status") { $0.contains { $0.hasPrefix("EXITED:") } }
        let printed = lines.filter { !$0.isEmpty }
        #expect(printed.count == 2, "one error line, then the status: \(printed)")
        #expect(printed.first?.hasPrefix("todo-tui: ") == true, "\(printed)")
        #expect(printed.first?.contains(store) == true, "\(printed)")
        #expect(printed.last == "EXITED:65")
        #expect(try storeBytes() == bytes)
    }
}

import Foundation
import Testing
import TodoCore
@testable import todo_tui

/// Issue 13.6: a store replaced by a newer-format file while the app has it open stops the
/// saves; `W` writes everything typed, saved or not, to a new store file that `--store` reads.
@Suite("TodoApp writing the list elsewhere when saving stopped")
struct TodoAppRescueTests {
    static let start = Date(timeIntervalSince1970: 1_763_640_000)  // 2025-11-20 12:00 UTC

    let sandbox: CLISandbox
    let app: TodoApp

    init() throws {
        sandbox = try CLISandbox()
        _ = try sandbox.add("Water the plants")
        _ = try sandbox.add("Call the bank")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        app = try TodoApp(context: TodoContext(store: JSONStore(path: sandbox.store), now: { Self.start }), calendar: calendar,
                          now: Self.start, size: TerminalSize(rows: 12, columns: 160), animations: false)
    }

    /// Sends keys through the app's one seam and returns the rendered lines.
    @discardableResult
    func send(_ keys: [Key]) -> [String] {
        for key in keys {
            _ = app.receive(.key(key))
        }
        var screen = Screen(rows: app.size.rows, columns: app.size.columns)
        app.render(into: &screen)
        return screen.lines
    }

    /// Another program replaces the store with a newer format; the user adds an item.
    func breakStoreAndAdd() throws -> [String] {
        try Data(#"{"format": "todo-tui", "generation": 9, "items": [], "version": 99}"#.utf8 + [0x0A])
            .write(to: URL(fileURLWithPath: sandbox.store))
        return send(Key.sequence("a") + Key.typing("Typed after the upgrade") + [.enter])
    }

    @Test("W writes saved and unsaved items to a new 0600 store file that list reads back")
    func writesRescueFile() throws {
        let lines = try breakStoreAndAdd()
        #expect(lines.last?.contains("Saving stopped") == true, "\(lines)")
        #expect(lines.last?.contains("W writes your list to a new file") == true, "\(lines)")
        #expect(app.savingStopped != nil)
        send(Key.sequence("W"))
        guard case .editing(let editor, .rescue) = app.mode else {
            Issue.record("W opened no path editor: \(app.mode)")
            return
        }
        #expect(editor.text == sandbox.home.path("todos-rescued-20251120-120000.json"))
        #expect(editor.isSelected, "typing replaces the suggestion")
        let target = sandbox.home.path("kept.json")
        let written = send(Key.typing(target) + [.enter])
        #expect(app.mode == .browse)
        #expect(written.last?.contains("Wrote 3 to-dos to \(target)") == true, "\(written)")
        let texts = try JSONStore(path: target).load().items.map(\.text)
        #expect(Set(texts) == ["Water the plants", "Call the bank", "Typed after the upgrade"])
        let mode = try #require(FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let listed = try sandbox.cli.run("list", "--store", target)
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("Typed after the upgrade"), "\(listed.stdout)")
        #expect(listed.stdout.contains("Water the plants"))
    }

    @Test("an existing path is refused with one sentence and left untouched; the editor stays open")
    func refusesExistingPath() throws {
        try breakStoreAndAdd()
        let target = sandbox.home.path("taken.json")
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: target))
        let lines = send(Key.sequence("W") + Key.typing(target) + [.enter])
        #expect(app.status?.text == "\(target) already exists; name a new file, nothing is overwritten.")
        #expect(lines.contains { $0.contains("already exists") }, "\(lines)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("mine\n".utf8))
        guard case .editing(_, .rescue) = app.mode else {
            Issue.record("the editor closed: \(app.mode)")
            return
        }
    }

    @Test("the quit prompt names W while saving has stopped; W does nothing while saves work")
    func quitPromptAndIdleKey() throws {
        send(Key.sequence("W"))
        #expect(app.mode == .browse)
        #expect(app.status?.text.contains("only when the store cannot be saved to") == true)
        try breakStoreAndAdd()
        #expect(!app.receive(.key(.character("q"))), "the first q waits")
        #expect(app.status?.text.contains("W to write them to a new file") == true, "\(String(describing: app.status))")
    }
}

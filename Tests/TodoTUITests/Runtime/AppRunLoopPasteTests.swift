import Foundation
import Testing
import TodoCore

@testable import todo_tui

/// A paste into the line editor arrives as thousands of keys at once: the run loop takes them
/// all before it draws, and the editor keeps every character in order (issue 12: a
/// 3,400-character paste took seconds, one full draw and one copy of the text per key).
@Suite("AppRunLoop: a long paste")
struct AppRunLoopPasteTests {
    static let start = Date(timeIntervalSince1970: 1_763_640_000)

    /// 3,400 characters: ASCII, a wide syllable, an emoji with a modifier, a combining accent.
    static let pasted: String = {
        let chunk = "Buy milk, 장보기 👍🏽 café — "
        var text = String(repeating: chunk, count: 3_400 / chunk.count + 1)
        text = String(text.prefix(3_396))
        return text + "ZEND"
    }()

    @Test("a 3,400-character paste is saved exactly and drawn once, not once per key")
    func longPaste() throws {
        #expect(Self.pasted.count == 3_400)
        let store = InMemoryStore()
        let terminal = TestTerminal(size: TerminalSize(rows: 24, columns: 80))
        terminal.deliversPendingEvents = true
        let app = try TodoApp(
            context: TodoContext(store: store, now: { Self.start }), calendar: Calendar(identifier: .gregorian),
            now: Self.start, size: terminal.size, animations: false)
        terminal.enqueue(keys: "a")
        terminal.enqueue(typing: Self.pasted)
        terminal.enqueue(keys: "Enter")
        AppRunLoop(terminal: terminal, app: app, clock: { Self.start }, pollInterval: .seconds(60), stopsWhenIdle: true)
            .run()
        #expect(store.contents.items.map(\.text) == [Self.pasted])
        #expect(terminal.presentCount < 5, "\(terminal.presentCount) draws for one paste")
    }

    @Test("the editor holds a long paste exactly, the cursor at its end, and edits in the middle stay exact")
    func editorKeepsThePaste() {
        var editor = LineEditor()
        for key in Key.typing(Self.pasted) {
            #expect(editor.handle(key) == .edited)
        }
        #expect(editor.text == Self.pasted)
        #expect(editor.cursor == 3_400)
        for key in Key.sequence("Home Right Delete") {
            _ = editor.handle(key)
        }
        #expect(editor.text == "B" + Self.pasted.dropFirst(2))
    }
}

import Foundation
import Testing
import TodoCore

@testable import todo_tui

/// When the terminal goes away (end of input, an input error, a hang-up with SIGHUP ignored)
/// the run loop ends instead of reading "no event" forever, and saves what it can (issue 13).
@Suite("AppRunLoop at end of input")
struct AppRunLoopEndOfInputTests {
    static let start = Date(timeIntervalSince1970: 1_763_640_000)

    @Test("the loop ends at end of input with the typed item saved", .timeLimit(.minutes(1)))
    func endsAndSaves() throws {
        let store = InMemoryStore()
        let terminal = TestTerminal(size: TerminalSize(rows: 12, columns: 80))
        let app = try TodoApp(
            context: TodoContext(store: store, now: { Self.start }), calendar: Calendar(identifier: .gregorian),
            now: Self.start, size: terminal.size, animations: false)
        terminal.enqueue(keys: "a")
        terminal.enqueue(typing: "Walk the dog")
        terminal.enqueue(keys: "Enter")
        terminal.enqueueEndOfInput()
        // Not stopsWhenIdle: only the end of input can end this loop.
        AppRunLoop(terminal: terminal, app: app, clock: { Self.start }, pollInterval: .seconds(60)).run()
        #expect(terminal.isInputClosed)
        #expect(store.contents.items.map(\.text) == ["Walk the dog"])
        #expect(!app.context.hasChanges)
    }
}

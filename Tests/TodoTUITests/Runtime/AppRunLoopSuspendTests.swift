import Foundation
import Testing
import TodoCore

@testable import todo_tui

/// Ctrl-Z suspends the app in every mode and is never a key for the mode; Ctrl-C in the line
/// editor cancels the edit (issue 12).
@Suite("AppRunLoop: Ctrl-Z and Ctrl-C")
struct AppRunLoopSuspendTests {
    static let start = Date(timeIntervalSince1970: 1_763_640_000)

    let store = InMemoryStore()
    let terminal = TestTerminal(size: TerminalSize(rows: 12, columns: 80))
    let app: TodoApp

    init() throws {
        app = try TodoApp(
            context: TodoContext(store: store, now: { Self.start }), calendar: Calendar(identifier: .gregorian),
            now: Self.start, size: terminal.size, animations: false)
    }

    private func run() {
        AppRunLoop(terminal: terminal, app: app, clock: { Self.start }, pollInterval: .seconds(60), stopsWhenIdle: true)
            .run()
    }

    @Test("Ctrl-Z while adding suspends and leaves the half-typed text in the editor")
    func suspendWhileEditing() {
        terminal.enqueue(keys: "a")
        terminal.enqueue(typing: "Walk")
        terminal.enqueue(keys: "C-z")
        terminal.enqueue(typing: " the dog")
        terminal.enqueue(keys: "Enter")
        run()
        #expect(terminal.suspendCount == 1)
        #expect(store.contents.items.map(\.text) == ["Walk the dog"])
    }

    @Test("Ctrl-Z while browsing suspends; a size changed meanwhile reaches the app")
    func suspendWhileBrowsing() throws {
        terminal.enqueue(keys: "C-z")
        terminal.size = TerminalSize(rows: 20, columns: 60)
        run()
        #expect(terminal.suspendCount == 1)
        let screen = try #require(terminal.lastScreen)
        #expect(screen.size == TerminalSize(rows: 20, columns: 60))
    }

    @Test("Ctrl-C in the line editor cancels the add; the app keeps running")
    func controlCCancelsAdd() {
        terminal.enqueue(keys: "a")
        terminal.enqueue(typing: "Never mind")
        terminal.enqueue(keys: "C-c a")
        terminal.enqueue(typing: "Kept")
        terminal.enqueue(keys: "Enter")
        run()
        #expect(store.contents.items.map(\.text) == ["Kept"])
    }
}

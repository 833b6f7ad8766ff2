import Foundation
import Testing
import TodoCore

@testable import todo_tui

/// Quitting never drops a change silently: one an earlier save could not write is saved on the
/// way out, or the quit waits for a second q.
@Suite("TodoApp quitting with an unsaved change")
struct TodoAppQuitTests {
    /// A memory store whose writes can be made to fail, as a busy lock or a full disk would.
    final class FlakyStore: TodoStore {
        let inner = InMemoryStore()
        var failsWrites = false

        func load() throws(StoreError) -> StoreContents { try inner.load() }

        func currentGeneration() throws(StoreError) -> Int { try inner.currentGeneration() }

        func modify<Result>(_ body: (inout StoreContents) throws -> Result) throws -> Result {
            if failsWrites { throw StoreError.lockBusy(path: "/tmp/todos.json.lock", holderPID: 4242) }
            return try inner.modify(body)
        }
    }

    static let start = Date(timeIntervalSince1970: 1_763_640_000)

    let store = FlakyStore()
    let terminal = TestTerminal(size: TerminalSize(rows: 12, columns: 120))
    let app: TodoApp

    init() throws {
        app = try TodoApp(
            context: TodoContext(store: store, now: { Self.start }), calendar: Calendar(identifier: .gregorian),
            now: Self.start, size: terminal.size, animations: false)
    }

    /// Feeds key names through the real run loop until it quits or the script ends.
    func run(_ keys: String) {
        terminal.enqueue(keys: keys)
        AppRunLoop(terminal: terminal, app: app, clock: { Self.start }, stopsWhenIdle: true).run()
    }

    /// Adds "Keep me" while the store refuses writes.
    func addWhileFailing() {
        store.failsWrites = true
        terminal.enqueue(keys: "a")
        terminal.enqueue(typing: "Keep me")
        run("Enter")
        #expect(app.context.hasChanges)
        #expect(terminal.lastScreen?.lines.last?.hasPrefix("Not saved:") == true)
    }

    @Test("a change whose save failed is saved at quit once the store works again")
    func savedOnTheWayOut() {
        addWhileFailing()
        store.failsWrites = false
        run("q j")
        #expect(terminal.remainingEvents.count == 1, "q quit at once")
        #expect(store.inner.contents.items.map(\.text) == ["Keep me"])
        #expect(!app.context.hasChanges)
    }

    @Test(
        "when the save still fails, q is refused with the reason; another key cancels; q twice quits without the change"
    )
    func askedTwice() {
        addWhileFailing()
        run("q j")
        #expect(terminal.remainingEvents.isEmpty, "q did not quit")
        #expect(
            terminal.presented.contains {
                $0.lines.last?.contains("Not saved — press q again to quit without your unsaved change,") == true
            })
        #expect(app.context.hasChanges)

        run("q q j")
        #expect(terminal.remainingEvents.count == 1, "the second q quit")
        #expect(store.inner.contents.items.isEmpty)
    }

    @Test("the quit prompt counts the unsaved changes: four changes are four, not 'your last change'")
    func countsUnsavedChanges() {
        addWhileFailing()
        for text in ["Two", "Three", "Four"] {
            terminal.enqueue(keys: "a")
            terminal.enqueue(typing: text)
            run("Enter")
        }
        run("q j")
        #expect(terminal.remainingEvents.isEmpty, "q did not quit")
        #expect(
            terminal.presented.contains {
                $0.lines.last?.contains("press q again to quit without your 4 unsaved changes,") == true
            })
    }
}

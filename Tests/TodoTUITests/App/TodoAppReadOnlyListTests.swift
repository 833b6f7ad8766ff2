import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import todo_tui

/// A read-only list (a calendar the sync may only read) in the app: completing or deleting one
/// of its to-dos is refused with one sentence on the status line, and nothing changes.
@Suite("TodoApp and a read-only list")
struct TodoAppReadOnlyListTests {
    static let start = Date(timeIntervalSince1970: 1_763_640_000)

    @Test("x and d on a to-do of a read-only list say so and change nothing")
    func refused() throws {
        let folder = try TemporaryDirectory()
        let storePath = folder.path("todos.json")
        let shared = TodoList(name: "Shared")
        let writer = TodoContext(store: JSONStore(path: storePath), now: { Self.start })
        try writer.insertList(shared)
        try writer.save()
        var lunch = TodoItem(text: "team lunch", date: Self.start, createdAt: Self.start)
        lunch.listID = shared.id
        try writer.insert(lunch)
        try writer.save()

        let context = TodoContext(store: JSONStore(path: storePath), now: { Self.start })
        context.readOnlyLists = [shared.id]
        let terminal = TestTerminal(size: TerminalSize(rows: 12, columns: 160))
        let app = try TodoApp(
            context: context, calendar: Calendar(identifier: .gregorian), now: Self.start, size: terminal.size,
            animations: false)
        let sentence =
            "The list \"Shared\" is read-only: the server lets this account read its calendar, not change it; "
            + "nothing was changed."
        for key in ["x", "d"] {
            terminal.enqueue(keys: key)
            AppRunLoop(terminal: terminal, app: app, clock: { Self.start }, stopsWhenIdle: true).run()
            let status = terminal.lastScreen?.lines.last ?? ""
            #expect(status.contains(sentence.prefix(60)), "\(key): \(status)")
        }
        let after = try TodoContext(store: JSONStore(path: storePath), now: { Self.start }).fetch(FetchRequest())
        #expect(after.map(\.text) == ["team lunch"] && after.allSatisfy { !$0.isDone })
    }
}

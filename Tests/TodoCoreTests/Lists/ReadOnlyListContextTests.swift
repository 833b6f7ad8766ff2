import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// `TodoContext.readOnlyLists`: a context refuses every change to a read-only list's to-dos, and
/// moves into or out of it, and a child context inherits the lists.
@Suite("A context with a read-only list")
struct ReadOnlyListContextTests {
    static let day = Date(timeIntervalSince1970: 1_763_640_000)

    @Test("insert, update, move and delete are refused with one sentence; other lists change as before")
    func refused() throws {
        let folder = try TemporaryDirectory()
        let context = TodoContext(store: JSONStore(path: folder.path("todos.json")), now: { Self.day })
        let shared = TodoList(name: "Shared")
        try context.insertList(shared)
        var lunch = TodoItem(text: "team lunch", date: Self.day, createdAt: Self.day)
        lunch.listID = shared.id
        try context.insert(lunch)
        let own = try context.insert(text: "own", date: Self.day)
        try context.save()
        context.readOnlyLists = [shared.id]

        let refusal = ContextError.readOnlyList("Shared")
        #expect(throws: refusal) { try context.update(lunch.id) { $0.isDone = true } }
        #expect(throws: refusal) { try context.update(lunch.id) { $0.listID = TodoList.standardID } }
        #expect(throws: refusal) { try context.update(own.id) { $0.listID = shared.id } }
        #expect(throws: refusal) { try context.delete(lunch.id) }
        var more = TodoItem(text: "more", date: Self.day, createdAt: Self.day)
        more.listID = shared.id
        #expect(throws: refusal) { try context.insert(more) }
        #expect(!context.hasChanges)
        #expect(refusal.description.hasPrefix("The list \"Shared\" is read-only"))

        try context.update(own.id) { $0.notes = "fine" }
        let child = TodoContext(parent: context)
        #expect(child.readOnlyLists == [shared.id])
        #expect(throws: refusal) { try child.delete(lunch.id) }
    }
}

import Foundation
import TodoCore

extension ImportCommand {
    /// The items of `contents` placed in `context`'s lists: a list of the file the store lacks is
    /// added (or, when a list of that name is there, its items go to that one). An item the file
    /// puts in no list stays in its list when the store holds it, else goes to the store's first
    /// list; so does one whose list is neither.
    /// - Parameter existing: the store's items.
    /// - Throws: `ContextError` when the store cannot be read.
    /// - Complexity: O(n + m) in the imported and existing items, plus O(l²) in the lists.
    static func placing(
        _ contents: ImportContents, existing: [TodoItem], in context: TodoContext
    ) throws -> [TodoItem] {
        var renamed: [UUID: UUID] = [:]
        for list in contents.lists where try !context.lists().contains(where: { $0.id == list.id }) {
            if let same = try TodoList.named(list.name, in: context.lists()) {
                renamed[list.id] = same.id
            } else {
                try context.insertList(list)
            }
        }
        let lists = try context.lists()
        let known = Set(lists.map(\.id))
        let named = Set(contents.lists.map(\.id))
        let stored = Dictionary(existing.map { ($0.id, $0.listID) }, uniquingKeysWith: { first, _ in first })
        return contents.items.map { item in
            var placed = item
            if named.contains(item.listID) {
                placed.listID = renamed[item.listID] ?? item.listID
            } else if let list = stored[item.id] {
                placed.listID = list
            }
            if !known.contains(placed.listID) { placed.listID = lists[0].id }
            return placed
        }
    }

    /// ` New lists: "Work" and "home.garden".` for the lists of `after` not in `before`; empty
    /// when there are none.
    /// - Complexity: O(l²) in the lists.
    static func listsSentence(added after: [TodoList], besides before: [TodoList]) -> String {
        let added = after.filter { list in !before.contains { $0.id == list.id } }
        guard !added.isEmpty else { return "" }
        return " New list\(added.count == 1 ? "" : "s"): \(TodoList.listing(added.map(\.name)))."
    }
}

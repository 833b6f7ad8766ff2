import Foundation
import TodoCore

extension ImportCommand {
    /// The lists a JSON file (the store's format) holds; none for other formats, which do not
    /// carry lists yet.
    static func lists(of input: ImportInput, format: ExportFormat) -> [TodoList] {
        guard format == .json, case .file(let name, let bytes) = input else { return [] }
        // The file parsed already when its items were read; this reads its lists beside them.
        return (try? StoreDecoder.decode(bytes, path: name).lists) ?? []
    }

    /// `items` placed in `context`'s lists: a list of the file the store lacks is added (or,
    /// when a list of that name is there, its items go to that one); an item whose list is
    /// neither goes to the store's first list.
    /// - Throws: `ContextError` when the store cannot be read.
    /// - Complexity: O(n) in the items, plus O(l²) in the lists.
    static func placing(
        _ items: [TodoItem], fileLists: [TodoList], in context: TodoContext
    ) throws -> [TodoItem] {
        var renamed: [UUID: UUID] = [:]
        for list in fileLists where try !context.lists().contains(where: { $0.id == list.id }) {
            if let same = try TodoList.named(list.name, in: context.lists()) {
                renamed[list.id] = same.id
            } else {
                try context.insertList(list)
            }
        }
        let lists = try context.lists()
        let known = Set(lists.map(\.id))
        return items.map { item in
            var placed = item
            placed.listID = renamed[item.listID] ?? item.listID
            if !known.contains(placed.listID) { placed.listID = lists[0].id }
            return placed
        }
    }
}

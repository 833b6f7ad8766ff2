import Foundation
import TodoCore

/// Turns a `--list NAME` argument into one of the store's lists.
enum ListOption {
    /// The list named `name` (ignoring case) among `lists`.
    /// - Throws: `CLIError.usage` naming the lists there are (exit 64).
    static func list(named name: String, in lists: [TodoList]) throws(CLIError) -> TodoList {
        guard let list = TodoList.named(name, in: lists) else {
            throw .usage("No list is named \"\(name)\"; the lists are \(TodoList.listing(lists.map(\.name))).")
        }
        return list
    }

    /// `predicate` narrowed to the list named `name`, or as it is when `name` is nil.
    /// - Throws: as `list(named:in:)`.
    static func narrowing(
        _ predicate: TodoPredicate, toList name: String?, in lists: [TodoList]
    ) throws(CLIError) -> TodoPredicate {
        guard let name else { return predicate }
        return .conjunction([.list(try list(named: name, in: lists).id), predicate])
    }
}

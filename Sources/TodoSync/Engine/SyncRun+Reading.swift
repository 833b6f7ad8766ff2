import Foundation
import TodoCore

extension SyncRun {
    /// `item(from:in:)` of each of `resources`, all of the collection `links[index]`, at the
    /// resource's index: read side by side (`SyncEngine.items(from:)`).
    /// - Complexity: O(total size of the resources), shared among the processors.
    func items(from resources: [Resource], in index: Int) -> [Result<TodoItem, ExchangeError>] {
        engine.items(from: resources).map { $0.map { placed($0, in: index) } }
    }

    /// `item` in the list of the collection `links[index]`, when the collection is one list's.
    func placed(_ item: TodoItem, in index: Int) -> TodoItem {
        guard let list = links[index].listID else { return item }
        var placed = item
        placed.listID = list
        return placed
    }
}

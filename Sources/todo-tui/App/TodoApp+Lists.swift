import Foundation
import TodoCore

extension TodoApp {
    /// The store's lists, unsaved changes included; the standard list alone while the store
    /// cannot be read (its error is shown where it is read).
    var currentLists: [TodoList] {
        (try? context.lists()) ?? [TodoList.standard]
    }

    /// What the title calls the view: the viewed list's name, or "All lists"; nil while the store
    /// has one list, where there is no other view (the title then says "todo-tui").
    /// - Complexity: O(lists).
    var viewTitle: String? {
        let lists = currentLists
        guard lists.count > 1 else { return nil }
        return lists.first { $0.id == viewedListID }?.name ?? Self.allListsTitle
    }

    /// The name of the view of every list.
    static let allListsTitle = "All lists"

    /// Shows the to-dos of the list with `listID`, or of every list (nil), under the live filter:
    /// a change of the controller's request (`list:` and the filter), animated as the filter's.
    func view(list listID: UUID?) {
        // Two lists' to-dos are disjoint: a view of one replaces every row of the other's.
        let disjoint = viewedListID != nil && listID != nil && viewedListID != listID
        viewedListID = listID
        let lists = currentLists
        let filter = (try? FilterParser.parse(filterText, now: now, calendar: calendar, lists: lists)) ?? .all
        let predicate = requestPredicate(filter: filter)
        if predicate != controller.fetchRequest.predicate {
            changeRequest(disjoint: disjoint) { $0.predicate = predicate }
        }
        followLists()
    }

    /// The controller's predicate for `filter` in the view: `filter`, and the viewed list's
    /// to-dos only when one list is on view.
    func requestPredicate(filter: TodoPredicate) -> TodoPredicate {
        guard let viewedListID else { return filter }
        return .conjunction([.list(viewedListID), filter])
    }

    /// Brings the view and the rows in step with the lists after any change (a key, an undo,
    /// another writer's save, a resize): a viewed list that is gone gives way to All lists, and
    /// the rows of All lists show their list's short name while the store holds several lists
    /// (`ListLabels`), redrawn when a list is renamed, recoloured, added or deleted.
    /// - Complexity: O(lists) when nothing changed; else the visible rows are drawn again.
    func followLists() {
        let lists = currentLists
        if let id = viewedListID, !lists.contains(where: { $0.id == id }) {
            // `view(list:)` follows the lists again, with no list to lose.
            view(list: nil)
            return
        }
        let labels = viewedListID == nil && lists.count > 1 ? ListLabels(lists: lists, columns: size.columns) : nil
        guard labels != dataSource.listLabels else { return }
        dataSource.listLabels = labels
        let visible = table.indexPathsForVisibleRows
        if !visible.isEmpty {
            table.performBatchUpdates { table.reloadRows(at: visible, with: .none) }
        }
    }

    /// Has the context count each list's to-dos now, when the store holds several lists, so that
    /// the picker's first drawing does not (`TodoContext.count(inList:)` counts once, by a walk
    /// over every item, then follows each change). The run loop calls it once the first frame is
    /// out: the first frame does not wait for it, and a key typed meanwhile waits only once.
    /// - Complexity: O(n) the first time; O(1) after.
    func prepareListCounts() {
        guard currentLists.count > 1 else { return }
        _ = try? context.count(inList: TodoList.standardID)
    }

    /// Moves the to-do with `itemID` to `list`; in the view of its old list its row leaves as a
    /// deleted one (the controller reports it so).
    func move(_ itemID: UUID, to list: TodoList) -> [AppEffect] {
        guard let item = try? context.item(with: itemID) else {
            status = .error("That to-do is gone: another writer deleted it.")
            return []
        }
        return commit("Moved '\(item.text)' to \(list.name)" + keys.suffix(.undo, "to undo")) {
            try context.update(itemID) { $0.listID = list.id }
        }
    }
}

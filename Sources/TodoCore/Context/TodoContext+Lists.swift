import Foundation

extension TodoContext {
    /// The lists, unsaved changes included, in their order; never empty.
    /// - Throws: `StoreError` when the store cannot be read.
    /// - Complexity: O(1) once loaded.
    public func lists() throws(StoreError) -> [TodoList] {
        try loadIfNeeded()
        return currentLists
    }

    /// Adds `list` at the end of the lists (or at `index`), as one change observers see and
    /// undo can revert like an item's.
    /// - Throws: `ContextError.duplicateListName` when another list has its name (ignoring
    ///   case), `.store` when the store cannot be read. Nothing changes then.
    /// - Precondition: no list has `list.id`.
    /// - Complexity: O(n) in the number of lists.
    public func insertList(_ list: TodoList, at index: Int? = nil) throws(ContextError) {
        try loadForChange()
        precondition(!hasList(list.id), "a new list needs a new id")
        guard TodoList.named(list.name, in: currentLists) == nil else { throw .duplicateListName(list.name) }
        var lists = currentLists
        lists.insert(list, at: min(max(index ?? lists.count, 0), lists.count))
        setCurrentLists(lists)
    }

    /// Changes the list with `id` (its name, its colour) through `change`.
    /// - Throws: `ContextError.noSuchList`, `.duplicateListName` when the new name is another
    ///   list's, `.store`. Nothing changes then.
    /// - Precondition: `change` keeps the list's id and leaves a name.
    /// - Complexity: O(n) in the number of lists.
    public func updateList(_ id: UUID, _ change: (inout TodoList) -> Void) throws(ContextError) {
        try loadForChange()
        guard let index = currentLists.firstIndex(where: { $0.id == id }) else { throw .noSuchList(id) }
        var list = currentLists[index]
        change(&list)
        precondition(list.id == id && !list.name.isEmpty, "an update must keep the list's id and a name")
        if let other = TodoList.named(list.name, in: currentLists), other.id != id {
            throw .duplicateListName(list.name)
        }
        guard list != currentLists[index] else { return }
        var lists = currentLists
        lists[index] = list
        setCurrentLists(lists)
    }

    /// Deletes the list with `id` and every item in it, as one change (undo brings both back).
    /// - Returns: how many items went with the list.
    /// - Throws: `ContextError.noSuchList`, `.lastList` for the only list, `.store`. Nothing
    ///   changes then.
    /// - Complexity: O(n) in the items of the context.
    @discardableResult
    public func deleteList(_ id: UUID) throws(ContextError) -> Int {
        try loadForChange()
        guard let index = currentLists.firstIndex(where: { $0.id == id }) else { throw .noSuchList(id) }
        guard currentLists.count > 1 else { throw .lastList(currentLists[index].name) }
        let doomed = current.array.filter { $0.listID == id }
        for item in doomed {
            setCurrent(nil, for: item.id)
        }
        var lists = currentLists
        lists.remove(at: index)
        setCurrentLists(lists)
        return doomed.count
    }

    /// True when the context holds a list with `id`.
    /// - Complexity: O(n) in the number of lists.
    func hasList(_ id: UUID) -> Bool {
        currentLists.contains { $0.id == id }
    }
}

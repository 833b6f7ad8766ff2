/// One processed batch of changes in a context, as `NSManagedObjectContextObjectsDidChange`.
///
/// Posted by `TodoContext.processPendingChanges()` (and by the operations that process implicitly:
/// `save()`, `rollback()`, `undo()`, `redo()`, merges). Each item appears at most once per batch:
/// an item inserted and then edited before processing is one insert with its final value; one
/// inserted and deleted before processing does not appear at all.
///
/// Every change to a value the context shows comes in a batch, bookkeeping included: a save
/// posts, after writing, the versions it assigned and whatever its merge policy settled
/// (`changesOnlyVersions` tells the first kind alone), so an observer that keeps values is never
/// left with an older one than a fetch returns.
public struct ObjectsDidChange: Sendable, Equatable {
    /// Items that entered the context, with their current values.
    public var inserted: [TodoItem]
    /// Items whose values changed, with the value at the previous batch and the current one.
    public var updated: [ItemUpdate]
    /// Items that left the context, with their last values.
    public var deleted: [TodoItem]
    /// True after `reset()`: every item was forgotten; observers must refetch. The item lists
    /// are empty then (no per-item callbacks, as Core Data).
    public var invalidatedAll: Bool
    /// The lists after the batch, when it changed them (a list added, renamed, recoloured,
    /// deleted or reordered); nil when it did not.
    public var lists: [TodoList]?

    public init(
        inserted: [TodoItem] = [], updated: [ItemUpdate] = [], deleted: [TodoItem] = [], invalidatedAll: Bool = false
    ) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
        self.invalidatedAll = invalidatedAll
    }

    /// True when the batch carries nothing.
    public var isEmpty: Bool {
        inserted.isEmpty && updated.isEmpty && deleted.isEmpty && !invalidatedAll && lists == nil
    }

    /// True when the batch only gives items new versions, as a save does for the items it writes
    /// as they are: nothing a person sees, and nothing a sort, a section or a filter uses, changed.
    /// - Complexity: O(k) in the updated items.
    public var changesOnlyVersions: Bool {
        inserted.isEmpty && deleted.isEmpty && !invalidatedAll && lists == nil
            && updated.allSatisfy { $0.old.differsAtMostInVersion(from: $0.new) }
    }
}

/// An item's value before and after a change. `old.id == new.id`.
public struct ItemUpdate: Sendable, Hashable {
    public var old: TodoItem
    public var new: TodoItem

    public init(old: TodoItem, new: TodoItem) {
        precondition(old.id == new.id, "an update must keep the item's id")
        self.old = old
        self.new = new
    }
}

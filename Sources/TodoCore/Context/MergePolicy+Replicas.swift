/// What a merge policy decided for an item two replicas changed since their last common value.
package enum MergeDecision: Sendable, Hashable {
    /// Both replicas hold this value from now on; nil = the item is deleted on both.
    case settled(TodoItem?)
    /// The policy decides nothing (`.error`): the conflict waits for a person.
    case undecided
}

extension MergePolicy {
    /// Settles an item that this replica (`ours`) and another (`theirs`, e.g. a CalDAV server)
    /// both changed since `base`, their last common value, by exactly the rules `save()` applies
    /// to a context and its store: `ours` plays the context's in-memory value and `theirs` the
    /// store's, so `.mergeByPropertyObjectTrump` lets our side win a field both changed,
    /// `.mergeByPropertyStoreTrump` theirs, `.overwrite` keeps ours whole, `.rollback` takes
    /// theirs whole, and `.error` decides nothing. Tags changed on both sides keep both sides'
    /// additions and removals. nil stands for a deleted item (or, for `base`, one neither side
    /// had in common: a field then counts as changed on both sides).
    /// - Complexity: O(size of the item).
    package func settle(base: TodoItem?, ours: TodoItem?, theirs: TodoItem?) -> MergeDecision {
        guard let id = (ours ?? theirs ?? base)?.id else { return .settled(nil) }
        switch resolve(MergeConflict(itemID: id, base: base, inMemory: ours, stored: theirs)) {
        case nil: return .undecided
        case .write(let value): return .settled(value)
        case .adoptStored: return .settled(theirs)
        }
    }
}

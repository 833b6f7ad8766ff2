import Foundation

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

    /// `settle(base:ours:theirs:)` for replicas of a series with `RECURRENCE-ID` overrides: a
    /// merge by property keeps the overrides of both sides when both changed them
    /// (`TodoItem.keepingOverrides(of:_:base:calendar:)`), where the policy alone sees the kept
    /// lines as one field; `.overwrite` and `.rollback` keep one side whole, as for any item.
    /// - Parameter calendar: the zone of a series' floating and whole-day dates.
    /// - Complexity: O(size of the item).
    package func settle(base: TodoItem?, ours: TodoItem?, theirs: TodoItem?, calendar: Calendar) -> MergeDecision {
        let decision = settle(base: base, ours: ours, theirs: theirs)
        guard self == .mergeByPropertyObjectTrump || self == .mergeByPropertyStoreTrump,
            case .settled(let merged?) = decision, let ours, let theirs
        else { return decision }
        return .settled(merged.keepingOverrides(of: ours, theirs, base: base, calendar: calendar))
    }
}

/// How `save()` settles a conflict: an item this context changed whose stored version moved
/// since the context read it. A three-way merge with the context's snapshot as base.
///
/// | policy | field changed only here | only in the store | in both |
/// | --- | --- | --- | --- |
/// | `.error` | — | — | save fails with `SaveError.conflicts`; nothing written |
/// | `.mergeByPropertyStoreTrump` | kept | kept | store wins |
/// | `.mergeByPropertyObjectTrump` | kept | kept | this context wins |
/// | `.overwrite` | the whole in-memory item is written; store changes are lost | | |
/// | `.rollback` | this context's changes to the item are discarded; the store's value is used | | |
///
/// Tags changed on both sides are merged as sets under both by-property policies: each side's
/// additions and removals are kept (`TodoTags.merging`). `date` and `hasTime` are one field
/// (an item dated on one side and made undated on the other is a change in both), as are
/// `start` and `startHasTime`, and `isDone` and `completedAt`.
///
/// Deletions: against an item deleted in the store, an edit here is re-inserted by
/// `.mergeByPropertyObjectTrump` and `.overwrite` and dropped by `.mergeByPropertyStoreTrump` and
/// `.rollback`. A delete here against an item edited in the store deletes it under
/// `.mergeByPropertyObjectTrump` and `.overwrite`, and keeps the stored edit under
/// `.mergeByPropertyStoreTrump` and `.rollback`. Both sides deleting is no conflict.
public enum MergePolicy: String, Sendable, Hashable, CaseIterable, Codable {
    case error
    case mergeByPropertyStoreTrump
    case mergeByPropertyObjectTrump
    case overwrite
    case rollback

    /// The value to keep for a conflicting item, or nil to delete it; nil for `.error`, which
    /// settles nothing.
    /// - Complexity: O(1).
    func resolve(_ conflict: MergeConflict) -> Resolution? {
        switch self {
        case .error:
            return nil
        case .overwrite:
            return .write(conflict.inMemory)
        case .rollback:
            return .adoptStored
        case .mergeByPropertyObjectTrump:
            return Self.mergeByProperty(conflict, winner: conflict.inMemory, loser: conflict.stored)
        case .mergeByPropertyStoreTrump:
            return Self.mergeByProperty(conflict, winner: conflict.stored, loser: conflict.inMemory)
        }
    }

    /// What a policy decided for one conflicting item.
    enum Resolution: Equatable {
        /// Write this value (nil = delete the item).
        case write(TodoItem?)
        /// Take the store's value (or its absence) and write nothing for this item.
        case adoptStored
    }

    /// Field-by-field three-way merge: a field changed on one side only keeps that side's value;
    /// a field changed on both sides takes the winner's. A deletion on the winning side wins; a
    /// deletion on the losing side gives way to the winner's value.
    private static func mergeByProperty(_ conflict: MergeConflict, winner: TodoItem?, loser: TodoItem?) -> Resolution {
        guard var merged = winner else {
            return winner == conflict.stored ? .adoptStored : .write(nil)
        }
        guard let loser, let base = conflict.base else { return .write(merged) }
        for field in ItemField.allCases {
            if field.isEqual(merged, base) {
                field.copy(from: loser, into: &merged)
            } else if field.mergesBothSides, !field.isEqual(loser, base) {
                field.merge(loser, base: base, into: &merged)
            }
        }
        merged.modifiedAt = max(merged.modifiedAt, loser.modifiedAt)
        return .write(merged)
    }
}

import Foundation

extension TodoContext {
    /// How many to-dos the list with `id` holds, unsaved changes included (0 for a list without
    /// any, or one the context does not have).
    ///
    /// The list picker shows every list's count each time it is drawn, so the counts are made
    /// once, by one walk over the items, and then follow every change to a current value
    /// (`setCurrent(_:for:)`) instead of being recounted.
    /// - Throws: `StoreError` when the store cannot be read.
    /// - Complexity: O(n) at the first call after the store is read; O(1) after it.
    public func count(inList id: UUID) throws(StoreError) -> Int {
        try loadIfNeeded()
        if listCounts == nil {
            var counts: [UUID: Int] = [:]
            for item in current {
                counts[item.listID, default: 0] += 1
            }
            listCounts = counts
        }
        return listCounts?[id] ?? 0
    }

    /// Moves one item's count from the list of `old` to the list of `new` (nil: absent).
    /// - Complexity: O(1).
    func countListChange(from old: TodoItem?, to new: TodoItem?) {
        guard old?.listID != new?.listID else { return }
        if let old {
            listCounts?[old.listID, default: 0] -= 1
        }
        if let new {
            listCounts?[new.listID, default: 0] += 1
        }
    }
}

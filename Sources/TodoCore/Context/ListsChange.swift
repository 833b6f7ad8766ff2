import Foundation

/// The lists before and after a change (a batch, an undo, a save's unsaved changes), applied
/// list by list onto lists that may have changed since.
struct ListsChange: Sendable, Hashable {
    var before: [TodoList]
    var after: [TodoList]

    /// The change that undoes this one.
    var inverted: ListsChange { ListsChange(before: after, after: before) }

    /// `present` with this change applied list by list: a list the change inserted, renamed,
    /// recoloured or deleted takes its `after` value (absent when deleted) unless `present`
    /// holds another value for it than `before` and `winsConflicts` is false. Lists the change
    /// did not touch keep their `present` value; an inserted list goes to its place in `after`.
    /// The result is never empty: a change that would delete every list keeps `present`.
    /// - Complexity: O(n + m) in the lists of both sides.
    func replaying(onto present: [TodoList], winsConflicts: Bool) -> [TodoList] {
        guard present != before else { return after }
        let old = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(after.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let now = Dictionary(present.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func takesChange(_ id: UUID) -> Bool {
            old[id] != new[id] && (winsConflicts || now[id] == old[id])
        }
        var result: [TodoList] = []
        for list in present {
            if takesChange(list.id) {
                if let changed = new[list.id] { result.append(changed) }
            } else {
                result.append(list)
            }
        }
        for (index, list) in after.enumerated() where now[list.id] == nil && takesChange(list.id) {
            result.insert(list, at: min(index, result.count))
        }
        return result.isEmpty ? present : result
    }
}

extension MergePolicy {
    /// Whether this context's change to a list wins over another writer's change to the same
    /// list since the snapshot (a rename on both sides): the object-trump policies keep this
    /// context's; the others keep the store's. Lists changed on one side only are always kept,
    /// so `.error` does not throw for lists: a list is small and named, and the rename kept is
    /// one the user sees at once.
    var thisContextWinsLists: Bool {
        switch self {
        case .mergeByPropertyObjectTrump, .overwrite: true
        case .error, .mergeByPropertyStoreTrump, .rollback: false
        }
    }
}

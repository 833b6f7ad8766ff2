import Foundation

extension TodoItem {
    /// Completes or reopens the item: completing an open item records `now` as `completedAt`;
    /// reopening forgets it. Completing a done item keeps the time it was completed.
    ///
    /// The one way the list and the command line change an item's done state, so that a
    /// completion time is never invented elsewhere (an import or a sync gives what the other
    /// program recorded).
    /// - Complexity: O(1).
    public mutating func setDone(_ done: Bool, at now: Date) {
        guard done != isDone else { return }
        isDone = done
        if done { completedAt = now }
    }
}

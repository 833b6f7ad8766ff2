import Foundation

extension TodoPredicate {
    /// Items that can be done now: not done, and without a start still ahead of `now` (the
    /// filter's `is:ready`; Taskwarrior's `+READY`, todoman's `--startable`).
    ///
    /// The instant is part of the value, as a filter's relative days are: the predicate means
    /// the same whenever it is evaluated.
    /// - Complexity: O(1).
    public static func ready(at now: Date) -> TodoPredicate {
        // Starts are whole milliseconds: one before the millisecond after `now`'s is not ahead.
        let next = Date(millisecondsSince1970: Int64((now.timeIntervalSince1970 * 1000).rounded(.down)) + 1)
        return .and([.isDone(false), .or([.not(.has(.start)), .startBefore(next)])])
    }
}

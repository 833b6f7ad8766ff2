/// What happened to an item or a section in one batch, as `NSFetchedResultsChangeType`.
///
/// Items are inserted, deleted, moved or updated. Sections are inserted or deleted when a day
/// gains its first visible item or loses its last one, and updated only by
/// `FetchedResultsController.dayDidChange(now:)` when their relative title changes.
public enum FetchedResultsChangeType: Int, Sendable, Hashable, CustomStringConvertible {
    /// Inserted; the change carries the new index path.
    case insert = 1
    /// Deleted; the change carries the old index path.
    case delete = 2
    /// Moved from the old index path to the new one; the item may also have changed.
    case move = 3
    /// Changed in place: the item keeps its place among the items that did not move.
    case update = 4

    public var description: String {
        switch self {
        case .insert: "insert"
        case .delete: "delete"
        case .move: "move"
        case .update: "update"
        }
    }
}

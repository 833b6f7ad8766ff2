/// Why a fetched-results controller could not fetch or manage its cache.
///
/// A stale, mismatched or corrupt cache is not an error: it is ignored and rebuilt.
public enum FetchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The request has no sort descriptor; a controller needs an order to report positions.
    case missingSortDescriptor
    /// The first sort descriptor is neither `date` nor `.day` in the controller's days, so one
    /// day's items could be scattered between other days' items (Core Data's error 134060).
    case sortSplitsSections(firstDescriptor: TodoSortDescriptor)
    /// The request of a controller with a cache name changed, and its cache was not deleted
    /// before the next `performFetch()` (Core Data requires `deleteCache(withName:)` first).
    case requestChangedWithoutDeletingCache(name: String)
    /// The cache file could not be written.
    case cacheNotWritable(path: String, reason: String)
    /// The cache file could not be deleted.
    case cacheNotDeletable(path: String, reason: String)

    public var description: String {
        switch self {
        case .missingSortDescriptor:
            "The fetch request has no sort descriptor; a fetched-results controller needs at least one."
        case .sortSplitsSections(let first):
            "The sort order must begin with date or day (ascending or descending, day in the controller's calendar "
                + "and time zone) so that each day's items stay together, but it begins with \(first) (Core Data "
                + "error 134060)."
        case .requestChangedWithoutDeletingCache(let name):
            "The fetch request changed while the controller uses cache '\(name)'; delete that cache before performing "
                + "the fetch again."
        case .cacheNotWritable(let path, let reason):
            "Cannot write the controller cache \(path): \(reason)."
        case .cacheNotDeletable(let path, let reason):
            "Cannot delete the controller cache \(path): \(reason)."
        }
    }
}

import Foundation

/// What to fetch and in which order, as `NSFetchRequest`.
///
/// The order is total: items equal under every sort descriptor are ordered by `id`, so a fetch
/// is reproducible and a fetched-results controller can find an item's position by its key.
public struct FetchRequest: Sendable, Hashable, CustomStringConvertible {
    public var predicate: TodoPredicate
    public var sortDescriptors: [TodoSortDescriptor]
    /// The most items to return; 0 means no limit (Core Data's convention).
    public var fetchLimit: Int
    /// How many leading items of the sorted result to skip.
    public var fetchOffset: Int

    public init(
        predicate: TodoPredicate = .all,
        sortDescriptors: [TodoSortDescriptor] = [TodoSortDescriptor(.date)],
        fetchLimit: Int = 0,
        fetchOffset: Int = 0
    ) {
        precondition(fetchLimit >= 0 && fetchOffset >= 0, "fetchLimit and fetchOffset must not be negative")
        self.predicate = predicate
        self.sortDescriptors = sortDescriptors
        self.fetchLimit = fetchLimit
        self.fetchOffset = fetchOffset
    }

    /// The strict weak order of the request: each descriptor in turn, then `id`.
    /// - Complexity: O(number of sort descriptors).
    public func areInIncreasingOrder(_ lhs: TodoItem, _ rhs: TodoItem) -> Bool {
        for descriptor in sortDescriptors {
            switch descriptor.compare(lhs, rhs) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: continue
            }
        }
        return lhs.id < rhs.id
    }

    /// Filters, sorts and windows `items` by this request.
    /// - Complexity: O(n log n); O(n) for items in order already (a store file's order).
    public func apply<S: Sequence>(to items: S) -> [TodoItem] where S.Element == TodoItem {
        let sorted = predicate.filter(Array(items)).sorted(by: areInIncreasingOrder)
        guard fetchOffset > 0 || fetchLimit > 0 else { return sorted }
        let start = min(fetchOffset, sorted.count)
        let end = fetchLimit == 0 ? sorted.count : min(sorted.count, start + fetchLimit)
        return Array(sorted[start..<end])
    }

    /// `predicate | sort descriptors | limit | offset`, stable; part of cache keys.
    public var description: String {
        "\(predicate) | \(sortDescriptors.map(\.description).joined(separator: ",")) | limit \(fetchLimit) | offset \(fetchOffset)"
    }
}

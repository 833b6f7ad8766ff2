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
    ///
    /// A `.day` descriptor asks the calendar on every call; `apply(to:)` and a fetched-results
    /// controller look each item's day up once instead.
    /// - Complexity: O(number of sort descriptors).
    public func areInIncreasingOrder(_ lhs: TodoItem, _ rhs: TodoItem) -> Bool {
        for descriptor in sortDescriptors {
            switch descriptor.compare(lhs, rhs) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: continue
            }
        }
        return Self.isInIncreasingOrder(lhs.id, rhs.id)
    }

    /// The same order with each item's day given: `lhsDay` and `rhsDay` are the starts of the
    /// items' days in `dayCalendar`, nil for an item without a date (ignored without a `.day`
    /// descriptor).
    /// - Complexity: O(number of sort descriptors).
    func areInIncreasingOrder(_ lhs: TodoItem, day lhsDay: Date?, _ rhs: TodoItem, day rhsDay: Date?) -> Bool {
        for descriptor in sortDescriptors {
            switch descriptor.compare(lhs, rhs, lhsDay: lhsDay, rhsDay: rhsDay) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: continue
            }
        }
        return Self.isInIncreasingOrder(lhs.id, rhs.id)
    }

    /// What `areInIncreasingOrder(fields:_:)` knows of an item: its date (nil: none), creation
    /// time and id.
    struct OrderFields {
        var date: Date?
        var createdAt: Date
        var id: UUID
    }

    /// The same order for two items known only by their dates, creation times and ids, without
    /// the items: for a reader that checks the order of a file's items before making any
    /// (`CanonicalStoreReader`).
    /// - Returns: nil when the answer rests on a descriptor on another key than `.date` (the dates
    ///   tie up to it), which would need the items.
    /// - Complexity: O(number of sort descriptors).
    func areInIncreasingOrder(fields lhs: OrderFields, _ rhs: OrderFields) -> Bool? {
        for descriptor in sortDescriptors {
            guard let result = descriptor.compareDates(lhs, rhs) else { return nil }
            switch result {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: continue
            }
        }
        return Self.isInIncreasingOrder(lhs.id, rhs.id)
    }

    /// The last word of every order: items equal under every descriptor go by id.
    private static func isInIncreasingOrder(_ lhs: UUID, _ rhs: UUID) -> Bool {
        lhs < rhs
    }

    /// The calendar of the request's `.day` descriptors, or nil when it has none. Every `.day`
    /// descriptor of one request must name the same calendar (a precondition): an item's day is
    /// looked up once per sort, in that calendar.
    /// - Complexity: O(number of sort descriptors).
    var dayCalendar: Calendar? {
        let calendars = sortDescriptors.compactMap(\.calendar)
        precondition(
            calendars.dropFirst().allSatisfy { $0 == calendars[0] },
            "the .day sort descriptors of one request must share one calendar")
        return calendars.first
    }

    /// Filters, sorts and windows `items` by this request.
    /// - Complexity: O(n log n); O(n) for items in order already (a store file's order). A
    ///   `.day` descriptor costs one day lookup per item (`CalendarDayCache`), not per comparison.
    public func apply<S: Sequence>(to items: S) -> [TodoItem] where S.Element == TodoItem {
        let matching = predicate.filter(Array(items))
        let days = dayCalendar.map(CalendarDayCache.init(calendar:))
        let itemDays = days.map { days in matching.map { $0.date.map(days.startOfDay(containing:)) } } ?? []
        // Positions are sorted, not the items: the comparisons read the items in place and the
        // sort moves integers, not whole items.
        let order = matching.withUnsafeBufferPointer { items in
            itemDays.withUnsafeBufferPointer { itemDays in
                Array(items.indices).sorted { left, right in
                    let (leftDay, rightDay) =
                        itemDays.isEmpty ? (items[left].date, items[right].date) : (itemDays[left], itemDays[right])
                    return areInIncreasingOrder(items[left], day: leftDay, items[right], day: rightDay)
                }
            }
        }
        let start = min(fetchOffset, order.count)
        let end = fetchLimit == 0 ? order.count : min(order.count, start + fetchLimit)
        return order[start..<end].map { matching[$0] }
    }

    /// `predicate | sort descriptors | limit | offset`, stable; part of cache keys.
    public var description: String {
        "\(predicate) | \(sortDescriptors.map(\.description).joined(separator: ",")) | limit \(fetchLimit) | offset "
            + "\(fetchOffset)"
    }
}

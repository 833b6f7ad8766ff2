import Foundation

/// A field items can be ordered by.
public enum TodoSortKey: String, Sendable, Hashable, CaseIterable {
    case date, createdAt, modifiedAt, text, isDone, color, priority
}

/// One level of ordering: a key and a direction, as `NSSortDescriptor`.
public struct TodoSortDescriptor: Sendable, Hashable, CustomStringConvertible {
    public var key: TodoSortKey
    public var ascending: Bool

    public init(_ key: TodoSortKey, ascending: Bool = true) {
        self.key = key
        self.ascending = ascending
    }

    /// Orders two items by this descriptor alone.
    /// - Complexity: O(1), or O(length of the texts) for `.text`.
    public func compare(_ lhs: TodoItem, _ rhs: TodoItem) -> ComparisonResult {
        let result: ComparisonResult
        switch key {
        case .date: result = Self.order(lhs.date, rhs.date)
        case .createdAt: result = Self.order(lhs.createdAt, rhs.createdAt)
        case .modifiedAt: result = Self.order(lhs.modifiedAt, rhs.modifiedAt)
        case .text: result = Self.order(lhs.text, rhs.text)
        case .isDone: result = Self.order(lhs.isDone ? 1 : 0, rhs.isDone ? 1 : 0)
        case .color: result = Self.order(lhs.color, rhs.color)
        case .priority: result = Self.order(lhs.priority.rawValue, rhs.priority.rawValue)
        }
        guard !ascending else { return result }
        switch result {
        case .orderedAscending: return .orderedDescending
        case .orderedDescending: return .orderedAscending
        case .orderedSame: return .orderedSame
        }
    }

    private static func order<T: Comparable>(_ lhs: T, _ rhs: T) -> ComparisonResult {
        lhs < rhs ? .orderedAscending : lhs > rhs ? .orderedDescending : .orderedSame
    }

    /// `date` or `-date` (descending).
    public var description: String { (ascending ? "" : "-") + key.rawValue }
}

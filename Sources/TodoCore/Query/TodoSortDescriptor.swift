import Foundation

/// A field items can be ordered by.
///
/// Items without a date come after every dated item under `date` and `.day`, in either
/// direction (a "No date" section ends the list whichever way the days run); under `date` they
/// are ordered among themselves by `createdAt`, in the descriptor's direction, and under `.day`
/// they tie, as one day's items do.
public enum TodoSortKey: String, Sendable, Hashable, CaseIterable {
    case date, createdAt, modifiedAt, text, isDone, color, priority
    /// The calendar day of `date` alone, in the descriptor's calendar: items of one day tie
    /// whatever their times, so the next descriptor orders them within the day ("higher priority
    /// first within a day" is `.day`, then `-priority`, then `date`). A descriptor on it is made
    /// by `TodoSortDescriptor.day(ascending:in:)`, which names the calendar.
    case day
}

/// One level of ordering: a key and a direction, as `NSSortDescriptor`.
public struct TodoSortDescriptor: Sendable, Hashable, CustomStringConvertible {
    public let key: TodoSortKey
    public var ascending: Bool
    /// The calendar whose days `.day` compares, with its time zone; nil for every other key.
    public let calendar: Calendar?

    /// A descriptor on any key but `.day`, which needs a calendar (`day(ascending:in:)`).
    public init(_ key: TodoSortKey, ascending: Bool = true) {
        precondition(
            key != .day, "a .day sort descriptor needs its calendar: use TodoSortDescriptor.day(ascending:in:)")
        self.init(key: key, ascending: ascending, calendar: nil)
    }

    /// Orders by the calendar day of `date` in `calendar` and its time zone; one day's items tie,
    /// and so do the items without a date, which come after the days.
    public static func day(ascending: Bool = true, in calendar: Calendar) -> TodoSortDescriptor {
        TodoSortDescriptor(key: .day, ascending: ascending, calendar: calendar)
    }

    private init(key: TodoSortKey, ascending: Bool, calendar: Calendar?) {
        self.key = key
        self.ascending = ascending
        self.calendar = calendar
    }

    /// Orders two items by this descriptor alone.
    ///
    /// `.day` asks the calendar for both items' days on every call; sorting many items goes
    /// through `FetchRequest.apply(to:)` or a fetched-results controller instead, which look each
    /// item's day up once.
    /// - Complexity: O(1), or O(length of the texts) for `.text`; two calendar computations for
    ///   `.day`.
    public func compare(_ lhs: TodoItem, _ rhs: TodoItem) -> ComparisonResult {
        // Kept small: inlined where items are sorted, it spares copying them into the call.
        key == .day ? compareDays(lhs, rhs) : compare(lhs, rhs, lhsDay: lhs.date, rhsDay: rhs.date)
    }

    @inline(never)
    private func compareDays(_ lhs: TodoItem, _ rhs: TodoItem) -> ComparisonResult {
        guard let calendar else { preconditionFailure("a .day sort descriptor has a calendar") }
        return compare(
            lhs, rhs, lhsDay: lhs.date.map { CalendarDayCache.interval(of: $0, in: calendar).start },
            rhsDay: rhs.date.map { CalendarDayCache.interval(of: $0, in: calendar).start })
    }

    /// Orders two items by this descriptor alone, `.day` by the days given: `lhsDay` and `rhsDay`
    /// must be the starts of the items' days in `calendar`, nil for an item without a date (other
    /// keys ignore them).
    /// - Complexity: O(1), or O(length of the texts) for `.text`.
    func compare(_ lhs: TodoItem, _ rhs: TodoItem, lhsDay: Date?, rhsDay: Date?) -> ComparisonResult {
        let result: ComparisonResult
        switch key {
        case .date: return compareDates(lhs.date, lhs.createdAt, rhs.date, rhs.createdAt)
        case .day: return compareDates(lhsDay, nil, rhsDay, nil)
        case .createdAt: result = Self.order(lhs.createdAt, rhs.createdAt)
        case .modifiedAt: result = Self.order(lhs.modifiedAt, rhs.modifiedAt)
        case .text: result = Self.order(lhs.text, rhs.text)
        case .isDone: result = Self.order(lhs.isDone ? 1 : 0, rhs.isDone ? 1 : 0)
        case .color: result = Self.order(lhs.color, rhs.color)
        case .priority: result = Self.order(lhs.priority.rawValue, rhs.priority.rawValue)
        }
        return directed(result)
    }

    /// The order of two dates (or days) under `date` or `.day`: dated items in this descriptor's
    /// direction, then the undated ones, ordered by their creation times (given for `date`, nil
    /// for `.day`, where they tie).
    /// - Complexity: O(1).
    private func compareDates(
        _ lhs: Date?, _ lhsCreatedAt: Date?, _ rhs: Date?, _ rhsCreatedAt: Date?
    ) -> ComparisonResult {
        switch (lhs, rhs) {
        case (let lhs?, let rhs?): directed(Self.order(lhs, rhs))
        case (nil, .some): .orderedDescending
        case (.some, nil): .orderedAscending
        case (nil, nil):
            if let lhsCreatedAt, let rhsCreatedAt {
                directed(Self.order(lhsCreatedAt, rhsCreatedAt))
            } else {
                .orderedSame
            }
        }
    }

    /// Orders two items known by their dates and creation times alone, when this descriptor is
    /// on `.date`; nil for any other key.
    /// - Complexity: O(1).
    func compareDates(_ lhs: FetchRequest.OrderFields, _ rhs: FetchRequest.OrderFields) -> ComparisonResult? {
        key == .date ? compareDates(lhs.date, lhs.createdAt, rhs.date, rhs.createdAt) : nil
    }

    /// `result` of the ascending order, in this descriptor's direction.
    private func directed(_ result: ComparisonResult) -> ComparisonResult {
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

    /// `date` or `-date` (descending); `day(gregorian Europe/Berlin)` names the calendar and its
    /// time zone, which decide the days.
    public var description: String {
        let days = calendar.map { "(\($0.identifier) \($0.timeZone.identifier))" } ?? ""
        return (ascending ? "" : "-") + key.rawValue + days
    }
}

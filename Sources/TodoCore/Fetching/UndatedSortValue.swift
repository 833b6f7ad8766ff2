import Foundation

/// Where a fetched-results controller's sort keys put items without a date, so that the keys
/// order them exactly as `TodoSortDescriptor` does: after every dated item in either direction,
/// ordered among themselves by creation time under `date` and tied under `.day`.
///
/// A key holds a date as seconds since the reference date; every date the store can hold (the
/// years 0000 through 9999) lies within ±3.2 × 10¹¹ of it. An undated item's `date` value is its
/// creation time shifted by `offset`, upwards in an ascending order and downwards in a
/// descending one (the order flips the comparison, so either way it comes last); near 10¹² a
/// `Double`'s steps are below a quarter of a millisecond, so distinct creation times (whole
/// milliseconds) stay distinct and in order. Its `.day` value is infinite, the same for all.
enum UndatedSortValue {
    /// The shift of an undated item's creation time, beyond every date the store holds.
    static let offset = 1e12

    /// The `date` value of an item without a date created at `createdAt`.
    static func date(createdAt: Date, ascending: Bool) -> Double {
        (ascending ? offset : -offset) + createdAt.timeIntervalSinceReferenceDate
    }

    /// The `.day` value of an item without a date.
    static func day(ascending: Bool) -> Double {
        ascending ? .infinity : -.infinity
    }

    /// Whether a `date` or `.day` value is an undated item's.
    static func isUndated(_ value: Double) -> Bool {
        abs(value) >= offset / 2
    }
}

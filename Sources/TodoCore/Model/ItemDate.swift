import Foundation

/// A date as an item holds one: an instant, and whether it names a time of day or a whole day
/// (then the instant is the start of that day in the calendar that made it).
///
/// What `DateInput` reads a typed date as, and what `TodoItem.dueDate` and `TodoItem.startDate`
/// get and set in one step.
public struct ItemDate: Sendable, Hashable {
    /// The instant; for a whole day, the start of the day.
    public var date: Date
    /// True for a time of day, false for a whole day.
    public var hasTime: Bool

    /// A date at `date`, a time of day when `hasTime`, else the whole day that starts at `date`.
    public init(date: Date, hasTime: Bool) {
        self.date = date
        self.hasTime = hasTime
    }
}

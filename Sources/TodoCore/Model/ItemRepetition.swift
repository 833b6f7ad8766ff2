import Foundation

/// How a to-do repeats, as the item keeps it: the repetition (rule, what the next date counts
/// from, the dates left out of and added to the series) and what was completed of it so far.
///
/// Only rules todo-tui computes are held here; a rule another program wrote that it cannot
/// compute stays foreign text exactly as read (`ForeignProperties.isRecurring`), and such a to-do
/// cannot be completed here. The series is anchored at the item's start, or at its due date when
/// it has no start (as Thunderbird reads a VTODO without DTSTART). Completing an occurrence moves
/// both to the next one and counts it here (`TodoItem.completeOccurrence(at:calendar:)`), so one
/// to-do with one id carries the whole series.
public struct ItemRepetition: Sendable, Hashable {
    /// The rule and its anchor. A `COUNT` is what is left of the series from the current
    /// occurrence on: completing one writes it one lower, as tasks.org and Nextcloud Tasks do.
    public var repetition: Repetition
    /// How many occurrences were completed (here, or on another device that advanced the same
    /// to-do); 0 while none was.
    public var completedCount: Int
    /// When the last occurrence was completed; nil while none was, or when that is unknown.
    public var lastCompletedAt: Date?

    public init(_ repetition: Repetition, completedCount: Int = 0, lastCompletedAt: Date? = nil) {
        var repetition = repetition
        repetition.exceptionDates = repetition.exceptionDates.map(\.roundedToMilliseconds).sorted()
        repetition.extraDates = repetition.extraDates.map(\.roundedToMilliseconds).sorted()
        self.repetition = repetition
        self.completedCount = completedCount
        self.lastCompletedAt = lastCompletedAt?.roundedToMilliseconds
    }

    /// The rule of `repetition`.
    public var rule: RecurrenceRule {
        get { repetition.rule }
        set { repetition.rule = newValue }
    }
}

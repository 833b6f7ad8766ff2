import Foundation

/// How a to-do repeats, as the item keeps it: the rule, whether the next date counts from the due
/// date or from the day an occurrence was completed, the dates left out of and added to the
/// series, and what was completed so far.
///
/// The rule is RFC 5545 RRULE text (`FREQ=WEEKLY;BYDAY=MO,TH`) that todo-tui can compute; a rule
/// another program wrote that it cannot compute is never one of these but stays foreign text
/// (`ForeignProperties.isRecurring`), exactly as read. The series is anchored at the item's
/// start, or its due date when it has no start (as Thunderbird reads a VTODO without DTSTART);
/// completing an occurrence moves both and counts the occurrence here
/// (`TodoItem.completeOccurrence(now:calendar:)`), so one to-do with one id carries the whole
/// series.
public struct ItemRepetition: Sendable, Hashable {
    /// The rule as RRULE text, without the `RRULE:` name. A `COUNT` is what is left of the series
    /// from the current occurrence on (completing one writes it one lower, as tasks.org and
    /// Nextcloud Tasks do).
    public var rule: String
    /// Whether the next date counts from the day an occurrence was completed (true: "every 3 days
    /// after done") or follows the rule from the due date (false, the RFC 5545 meaning).
    public var fromCompletion: Bool
    /// Dates the rule gives that are not occurrences (iCalendar `EXDATE`), in increasing order.
    public var exceptionDates: [Date]
    /// Occurrences beside the rule's (iCalendar `RDATE`), in increasing order.
    public var extraDates: [Date]
    /// How many occurrences were completed (here or on another device that advanced the same
    /// to-do); 0 for a rule nothing was completed of yet.
    public var completedCount: Int
    /// When the last occurrence was completed; nil while `completedCount` is 0 or unknown.
    public var lastCompletedAt: Date?

    public init(
        rule: String, fromCompletion: Bool = false, exceptionDates: [Date] = [], extraDates: [Date] = [],
        completedCount: Int = 0, lastCompletedAt: Date? = nil
    ) {
        self.rule = rule
        self.fromCompletion = fromCompletion
        self.exceptionDates = exceptionDates.map(\.roundedToMilliseconds).sorted()
        self.extraDates = extraDates.map(\.roundedToMilliseconds).sorted()
        self.completedCount = completedCount
        self.lastCompletedAt = lastCompletedAt?.roundedToMilliseconds
    }
}

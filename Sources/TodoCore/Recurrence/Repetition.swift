import Foundation

/// How a to-do repeats: a rule, what the next date counts from, and the dates added to or taken
/// out of the series (iCalendar `RDATE` and `EXDATE`).
public struct Repetition: Sendable, Hashable {
    public var rule: RecurrenceRule
    public var anchor: RepeatAnchor
    /// Occurrences taken out of the series (`EXDATE`). For a whole-day series any instant of the
    /// day takes that day out.
    public var exceptionDates: [Date]
    /// Occurrences added to the series (`RDATE`); they do not count against the rule's `COUNT`
    /// and are not limited by its `UNTIL`, as in RFC 5545.
    public var extraDates: [Date]

    public init(
        rule: RecurrenceRule, anchor: RepeatAnchor = .due, exceptionDates: [Date] = [], extraDates: [Date] = []
    ) {
        self.rule = rule
        self.anchor = anchor
        self.exceptionDates = exceptionDates
        self.extraDates = extraDates
    }
}

import Foundation

/// When an alarm goes off: a duration from the to-do's start or due date, or an instant.
public enum AlarmTrigger: Sendable, Hashable {
    /// `duration` after (before, when negative) the anchor: iCalendar's
    /// `TRIGGER;RELATED=START|END:<duration>` (no `RELATED` means the start).
    case relative(AlarmDuration, to: AlarmAnchor)
    /// An instant: `TRIGGER;VALUE=DATE-TIME:<UTC>`.
    case absolute(Date)
}

/// The date of a to-do a relative alarm counts from.
public enum AlarmAnchor: Sendable, Hashable {
    /// The start (`DTSTART`; `RELATED=START`).
    case start
    /// The due date (`DUE`; `RELATED=END` on a VTODO).
    case due
}

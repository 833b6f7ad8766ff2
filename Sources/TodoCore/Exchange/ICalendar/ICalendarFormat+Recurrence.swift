import Foundation

extension ICalendarFormat {
    /// Says that the next date counts from the day an occurrence was completed
    /// (`X-TODO-TUI-REPEAT-FROM:COMPLETION`): iCalendar has no such property, and an `X-` one is
    /// kept and ignored by other clients (RFC 5545 §3.8.8.2), which advance such a to-do strictly.
    static let repeatFromProperty = "X-TODO-TUI-REPEAT-FROM"
    /// How many occurrences were completed (`ItemRepetition.completedCount`).
    static let repeatCompletedProperty = "X-TODO-TUI-REPEAT-COMPLETED"
    /// When the last occurrence was completed, a UTC DATE-TIME (`ItemRepetition.lastCompletedAt`).
    static let repeatLastCompletedProperty = "X-TODO-TUI-REPEAT-LAST-COMPLETED"

    /// The properties a repetition read from a VTODO maps (`repetition(of:calendar:)`); while
    /// it is mapped they are not kept as foreign lines (but an `RRULE` todo-tui would spell
    /// otherwise, which is kept to be written back as it was).
    static let repetitionProperties: Set<String> = [
        "RRULE", "EXDATE", "RDATE", repeatFromProperty, repeatCompletedProperty, repeatLastCompletedProperty,
    ]

    /// The repetition a VTODO states in a way todo-tui computes: exactly one `RRULE` that
    /// `RecurrenceRule(rrule:)` reads, a `DTSTART` or `DUE` to anchor it, `EXDATE`/`RDATE` of
    /// dates and date-times (not periods), and no `RECURRENCE-ID` (a VTODO that overrides one
    /// occurrence is not a series of its own). Nil otherwise: every one of those lines is then
    /// kept as foreign text, exactly, and the to-do cannot be completed here
    /// (`ForeignProperties.recurrenceProblem`).
    /// - Complexity: O(n) in the number of the VTODO's properties.
    static func repetition(of todo: ICalendarParser.Component, calendar: Calendar) -> ItemRepetition? {
        let rules = todo.properties.filter { $0.name == "RRULE" }
        guard rules.count == 1, let ruleLine = rules.first, todo.first("RECURRENCE-ID") == nil,
            todo.first("DTSTART") != nil || todo.first("DUE") != nil,
            let rule = try? RecurrenceRule(rrule: ruleLine.value),
            let exceptions = dates(of: todo, named: "EXDATE", calendar: calendar),
            let extras = dates(of: todo, named: "RDATE", calendar: calendar)
        else { return nil }
        let anchor: RepeatAnchor =
            todo.first(repeatFromProperty)?.value.uppercased() == "COMPLETION" ? .completion : .due
        let completed = todo.first(repeatCompletedProperty).flatMap { Int($0.value) }.map { max(0, $0) } ?? 0
        let last = todo.first(repeatLastCompletedProperty).flatMap {
            ParsedTimestamp.parse($0.value)?.date(in: calendar)
        }
        return ItemRepetition(
            Repetition(rule: rule, anchor: anchor, exceptionDates: exceptions, extraDates: extras),
            completedCount: completed, lastCompletedAt: last)
    }

    /// Every value of every `name` line (each may list several, comma-separated), read in its
    /// `TZID` or the calendar's zone; nil when one is a period or not a date.
    private static func dates(
        of todo: ICalendarParser.Component, named name: String, calendar: Calendar
    ) -> [Date]? {
        var dates: [Date] = []
        for property in todo.properties where property.name == name {
            guard property.parameters["VALUE"]?.uppercased() != "PERIOD" else { return nil }
            let zone = property.parameters["TZID"].flatMap { TimeZone(identifier: $0) }
            for value in property.value.split(separator: ",") {
                guard let date = ParsedTimestamp.parse(value)?.date(in: calendar, timeZone: zone) else { return nil }
                dates.append(date)
            }
        }
        return dates
    }

    /// Writes the item's repetition: `RRULE` (as the VTODO had it while it still reads as the
    /// same rule), an `EXDATE` and an `RDATE` line per date (DATEs for a whole-day to-do), and
    /// the `X-TODO-TUI-REPEAT-…` properties that are not at their empty value. A to-do another
    /// program made repeat by a rule todo-tui does not compute has its `RRULE` written back as read.
    static func writeRepetition(
        of item: TodoItem, kept: KeptLines, calendar: Calendar, to writer: inout ICalendarWriter
    ) {
        guard let repeating = item.repetition else {
            if let rule = kept.line("RRULE") { writer.line(rule) }
            return
        }
        // A series with overrides keeps its repetition lines as read while its rule is the same.
        if !kept.overrides.isEmpty, let original = kept.line("RRULE"), let colon = original.firstIndex(of: ":"),
            (try? RecurrenceRule(rrule: String(original[original.index(after: colon)...]))) == repeating.rule
        {
            writer.line(original)
            return
        }
        let repetition = repeating.repetition
        if let original = kept.line("RRULE"), let colon = original.firstIndex(of: ":"),
            (try? RecurrenceRule(rrule: String(original[original.index(after: colon)...]))) == repetition.rule
        {
            writer.line(original)
        } else {
            writer.property("RRULE", repetition.rule.rruleText)
        }
        let wholeDay = (item.startDate ?? item.dueDate).map { !$0.hasTime } ?? false
        for date in repetition.exceptionDates {
            if wholeDay {
                writer.property("EXDATE;VALUE=DATE", dayName(of: date, calendar: calendar))
            } else {
                writer.property("EXDATE", date)
            }
        }
        for date in repetition.extraDates {
            if wholeDay {
                writer.property("RDATE;VALUE=DATE", dayName(of: date, calendar: calendar))
            } else {
                writer.property("RDATE", date)
            }
        }
        if repetition.anchor == .completion {
            writer.property("X-TODO-TUI-REPEAT-FROM", "COMPLETION")
        }
        if repeating.completedCount > 0 {
            writer.property("X-TODO-TUI-REPEAT-COMPLETED", String(repeating.completedCount))
        }
        if let last = repeating.lastCompletedAt {
            writer.property("X-TODO-TUI-REPEAT-LAST-COMPLETED", last)
        }
    }
}

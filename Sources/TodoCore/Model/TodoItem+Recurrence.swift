import Foundation

extension TodoItem {
    /// What completing a to-do did (`complete(at:calendar:)`).
    public enum Completion: Sendable, Equatable {
        /// The to-do was completed (it does not repeat, or its series ended: past `UNTIL`, or the
        /// last of its `COUNT`).
        case completed
        /// An occurrence of a repeating to-do was completed and the to-do moved to the next one:
        /// its due date (nil for a to-do with only a start) is now `due`.
        case advanced(due: ItemDate?)
    }

    /// Whether the item repeats: by a rule todo-tui computes (`repetition`), or by one another
    /// program wrote and keeps computing (`ForeignProperties.isRecurring`). Rows show `↻`.
    /// - Complexity: O(1), or O(n) in the kept iCalendar lines when it has no repetition.
    public var repeats: Bool {
        repetition != nil || foreign.isRecurring
    }

    /// Whether completing the item completes one occurrence and moves it to the next (true), or
    /// completes it as a to-do that does not repeat would be (false): it is open, repeats by a
    /// rule todo-tui computes, and has a start or a due date to move.
    /// - Complexity: O(1).
    public var completesAnOccurrence: Bool {
        !isDone && repetition != nil && (start != nil || date != nil)
    }

    /// Completes the item: a to-do that does not repeat becomes done (`setDone(true, at:)`); a
    /// repeating one completes its current occurrence and moves, in place, to the next.
    ///
    /// Advancing keeps the id (and so the iCalendar UID) and moves the start and the due date to
    /// the next occurrence of the series anchored at the start (RFC 5545's DTSTART; the due date
    /// when there is no start, and for a rule counted from completion, as todo.txt clients count
    /// from `due:`), the other date by the same number of calendar days in `calendar`'s zone (or,
    /// for a timed to-do read from iCalendar with a `TZID`, in that zone), so a 09:00 to-do stays
    /// at 09:00 across a daylight-saving change and a whole-day one stays a whole day. A `COUNT`
    /// goes one down; the completion is counted in `repetition` with `now`. A to-do completed
    /// late moves, by the rule's anchor, to the occurrence after the one completed (strict, the
    /// RFC 5545 meaning, even if that is still past) or to the first one after the day it was
    /// completed on (`RepeatAnchor.completion`). Past `UNTIL` or at the last of `COUNT` the
    /// to-do is completed for good.
    ///
    /// A series read with occurrences another program overrode (`RECURRENCE-ID`, Thunderbird's
    /// shape) is not moved: a completed override of the occurrence is added to it instead, and
    /// the to-do shows the next occurrence no override completed (`OverriddenSeries`).
    ///
    /// The result depends only on the item, the anchor's day of `now` and the calendar, never on
    /// the device: two devices completing the same occurrence write the same start, due date and
    /// count, so merging both saves field by field gives one advance, not two.
    /// - Complexity: as `Repetition.nextOccurrence(completing:completedAt:seriesStart:isWholeDay:in:)`.
    @discardableResult
    public mutating func complete(at now: Date, calendar: Calendar) -> Completion {
        if completesAnOccurrence, let series = OverriddenSeries(foreign, calendar: calendar) {
            return completeOccurrence(of: series, at: now)
        }
        guard completesAnOccurrence, var kept = repetition else {
            setDone(true, at: now)
            return .completed
        }
        // The series is anchored at DTSTART (RFC 5545); "after done" counts from the due date, as
        // todo.txt's clients move `due:` and keep `t:` at its distance.
        let anchoredAtStart = start != nil && (kept.repetition.anchor == .due || date == nil)
        guard let anchor = anchoredAtStart ? startDate : dueDate else {
            setDone(true, at: now)
            return .completed
        }
        // A timed series another program wrote in a zone keeps that zone's wall clock.
        var calendar = calendar
        if anchor.hasTime, let zone = foreign.timeZoneOfDates { calendar.timeZone = zone }
        kept.completedCount += 1
        kept.lastCompletedAt = now.roundedToMilliseconds
        let remaining = kept.rule.count
        let next =
            remaining == 1
            ? nil
            : kept.repetition.nextOccurrence(
                completing: anchor.date, completedAt: now, seriesStart: anchor.date, isWholeDay: !anchor.hasTime,
                in: calendar)
        guard let next else {
            repetition = kept
            setDone(true, at: now)
            return .completed
        }
        let days = Self.daysBetween(anchor.date, next, in: calendar)
        let moved = { (date: ItemDate) in
            ItemDate(date: Self.moving(date.date, byDays: days, in: calendar), hasTime: date.hasTime)
        }
        if anchoredAtStart {
            startDate = ItemDate(date: next, hasTime: anchor.hasTime)
            dueDate = dueDate.map(moved)
        } else {
            dueDate = ItemDate(date: next, hasTime: anchor.hasTime)
            startDate = startDate.map(moved)
        }
        if let remaining { kept.rule.count = remaining - 1 }
        repetition = kept
        // An alarm at a fixed instant belongs to the occurrence completed: it moves with it, as
        // tasks.org moves it; a relative one follows its date by itself.
        self = shiftingAbsoluteAlarms(by: next.timeIntervalSince(anchor.date))
        return .advanced(due: dueDate)
    }

    /// Reopens the item (`setDone(false, at:)`), the one way the list and the command line do. A
    /// series with `RECURRENCE-ID` overrides completed to its end here has the completion of its
    /// last occurrence undone too, so it reads back open, showing that occurrence, after an
    /// export or a sync (`OverriddenSeries`).
    /// - Complexity: O(1), or as `OverriddenSeries.current(of:)` for such a series.
    public mutating func reopen(at now: Date, calendar: Calendar) {
        guard isDone, repetition != nil, let series = OverriddenSeries(foreign, calendar: calendar) else {
            setDone(false, at: now)
            return
        }
        reopenLastOccurrence(of: series, at: now)
    }

    /// Makes the item repeat by `repetition`, or stop repeating (nil; the dates stay). The counts
    /// of completed occurrences are kept across a change of rule.
    ///
    /// RFC 5545 requires a `DTSTART` beside an `RRULE`: an item without a start gets one, the due
    /// date (so the series starts at the current occurrence), or for an item without a date the
    /// first day from the one `now` falls on that the rule produces, as a whole day
    /// (``Repetition/firstRuleDay(onOrAfter:in:)``; "every mon,thu" made on a Friday starts on
    /// Monday, where a start on the Friday would be an occurrence no phone agrees on).
    /// - Complexity: O(1).
    public mutating func setRepetition(_ repetition: Repetition?, now: Date, calendar: Calendar) {
        guard let repetition else {
            self.repetition = nil
            return
        }
        if start == nil {
            let day = repetition.firstRuleDay(onOrAfter: now, in: calendar) ?? calendar.startOfDay(for: now)
            startDate = dueDate ?? ItemDate(date: day, hasTime: false)
        }
        var kept = self.repetition ?? ItemRepetition(repetition)
        kept.repetition = ItemRepetition(repetition).repetition
        self.repetition = kept
    }

    /// Calendar days from the day holding `from` to the day holding `to` in `calendar`.
    static func daysBetween(_ from: Date, _ to: Date, in calendar: Calendar) -> Int {
        calendar.dateComponents([.day], from: calendar.startOfDay(for: from), to: calendar.startOfDay(for: to)).day ?? 0
    }

    /// `date` moved by `days` calendar days at the same wall-clock time (as close as the zone allows).
    static func moving(_ date: Date, byDays days: Int, in calendar: Calendar) -> Date {
        calendar.date(byAdding: .day, value: days, to: date) ?? date.addingTimeInterval(TimeInterval(days) * 86_400)
    }
}

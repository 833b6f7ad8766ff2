import Foundation

extension Repetition {
    /// The first occurrence strictly after `instant` of the series that starts at `seriesStart`.
    ///
    /// Occurrences follow RFC 5545: the series start is always the first one (and counts towards
    /// `COUNT`), the rule's days follow at the start's wall-clock time in `calendar.timeZone` (a
    /// 09:00 to-do stays at 09:00 across daylight-saving changes), ``exceptionDates`` are left
    /// out after `COUNT` has counted them, ``extraDates`` are added. A time the zone skips is read
    /// with the offset before the change (02:30 on the night clocks go forward is 03:30), a time
    /// it repeats is the earlier instant. Days that do not exist are skipped, not moved: monthly
    /// on the 31st skips months without one.
    ///
    /// For a whole-day series (`isWholeDay`) occurrences are days, returned as their first
    /// instant, and "after" means on a later day than the one holding `instant`. A day the zone
    /// left out (Pacific/Apia skipped 30 December 2011) falls on the next day, like its start.
    ///
    /// The ``anchor`` is not consulted here; ``nextOccurrence(completing:completedAt:seriesStart:isWholeDay:in:)``
    /// applies it.
    /// - Parameters:
    ///   - instant: occurrences at or before it are passed over.
    ///   - seriesStart: the series' first occurrence (`DTSTART`).
    ///   - isWholeDay: whether occurrences are days rather than times.
    ///   - calendar: its time zone is the series' wall clock.
    /// - Returns: `nil` when the series has no occurrence after `instant`.
    /// - Complexity: without `COUNT`, a few of the rule's periods around `instant` whatever the
    ///   distance from the series start; with `COUNT`, O(`COUNT`) periods from the start.
    ///   Plus O(e + r) for the exception and extra dates.
    public func nextOccurrence(after instant: Date, seriesStart: Date, isWholeDay: Bool, in calendar: Calendar) -> Date?
    {
        occurrences(seriesStart: seriesStart, isWholeDay: isWholeDay, in: calendar, after: instant, limit: 1).first
    }

    /// The first day, on or after the day holding `instant` in `calendar`'s zone, that the rule
    /// itself produces, as that day's first instant: the start RFC 5545 wants "synchronized with
    /// the recurrence rule" for a series made on a to-do without a date (a rule for Mondays and
    /// Thursdays made on a Friday starts on the Monday; a rule without BY parts starts that day).
    /// A series whose start the rule does not produce is undefined in RFC 5545, and clients read
    /// it differently.
    /// - Returns: `nil` when the rule produces no day at all (a `BYSETPOS` past every period).
    /// - Complexity: the periods of the rule up to its first day; O(1) for the rules people make.
    public func firstRuleDay(onOrAfter instant: Date, in calendar: Calendar) -> Date? {
        let zone = calendar.timeZone
        var walk = RecurrenceWalk(rule: rule, startDay: WallClock.dayNumber(of: instant, in: zone))
        return walk.next().map { WallClock.instant(localSeconds: TimeInterval($0) * 86_400, in: zone) }
    }

    /// Up to `limit` occurrences in order, those strictly after `instant`, or from the series
    /// start on when `instant` is `nil`; the same occurrences as
    /// ``nextOccurrence(after:seriesStart:isWholeDay:in:)`` (e.g. the next three for a preview).
    /// - Parameters:
    ///   - seriesStart: the series' first occurrence (`DTSTART`).
    ///   - isWholeDay: whether occurrences are days rather than times.
    ///   - calendar: its time zone is the series' wall clock.
    ///   - instant: occurrences at or before it are passed over; `nil` for all from the start.
    ///   - limit: the most occurrences to return.
    /// - Precondition: `limit` ≥ 0.
    /// - Complexity: as ``nextOccurrence(after:seriesStart:isWholeDay:in:)`` plus O(`limit`)
    ///   periods.
    public func occurrences(
        seriesStart: Date, isWholeDay: Bool, in calendar: Calendar, after instant: Date? = nil, limit: Int
    ) -> [Date] {
        precondition(limit >= 0, "the limit is not negative")
        let zone = calendar.timeZone
        let afterDay = instant.map { WallClock.dayNumber(of: $0, in: zone) }
        // A whole-day series compares days; a timed one compares instants, to the second.
        func key(day: Int, instant: Date) -> Int {
            isWholeDay ? day : Int(instant.timeIntervalSince1970.rounded(.down))
        }
        func isWanted(day: Int, at moment: Date, excluded: Set<Int>) -> Bool {
            guard !excluded.contains(key(day: day, instant: moment)) else { return false }
            guard let instant, let afterDay else { return true }
            return isWholeDay ? day > afterDay : moment > instant
        }
        let excluded = Set(exceptionDates.map { key(day: WallClock.dayNumber(of: $0, in: zone), instant: $0) })
        var seen = Set<Int>()
        var extras = extraDates.map { date -> (day: Int, instant: Date) in
            let day = WallClock.dayNumber(of: date, in: zone)
            return (day, isWholeDay ? WallClock.instant(localSeconds: TimeInterval(day) * 86_400, in: zone) : date)
        }
        .filter {
            isWanted(day: $0.day, at: $0.instant, excluded: excluded)
                && seen.insert(key(day: $0.day, instant: $0.instant)).inserted
        }
        .sorted { $0.instant < $1.instant }[...]
        var series = RecurrenceSeries(
            rule: rule, seriesStart: seriesStart, isWholeDay: isWholeDay, zone: zone, notBefore: instant)
        let wanted = { (occurrence: (day: Int, instant: Date)) in
            isWanted(day: occurrence.day, at: occurrence.instant, excluded: excluded)
        }
        var pending = Self.next(of: &series, where: wanted)
        var result: [Date] = []
        while result.count < limit {
            if let extra = extras.first, pending.map({ extra.instant < $0.instant }) ?? true {
                result.append(extra.instant)
                extras.removeFirst()
                continue
            }
            guard let occurrence = pending else { break }
            result.append(occurrence.instant)
            if let extra = extras.first,
                key(day: extra.day, instant: extra.instant) == key(day: occurrence.day, instant: occurrence.instant)
            {
                extras.removeFirst()
            }
            pending = Self.next(of: &series, where: wanted)
        }
        return result
    }

    /// The next date of a repeating to-do whose occurrence `occurrence` was completed at
    /// `completion`, following the ``anchor``.
    ///
    /// - ``RepeatAnchor/due``: the first occurrence after `occurrence` (a to-do completed weeks
    ///   late moves to the occurrence after the one completed, not past today).
    /// - ``RepeatAnchor/completion``: the series starts again on the day of `completion`, at the
    ///   series start's wall-clock time (or as a whole day), and the next date is that series'
    ///   second occurrence: "every 3 days after done" completed on the 10th is due on the 13th.
    ///   `COUNT` counts from that new start, so a caller that consumes `COUNT` on each completion
    ///   ends the series when `COUNT` is 1.
    /// - Parameters:
    ///   - occurrence: the occurrence completed (the to-do's current date).
    ///   - completion: when it was completed.
    ///   - seriesStart: the series' first occurrence (`DTSTART`).
    ///   - isWholeDay: whether occurrences are days rather than times.
    ///   - calendar: its time zone is the series' wall clock and defines the completion's day.
    /// - Returns: `nil` when the series ends with the completed occurrence.
    /// - Complexity: as ``nextOccurrence(after:seriesStart:isWholeDay:in:)``.
    public func nextOccurrence(
        completing occurrence: Date, completedAt completion: Date, seriesStart: Date, isWholeDay: Bool,
        in calendar: Calendar
    ) -> Date? {
        switch anchor {
        case .due:
            return nextOccurrence(after: occurrence, seriesStart: seriesStart, isWholeDay: isWholeDay, in: calendar)
        case .completion:
            let zone = calendar.timeZone
            let startLocal = WallClock.localSeconds(of: seriesStart, in: zone)
            let timeOfDay = isWholeDay ? 0 : startLocal - (startLocal / 86_400).rounded(.down) * 86_400
            let day = WallClock.dayNumber(of: completion, in: zone)
            let restart = WallClock.instant(localSeconds: TimeInterval(day) * 86_400 + timeOfDay, in: zone)
            return nextOccurrence(after: restart, seriesStart: restart, isWholeDay: isWholeDay, in: calendar)
        }
    }

    private static func next(
        of series: inout RecurrenceSeries, where isWanted: ((day: Int, instant: Date)) -> Bool
    ) -> (day: Int, instant: Date)? {
        while let occurrence = series.next() {
            if isWanted(occurrence) { return occurrence }
        }
        return nil
    }
}

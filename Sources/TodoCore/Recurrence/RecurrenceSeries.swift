import Foundation

/// The occurrences of one rule from a series start as instants, in order: the start first (RFC
/// 5545: DTSTART is always the first instance, and counts towards `COUNT`, even when the rule
/// itself would not produce it), then the rule's days at the start's wall-clock time in the
/// zone, until `COUNT` or `UNTIL` ends the series. Times a zone skips or repeats are resolved by
/// ``WallClock``; two days that resolve to the same instant (a day the zone left out) give one
/// occurrence. `EXDATE` and `RDATE` are the caller's.
struct RecurrenceSeries {
    private let rule: RecurrenceRule
    private let zone: TimeZone
    private let isWholeDay: Bool
    private let timeOfDay: TimeInterval
    private var walk: RecurrenceWalk
    private var startPending = true
    /// The rule's first day, read while placing the start and not produced yet.
    private var heldDay: Int?
    private var produced = 0
    private var last: Date?

    /// - Parameters:
    ///   - notBefore: when given and the rule has no `COUNT`, the walk starts near this instant
    ///     instead of at the series start; occurrences more than a day before it may be left out.
    init(rule: RecurrenceRule, seriesStart: Date, isWholeDay: Bool, zone: TimeZone, notBefore: Date?) {
        self.rule = rule
        self.zone = zone
        self.isWholeDay = isWholeDay
        let local = WallClock.localSeconds(of: seriesStart, in: zone)
        let startDay = Int((local / 86_400).rounded(.down))
        timeOfDay = isWholeDay ? 0 : local - TimeInterval(startDay) * 86_400
        walk = RecurrenceWalk(rule: rule, startDay: startDay)
        // COUNT needs every occurrence from the start counted; without it the walk may jump.
        // Two days' margin covers any zone offset and a left-out day.
        if rule.count == nil, let notBefore {
            let day = WallClock.dayNumber(of: notBefore, in: zone) - 2
            if day > startDay {
                walk.skip(toPeriodContaining: day)
                startPending = false
            }
        }
    }

    /// The next occurrence: its local day number and instant (for a whole-day series, the first
    /// instant of the day), or `nil` when the series has ended.
    /// - Complexity: see ``RecurrenceWalk/next()``.
    mutating func next() -> (day: Int, instant: Date)? {
        if startPending {
            startPending = false
            produced = 1
            let first = walk.next()
            if first != walk.startDay { heldDay = first }
            return remember(day: walk.startDay)
        }
        while true {
            if let count = rule.count, produced >= count { return nil }
            guard let day = heldDay ?? walk.next() else { return nil }
            heldDay = nil
            produced += 1
            let instant = instant(ofDay: day)
            guard isWithinUntil(day: day, instant: instant) else { return nil }
            if let last, instant <= last { continue }
            last = instant
            return (day, instant)
        }
    }

    private mutating func remember(day: Int) -> (day: Int, instant: Date) {
        let instant = instant(ofDay: day)
        last = instant
        return (day, instant)
    }

    private func instant(ofDay day: Int) -> Date {
        WallClock.instant(localSeconds: TimeInterval(day) * 86_400 + timeOfDay, in: zone)
    }

    /// UNTIL is inclusive; a `DATE` includes its whole day whatever the series' time of day, and a
    /// floating `DATE-TIME` is compared on the wall clock.
    private func isWithinUntil(day: Int, instant: Date) -> Bool {
        switch rule.until {
        case nil: true
        case .date(let end): day <= end.dayNumber
        case .localDateTime(let end, let hour, let minute, let second):
            TimeInterval(day) * 86_400 + timeOfDay
                <= TimeInterval(end.dayNumber * 86_400 + hour * 3_600 + minute * 60 + second)
        case .utc(let end): instant <= end
        }
    }
}

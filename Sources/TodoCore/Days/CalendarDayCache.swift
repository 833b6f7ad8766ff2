import Foundation

/// The calendar days that instants fall on, and their names (`2025-01-12`,
/// `SectionTitleFormatter.name(forDay:)`), asking the calendar once per distinct day.
///
/// Calendar arithmetic costs microseconds, more than the rest of an incremental update or of
/// writing one exported line, so the day intervals met so far are remembered per UTC day: an
/// instant is looked up among the (at most three) local days that overlap its UTC day, and the
/// calendar is asked only for a day not met before. The answer is always the calendar's own,
/// daylight-saving days included. The fetched-results controller's sections and the exports'
/// day names share this one cache type.
final class CalendarDayCache {
    let calendar: Calendar
    private let formatter: SectionTitleFormatter
    // Read on every lookup of every batch; the run-time exclusivity check cost more than the
    // lookup. Safe: only `interval(of:)` touches it, and it calls nothing that could re-enter.
    @exclusivity(unchecked) private var intervalsByUTCDay: [Int: [DateInterval]] = [:]
    /// The day named last and its name: exports walk their items in date order, so consecutive
    /// names are mostly of one day.
    private var lastName: (day: Date, name: String)?
    /// The day found last: a fetch or a store's items come mostly in date order, so most
    /// lookups are of the same day as the one before (unchecked as `intervalsByUTCDay`).
    @exclusivity(unchecked) private var lastInterval = DateInterval(start: .distantFuture, duration: 0)

    init(calendar: Calendar) {
        self.calendar = calendar
        formatter = SectionTitleFormatter(calendar: calendar)
    }

    /// The calendar day `date` falls on, in the calendar's time zone.
    /// - Complexity: O(1) amortised.
    func interval(of date: Date) -> DateInterval {
        if lastInterval.start <= date, date < lastInterval.end { return lastInterval }
        lastInterval = lookUp(date)
        return lastInterval
    }

    private func lookUp(_ date: Date) -> DateInterval {
        let utcDay = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        if let known = intervalsByUTCDay[utcDay]?.first(where: { $0.start <= date && date < $0.end }) {
            return known
        }
        let interval = Self.interval(of: date, in: calendar)
        intervalsByUTCDay[utcDay, default: []].append(interval)
        return interval
    }

    /// The calendar day `date` falls on in `calendar`, asked of the calendar itself: the one day
    /// rule behind the cache, for the rare caller that compares a pair of dates without one.
    /// - Complexity: one calendar computation, microseconds.
    static func interval(of date: Date, in calendar: Calendar) -> DateInterval {
        guard let interval = calendar.dateInterval(of: .day, for: date) else {
            preconditionFailure("the calendar has no day containing \(date)")
        }
        return interval
    }

    /// The start of the day `date` falls on.
    /// - Complexity: O(1) amortised.
    func startOfDay(containing date: Date) -> Date {
        interval(of: date).start
    }

    /// The name of the day `date` falls on in the calendar's time zone.
    /// - Complexity: O(1) amortised when `date` is on the day named last.
    func name(of date: Date) -> String {
        let day = startOfDay(containing: date)
        if let lastName, lastName.day == day { return lastName.name }
        let name = formatter.name(forDay: day)
        lastName = (day, name)
        return name
    }
}

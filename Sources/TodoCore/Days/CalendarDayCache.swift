import Foundation

/// Day names (`2025-01-12`, `SectionTitleFormatter.name(forDay:)`) of dates that come mostly in
/// order, asking the calendar once per distinct day.
///
/// Exports walk the list in date order, so consecutive items usually share a day; asking a
/// calendar for components costs microseconds, checking a cached interval nanoseconds.
struct CalendarDayCache {
    private let formatter: SectionTitleFormatter
    private var interval: Range<Date>?
    private var cachedName = ""

    init(calendar: Calendar) {
        formatter = SectionTitleFormatter(calendar: calendar)
    }

    /// The name of the day `date` falls on in the calendar's time zone.
    /// - Complexity: O(1) when `date` is on the day asked about last.
    mutating func name(of date: Date) -> String {
        if let interval, interval.contains(date) { return cachedName }
        cachedName = formatter.name(forDay: date)
        interval = formatter.calendar.dateInterval(of: .day, for: date).map { $0.start..<$0.end }
        return cachedName
    }
}

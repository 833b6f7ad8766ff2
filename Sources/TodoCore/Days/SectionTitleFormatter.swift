import Foundation

/// Names and titles day sections: a stable identifier per day and a title relative to today.
///
/// The calendar (with its time zone) decides where days begin and which day an instant belongs
/// to, and its `firstWeekday` where weeks begin. Titles use fixed English names, so output is the
/// same on every machine and in tests; by the standard format: "Today", "Yesterday",
/// "Tomorrow", else "Mon 12 Jan", with the year ("Mon 12 Jan 2024") when the day is not in
/// today's year. `DayTitleFormat` changes which days are named relative to today and how the
/// others are written.
package struct SectionTitleFormatter: Sendable {
    package var calendar: Calendar
    package var format: DayTitleFormat

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let longWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let longMonths = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    package init(calendar: Calendar, format: DayTitleFormat = .standard) {
        self.calendar = calendar
        self.format = format
    }

    /// What relative titles compare a day with, worked out once per today: the calendar dates
    /// (year, month, day) of yesterday, today and tomorrow.
    package struct Reference: Sendable, Equatable {
        /// Yesterday, today and tomorrow; nil where the calendar gives none.
        let dates: [[Int]?]
        let year: Int
        /// The start of this week, for `DayTitleFormat.RelativeDays.week`; nil otherwise.
        let weekStart: Date?

        /// -1, 0 or 1 for a day dated yesterday, today or tomorrow; nil for any other.
        func distance(to date: [Int]) -> Int? {
            dates.firstIndex { $0 == date }.map { $0 - 1 }
        }
    }

    /// The reference for titles relative to the day containing `today`.
    ///
    /// Yesterday is the day holding the last instant before today begins, tomorrow the day
    /// holding the first instant after it ends: the neighbouring days that exist, also where a
    /// time zone skipped a whole day or midnight itself.
    /// - Complexity: O(1): a handful of calendar computations.
    package func reference(for today: Date) -> Reference {
        let bounds = calendar.dateInterval(of: .day, for: today)
        let instants = [bounds.map { $0.start.addingTimeInterval(-1) }, today, bounds?.end]
        var weekStart: Date?
        if format.relativeDays == .week, let start = bounds?.start {
            let intoWeek = (calendar.component(.weekday, from: start) - calendar.firstWeekday + 7) % 7
            weekStart = calendar.date(byAdding: .day, value: -intoWeek, to: start)
        }
        return Reference(
            dates: instants.map { $0.map { Self.date(of: calendar.dateComponents([.year, .month, .day], from: $0)) } },
            year: calendar.component(.year, from: today), weekStart: weekStart)
    }

    /// A day's year, month and day, for comparing calendar dates.
    private static func date(of parts: DateComponents) -> [Int] {
        [parts.year ?? 0, parts.month ?? 0, parts.day ?? 0]
    }

    /// The name, title and index title of the day containing `day`, relative to `reference`'s
    /// today, from one calendar lookup.
    /// - Complexity: O(1).
    package func labels(
        forDay day: Date, reference: Reference
    ) -> (name: String, title: String, indexTitle: String) {
        let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: day)
        let month = Self.name(at: (parts.month ?? 0) - 1, in: Self.months)
        let title =
            relativeTitle(forDay: day, parts: parts, reference: reference)
            ?? patternTitle(of: parts, reference: reference)
        return (Self.name(of: parts), title, Self.appendingYear(of: parts, to: month, reference: reference))
    }

    /// "Today", "Yesterday", "Tomorrow", "Thursday", "Next Monday" or "Last Friday", as the
    /// format's `relativeDays` allows; nil for a day it names by the pattern.
    private func relativeTitle(forDay day: Date, parts: DateComponents, reference: Reference) -> String? {
        guard format.relativeDays != .none else { return nil }
        switch reference.distance(to: Self.date(of: parts)) {
        case 0: return "Today"
        case -1: return "Yesterday"
        case 1: return "Tomorrow"
        default: break
        }
        guard format.relativeDays == .week, let weekStart = reference.weekStart,
            let days = calendar.dateComponents([.day], from: weekStart, to: calendar.startOfDay(for: day)).day
        else { return nil }
        let weekday = Self.name(at: (parts.weekday ?? 0) - 1, in: Self.longWeekdays)
        switch days {
        case 0..<7: return weekday
        case 7..<14: return "Next " + weekday
        case -7..<0: return "Last " + weekday
        default: return nil
        }
    }

    /// The format's pattern filled in, with the year after it when the pattern has none and the
    /// day is not in today's year.
    private func patternTitle(of parts: DateComponents, reference: Reference) -> String {
        let month = (parts.month ?? 0) - 1, weekday = (parts.weekday ?? 0) - 1, day = parts.day ?? 0
        var title = ""
        for part in format.parts {
            switch part {
            case .text(let text): title += text
            case .weekday: title += Self.name(at: weekday, in: Self.weekdays)
            case .weekdayLong: title += Self.name(at: weekday, in: Self.longWeekdays)
            case .day: title += String(day)
            case .day2: title += String(day).leftPadded(to: 2)
            case .month: title += Self.name(at: month, in: Self.months)
            case .monthLong: title += Self.name(at: month, in: Self.longMonths)
            case .month2: title += String(month + 1).leftPadded(to: 2)
            case .year: title += String(parts.year ?? 0)
            }
        }
        return format.hasYear ? title : Self.appendingYear(of: parts, to: title, reference: reference)
    }

    /// The identifier of the day containing `day`: `yyyy-MM-dd`, e.g. `2025-01-31`.
    /// - Complexity: O(1).
    package func name(forDay day: Date) -> String {
        Self.name(of: calendar.dateComponents([.year, .month, .day], from: day))
    }

    /// The header of the day containing `day`, relative to the day containing `today`, by the
    /// format: by the standard one "Today", "Yesterday", "Tomorrow", else "Mon 12 Jan", with the
    /// year when it is not today's.
    /// - Complexity: O(1).
    package func title(forDay day: Date, today: Date) -> String {
        labels(forDay: day, reference: reference(for: today)).title
    }

    /// The section-index entry of the day containing `day`: its month, with the year when it is
    /// not today's year ("Jan", "Jan 2024").
    /// - Complexity: O(1).
    package func indexTitle(forDay day: Date, today: Date) -> String {
        labels(forDay: day, reference: reference(for: today)).indexTitle
    }

    /// `yyyy-MM-dd` of a day's year, month and day.
    private static func name(of parts: DateComponents) -> String {
        let year = String(parts.year ?? 0).leftPadded(to: 4)
        return "\(year)-\(String(parts.month ?? 0).leftPadded(to: 2))-\(String(parts.day ?? 0).leftPadded(to: 2))"
    }

    private static func appendingYear(of parts: DateComponents, to text: String, reference: Reference) -> String {
        let year = parts.year ?? 0
        return year == reference.year ? text : "\(text) \(year)"
    }

    /// The English name at `index`, or the 1-based number for calendars with more names.
    private static func name(at index: Int, in names: [String]) -> String {
        names.indices.contains(index) ? names[index] : String(index + 1)
    }
}

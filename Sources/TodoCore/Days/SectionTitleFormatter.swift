import Foundation

/// Names and titles day sections: a stable identifier per day and a title relative to today.
///
/// The calendar (with its time zone) decides where days begin and which day an instant belongs
/// to. Titles use fixed English names, so output is the same on every machine and in tests:
/// "Today", "Yesterday", "Tomorrow", else "Mon 12 Jan", with the year ("Mon 12 Jan 2024") when the
/// day is not in today's year.
package struct SectionTitleFormatter: Sendable {
    package var calendar: Calendar

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    package init(calendar: Calendar) {
        self.calendar = calendar
    }

    /// What relative titles compare a day with, worked out once per today: the calendar dates
    /// (year, month, day) of yesterday, today and tomorrow.
    package struct Reference: Sendable, Equatable {
        /// Yesterday, today and tomorrow; nil where the calendar gives none.
        let dates: [[Int]?]
        let year: Int

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
        return Reference(
            dates: instants.map { $0.map { Self.date(of: calendar.dateComponents([.year, .month, .day], from: $0)) } },
            year: calendar.component(.year, from: today))
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
        let title: String
        switch reference.distance(to: Self.date(of: parts)) {
        case 0: title = "Today"
        case -1: title = "Yesterday"
        case 1: title = "Tomorrow"
        default:
            let weekday = Self.name(at: (parts.weekday ?? 0) - 1, in: Self.weekdays)
            title = Self.appendingYear(of: parts, to: "\(weekday) \(parts.day ?? 0) \(month)", reference: reference)
        }
        return (Self.name(of: parts), title, Self.appendingYear(of: parts, to: month, reference: reference))
    }

    /// The identifier of the day containing `day`: `yyyy-MM-dd`, e.g. `2025-01-31`.
    /// - Complexity: O(1).
    package func name(forDay day: Date) -> String {
        Self.name(of: calendar.dateComponents([.year, .month, .day], from: day))
    }

    /// The header of the day containing `day`, relative to the day containing `today`: "Today",
    /// "Yesterday", "Tomorrow", else "Mon 12 Jan", with the year when it is not today's.
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

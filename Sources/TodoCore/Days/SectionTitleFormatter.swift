import Foundation

/// Names and titles day sections: a stable identifier per day and a title relative to today.
///
/// The calendar (with its time zone) decides where days begin and which day an instant belongs
/// to. Titles use fixed English names, so output is the same on every machine and in tests:
/// "Today", "Yesterday", "Tomorrow", else "Mon 12 Jan", with the year ("Mon 12 Jan 2024") when the
/// day is not in today's year.
public struct SectionTitleFormatter: Sendable {
    public var calendar: Calendar

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public init(calendar: Calendar) {
        self.calendar = calendar
    }

    /// The identifier of the day containing `day`: `yyyy-MM-dd`, e.g. `2025-01-31`.
    /// - Complexity: O(1).
    public func name(forDay day: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        let year = String(parts.year ?? 0).leftPadded(to: 4)
        return "\(year)-\(String(parts.month ?? 0).leftPadded(to: 2))-\(String(parts.day ?? 0).leftPadded(to: 2))"
    }

    /// The header of the day containing `day`, relative to the day containing `today`.
    /// - Complexity: O(1).
    public func title(forDay day: Date, today: Date) -> String {
        switch dayDistance(from: today, to: day) {
        case 0: return "Today"
        case -1: return "Yesterday"
        case 1: return "Tomorrow"
        default:
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: day)
            let weekday = Self.name(at: (parts.weekday ?? 0) - 1, in: Self.weekdays)
            let date = "\(weekday) \(parts.day ?? 0) \(Self.name(at: (parts.month ?? 0) - 1, in: Self.months))"
            return appendingYear(of: parts, to: date, today: today)
        }
    }

    /// The section-index entry of the day containing `day`: its month, with the year when it is
    /// not today's year ("Jan", "Jan 2024").
    /// - Complexity: O(1).
    public func indexTitle(forDay day: Date, today: Date) -> String {
        let parts = calendar.dateComponents([.year, .month], from: day)
        return appendingYear(of: parts, to: Self.name(at: (parts.month ?? 0) - 1, in: Self.months), today: today)
    }

    /// Whole days from the day of `start` to the day of `end` (negative when `end` is earlier).
    private func dayDistance(from start: Date, to end: Date) -> Int {
        calendar.dateComponents([.day], from: calendar.startOfDay(for: start), to: calendar.startOfDay(for: end)).day
            ?? 0
    }

    private func appendingYear(of parts: DateComponents, to text: String, today: Date) -> String {
        let year = parts.year ?? 0
        return year == calendar.component(.year, from: today) ? text : "\(text) \(year)"
    }

    /// The English name at `index`, or the 1-based number for calendars with more names.
    private static func name(at index: Int, in names: [String]) -> String {
        names.indices.contains(index) ? names[index] : String(index + 1)
    }
}

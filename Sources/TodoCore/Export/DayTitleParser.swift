import Foundation

/// Reads the day titles `SectionTitleFormatter` writes back into days: "Today", "Yesterday",
/// "Tomorrow", "Mon 12 Jan", "Mon 12 Jan 2024".
///
/// Relative titles and titles without a year are read against `now`: a file means the days it
/// meant only on the day (and in the year) it was written. The weekday must be one of the names
/// but is not checked against the date, so that a file from another year still reads.
struct DayTitleParser {
    private let calendar: Calendar
    private let today: Date
    private let year: Int

    init(now: Date, calendar: Calendar) {
        self.calendar = calendar
        today = calendar.startOfDay(for: now)
        year = calendar.component(.year, from: now)
    }

    /// The first instant of the day `title` names, or `nil` when it is not a day title.
    func day(from title: String) -> Date? {
        switch title {
        case "Today": return today
        case "Yesterday": return shifted(by: -1)
        case "Tomorrow": return shifted(by: 1)
        default: break
        }
        let words = title.split(separator: " ")
        guard (3...4).contains(words.count), SectionTitleFormatter.weekdays.contains(String(words[0])),
              let day = Int(words[1]), let monthIndex = SectionTitleFormatter.months.firstIndex(of: String(words[2]))
        else { return nil }
        let year = words.count == 4 ? Int(words[3]) : year
        guard let year, let fields = UTCDateTime(year: year, month: monthIndex + 1, day: day) else { return nil }
        return ParsedTimestamp.day(fields).date(in: calendar)
    }

    /// The start of the day `days` away from today; from noon, so that a daylight-saving change
    /// at midnight cannot land on the wrong day.
    private func shifted(by days: Int) -> Date? {
        let noon = calendar.date(byAdding: .hour, value: 12, to: today) ?? today
        return calendar.date(byAdding: .day, value: days, to: noon).map(calendar.startOfDay(for:))
    }
}

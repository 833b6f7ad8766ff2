import Foundation

/// Reads day headings back into days: the absolute `2026-11-20 (Fri)` (or `2026-11-20`) that
/// Markdown exports write, and the titles `SectionTitleFormatter` writes, which older exports
/// used: "Today", "Yesterday", "Tomorrow", "Mon 12 Jan", "Mon 12 Jan 2024".
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
        if let iso = isoDay(from: title) { return iso }
        let words = title.split(separator: " ")
        guard (3...4).contains(words.count), SectionTitleFormatter.weekdays.contains(String(words[0])),
            let day = Int(words[1]), let monthIndex = SectionTitleFormatter.months.firstIndex(of: String(words[2]))
        else { return nil }
        let year = words.count == 4 ? Int(words[3]) : year
        guard let year, let fields = UTCDateTime(year: year, month: monthIndex + 1, day: day) else { return nil }
        return ParsedTimestamp.day(fields).date(in: calendar)
    }

    /// `2026-11-20` or `2026-11-20 (Fri)`; the weekday must be a name but is not checked
    /// against the date.
    private func isoDay(from title: String) -> Date? {
        var text = Substring(title)
        if text.hasSuffix(")"), let open = text.lastIndex(of: "(") {
            let weekday = text[text.index(after: open)..<text.index(before: text.endIndex)]
            guard SectionTitleFormatter.weekdays.contains(String(weekday)) else { return nil }
            text = text[..<open]
            guard text.hasSuffix(" ") else { return nil }
            text = text.dropLast()
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            let fields = UTCDateTime(year: year, month: month, day: day)
        else { return nil }
        return ParsedTimestamp.day(fields).date(in: calendar)
    }

    /// The start of the day `days` away from today; from noon, so that a daylight-saving change
    /// at midnight cannot land on the wrong day.
    private func shifted(by days: Int) -> Date? {
        let noon = calendar.date(byAdding: .hour, value: 12, to: today) ?? today
        return calendar.date(byAdding: .day, value: days, to: noon).map(calendar.startOfDay(for:))
    }
}

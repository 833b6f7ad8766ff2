import Foundation

extension Repetition {
    private static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let fullWeekdayNames = [
        "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
    ]
    private static let monthNames = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// The repetition in English words, for the status line and `todo-tui list`: "daily",
    /// "weekdays", "every 2 weeks on Mon and Thu, until 30 Jun 2027", "monthly on the last
    /// Friday", "every 3 days after done", "weekly, 2 more times".
    ///
    /// `COUNT` is told as the occurrences left after the current one, which is right for a
    /// series advanced in place (its start is the current occurrence): `COUNT=3` is "2 more
    /// times", `COUNT=1` "last time". ``RepeatPhrase/parse(_:anchor:calendar:)`` reads the text
    /// back to the same repetition, apart from `BYSETPOS`, `BYMONTH` in other than yearly rules,
    /// `WKST`, ``exceptionDates`` and ``extraDates``, which are told but not read.
    /// - Parameter calendar: its first weekday orders the weekdays; its time zone gives the day
    ///   of a UTC `UNTIL`.
    /// - Complexity: O(number of rule parts).
    public func description(calendar: Calendar) -> String {
        var text = rule.frequencyWords(calendar: calendar)
        if anchor == .completion { text += " after done" }
        if let count = rule.count {
            text += count == 1 ? ", last time" : count == 2 ? ", 1 more time" : ", \(count - 1) more times"
        }
        if let until = rule.until { text += ", until " + Self.dayText(until, calendar: calendar) }
        if !exceptionDates.isEmpty {
            text += exceptionDates.count == 1 ? ", except 1 date" : ", except \(exceptionDates.count) dates"
        }
        if !extraDates.isEmpty { text += extraDates.count == 1 ? ", plus 1 date" : ", plus \(extraDates.count) dates" }
        return text
    }

    private static func dayText(_ until: RecurrenceRule.Until, calendar: Calendar) -> String {
        let day: RecurrenceRule.Day
        switch until {
        case .date(let date), .localDateTime(let date, _, _, _): day = date
        case .utc(let instant):
            day = RecurrenceRule.Day(dayNumber: WallClock.dayNumber(of: instant, in: calendar.timeZone))
        }
        return "\(day.day) \(monthNames[day.month - 1]) \(day.year)"
    }

    static func weekdayList(_ days: [RecurrenceRule.Weekday], calendar: Calendar) -> String {
        let first = RecurrenceRule.Weekday(calendarWeekday: calendar.firstWeekday)
        let sorted = Set(days).sorted {
            ($0.rawValue - first.rawValue + 7) % 7 < ($1.rawValue - first.rawValue + 7) % 7
        }
        return englishList(sorted.map { weekdayNames[$0.rawValue] })
    }

    static func englishList(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
    }

    static func ordinalWord(_ value: Int) -> String {
        if value == -1 { return "last" }
        if value < 0 { return ordinalWord(-value) + " last" }
        let suffix =
            switch (value % 10, value % 100) {
            case (_, 11...13): "th"
            case (1, _): "st"
            case (2, _): "nd"
            case (3, _): "rd"
            default: "th"
            }
        return "\(value)\(suffix)"
    }

    static func weekdayRuleWords(_ entry: RecurrenceRule.WeekdayRule) -> String {
        guard let ordinal = entry.ordinal else { return weekdayNames[entry.weekday.rawValue] }
        return "the \(ordinalWord(ordinal)) \(fullWeekdayNames[entry.weekday.rawValue])"
    }

    static func monthList(_ months: [Int]) -> String { englishList(months.sorted().map { monthNames[$0 - 1] }) }
}

extension RecurrenceRule {
    private static let workingDays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]

    /// "every 2 weeks on Mon and Thu", "monthly on the last Friday", "yearly in Jul on the 4th".
    func frequencyWords(calendar: Calendar) -> String {
        let plainDays = byDay.filter { $0.ordinal == nil }.map(\.weekday)
        let isWorkingWeek = byDay.count == 5 && plainDays.count == 5 && Set(plainDays) == Self.workingDays
        if frequency == .weekly && interval == 1 && isWorkingWeek && bySetPosition.isEmpty && byMonth.isEmpty {
            return "weekdays"
        }
        let unit = ["day", "week", "month", "year"][Frequency.allCases.firstIndex(of: frequency) ?? 0]
        var text =
            switch interval {
            case 1: ["daily", "weekly", "monthly", "yearly"][Frequency.allCases.firstIndex(of: frequency) ?? 0]
            case 2 where frequency == .weekly: "every other week"
            default: "every \(interval) \(unit)s"
            }
        if !byMonth.isEmpty { text += " in " + Repetition.monthList(byMonth) }
        var days: [String] = byMonthDay.sorted { ($0 < 0 ? 100 - $0 : $0) < ($1 < 0 ? 100 - $1 : $1) }.map {
            "the " + Repetition.ordinalWord($0) + ($0 < 0 ? " day" : "")
        }
        if isWorkingWeek {
            days.append("weekdays")
        } else if !plainDays.isEmpty {
            days.append(Repetition.weekdayList(plainDays, calendar: calendar))
        }
        days += byDay.filter { $0.ordinal != nil }.map(Repetition.weekdayRuleWords)
        if !days.isEmpty { text += " on " + Repetition.englishList(days) }
        if !bySetPosition.isEmpty {
            text +=
                ", only the " + Repetition.englishList(bySetPosition.map(Repetition.ordinalWord)) + " of each \(unit)"
        }
        return text
    }
}

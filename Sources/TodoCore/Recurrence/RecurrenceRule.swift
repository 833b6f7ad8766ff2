import Foundation

/// An RFC 5545 recurrence rule (the value of an `RRULE` property) of the kinds todo-tui computes:
/// `FREQ` daily to yearly, `INTERVAL`, `BYDAY` with optional ordinals (`1MO`, `-1FR`),
/// `BYMONTHDAY` (negative days count from the month's end), `BYMONTH`, `BYSETPOS`, `WKST`, and
/// `COUNT` or `UNTIL`.
///
/// Parts a to-do list has no use for (`BYHOUR`, `BYMINUTE`, `BYSECOND`, `BYWEEKNO`, `BYYEARDAY`,
/// sub-daily frequencies, RFC 7529's `RSCALE`/`SKIP`) are refused by ``init(rrule:)`` with a
/// ``RecurrenceError`` naming the part, so a caller can keep such a rule as foreign text.
///
/// Values are compared part by part in the order they were given; ``rruleText`` writes them in a
/// fixed order, and parsing that text gives back an equal value.
public struct RecurrenceRule: Sendable, Hashable {
    /// How often the rule's period comes round (RFC 5545 `FREQ`).
    public enum Frequency: String, Sendable, Hashable, CaseIterable {
        case daily = "DAILY"
        case weekly = "WEEKLY"
        case monthly = "MONTHLY"
        case yearly = "YEARLY"
    }

    /// A day of the week; raw values count from Monday (0) to Sunday (6).
    public enum Weekday: Int, Sendable, Hashable, CaseIterable, Comparable {
        case monday, tuesday, wednesday, thursday, friday, saturday, sunday

        /// The two-letter code RFC 5545 uses (`MO`, `TU`, …).
        public var code: String { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue] }

        /// The weekday of a `Calendar` weekday number (1 is Sunday, as `Calendar.firstWeekday`).
        /// - Precondition: `calendarWeekday` is 1…7.
        public init(calendarWeekday: Int) {
            precondition((1...7).contains(calendarWeekday), "a calendar weekday is 1…7")
            self = Weekday(rawValue: (calendarWeekday + 5) % 7) ?? .monday
        }

        public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One `BYDAY` entry: a weekday, alone (every such day of the period) or with an ordinal
    /// (`2TU` the second Tuesday, `-1FR` the last Friday of the month or year).
    public struct WeekdayRule: Sendable, Hashable {
        public var weekday: Weekday
        /// 1…53 or −53…−1, or `nil` for every such weekday of the period.
        public var ordinal: Int?

        public init(_ weekday: Weekday, ordinal: Int? = nil) {
            precondition(ordinal.map { $0 != 0 && abs($0) <= 53 } ?? true, "a BYDAY ordinal is ±1…53")
            self.weekday = weekday
            self.ordinal = ordinal
        }
    }

    /// A calendar day (proleptic Gregorian), as a `DATE` value names it.
    public struct Day: Sendable, Hashable, Comparable {
        public var year: Int
        public var month: Int
        public var day: Int

        /// - Precondition: the day exists.
        public init(year: Int, month: Int, day: Int) {
            precondition(
                (1...12).contains(month) && (1...CivilDate.lastDay(ofMonth: month, year: year)).contains(day),
                "the day \(year)-\(month)-\(day) does not exist")
            self.year = year
            self.month = month
            self.day = day
        }

        /// Days since 1970-01-01.
        var dayNumber: Int { CivilDate.dayNumber(year: year, month: month, day: day) }

        init(dayNumber: Int) {
            let civil = CivilDate.date(ofDayNumber: dayNumber)
            self.init(year: civil.year, month: civil.month, day: civil.day)
        }

        public static func < (lhs: Day, rhs: Day) -> Bool { lhs.dayNumber < rhs.dayNumber }
    }

    /// The last instant a rule may produce (RFC 5545 `UNTIL`), inclusive.
    public enum Until: Sendable, Hashable {
        /// A `DATE`: every occurrence on or before that day, whatever its time.
        case date(Day)
        /// A floating `DATE-TIME` (no `Z`): compared with occurrences in their wall-clock time.
        case localDateTime(Day, hour: Int, minute: Int, second: Int)
        /// A UTC `DATE-TIME` (with `Z`), whole seconds.
        case utc(Date)
    }

    public var frequency: Frequency
    /// Every how many periods the rule applies; at least 1.
    public var interval: Int {
        didSet { precondition(interval >= 1, "INTERVAL is at least 1") }
    }
    public var byDay: [WeekdayRule]
    /// 1…31 or −31…−1 (−1 is the month's last day).
    public var byMonthDay: [Int]
    /// 1…12.
    public var byMonth: [Int]
    /// ±1…366: which of each period's occurrences to keep, counted from the end when negative.
    public var bySetPosition: [Int]
    /// The week's first day (`WKST`), `nil` when the rule does not say (Monday).
    public var weekStart: Weekday?
    /// How many occurrences the series has, the series start included; `nil` for no limit.
    /// Setting a count removes ``until``: RFC 5545 allows only one of them.
    /// Completing an occurrence of a series advanced in place consumes one.
    public var count: Int? {
        didSet {
            precondition(count.map { $0 >= 1 } ?? true, "COUNT is at least 1")
            if count != nil { until = nil }
        }
    }
    /// The rule's end, inclusive; `nil` for none. Set together with the count by the initialiser.
    public private(set) var until: Until?

    /// A rule from its parts; every part but the frequency is optional.
    /// - Precondition: `interval` ≥ 1, `count` ≥ 1, and not both `count` and `until`.
    public init(
        frequency: Frequency, interval: Int = 1, byDay: [WeekdayRule] = [], byMonthDay: [Int] = [],
        byMonth: [Int] = [], bySetPosition: [Int] = [], weekStart: Weekday? = nil, count: Int? = nil,
        until: Until? = nil
    ) {
        precondition(interval >= 1, "INTERVAL is at least 1")
        precondition(count.map { $0 >= 1 } ?? true, "COUNT is at least 1")
        precondition(count == nil || until == nil, "COUNT and UNTIL exclude each other")
        self.frequency = frequency
        self.interval = interval
        self.byDay = byDay
        self.byMonthDay = byMonthDay
        self.byMonth = byMonth
        self.bySetPosition = bySetPosition
        self.weekStart = weekStart
        self.count = count
        self.until = until
    }

    /// Replaces the end of the rule: an `until` removes the count.
    public mutating func setUntil(_ until: Until?) {
        self.until = until
        if until != nil { count = nil }
    }
}

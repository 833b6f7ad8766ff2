import Foundation

/// Reads a date the way a person types it: `today`, `fri`, `+3d`, `2025-01-31`, `2025-01-31T09:30`.
///
/// Accepted forms, case-insensitive, surrounding white space ignored:
/// - `today`, `tomorrow`, `yesterday`;
/// - a weekday, `mon`…`sun` or `monday`…`sunday`: its **next occurrence strictly after today**,
///   so on a Monday `mon` is the Monday a week later (a weekday typed for a to-do looks ahead),
///   whichever day the week starts on;
/// - `next week`: the first day of next week, and `next mon`…`next sun`: that day of next week,
///   where weeks begin on the calendar's `firstWeekday` (a Friday's `next sun` is two days ahead
///   when weeks start on Sunday, nine when they start on Monday);
/// - `+Nd`/`-Nd` (days) and `+Nw`/`-Nw` (weeks) from today, with 1 to 7 digits and a sign;
/// - `YYYY-MM-DD`, a day of the ISO 8601 (proleptic Gregorian) calendar;
/// - `YYYY-MM-DDTHH:MM`, or with a space instead of `T`: a local wall-clock time, hours 00–23;
/// - a time alone — `9:30`, `14:30` (hours 0–23, two-digit minutes), `9am`, `9:30pm` (hours
///   1–12) — for that time today, or after any of the day forms above but the ISO ones, with a
///   space (`tomorrow 9:00`, `tue 14:30`, `+2d 9am`), for that time on that day.
///
/// Days are those of the injected calendar and its time zone. Distances are counted in civil days
/// and instants placed with `Calendar.date(byAdding:to:)`, never by adding multiples of 86,400
/// seconds, so days of 23 or 25 hours around daylight-saving changes come out right. A wall-clock time that a change
/// skips (02:30 on the spring-forward
/// night in Berlin) moves forward by the length of the gap (03:30); one that happens twice (the
/// autumn night) is the earlier of the two. Years must lie in 1000…9999. Nothing here reads the
/// wall clock: `now` and `calendar` come from the caller.
public enum DateInput {
    /// The accepted forms, as a phrase for error messages and help screens.
    public static let acceptedForms =
        "today, tomorrow, yesterday, a weekday (mon…sun), next week, next mon…next sun, +3d, -2d, +1w, "
        + "2025-01-31 or 2025-01-31T09:30, "
        + "each optionally followed by a time (tomorrow 9:00, tue 14:30), or a time alone for today (9am, 9:30pm, "
        + "18:00)"

    /// Why a date in an accepted form names no real day or time.
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// The year, typed or reached by an offset, lies outside 1000…9999.
        case yearOutOfRange
        /// The month is not 01…12.
        case monthOutOfRange
        /// The day does not exist in that month (2025-02-30).
        case dayOutOfRange(year: Int, month: Int, lastDay: Int)
        /// The hour is not 00…23.
        case hourOutOfRange
        /// The minute is not 00…59.
        case minuteOutOfRange
        /// With `am` or `pm`, the hour is not 1…12 (`13pm`, `0am`).
        case twelveHourOutOfRange

        public var description: String {
            switch self {
            case .yearOutOfRange: "only the years 1000 to 9999 are supported"
            case .monthOutOfRange: "months run from 01 to 12"
            case .dayOutOfRange(let year, let month, let lastDay):
                "\(year)-\(String(month).leftPadded(to: 2)) has days 01 to \(lastDay)"
            case .hourOutOfRange: "hours run from 00 to 23 (times are written 9:30, 14:30, 9am or 9:30pm)"
            case .minuteOutOfRange: "minutes run from 00 to 59 (times are written 9:30, 14:30, 9am or 9:30pm)"
            case .twelveHourOutOfRange:
                "with am or pm, hours run from 1 to 12 (times are written 9:30, 14:30, 9am or 9:30pm)"
            }
        }
    }

    /// The start of the day that `text` names.
    ///
    /// For `2025-01-31T09:30` it is the start of 2025-01-31: the time is ignored.
    /// - Parameters:
    ///   - text: what the person typed, in one of the accepted forms.
    ///   - now: the current instant; relative forms count from its day.
    ///   - calendar: the calendar and time zone that define days.
    /// - Throws: `ItemError.unknownDate` for a form not accepted, `.invalidDate` for a day or
    ///   time that does not exist or a year outside 1000…9999.
    public static func day(_ text: String, now: Date, calendar: Calendar) throws(ItemError) -> Date {
        try dayInterval(text, now: now, calendar: calendar).start
    }

    /// The instant an item dated with `text` should get.
    ///
    /// For a day-only form it is that day at the same wall-clock time as `now`, so `today` is
    /// `now` itself and items re-dated one after another keep their order within the day. For
    /// `2025-01-31T09:30` it is exactly that local time.
    /// - Parameters:
    ///   - text: what the person typed, in one of the accepted forms.
    ///   - now: the current instant; relative forms count from its day, and day-only forms take
    ///     its time of day.
    ///   - calendar: the calendar and time zone that define days.
    /// - Throws: `ItemError.unknownDate` for a form not accepted, `.invalidDate` for a day or
    ///   time that does not exist or a year outside 1000…9999.
    public static func date(_ text: String, now: Date, calendar: Calendar) throws(ItemError) -> Date {
        let typed = text.trimmingCharacters(in: .whitespaces)
        let outOfRange = ItemError.invalidDate(typed, problem: .yearOutOfRange)
        let form = try Form(parsing: typed)
        var iso = Calendar(identifier: .gregorian)
        iso.timeZone = calendar.timeZone
        guard let today = Form.dayNumber(of: now, in: iso) else { throw outOfRange }
        let target: Int
        switch form.day {
        case .daysFromToday(let days):
            target = today + days
        case .nextWeekday(let weekday):
            target = today + (weekday - calendar.component(.weekday, from: now) + 6) % 7 + 1
        case .weekdayOfNextWeek(let weekday):
            let startOfWeek = today - (calendar.component(.weekday, from: now) - calendar.firstWeekday + 7) % 7
            target = startOfWeek + 7 + (weekday.map { ($0 - calendar.firstWeekday + 7) % 7 } ?? 0)
        case .calendarDay(let day), .localTime(let day, _, _):
            target = day
        case .timed:
            preconditionFailure("a form's day part has no time")
        }
        guard Form.supportedDays.contains(target),
            let sameTimeOfDay = calendar.date(byAdding: .day, value: target - today, to: now)
        else { throw outOfRange }
        guard let (hour, minute) = form.time else { return sameTimeOfDay }
        // The typed day's own components in `calendar` (whatever its system) with the typed
        // time: `date(from:)` moves a time skipped by a daylight-saving change forward.
        var wallClock = calendar.dateComponents([.era, .year, .month, .day], from: sameTimeOfDay)
        wallClock.hour = hour
        wallClock.minute = minute
        guard let instant = calendar.date(from: wallClock) else { throw outOfRange }
        return instant
    }

    /// The new date of an item dated `current` that a person re-dates to `text`.
    ///
    /// A day-only form keeps the item's own wall-clock time (to the millisecond) on the new day,
    /// so re-dating moves an item between days without reordering it within them; a time the new
    /// day skips (a daylight-saving change) moves forward by the gap, as in `date`. A form with
    /// a time (`2025-01-31T09:30`) is taken as it is.
    /// - Throws: as `date(_:now:calendar:)`.
    public static func redate(_ current: Date, to text: String, now: Date, calendar: Calendar) throws(ItemError) -> Date
    {
        if try Form(parsing: text.trimmingCharacters(in: .whitespaces)).time != nil {
            return try date(text, now: now, calendar: calendar)
        }
        let day = try self.day(text, now: now, calendar: calendar)
        let clock = calendar.dateComponents([.hour, .minute, .second, .nanosecond], from: current)
        var wallClock = calendar.dateComponents([.era, .year, .month, .day], from: day)
        wallClock.hour = clock.hour
        wallClock.minute = clock.minute
        wallClock.second = clock.second
        wallClock.nanosecond = clock.nanosecond
        guard let instant = calendar.date(from: wallClock), calendar.isDate(instant, inSameDayAs: day) else {
            return day
        }
        return instant.roundedToMilliseconds
    }

    /// The whole day that `text` names, from its start to the start of the next day.
    /// - Throws: as `day(_:now:calendar:)`.
    static func dayInterval(_ text: String, now: Date, calendar: Calendar) throws(ItemError) -> DateInterval {
        let instant = try date(text, now: now, calendar: calendar)
        guard let interval = calendar.dateInterval(of: .day, for: instant) else {
            throw .invalidDate(text.trimmingCharacters(in: .whitespaces), problem: .yearOutOfRange)
        }
        return interval
    }
}

extension DateInput {
    /// A typed date, recognised but not yet placed on a calendar.
    enum Form {
        /// The `CivilDate` day numbers of 1000-01-01 through 9999-12-31.
        static let supportedDays =
            CivilDate.dayNumber(year: 1000, month: 1, day: 1)...CivilDate.dayNumber(year: 9999, month: 12, day: 31)

        case daysFromToday(Int)
        /// Foundation's weekday numbering: 1 is Sunday.
        case nextWeekday(Int)
        /// A day of next week (weeks as the calendar's `firstWeekday` begins them): the weekday
        /// in Foundation's numbering, or nil for the week's first day (`next week`).
        case weekdayOfNextWeek(Int?)
        /// A `CivilDate` day number.
        case calendarDay(Int)
        /// A `CivilDate` day number and a wall-clock time on it.
        case localTime(Int, hour: Int, minute: Int)
        /// A day form without a time (`tomorrow`, `tue`, `+2d`, today for a time alone) and a
        /// wall-clock time on that day.
        indirect case timed(Form, hour: Int, minute: Int)

        /// The form without its time (`timed`'s day form); the form itself otherwise.
        var day: Form {
            if case .timed(let day, _, _) = self { day } else { self }
        }

        /// The typed wall-clock time, if any.
        var time: (hour: Int, minute: Int)? {
            switch self {
            case .localTime(_, let hour, let minute), .timed(_, let hour, let minute): (hour, minute)
            case .daysFromToday, .nextWeekday, .weekdayOfNextWeek, .calendarDay: nil
            }
        }

        static let namedDays = ["today": 0, "tomorrow": 1, "yesterday": -1]
        static let weekdays: [String: Int] = {
            let names = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
            var table: [String: Int] = [:]
            for (index, name) in names.enumerated() {
                table[name] = index + 1
                table[String(name.prefix(3))] = index + 1
            }
            return table
        }()

        /// Recognises `typed` (already trimmed).
        init(parsing typed: String) throws(ItemError) {
            try self.init(parsing: typed, reportingAs: typed)
        }

        /// Recognises `text` (trimmed); errors quote `typed`, the whole text this is part of.
        private init(parsing text: String, reportingAs typed: String) throws(ItemError) {
            let word = text.lowercased()
            if let days = Self.namedDays[word] {
                self = .daysFromToday(days)
            } else if let weekday = Self.weekdays[word] {
                self = .nextWeekday(weekday)
            } else if word.hasPrefix("next "), let form = Self.nextWeek(word.dropFirst(5)) {
                self = form
            } else if let form = try Self.offset(Array(word.utf8), typed: typed) {
                self = form
            } else if let form = try Self.iso(Array(word.utf8), typed: typed) {
                self = form
            } else if let (hour, minute) = try Self.time(Array(word.utf8), typed: typed) {
                self = .timed(.daysFromToday(0), hour: hour, minute: minute)
            } else if let space = word.lastIndex(of: " "),
                let (hour, minute) = try Self.time(Array(word[word.index(after: space)...].utf8), typed: typed)
            {
                let dayText = text[..<space].trimmingCharacters(in: .whitespaces)
                let day = try Form(parsing: dayText, reportingAs: typed)
                // Only a day without a time takes one: `2025-01-31T09:30 10:00` is no date.
                guard day.time == nil, !dayText.isEmpty else { throw .unknownDate(typed) }
                self = .timed(day, hour: hour, minute: minute)
            } else {
                throw .unknownDate(typed)
            }
        }

        /// `next week` or `next mon`…`next sun` without `next `; nil for anything else.
        private static func nextWeek(_ rest: Substring) -> Form? {
            let word = rest.trimmingCharacters(in: .whitespaces)
            if word == "week" { return .weekdayOfNextWeek(nil) }
            return weekdays[word].map { .weekdayOfNextWeek($0) }
        }

        /// `9:30`, `14:30`, `9am`, `12pm`, `9:30pm` (case-insensitive): an hour of one or two
        /// digits, `:` and two minute digits, and/or `am`/`pm`; nil for any other shape, an error
        /// for the right shape with an hour or minute that does not exist.
        private static func time(_ bytes: [UInt8], typed: String) throws(ItemError) -> (hour: Int, minute: Int)? {
            var body = bytes[...]
            var afternoon: Bool?
            if body.count >= 3, body.last == Byte.lowercaseM {
                switch body[body.endIndex - 2] {
                case Byte.lowercaseA: afternoon = false
                case Byte.lowercaseP: afternoon = true
                default: return nil
                }
                body = body.dropLast(2)
            }
            let colon = body.firstIndex(of: Byte.colon)
            let hourRange = body.startIndex..<(colon ?? body.endIndex)
            guard (1...2).contains(hourRange.count), let typedHour = number(bytes, hourRange) else { return nil }
            var minute = 0
            if let colon {
                let minuteRange = colon + 1..<body.endIndex
                guard minuteRange.count == 2, let typedMinute = number(bytes, minuteRange) else { return nil }
                minute = typedMinute
            } else if afternoon == nil {
                return nil
            }
            var hour = typedHour
            if let afternoon {
                guard (1...12).contains(typedHour) else { throw .invalidDate(typed, problem: .twelveHourOutOfRange) }
                hour = typedHour % 12 + (afternoon ? 12 : 0)
            }
            guard hour < 24 else { throw .invalidDate(typed, problem: .hourOutOfRange) }
            guard minute < 60 else { throw .invalidDate(typed, problem: .minuteOutOfRange) }
            return (hour, minute)
        }

        /// `+3d`, `-2w`: a sign, ASCII digits and a unit; nil for any other shape.
        private static func offset(_ bytes: [UInt8], typed: String) throws(ItemError) -> Form? {
            guard bytes.count >= 3, let sign = bytes.first, let unit = bytes.last else { return nil }
            let isBackwards: Bool
            switch sign {
            case Byte.plus: isBackwards = false
            case Byte.minus: isBackwards = true
            default: return nil
            }
            let daysPerUnit: Int
            switch unit {
            case Byte.lowercaseD: daysPerUnit = 1
            case Byte.lowercaseW: daysPerUnit = 7
            default: return nil
            }
            let digits = 1..<bytes.count - 1
            guard bytes[digits].allSatisfy(isDigit) else { return nil }
            // Eight digits are already far outside the supported years, and more could overflow.
            guard digits.count <= 7, let count = number(bytes, digits) else {
                throw .invalidDate(typed, problem: .yearOutOfRange)
            }
            let distance: Int = count * daysPerUnit
            return .daysFromToday(isBackwards ? -distance : distance)
        }

        /// `2025-01-31` and `2025-01-31T09:30` (`t` or a space also separate); nil for any other
        /// shape, an error for the right shape with values that name no day or time.
        private static func iso(_ bytes: [UInt8], typed: String) throws(ItemError) -> Form? {
            let hasTime = bytes.count == 16
            guard bytes.count == 10 || hasTime, bytes[4] == Byte.minus, bytes[7] == Byte.minus,
                let year = number(bytes, 0..<4), let month = number(bytes, 5..<7), let day = number(bytes, 8..<10)
            else { return nil }
            var hour = 0
            var minute = 0
            if hasTime {
                guard Byte.timeSeparators.contains(bytes[10]), bytes[13] == Byte.colon,
                    let typedHour = number(bytes, 11..<13), let typedMinute = number(bytes, 14..<16)
                else { return nil }
                hour = typedHour
                minute = typedMinute
            }
            guard (1000...9999).contains(year) else { throw .invalidDate(typed, problem: .yearOutOfRange) }
            guard (1...12).contains(month) else { throw .invalidDate(typed, problem: .monthOutOfRange) }
            let lastDay = CivilDate.lastDay(ofMonth: month, year: year)
            guard (1...lastDay).contains(day) else {
                throw .invalidDate(typed, problem: .dayOutOfRange(year: year, month: month, lastDay: lastDay))
            }
            guard hour < 24 else { throw .invalidDate(typed, problem: .hourOutOfRange) }
            guard minute < 60 else { throw .invalidDate(typed, problem: .minuteOutOfRange) }
            let number = CivilDate.dayNumber(year: year, month: month, day: day)
            return hasTime ? .localTime(number, hour: hour, minute: minute) : .calendarDay(number)
        }

        /// The `CivilDate` day number of the day containing `date` in `iso`; exact from
        /// 1582-10-15 on, where Foundation's Gregorian calendar begins.
        static func dayNumber(of date: Date, in iso: Calendar) -> Int? {
            let parts = iso.dateComponents([.year, .month, .day], from: date)
            guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
            return CivilDate.dayNumber(year: year, month: month, day: day)
        }

        /// The value of the ASCII digits in `range`; nil when any byte is not a digit.
        private static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard isDigit(byte) else { return nil }
                value = value * 10 + Int(byte - Byte.zero)
            }
            return value
        }

        private static func isDigit(_ byte: UInt8) -> Bool {
            byte >= Byte.zero && byte <= Byte.nine
        }
    }

    /// The ASCII bytes the numeric forms are made of.
    private enum Byte {
        static let plus = UInt8(ascii: "+")
        static let minus = UInt8(ascii: "-")
        static let colon = UInt8(ascii: ":")
        static let zero = UInt8(ascii: "0")
        static let nine = UInt8(ascii: "9")
        static let lowercaseD = UInt8(ascii: "d")
        static let lowercaseW = UInt8(ascii: "w")
        static let lowercaseA = UInt8(ascii: "a")
        static let lowercaseP = UInt8(ascii: "p")
        static let lowercaseM = UInt8(ascii: "m")
        static let timeSeparators: Set<UInt8> = [UInt8(ascii: "t"), UInt8(ascii: " ")]
    }
}

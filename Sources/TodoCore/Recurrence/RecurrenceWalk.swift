/// The days a ``RecurrenceRule`` produces from a series start, in order, period by period
/// (RFC 5545 §3.3.10: a period of the frequency, its candidate days expanded and limited by the
/// BY parts, then `BYSETPOS`). Times of day, `COUNT`, `UNTIL` and the series start's own place in
/// the series are the caller's (``Repetition``).
///
/// Days are day numbers (days since 1970-01-01, proleptic Gregorian).
struct RecurrenceWalk {
    private let rule: RecurrenceRule
    /// The series start's day; days before it are never produced.
    let startDay: Int
    private let start: (year: Int, month: Int, day: Int)
    private let weekStart: Int
    /// The first day of the week holding the start (weekly rules).
    private let startWeek: Int
    /// A rule with no day in this many periods in a row has none at all: the Gregorian calendar
    /// repeats every 400 years, so 400 years of periods have shown every case.
    private let periodsInFourHundredYears: Int
    /// Whether every BYSETPOS asks for a position past the most days a period can hold, so the
    /// rule has no day at all (found at once instead of after 400 years of periods).
    private let isEmpty: Bool

    private var period = 0
    private var buffer: [Int] = []
    private var position = 0

    init(rule: RecurrenceRule, startDay: Int) {
        self.rule = rule
        self.startDay = startDay
        start = CivilDate.date(ofDayNumber: startDay)
        weekStart = (rule.weekStart ?? .monday).rawValue
        startWeek = startDay - (Self.weekday(of: startDay) - weekStart + 7) % 7
        periodsInFourHundredYears =
            switch rule.frequency {
            case .daily: 146_097
            case .weekly: 20_871
            case .monthly: 4_800
            case .yearly: 400
            }
        let mostDays =
            switch rule.frequency {
            case .daily: 1
            case .weekly: 7
            case .monthly: 31
            case .yearly: 366
            }
        isEmpty = !rule.bySetPosition.isEmpty && rule.bySetPosition.allSatisfy { abs($0) > mostDays }
    }

    /// Monday 0 … Sunday 6; 1970-01-01 was a Thursday.
    static func weekday(of day: Int) -> Int { ((day + 3) % 7 + 7) % 7 }

    /// Moves to the first period that can hold `day` or a later day, so that the next ``next()``
    /// costs a few periods instead of every period since the series start. Never moves backwards.
    /// - Complexity: O(1).
    mutating func skip(toPeriodContaining day: Int) {
        let steps: Int
        switch rule.frequency {
        case .daily: steps = day - startDay
        case .weekly: steps = Self.floorDivide(day - startWeek, 7)
        case .monthly:
            let civil = CivilDate.date(ofDayNumber: day)
            steps = (civil.year - start.year) * 12 + civil.month - start.month
        case .yearly: steps = CivilDate.date(ofDayNumber: day).year - start.year
        }
        let target = Self.floorDivide(steps, rule.interval)
        if target > period {
            period = target
            buffer = []
            position = 0
        }
    }

    /// The next day of the rule on or after the start, or `nil` when the rule has no more.
    /// - Complexity: amortised O(days per period × BY entries) per period visited; a rule whose
    ///   days are rare (February 29) visits up to a few hundred empty periods.
    mutating func next() -> Int? {
        var emptyPeriods = 0
        while position >= buffer.count {
            guard !isEmpty else { return nil }
            guard emptyPeriods < periodsInFourHundredYears else { return nil }
            buffer = days(ofPeriod: period).filter { $0 >= startDay }
            position = 0
            period += 1
            emptyPeriods += 1
        }
        position += 1
        return buffer[position - 1]
    }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// The sorted days of period `index` (counted in intervals from the start's period), after
    /// `BYSETPOS`.
    private func days(ofPeriod index: Int) -> [Int] {
        let steps = index * rule.interval
        let candidates: [Int]
        switch rule.frequency {
        case .daily: candidates = dailyCandidates(startDay + steps)
        case .weekly: candidates = weeklyCandidates(startWeek + 7 * steps)
        case .monthly:
            let months = start.year * 12 + start.month - 1 + steps
            candidates = monthlyCandidates(
                year: Self.floorDivide(months, 12), month: months - Self.floorDivide(months, 12) * 12 + 1)
        case .yearly: candidates = yearlyCandidates(year: start.year + steps)
        }
        return selectPositions(candidates)
    }

    private func dailyCandidates(_ day: Int) -> [Int] {
        let civil = CivilDate.date(ofDayNumber: day)
        if !rule.byMonth.isEmpty && !rule.byMonth.contains(civil.month) { return [] }
        if !rule.byMonthDay.isEmpty && !matchesMonthDay(civil) { return [] }
        if !rule.byDay.isEmpty && !rule.byDay.contains(where: { $0.weekday.rawValue == Self.weekday(of: day) }) {
            return []
        }
        return [day]
    }

    private func weeklyCandidates(_ weekFirst: Int) -> [Int] {
        let weekdays = rule.byDay.isEmpty ? [Self.weekday(of: startDay)] : rule.byDay.map(\.weekday.rawValue)
        return (weekFirst..<weekFirst + 7).filter { day in
            weekdays.contains(Self.weekday(of: day))
                && (rule.byMonth.isEmpty || rule.byMonth.contains(CivilDate.date(ofDayNumber: day).month))
        }
    }

    private func monthlyCandidates(year: Int, month: Int) -> [Int] {
        if !rule.byMonth.isEmpty && !rule.byMonth.contains(month) { return [] }
        return daysOfMonth(year: year, month: month, ordinalFrame: monthFrame(year: year, month: month))
    }

    private func yearlyCandidates(year: Int) -> [Int] {
        let expandsMonths = !rule.byMonthDay.isEmpty || !rule.byDay.isEmpty
        let months = !rule.byMonth.isEmpty ? rule.byMonth.sorted() : expandsMonths ? Array(1...12) : [start.month]
        // BYDAY ordinals count within the month when BYMONTH is given, else within the year.
        let yearFrame =
            CivilDate.dayNumber(year: year, month: 1, day: 1)...CivilDate.dayNumber(year: year, month: 12, day: 31)
        if rule.byMonthDay.isEmpty && !rule.byDay.isEmpty && rule.byMonth.isEmpty {
            return yearFrame.filter { matchesWeekday($0, frame: yearFrame) }
        }
        var days: [Int] = []
        for month in Set(months).sorted() {
            let frame = rule.byMonth.isEmpty ? yearFrame : monthFrame(year: year, month: month)
            days += daysOfMonth(year: year, month: month, ordinalFrame: frame)
        }
        return days
    }

    private func monthFrame(year: Int, month: Int) -> ClosedRange<Int> {
        let first = CivilDate.dayNumber(year: year, month: month, day: 1)
        return first...first + CivilDate.lastDay(ofMonth: month, year: year) - 1
    }

    /// The days of one month the BYMONTHDAY and BYDAY parts pick (or the start's day of the month
    /// when neither is given), BYDAY ordinals counted within `ordinalFrame`.
    private func daysOfMonth(year: Int, month: Int, ordinalFrame: ClosedRange<Int>) -> [Int] {
        let length = CivilDate.lastDay(ofMonth: month, year: year)
        let first = CivilDate.dayNumber(year: year, month: month, day: 1)
        if !rule.byMonthDay.isEmpty {
            let monthDays = Set(
                rule.byMonthDay.compactMap {
                    $0 > 0 ? ($0 <= length ? $0 : nil) : (length + 1 + $0 >= 1 ? length + 1 + $0 : nil)
                })
            return monthDays.sorted().map { first + $0 - 1 }.filter {
                rule.byDay.isEmpty || matchesWeekday($0, frame: ordinalFrame)
            }
        }
        if !rule.byDay.isEmpty {
            return (first..<first + length).filter { matchesWeekday($0, frame: ordinalFrame) }
        }
        return start.day <= length ? [first + start.day - 1] : []
    }

    private func matchesMonthDay(_ civil: (year: Int, month: Int, day: Int)) -> Bool {
        let length = CivilDate.lastDay(ofMonth: civil.month, year: civil.year)
        return rule.byMonthDay.contains { $0 > 0 ? $0 == civil.day : length + 1 + $0 == civil.day }
    }

    /// Whether `day` is one of the BYDAY entries: a plain weekday, or the nth (from the end when
    /// negative) such weekday of `frame`.
    private func matchesWeekday(_ day: Int, frame: ClosedRange<Int>) -> Bool {
        let weekday = Self.weekday(of: day)
        return rule.byDay.contains { entry in
            guard entry.weekday.rawValue == weekday else { return false }
            guard let ordinal = entry.ordinal else { return true }
            return ordinal > 0
                ? (day - frame.lowerBound) / 7 == ordinal - 1 : (frame.upperBound - day) / 7 == -ordinal - 1
        }
    }

    private func selectPositions(_ days: [Int]) -> [Int] {
        guard !rule.bySetPosition.isEmpty else { return days }
        let picked = rule.bySetPosition.compactMap { position -> Int? in
            let index = position > 0 ? position - 1 : days.count + position
            return days.indices.contains(index) ? days[index] : nil
        }
        return Set(picked).sorted()
    }
}

import Foundation

extension RecurrenceRule {
    /// Parses the value of an `RRULE` property, e.g. `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH`.
    ///
    /// Part names and values are case-insensitive and may come in any order; a leading `RRULE:`
    /// is accepted. Anything todo-tui cannot compute is refused rather than approximated, so the
    /// caller can keep the text exactly as another program wrote it.
    /// - Throws: a ``RecurrenceError`` naming the first part that is not computable or not valid.
    /// - Complexity: O(n) in the length of the text.
    public init(rrule text: String) throws(RecurrenceError) {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if body.uppercased().hasPrefix("RRULE:") { body = body.dropFirst(6) }
        var parts: [String: String] = [:]
        var order: [String] = []
        for piece in body.split(separator: ";", omittingEmptySubsequences: true) {
            guard let equals = piece.firstIndex(of: "="), equals != piece.startIndex else {
                throw .malformed(String(piece))
            }
            let name = piece[..<equals].uppercased()
            let value = String(piece[piece.index(after: equals)...])
            guard parts[name] == nil else { throw .repeatedPart(name) }
            parts[name] = value
            order.append(name)
        }
        // BYHOUR, BYWEEKNO, RSCALE and unknown names alike: refused, never dropped.
        if let name = order.first(where: { !Self.knownParts.contains($0) }) { throw .unsupportedPart(name) }
        guard let frequencyText = parts["FREQ"] else { throw .missingFrequency }
        guard let frequency = Frequency(rawValue: frequencyText.uppercased()) else {
            throw .unsupportedFrequency(frequencyText.uppercased())
        }
        self.init(frequency: frequency)
        try readParts(parts)
    }

    private static let knownParts: Set<String> = [
        "FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYMONTH", "BYSETPOS", "WKST", "COUNT", "UNTIL",
    ]

    private mutating func readParts(_ parts: [String: String]) throws(RecurrenceError) {
        if let value = parts["INTERVAL"] {
            interval = try Self.integer(value, part: "INTERVAL", in: 1...Int(Int32.max))
        }
        if let value = parts["BYMONTH"] { byMonth = try Self.integers(value, part: "BYMONTH", in: 1...12) }
        if let value = parts["BYMONTHDAY"] {
            guard frequency != .weekly else { throw .partNotAllowed(part: "BYMONTHDAY", frequency: "WEEKLY") }
            byMonthDay = try Self.integers(value, part: "BYMONTHDAY", in: -31...31)
        }
        if let value = parts["BYDAY"] { byDay = try Self.weekdayRules(value, frequency: frequency) }
        if let value = parts["BYSETPOS"] { bySetPosition = try Self.integers(value, part: "BYSETPOS", in: -366...366) }
        if let value = parts["WKST"] {
            guard let day = Self.weekday(code: value) else { throw .invalidValue(part: "WKST", value: value) }
            weekStart = day
        }
        switch (parts["COUNT"], parts["UNTIL"]) {
        case (.some, .some): throw .countAndUntil
        case (.some(let value), nil): count = try Self.integer(value, part: "COUNT", in: 1...Int(Int32.max))
        case (nil, .some(let value)):
            guard let end = Self.until(value) else { throw .invalidValue(part: "UNTIL", value: value) }
            setUntil(end)
        case (nil, nil): break
        }
    }

    /// The rule as `RRULE` value text in a fixed order: `FREQ`, `INTERVAL` (only when not 1),
    /// `BYMONTH`, `BYMONTHDAY`, `BYDAY`, `BYSETPOS`, `WKST`, then `COUNT` or `UNTIL`.
    /// ``init(rrule:)`` of this text gives back an equal rule.
    public var rruleText: String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if !byMonth.isEmpty { parts.append("BYMONTH=" + byMonth.map(String.init).joined(separator: ",")) }
        if !byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + byMonthDay.map(String.init).joined(separator: ",")) }
        if !byDay.isEmpty {
            parts.append(
                "BYDAY=" + byDay.map { ($0.ordinal.map(String.init) ?? "") + $0.weekday.code }.joined(separator: ","))
        }
        if !bySetPosition.isEmpty { parts.append("BYSETPOS=" + bySetPosition.map(String.init).joined(separator: ",")) }
        if let weekStart { parts.append("WKST=" + weekStart.code) }
        if let count { parts.append("COUNT=\(count)") }
        if let until { parts.append("UNTIL=" + Self.text(of: until)) }
        return parts.joined(separator: ";")
    }

    private static func integer(_ text: String, part: String, in range: ClosedRange<Int>) throws(RecurrenceError) -> Int
    {
        guard let value = Int(text), range.contains(value) else { throw .invalidValue(part: part, value: text) }
        return value
    }

    /// A comma-separated list of non-zero integers in `range`.
    private static func integers(
        _ text: String, part: String, in range: ClosedRange<Int>
    ) throws(RecurrenceError) -> [Int] {
        var values: [Int] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let value = try integer(String(item), part: part, in: range)
            guard value != 0 else { throw .invalidValue(part: part, value: text) }
            values.append(value)
        }
        return values
    }

    private static func weekday(code: some StringProtocol) -> Weekday? {
        Weekday.allCases.first { $0.code == code.uppercased() }
    }

    private static func weekdayRules(_ text: String, frequency: Frequency) throws(RecurrenceError) -> [WeekdayRule] {
        var rules: [WeekdayRule] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard item.count >= 2, let day = weekday(code: item.suffix(2)) else {
                throw .invalidValue(part: "BYDAY", value: text)
            }
            let prefix = item.dropLast(2)
            if prefix.isEmpty {
                rules.append(WeekdayRule(day))
                continue
            }
            guard frequency == .monthly || frequency == .yearly else {
                throw .partNotAllowed(part: "BYDAY=\(item)", frequency: frequency.rawValue)
            }
            let ordinal = try integer(String(prefix), part: "BYDAY", in: -53...53)
            guard ordinal != 0 else { throw .invalidValue(part: "BYDAY", value: text) }
            rules.append(WeekdayRule(day, ordinal: ordinal))
        }
        return rules
    }

    /// `YYYYMMDD`, `YYYYMMDDTHHMMSS` or `YYYYMMDDTHHMMSSZ`.
    private static func until(_ text: String) -> Until? {
        let characters = Array(text.uppercased().utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= characters.count,
                characters[range].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { return nil }
            return characters[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8), (1...12).contains(month),
            (1...CivilDate.lastDay(ofMonth: month, year: year)).contains(day)
        else { return nil }
        let date = Day(year: year, month: month, day: day)
        if characters.count == 8 { return .date(date) }
        guard characters.count == 15 || characters.count == 16, characters[8] == UInt8(ascii: "T"),
            let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15), hour < 24,
            minute < 60, second < 60
        else { return nil }
        if characters.count == 15 { return .localDateTime(date, hour: hour, minute: minute, second: second) }
        guard characters[15] == UInt8(ascii: "Z") else { return nil }
        let seconds = date.dayNumber * 86_400 + hour * 3_600 + minute * 60 + second
        return .utc(Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    private static func text(of until: Until) -> String {
        func digits(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        func day(_ day: Day) -> String { digits(day.year, 4) + digits(day.month, 2) + digits(day.day, 2) }
        switch until {
        case .date(let date):
            return day(date)
        case .localDateTime(let date, let hour, let minute, let second):
            return day(date) + "T" + digits(hour, 2) + digits(minute, 2) + digits(second, 2)
        case .utc(let instant):
            let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
            let (dayNumber, intoDay) = CivilDate.day(containing: seconds, unitsPerDay: 86_400)
            return day(Day(dayNumber: dayNumber)) + "T" + digits(intoDay / 3_600, 2) + digits(intoDay % 3_600 / 60, 2)
                + digits(intoDay % 60, 2) + "Z"
        }
    }
}

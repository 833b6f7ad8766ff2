import Foundation

/// A date or date-time read from an import, before it is placed on the time line.
///
/// Imports meet three kinds of timestamps: instants that carry `Z` or an offset, wall-clock
/// times without one (iCalendar's "floating" times and `TZID` times), and bare days. Only the
/// first is an instant by itself; the others need a calendar and time zone, which the caller
/// injects (`date(in:timeZone:)`).
enum ParsedTimestamp: Equatable {
    /// An instant: the text ended in `Z` or a numeric offset.
    case instant(Date)
    /// Wall-clock fields without an offset.
    case local(UTCDateTime)
    /// A whole day: `YYYY-MM-DD` or `YYYYMMDD`.
    case day(UTCDateTime)

    /// Parses ISO-8601 / RFC 3339 extended forms (`2025-01-12`, `2025-01-12T09:30:00.250+09:00`,
    /// also with a space for `T`) and the basic forms of iCalendar and Taskwarrior (`20250112`,
    /// `20250112T093000`, `20250112T093000Z`).
    ///
    /// - Returns: `nil` when the text is not one of these forms or names an impossible date.
    /// - Complexity: O(n) in the length of the text.
    static func parse<S: StringProtocol>(_ text: S) -> ParsedTimestamp? {
        var scanner = DigitScanner(Array(text.utf8))
        let extended = scanner.bytes.count >= 10 && scanner.bytes[4] == UInt8(ascii: "-")
        guard let year = scanner.number(digits: 4),
            scanner.skip(UInt8(ascii: "-"), if: extended), let month = scanner.number(digits: 2),
            scanner.skip(UInt8(ascii: "-"), if: extended), let day = scanner.number(digits: 2)
        else { return nil }
        if scanner.isAtEnd {
            return UTCDateTime(year: year, month: month, day: day).map { .day($0) }
        }
        guard scanner.skip(oneOf: [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")]),
            let hour = scanner.number(digits: 2),
            scanner.skip(UInt8(ascii: ":"), if: extended), let minute = scanner.number(digits: 2),
            scanner.skip(UInt8(ascii: ":"), if: extended), let second = scanner.number(digits: 2)
        else { return nil }
        var millisecond = 0
        if extended, scanner.skip(oneOf: [UInt8(ascii: "."), UInt8(ascii: ",")]) {
            guard let fraction = scanner.fractionInMilliseconds() else { return nil }
            millisecond = fraction
        }
        guard
            let fields = UTCDateTime(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second, millisecond: millisecond
            )
        else { return nil }
        if scanner.isAtEnd { return .local(fields) }
        guard let offset = scanner.offsetInSeconds(), scanner.isAtEnd else { return nil }
        return .instant(fields.date.addingTimeInterval(-Double(offset)))
    }

    /// The instant this timestamp names: local fields and days are read in `timeZone`, else in
    /// the calendar's time zone; a day becomes its first instant.
    /// - Returns: `nil` only when the calendar cannot represent the fields.
    func date(in calendar: Calendar, timeZone: TimeZone? = nil) -> Date? {
        switch self {
        case .instant(let date):
            return date
        case .local(let fields), .day(let fields):
            var zoned = calendar
            if let timeZone { zoned.timeZone = timeZone }
            let components = DateComponents(
                year: fields.year, month: fields.month, day: fields.day,
                hour: fields.hour, minute: fields.minute, second: fields.second,
                nanosecond: fields.millisecond * 1_000_000
            )
            return zoned.date(from: components)?.roundedToMilliseconds
        }
    }
}

/// A cursor over ASCII bytes for the fixed-width numbers of timestamps.
private struct DigitScanner {
    let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    /// Reads exactly `digits` decimal digits.
    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += digits
        return value
    }

    /// Skips `byte` when `required`; succeeds without reading when not required.
    mutating func skip(_ byte: UInt8, if required: Bool) -> Bool {
        guard required else { return true }
        return skip(oneOf: [byte])
    }

    mutating func skip(oneOf choices: [UInt8]) -> Bool {
        guard index < bytes.count, choices.contains(bytes[index]) else { return false }
        index += 1
        return true
    }

    /// One or more fraction digits, truncated to milliseconds.
    mutating func fractionInMilliseconds() -> Int? {
        var value = 0
        var count = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            if count < 3 { value = value * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
            count += 1
            index += 1
        }
        guard count > 0 else { return nil }
        for _ in count..<max(count, 3) { value *= 10 }
        return value
    }

    /// `Z`, or `+HH:MM` / `-HHMM` / `+HH`, as seconds east of UTC.
    mutating func offsetInSeconds() -> Int? {
        if skip(oneOf: [UInt8(ascii: "Z"), UInt8(ascii: "z")]) { return 0 }
        let sign: Int
        if skip(oneOf: [UInt8(ascii: "+")]) {
            sign = 1
        } else if skip(oneOf: [UInt8(ascii: "-")]) {
            sign = -1
        } else {
            return nil
        }
        guard let hours = number(digits: 2), hours <= 23 else { return nil }
        var minutes = 0
        if !isAtEnd {
            _ = skip(oneOf: [UInt8(ascii: ":")])
            guard let value = number(digits: 2), value <= 59 else { return nil }
            minutes = value
        }
        return sign * (hours * 3_600 + minutes * 60)
    }
}

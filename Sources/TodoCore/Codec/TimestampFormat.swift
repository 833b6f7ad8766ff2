/// ISO-8601 timestamps in the store: written as UTC with milliseconds, read with any offset.
///
/// Hand-written on whole milliseconds since 1970 and `CivilDate`'s day numbers, because
/// `DateFormatter` and `ISO8601DateFormatter` would dominate the cost of loading a large store.
/// Years are limited to 0000–9999, the four digits the format has room for.
enum TimestampFormat {
    private static let millisecondsPerDay = 86_400_000

    /// The milliseconds since 1970 that can be written: 0000-01-01 up to the end of 9999.
    static let representableMilliseconds: ClosedRange<Int64> = {
        let first = CivilDate.dayNumber(year: 0, month: 1, day: 1)
        let end = CivilDate.dayNumber(year: 10_000, month: 1, day: 1)
        return Int64(first * millisecondsPerDay)...Int64(end * millisecondsPerDay - 1)
    }()

    /// The length of what `write(_:to:)` writes.
    static let writtenLength = 24

    /// Writes `YYYY-MM-DDTHH:MM:SS.mmmZ` for `milliseconds` since 1970.
    ///
    /// - Precondition: `milliseconds` is in `representableMilliseconds`.
    static func write(_ milliseconds: Int64, to output: inout ByteCursor) {
        precondition(
            representableMilliseconds.contains(milliseconds),
            "a date outside the years 0000-9999 cannot be written to the store"
        )
        let (days, timeOfDay) = CivilDate.day(containing: Int(milliseconds), unitsPerDay: millisecondsPerDay)
        let (year, month, day) = CivilDate.date(ofDayNumber: days)
        output.writeDigits(UInt64(year), count: 4)
        output.write(UInt8(ascii: "-"))
        output.writeDigits(UInt64(month), count: 2)
        output.write(UInt8(ascii: "-"))
        output.writeDigits(UInt64(day), count: 2)
        output.write(UInt8(ascii: "T"))
        output.writeDigits(UInt64(timeOfDay / 3_600_000), count: 2)
        output.write(UInt8(ascii: ":"))
        output.writeDigits(UInt64(timeOfDay / 60_000 % 60), count: 2)
        output.write(UInt8(ascii: ":"))
        output.writeDigits(UInt64(timeOfDay / 1_000 % 60), count: 2)
        output.write(UInt8(ascii: "."))
        output.writeDigits(UInt64(timeOfDay % 1_000), count: 3)
        output.write(UInt8(ascii: "Z"))
    }

    /// Whether `text`, a file's bytes whose decoded string `parse` accepted, is exactly what
    /// `write` writes for the value `parse` returned: 24 bytes with upper-case `T` and `Z`, three
    /// fraction digits and no offset. Every other field is fixed-width and range-checked by
    /// `parse`, so its layout decides; an escape cannot hide in 24 bytes, since `parse` accepts
    /// nothing shorter than 20 characters and each escape adds at least five bytes.
    /// - Complexity: O(1).
    static func isWrittenForm(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.count == writtenLength && text[10] == UInt8(ascii: "T") && text[19] == UInt8(ascii: ".")
            && text[23] == UInt8(ascii: "Z")
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.f…]` followed by `Z` or `±hh:mm`, with 0–9 fraction digits
    /// rounded to whole milliseconds (half up); `t` and `z` may be lower case (RFC 3339).
    ///
    /// - Returns: milliseconds since 1970, or nil if the text is not such a timestamp or names a
    ///   day or time that does not exist (2025-02-30, 24:00, a leap second).
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        var reader = DigitReader(text: text)
        guard let year = reader.number(digits: 4), reader.skip("-"),
            let month = reader.number(digits: 2), reader.skip("-"),
            let day = reader.number(digits: 2), reader.skip("T") || reader.skip("t"),
            let hour = reader.number(digits: 2), reader.skip(":"),
            let minute = reader.number(digits: 2), reader.skip(":"),
            let second = reader.number(digits: 2),
            (1...12).contains(month), (1...CivilDate.lastDay(ofMonth: Int(month), year: Int(year))).contains(Int(day)),
            hour < 24, minute < 60, second < 60,
            let fraction = reader.fractionInMilliseconds(),
            let offsetMinutes = reader.offsetInMinutes(), reader.isAtEnd
        else { return nil }
        let days = Int64(CivilDate.dayNumber(year: Int(year), month: Int(month), day: Int(day)))
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetMinutes * 60
        return seconds * 1_000 + fraction
    }
}

/// A cursor over timestamp text that reads fixed-width digit groups.
private struct DigitReader {
    let text: UnsafeBufferPointer<UInt8>
    var position = 0

    var isAtEnd: Bool { position == text.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard position < text.count, text[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    mutating func number(digits: Int) -> Int64? {
        guard position + digits <= text.count else { return nil }
        var value: Int64 = 0
        for _ in 0..<digits {
            guard JSONScanner.isDigit(text[position]) else { return nil }
            value = value * 10 + Int64(text[position] - UInt8(ascii: "0"))
            position += 1
        }
        return value
    }

    /// An optional `.` and 1–9 digits, rounded to milliseconds; 0 when absent, nil if malformed.
    mutating func fractionInMilliseconds() -> Int64? {
        guard skip(".") else { return 0 }
        var milliseconds: Int64 = 0
        var count = 0
        var roundUp = false
        while position < text.count, JSONScanner.isDigit(text[position]) {
            let digit = Int64(text[position] - UInt8(ascii: "0"))
            if count < 3 { milliseconds = milliseconds * 10 + digit }
            if count == 3 { roundUp = digit >= 5 }
            count += 1
            position += 1
        }
        guard (1...9).contains(count) else { return nil }
        for _ in count..<max(count, 3) { milliseconds *= 10 }
        return milliseconds + (roundUp ? 1 : 0)
    }

    /// `Z` (0) or `±hh:mm` in minutes east of UTC; nil if neither.
    mutating func offsetInMinutes() -> Int64? {
        if skip("Z") || skip("z") { return 0 }
        let sign: Int64
        if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
        guard let hours = number(digits: 2), skip(":"), let minutes = number(digits: 2),
            hours < 24, minutes < 60
        else { return nil }
        return sign * (hours * 60 + minutes)
    }
}

import Foundation

/// The civil fields of an instant in UTC, for timestamps the store's `TimestampFormat` does not
/// write or read: iCalendar's and Taskwarrior's basic form (`20250112T093000Z`) and the
/// fields of dates read from other programs.
///
/// Uses the store's proleptic Gregorian day arithmetic, so both agree on every date; UTC has no
/// offsets to apply, so no calendar or time-zone database is involved.
struct UTCDateTime: Equatable {
    var year, month, day: Int
    var hour, minute, second, millisecond: Int

    /// The fields of `date` (already whole milliseconds).
    init(_ date: Date) {
        let milliseconds = date.millisecondsSince1970
        var days = milliseconds / 86_400_000
        var inDay = milliseconds % 86_400_000
        if inDay < 0 {
            days -= 1
            inDay += 86_400_000
        }
        let civil = TimestampFormat.civil(fromDays: days)
        (year, month, day) = (Int(civil.year), Int(civil.month), Int(civil.day))
        hour = Int(inDay / 3_600_000)
        minute = Int(inDay / 60_000 % 60)
        second = Int(inDay / 1_000 % 60)
        millisecond = Int(inDay % 1_000)
    }

    /// Fields read from text; `nil` when a field is out of range (month 13, 30 February, hour 24).
    /// A leap second (`:60`) is accepted and lands on the next minute's first second.
    init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, millisecond: Int = 0) {
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            (0...999).contains(millisecond)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second, self.millisecond) = (hour, minute, second, millisecond)
    }

    /// The instant these fields name in UTC.
    var date: Date {
        let days = TimestampFormat.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        let seconds = ((days * 24 + Int64(hour)) * 60 + Int64(minute)) * 60 + Int64(second)
        return Date(millisecondsSince1970: seconds * 1_000 + Int64(millisecond))
    }

    /// The length of the basic form.
    static let basicLength = 16

    /// Writes `20250112T093000Z`: iCalendar's UTC DATE-TIME and Taskwarrior's timestamp form.
    func writeBasic(to output: inout ByteCursor) {
        output.writeDigits(UInt64(year), count: 4)
        output.writeDigits(UInt64(month), count: 2)
        output.writeDigits(UInt64(day), count: 2)
        output.write(UInt8(ascii: "T"))
        output.writeDigits(UInt64(hour), count: 2)
        output.writeDigits(UInt64(minute), count: 2)
        output.writeDigits(UInt64(second), count: 2)
        output.write(UInt8(ascii: "Z"))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

extension ExportBuffer {
    /// Appends `20250112T093000Z` for `date`, truncated to the second.
    mutating func appendBasicTimestamp(_ date: Date) {
        write(reserving: UTCDateTime.basicLength) { UTCDateTime(date).writeBasic(to: &$0) }
    }
}

import Foundation

/// The civil fields of an instant in UTC, for timestamps the store's `TimestampFormat` does not
/// write or read: iCalendar's and Taskwarrior's basic form (`20250112T093000Z`) and the
/// fields of dates read from other programs.
///
/// Uses `CivilDate`'s proleptic Gregorian day numbers, as the store does, so both agree on every
/// date; UTC has no offsets to apply, so no calendar or time-zone database is involved.
struct UTCDateTime: Equatable {
    var year, month, day: Int
    var hour, minute, second, millisecond: Int

    /// The fields of `date` (already whole milliseconds).
    init(_ date: Date) {
        let (days, inDay) = CivilDate.day(containing: Int(date.millisecondsSince1970), unitsPerDay: 86_400_000)
        (year, month, day) = CivilDate.date(ofDayNumber: days)
        hour = inDay / 3_600_000
        minute = inDay / 60_000 % 60
        second = inDay / 1_000 % 60
        millisecond = inDay % 1_000
    }

    /// Fields read from text; `nil` when a field is out of range (month 13, 30 February, hour 24).
    /// A leap second (`:60`) is accepted and lands on the next minute's first second.
    init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, millisecond: Int = 0) {
        guard (1...12).contains(month), (1...CivilDate.lastDay(ofMonth: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            (0...999).contains(millisecond)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second, self.millisecond) = (hour, minute, second, millisecond)
    }

    /// The instant these fields name in UTC.
    var date: Date {
        let days = CivilDate.dayNumber(year: year, month: month, day: day)
        let seconds = ((days * 24 + hour) * 60 + minute) * 60 + second
        return Date(millisecondsSince1970: Int64(seconds * 1_000 + millisecond))
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
}

extension ExportBuffer {
    /// Appends `20250112T093000Z` for `date`, truncated to the second.
    mutating func appendBasicTimestamp(_ date: Date) {
        write(reserving: UTCDateTime.basicLength) { UTCDateTime(date).writeBasic(to: &$0) }
    }
}

import Foundation

extension KeptLines {
    /// The kept original line of the date-valued `name` (`DUE`, `DTSTART`) rewritten to name
    /// `date` in the same time zone: a `DATE-TIME` with a `TZID` todo-tui knows, beside a timed
    /// `date`, keeps its parameters and gets the wall-clock time of `date` in that zone. Nil for
    /// any other line (a UTC or floating time, a `DATE`, an unknown zone), which the export then
    /// writes as usual. The export uses it for a repeating to-do, which advancing moves in the
    /// zone's wall clock: it stays in its zone (`DUE;TZID=…`) as every client writes it. A date
    /// changed by hand on another to-do is written in UTC.
    /// - Complexity: O(length of the line).
    func line(_ name: String, movedTo date: ItemDate) -> String? {
        guard date.hasTime, let original = originalLine(name), !ICalendarFormat.isDate(original),
            let zone = original.parameters["TZID"].flatMap(TimeZone.init(identifier:)),
            original.raw.hasSuffix(":" + original.value)
        else { return nil }
        let head = original.raw.dropLast(original.value.count + 1)
        return head + ":" + Self.localStamp(of: date.date, in: zone)
    }

    /// `20261124T090000`: the wall-clock time of `instant` in `zone`, to the second.
    static func localStamp(of instant: Date, in zone: TimeZone) -> String {
        let local = Int(WallClock.localSeconds(of: instant, in: zone).rounded(.down))
        let day = Int((Double(local) / 86_400).rounded(.down))
        let civil = CivilDate.date(ofDayNumber: day)
        let seconds = local - day * 86_400
        func digits(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(civil.year, 4) + digits(civil.month, 2) + digits(civil.day, 2) + "T"
            + digits(seconds / 3_600, 2) + digits(seconds / 60 % 60, 2) + digits(seconds % 60, 2)
    }
}

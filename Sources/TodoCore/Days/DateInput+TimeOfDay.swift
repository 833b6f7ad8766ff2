import Foundation

extension DateInput {
    /// Whether `date` carries a time of day: it is not at the start of its day in `calendar`.
    ///
    /// The one rule for "has a time" (items store an instant, no separate flag): a date typed
    /// without a time and placed at midnight shows as a whole day; anything else — a typed
    /// `09:30`, or the instant an item was added — shows its time.
    public static func hasTime(_ date: Date, calendar: Calendar) -> Bool {
        calendar.startOfDay(for: date) != date
    }

    /// Whether `text`, as `date(_:now:calendar:)` reads it, names a time of day (`tomorrow 9:00`,
    /// `9am`, `2025-01-31T09:30`) rather than only a day (`tomorrow`, `fri`, `2025-01-31`).
    /// False for text that is no date at all.
    public static func namesTimeOfDay(_ text: String) -> Bool {
        (try? Form(parsing: text.trimmingCharacters(in: .whitespaces)))?.time != nil
    }

    /// The wall-clock time of `date`, seconds dropped, as `HH:MM` (`14:30`) or on a 12-hour clock
    /// `H:MMam`/`H:MMpm` (`2:30pm`), or nil when it has no time (`hasTime(_:calendar:)`).
    /// Either form reads back as the same time (`date(_:now:calendar:)`).
    public static func timeOfDay(_ date: Date, calendar: Calendar, clock: ClockStyle = .twentyFourHour) -> String? {
        guard hasTime(date, calendar: calendar) else { return nil }
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let hour = parts.hour ?? 0, minute = twoDigits(parts.minute ?? 0)
        switch clock {
        case .twentyFourHour: return "\(twoDigits(hour)):\(minute)"
        case .twelveHour: return "\((hour + 11) % 12 + 1):\(minute)\(hour < 12 ? "am" : "pm")"
        }
    }

    /// `date` written in a form `date(_:now:calendar:)` reads back: `2026-11-20` when it has
    /// no time, else `2026-11-20T09:30` (the minute it falls in). What an editor is prefilled with.
    ///
    /// The day is the proleptic Gregorian one, as the parser reads ISO days (Foundation's
    /// Gregorian calendar turns Julian before 1582-10-15).
    public static func editableText(for date: Date, calendar: Calendar) -> String {
        let local = Int(
            (date.timeIntervalSince1970 + Double(calendar.timeZone.secondsFromGMT(for: date))).rounded(.down))
        let (year, month, day) = CivilDate.date(ofDayNumber: CivilDate.day(containing: local, unitsPerDay: 86_400).day)
        let text = "\(String(year).leftPadded(to: 4))-\(twoDigits(month))-\(twoDigits(day))"
        guard let time = timeOfDay(date, calendar: calendar, clock: .twentyFourHour) else { return text }
        return text + "T" + time
    }

    private static func twoDigits(_ value: Int) -> String {
        String(value).leftPadded(to: 2)
    }
}

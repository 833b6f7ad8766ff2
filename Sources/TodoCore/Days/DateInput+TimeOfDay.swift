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
        let (days, _) = local.quotientAndRemainder(dividingBy: 86_400)
        let (year, month, day) = civilDay(days - (local < 0 && local % 86_400 != 0 ? 1 : 0))
        let text = "\(String(year).leftPadded(to: 4))-\(twoDigits(month))-\(twoDigits(day))"
        guard let time = timeOfDay(date, calendar: calendar, clock: .twentyFourHour) else { return text }
        return text + "T" + time
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (H. Hinnant's
    /// `civil_from_days`, the inverse of `Form.dayNumber(year:month:day:)`).
    private static func civilDay(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func twoDigits(_ value: Int) -> String {
        String(value).leftPadded(to: 2)
    }
}

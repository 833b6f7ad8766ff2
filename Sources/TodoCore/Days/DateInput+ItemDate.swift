import Foundation

extension DateInput {
    /// The word that stands for no date where a date may be removed (`--date none`, `due:none`).
    public static let noneWord = "none"

    /// Whether `text` asks for no date: empty or blank, or `none` in any letter case.
    public static func namesNoDate(_ text: String) -> Bool {
        let typed = text.trimmingCharacters(in: .whitespaces)
        return typed.isEmpty || typed.lowercased() == noneWord
    }

    /// The date an item gets from `text`: for a day alone (`tomorrow`, `fri`, `2026-12-01`) the
    /// start of that day, a whole day, never a time of day nobody typed; for a form with a time
    /// (`tomorrow 9:00`, `9am`, `2026-12-01T09:30`) that instant.
    /// - Throws: as `date(_:now:calendar:)`.
    public static func itemDate(_ text: String, now: Date, calendar: Calendar) throws(ItemError) -> ItemDate {
        if namesTimeOfDay(text) {
            return ItemDate(date: try date(text, now: now, calendar: calendar), hasTime: true)
        }
        return ItemDate(date: try day(text, now: now, calendar: calendar), hasTime: false)
    }

    /// The date of an item dated `current` (nil: no date) that a person re-dates to `text`.
    ///
    /// A day alone moves a timed item to that day at its own wall-clock time (`redate`), so it
    /// keeps its place within the day, and makes any other item a whole day; a form with a time
    /// is taken as it is (`itemDate`).
    /// - Throws: as `date(_:now:calendar:)`.
    public static func redated(
        _ current: ItemDate?, to text: String, now: Date, calendar: Calendar
    ) throws(ItemError) -> ItemDate {
        guard let current, current.hasTime, !namesTimeOfDay(text) else {
            return try itemDate(text, now: now, calendar: calendar)
        }
        return ItemDate(date: try redate(current.date, to: text, now: now, calendar: calendar), hasTime: true)
    }
}

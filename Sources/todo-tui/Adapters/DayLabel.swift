import Foundation
import TodoCore

/// A date said briefly, relative to today, as a row's start label (`from Tue`) and the add
/// line's preview (`→ Fri`) say it: `today`, `tomorrow`, `yesterday`, a weekday within the week
/// ahead (`Tue`), else the day and month (`1 Dec`, with the year when it is not this one); a
/// timed date adds its time (`Tue 09:30`), and one later today is its time alone (`15:00`).
enum DayLabel {
    /// The label of `date`, as seen at `now`.
    /// - Complexity: O(1): a few calendar computations.
    static func text(for date: ItemDate, now: Date, calendar: Calendar) -> String {
        let today = calendar.startOfDay(for: now)
        let day = calendar.startOfDay(for: date.date)
        let time = date.hasTime ? DateInput.timeOfDay(date.date, calendar: calendar) : nil
        let daysAhead = calendar.dateComponents([.day], from: today, to: day).day ?? 0
        // The section title ("Tue 1 Dec", "Tue 1 Dec 2027") less what the distance makes plain.
        let title = SectionTitleFormatter(calendar: calendar).title(forDay: day, today: today).split(separator: " ")
        let dayPart: String?
        switch daysAhead {
        case 0: dayPart = time == nil ? "today" : nil
        case 1: dayPart = "tomorrow"
        case -1: dayPart = "yesterday"
        case 2...6: dayPart = title.first.map(String.init)
        default: dayPart = title.dropFirst().joined(separator: " ")
        }
        return [dayPart, time].compactMap(\.self).joined(separator: " ")
    }

    /// "from " and the label of `start`: when an item can be started.
    static func start(_ start: ItemDate, now: Date, calendar: Calendar) -> String {
        "from " + text(for: start, now: now, calendar: calendar)
    }

    /// The start label a row shows (`from Mon`): for a to-do not done that waits for its start
    /// after `now`, unless the start is its due date (what making a rule writes, as RFC 5545 wants
    /// a DTSTART), which says nothing the row's section does not. nil otherwise.
    /// - Complexity: O(1).
    static func waitingStart(of item: TodoItem, now: Date, calendar: Calendar) -> String? {
        guard !item.isDone, item.startsAfter(now), let start = item.startDate, start != item.dueDate else { return nil }
        return Self.start(start, now: now, calendar: calendar)
    }
}

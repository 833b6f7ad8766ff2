import Foundation
import TodoCore

/// The human form of `todo-tui list`: items under relative day headings.
///
/// ```
/// Today
///   3f2a9c1e [ ] 09:30 Buy milk · red
///   9b1c7d20 [x] Call Mum
/// ```
/// Ids are shown by their first 8 characters (any 4 or more identify an item). An item with a
/// time of day (`DateInput.hasTime`: not at local midnight) shows it before the text, as the
/// screen's rows do. Text is drawn
/// inert, as on screen: control characters and escape sequences never reach the terminal.
enum ItemListFormatter {
    /// The listing of `items` (already in list order), one heading per day, then "No date".
    ///
    /// The calendar is asked only when an item leaves the current day's interval, since
    /// calendar arithmetic costs far more than a comparison.
    /// - Complexity: O(n) in the items' total text length.
    static func text(
        for items: [TodoItem], now: Date, calendar: Calendar, configuration: Configuration = .standard
    ) -> String {
        let titles = SectionTitleFormatter(calendar: calendar, format: configuration.dayTitles)
        var output = ""
        var currentDay: DateInterval?
        var saidUndated = false
        for item in items {
            if let date = item.date {
                if currentDay.map({ !$0.contains(date) || date == $0.end }) ?? true {
                    let day =
                        calendar.dateInterval(of: .day, for: date)
                        ?? DateInterval(start: calendar.startOfDay(for: date), duration: 0)
                    output += titles.title(forDay: day.start, today: now) + "\n"
                    currentDay = day
                }
            } else if !saidUndated {
                // The items without a date come last, under one heading.
                output += SectionInfo.undatedTitle + "\n"
                saidUndated = true
            }
            output +=
                line(
                    for: item, calendar: calendar, clock: configuration.clock, marks: configuration.theme.marks,
                    now: now)
                + "\n"
        }
        return output
    }

    /// `  <id8> [x] <!!!> <HH:MM> <text> #tag… · from <day> ✎ ↻ · <colour>`, as the screen's
    /// rows: the priority marker only when the item has a priority, the time only when it has
    /// one, the tags, the start only while the to-do waits for it after `now` (and differs from
    /// its due date, as on screen), the notes mark and the recurrence mark only when there are
    /// such, the colour only when it is not the default. Times by `clock`, marks by `marks`.
    static func line(
        for item: TodoItem, calendar: Calendar, clock: ClockStyle = .twentyFourHour, marks: Theme.Marks = .unicode,
        now: Date? = nil
    ) -> String {
        let id = IDResolver.displayID(item.id).prefix(8)
        let mark = item.isDone ? "[x]" : "[ ]"
        let priority = ItemTableDataSource.priorityMarker(item.priority).map { "\($0) " } ?? ""
        let time =
            item.hasTime
            ? item.date.flatMap { DateInput.timeOfDay($0, calendar: calendar, clock: clock) }.map { "\($0) " } ?? ""
            : ""
        var details = item.tags.map { " #" + inert($0) }.joined()
        if let now, let label = DayLabel.waitingStart(of: item, now: now, calendar: calendar) {
            details += " · " + label
        }
        if !item.notes.isEmpty { details += " " + marks.notes }
        if item.repeats { details += " " + marks.repeats }
        if !item.alarms.isEmpty { details += " " + marks.reminds }
        let color = item.color == .default ? "" : " · \(item.color.rawValue)"
        return "  \(id) \(mark) \(priority)\(time)\(inert(item.text))\(details)\(color)"
    }

    /// The text as the screen would show it: every glyph printable.
    /// - Complexity: O(n); printable ASCII, which `InertText` keeps as it is, is returned
    ///   without splitting it into glyphs (half the time of listing 10,000 items).
    static func inert(_ text: String) -> String {
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) {
            return text
        }
        return String(InertText.glyphs(text).map(\.character))
    }
}

import Foundation

/// todo.txt (github.com/todotxt/todo.txt): one item per line.
///
/// `x 2025-01-12 2025-01-10 Buy milk due:2025-01-12 color:red uuid:…` — a done item starts with
/// `x` and its completion date (the day of its last modification, the best record of when it was
/// done); then the creation date, the text, `due:` with the item's day, `color:` unless the
/// colour is default, and `uuid:` with the id, so that importing the file into the same store
/// updates items instead of duplicating them. Days are in the injected calendar. A line cannot
/// hold a line break: control characters in the text (line breaks, tabs, escapes) become spaces
/// (`TextForm.singleLine`), and the time of day is not kept. Lines end in LF, as todo.sh writes.
enum TodoTxtFormat {
    /// The items, one line each, in the given order.
    /// - Complexity: O(total length of the items) plus one calendar lookup per distinct day.
    static func export(_ items: [TodoItem], calendar: Calendar) -> [UInt8] {
        let dueDays = CalendarDayCache(calendar: calendar)
        let creationDays = CalendarDayCache(calendar: calendar)
        let completionDays = CalendarDayCache(calendar: calendar)
        var buffer = ExportBuffer(capacity: items.count * 120)
        for item in items {
            if item.isDone {
                buffer.append("x ")
                buffer.append(completionDays.name(of: item.modifiedAt))
                buffer.append(UInt8(ascii: " "))
            }
            buffer.append(creationDays.name(of: item.createdAt))
            buffer.append(UInt8(ascii: " "))
            buffer.append(TextForm.singleLine.apply(item.text))
            buffer.append(" due:")
            buffer.append(dueDays.name(of: item.date))
            if item.color != .default {
                buffer.append(" color:")
                buffer.append(item.color.rawValue)
            }
            buffer.append(" uuid:")
            buffer.append(item.id)
            buffer.append(UInt8(ascii: "\n"))
        }
        return buffer.bytes
    }
}

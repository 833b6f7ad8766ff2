import Foundation

/// todo.txt (github.com/todotxt/todo.txt): one item per line.
///
/// `(A) 2025-01-10 Buy milk +shop @town due:2025-01-12 color:red t:2025-01-11 uuid:…` — a done
/// item starts with `x` and its completion date (the day of its last modification, the best
/// record of when it was done); a pending one with its priority, `(A)` high, `(B)` medium, `(C)`
/// low (a done one carries it as `pri:A`, as todo.sh does); then the creation date, the text,
/// the tags (`+word`, or `@word` for a tag that starts with `@`, a todo.txt context), `due:` with
/// the item's day, `color:` unless the colour is default, the `t:`, `rec:` and `h:` tokens the
/// line had when it was imported, and `uuid:` with the id, so that importing
/// the file into the same store updates items instead of duplicating them. Days are in the
/// injected calendar. A line cannot hold a line break: control characters in the text (line
/// breaks, tabs, escapes) become spaces (`TextForm.singleLine`); the time of day is not kept, and
/// notes have no place in the format. Lines end in LF, as todo.sh writes.
enum TodoTxtFormat {
    /// The priority letters todo-tui's priorities are written as.
    static let priorityLetters: [TodoPriority: Character] = [.high: "A", .medium: "B", .low: "C"]

    /// The items, one line each, in the given order.
    /// - Complexity: O(total length of the items) plus one calendar lookup per distinct day.
    static func export(_ items: [TodoItem], calendar: Calendar) -> [UInt8] {
        let dueDays = CalendarDayCache(calendar: calendar)
        let creationDays = CalendarDayCache(calendar: calendar)
        let completionDays = CalendarDayCache(calendar: calendar)
        var buffer = ExportBuffer(capacity: items.count * 120)
        for item in items {
            let priority = priorityLetter(of: item)
            if item.isDone {
                buffer.append("x ")
                buffer.append(completionDays.name(of: item.modifiedAt))
                buffer.append(UInt8(ascii: " "))
            } else if let priority {
                buffer.append("(\(priority)) ")
            }
            buffer.append(creationDays.name(of: item.createdAt))
            buffer.append(UInt8(ascii: " "))
            buffer.append(TextForm.singleLine.apply(item.text))
            for tag in item.tags {
                buffer.append(tag.hasPrefix("@") ? " " : " +")
                buffer.append(TextForm.singleLine.apply(tag))
            }
            buffer.append(" due:")
            buffer.append(dueDays.name(of: item.date))
            if item.color != .default {
                buffer.append(" color:")
                buffer.append(item.color.rawValue)
            }
            if item.isDone, let priority {
                buffer.append(" pri:\(priority)")
            }
            for token in item.foreign.todoTxt where !isPriority(Substring(token)) {
                buffer.append(UInt8(ascii: " "))
                buffer.append(TextForm.singleLine.apply(token))
            }
            buffer.append(" uuid:")
            buffer.append(item.id)
            buffer.append(UInt8(ascii: "\n"))
        }
        return buffer.bytes
    }

    /// The item's priority letter: a kept one (`(D)` … `(Z)`, which read as low) while the item
    /// is still low, else A, B or C; nil without a priority.
    private static func priorityLetter(of item: TodoItem) -> Character? {
        if item.priority == .low, let kept = item.foreign.todoTxt.first(where: { isPriority(Substring($0)) }) {
            return kept.dropFirst().first
        }
        return priorityLetters[item.priority]
    }
}

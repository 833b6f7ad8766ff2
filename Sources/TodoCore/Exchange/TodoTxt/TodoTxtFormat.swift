import Foundation

/// todo.txt (github.com/todotxt/todo.txt): one item per line.
///
/// `(A) 2025-01-10 Buy milk +shop @town due:2025-01-12 t:2025-01-11 color:red uuid:…` — a done
/// item starts with `x` and its completion date (the day it was completed, else the day of its
/// last modification, the best record then); a pending one with its priority, `(A)` high, `(B)`
/// medium, `(C)` low (a done one carries it as `pri:A`, as todo.sh does); then the creation
/// date, the text, the tags (`+word`, or `@word` for a tag that starts with `@`, a todo.txt
/// context), `due:` with the item's day (none without a date), `t:` with the day of its start
/// (the threshold Simpletask, topydo and sleek hide a line until), `color:` unless the colour is
/// default, `rec:` with the repetition when todo.txt can say it (`rec:+1w` strict, `rec:3d` from
/// completion; a rule with days of the week, COUNT or UNTIL has no `rec:` form and is left out),
/// the `rec:` and `h:` tokens the line had when it was imported, and `uuid:` with the
/// id, so that importing the file into the same store updates items instead of duplicating
/// them — left out for an item whose id a line without it gives again (one read from a line
/// without `uuid:`, unchanged), so that such a line is written back as it was. Days are in the
/// injected calendar. A repeating to-do that completed an occurrence is written as todo.txt
/// clients leave it, the done line and the next one appended (`TodoTxtSeries`). A line cannot
/// hold a line break: control characters in the text (line
/// breaks, tabs, escapes) become spaces (`TextForm.singleLine`); the time of day is not kept, and
/// notes have no place in the format. Lines end in LF, as todo.sh writes.
enum TodoTxtFormat {
    /// The priority letters todo-tui's priorities are written as.
    static let priorityLetters: [TodoPriority: Character] = [.high: "A", .medium: "B", .low: "C"]

    /// The items, one line each, in the given order.
    /// - Complexity: O(total length of the items) plus one calendar lookup per distinct day.
    static func export(_ items: [TodoItem], calendar: Calendar) -> [UInt8] {
        let days = CalendarDayCache(calendar: calendar)
        var derivedIDs = StableID(format: .todotxt)
        var line = ExportBuffer(capacity: items.count * 120)
        let (ordered, series) = TodoTxtSeries.exportOrder(items, calendar: calendar)
        for item in ordered {
            let lineStart = line.bytes.count
            let priority = priorityLetter(of: item)
            if item.isDone {
                line.append("x ")
                line.append(days.name(of: item.completedAt ?? item.modifiedAt))
                line.append(UInt8(ascii: " "))
            } else if let priority {
                line.append("(\(priority)) ")
            }
            line.append(days.name(of: item.createdAt))
            line.append(UInt8(ascii: " "))
            line.append(TextForm.singleLine.apply(item.text))
            for tag in item.tags {
                line.append(tag.hasPrefix("@") ? " " : " +")
                line.append(TextForm.singleLine.apply(tag))
            }
            if let date = item.date {
                line.append(" due:")
                line.append(days.name(of: date))
            }
            if let start = item.start {
                line.append(" t:")
                line.append(days.name(of: start))
            }
            if item.color != .default {
                line.append(" color:")
                line.append(item.color.rawValue)
            }
            if item.isDone, let priority {
                line.append(" pri:\(priority)")
            }
            if let token = item.repetition.flatMap({ recToken($0.repetition) }) {
                line.append(UInt8(ascii: " "))
                line.append(token)
            }
            for token in item.foreign.todoTxt where !isPriority(Substring(token)) {
                line.append(UInt8(ascii: " "))
                line.append(TextForm.singleLine.apply(token))
            }
            if series.contains(item.id)
                || !isDerived(item.id, from: line.bytes[lineStart...], ids: &derivedIDs, calendar: calendar)
            {
                line.append(" uuid:")
                line.append(item.id)
            }
            line.append(UInt8(ascii: "\n"))
        }
        return line.bytes
    }

    /// Whether reading `line` (without a `uuid:`) in a file of these lines gives `id` again:
    /// `id` is a name-based one (`StableID`, version 5) and equals the one the line's text
    /// derives, counting the lines before in `ids` as an import does.
    /// - Complexity: O(length of the line) for a name-based id, O(1) for any other.
    private static func isDerived(
        _ id: UUID, from line: ArraySlice<UInt8>, ids: inout StableID, calendar: Calendar
    ) -> Bool {
        guard id.uuid.6 >> 4 == 5,
            let record = try? record(
                of: Substring(String(decoding: line, as: UTF8.self)), calendar: calendar, position: .line(1),
                source: ""),
            record.id == nil
        else { return false }
        guard ids.upcoming(forText: record.text) == id else { return false }
        _ = ids.next(forText: record.text)
        return true
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

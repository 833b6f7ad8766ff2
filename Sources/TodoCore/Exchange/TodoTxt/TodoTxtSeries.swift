import Foundation

/// A repeating todo.txt line and the done lines of its completed occurrences, as one to-do.
///
/// todo.txt clients (Simpletask, topydo, sleek) complete a `rec:` line by marking it done in
/// place and appending the next occurrence as a new line, a copy of the old one with `due:` and
/// `t:` moved (its `uuid:` copied too). todo-tui keeps one to-do per series, so:
///
/// - **Import** reads the lines of one series as one to-do: lines that all carry a `rec:` and
///   share a `uuid:`, or, without `uuid:`, the same text, of which exactly one is open. The open
///   line is the to-do (its id the shared `uuid:`, else the one the first line of the series
///   derives); each done line is a completed occurrence, counted, the latest completion day
///   being when the last one was completed.
/// - **Export** writes a repeating to-do that has completed an occurrence as a client leaves it:
///   the done line of the last completed occurrence where the to-do stands (`due:` and `t:` one
///   period back for a strict `rec:+…`, left out for one counted from completion, whose old
///   dates are not known), and the open line after all the others, as appended; both carry the
///   `uuid:`.
enum TodoTxtSeries {
    /// One line's record and where it stood.
    typealias Line = (record: ImportRecord, position: ImportPosition)

    /// The records of a file with each series made one (see the type's summary), in file order
    /// (a series where its first line stood).
    /// - Complexity: O(n) in the number of lines.
    static func merging(_ lines: [Line]) -> [Line] {
        var groups: [String: [Int]] = [:]
        for (index, line) in lines.enumerated() where line.record.repetition != nil {
            groups[key(of: line.record), default: []].append(index)
        }
        var merged: [Int: Line] = [:]
        var skipped = Set<Int>()
        for indices in groups.values where indices.count > 1 {
            let open = indices.filter { !lines[$0].record.isDone }
            guard open.count == 1, let current = open.first, let first = indices.first else { continue }
            var record = lines[current].record
            // Without a uuid: the id is the one the first line derives, where the series stands.
            record.id = record.id ?? lines[first].record.id
            let done = indices.filter { lines[$0].record.isDone }
            if var repetition = record.repetition {
                repetition.completedCount += done.count
                let last = done.compactMap { lines[$0].record.completedAt }.max()
                repetition.lastCompletedAt = [repetition.lastCompletedAt, last].compactMap(\.self).max()
                record.repetition = repetition
            }
            merged[first] = (record, lines[first].position)
            skipped.formUnion(indices.filter { $0 != first })
        }
        return lines.indices.compactMap { index in
            skipped.contains(index) ? nil : merged[index] ?? lines[index]
        }
    }

    /// The items in the order their lines are written, with the done line of each series'
    /// last completed occurrence (`completedOccurrence(of:calendar:)`) where the series stands and
    /// its open line after all the others; and the ids of those series, whose lines all carry
    /// `uuid:`.
    /// - Complexity: O(n) in the number of items.
    static func exportOrder(_ items: [TodoItem], calendar: Calendar) -> (items: [TodoItem], series: Set<UUID>) {
        var ordered: [TodoItem] = []
        var appended: [TodoItem] = []
        var series = Set<UUID>()
        for item in items {
            if let done = completedOccurrence(of: item, calendar: calendar) {
                ordered.append(done)
                appended.append(item)
                series.insert(item.id)
            } else {
                ordered.append(item)
            }
        }
        return (ordered + appended, series)
    }

    /// What the lines of one series share: the `uuid:`, else the text.
    private static func key(of record: ImportRecord) -> String {
        record.id.map { "uuid:" + $0.uuidString } ?? "text:" + record.text
    }

    /// The done line of the item's last completed occurrence, when the item is open, repeats by
    /// a rule todo.txt can say and has completed one: the item as it was then (done that day,
    /// its dates one period back for a strict rule, none for one counted from completion).
    /// - Complexity: O(1).
    static func completedOccurrence(of item: TodoItem, calendar: Calendar) -> TodoItem? {
        guard !item.isDone, let repeating = item.repetition, repeating.completedCount > 0,
            let completed = repeating.lastCompletedAt, TodoTxtFormat.recToken(repeating.repetition) != nil
        else { return nil }
        var done = item
        let rule = repeating.rule
        let strict = repeating.repetition.anchor == .due
        let back = { (date: Date) -> Date? in
            guard strict else { return nil }
            var step = DateComponents()
            switch rule.frequency {
            case .daily: step.day = -rule.interval
            case .weekly: step.day = -7 * rule.interval
            case .monthly: step.month = -rule.interval
            case .yearly: step.year = -rule.interval
            }
            return calendar.date(byAdding: step, to: date)
        }
        done.date = item.date.flatMap(back)
        done.start = item.start.flatMap(back)
        done.setDone(true, at: completed)
        return done
    }
}

import Foundation

/// Which alarms of a list go off now, and when the next one does: what `todo-tui remind` and
/// the open list ask. Pure: the items, `now`, the calendar and the record are passed in.
package enum AlarmSchedule {
    /// How late an alarm may go off and still count as on time; a later one (the machine was
    /// off or asleep, nothing ran) goes off once, marked missed.
    package static let lateness: TimeInterval = 120

    /// One to-do's alarm going off now.
    package struct Due {
        package var item: TodoItem
        /// The instant it was set for (the latest of the to-do's instants not yet fired).
        package var instant: Date
        package var missed: Bool
    }

    /// The alarms to fire now, the record entries that go with them, and the earliest instant
    /// after `now` (what `next(in:after:calendar:)` gives, found in the same pass).
    ///
    /// Each to-do with instants at or before `now` that `fired` does not hold (and that are not
    /// dismissed, `TodoItem.alarmInstants`) goes off once, for the latest of them — a to-do
    /// whose alarms were missed for a week says so once, not seven times —, and every one of
    /// those instants is recorded.
    /// - Complexity: O(n) in the number of items, plus their alarms.
    package static func due(
        in items: some Sequence<TodoItem>, now: Date, calendar: Calendar, fired: Set<AlarmRecord.Key>
    ) -> (due: [Due], entries: [AlarmRecord.Entry], next: Date?) {
        var due: [Due] = []
        var entries: [AlarmRecord.Entry] = []
        var next: Date?
        for item in items where !item.isDone && (!item.alarms.isEmpty || item.alarmSnoozedUntil != nil) {
            let instants = item.alarmInstants(calendar: calendar)
            if let later = instants.first(where: { $0 > now }), next.map({ later < $0 }) ?? true { next = later }
            let pending = instants.filter {
                $0 <= now && !fired.contains(AlarmRecord.Key(itemID: item.id, instant: $0))
            }
            guard let latest = pending.last else { continue }
            let missed = now.timeIntervalSince(latest) > lateness
            due.append(Due(item: item, instant: latest, missed: missed))
            for instant in pending {
                entries.append(
                    AlarmRecord.Entry(key: AlarmRecord.Key(itemID: item.id, instant: instant), missed: missed))
            }
        }
        return (due, entries, next)
    }

    /// The earliest alarm instant after `now`, if any: when a watcher wakes next.
    /// - Complexity: O(n) in the number of items, plus their alarms.
    package static func next(in items: some Sequence<TodoItem>, after now: Date, calendar: Calendar) -> Date? {
        var next: Date?
        for item in items where !item.isDone && (!item.alarms.isEmpty || item.alarmSnoozedUntil != nil) {
            if let instant = item.alarmInstants(calendar: calendar).first(where: { $0 > now }),
                next.map({ instant < $0 }) ?? true
            {
                next = instant
            }
        }
        return next
    }
}

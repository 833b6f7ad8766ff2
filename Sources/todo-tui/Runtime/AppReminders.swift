import Foundation
import TodoCore

/// The open list's reminders: when one comes due, it is recorded in the record `todo-tui remind`
/// keeps (`AlarmRecord`) and handed to the app, which shows it on its status line.
///
/// The app and `todo-tui remind` (a timer's run or `--watch`) share the record and its lock:
/// whichever finds an alarm instant first records and shows it, and the other never does, so one
/// instant is never shown twice, whatever runs. The app records before it shows, as `remind`
/// does. Snoozing writes a new instant, which goes off again the same way.
///
/// It looks at the list only when it must: at the earliest instant it knows of (`next`), and
/// after a change to a to-do with alarms (its own observer of the context, O(1) per change). The
/// run loop asks `fireIfDue(now:)` on each turn and sleeps until `next` at most.
final class AppReminders {
    let record: AlarmRecord
    private let app: TodoApp
    /// When to look next: the earliest future alarm instant seen at the last look, or a moment
    /// after a look the record's lock put off; nil when there is nothing to wait for.
    private(set) var next: Date?
    /// A to-do with alarms changed since the last look (or none was made yet).
    private var changed = true
    /// The record could not be written: said once, and nothing more is shown here.
    private var failed = false
    private var token: ObservationToken?

    init(app: TodoApp, record: AlarmRecord) {
        self.app = app
        self.record = record
        token = app.context.observeObjectsDidChange { [weak self] batch in
            self?.note(batch)
        }
    }

    /// Whether `fireIfDue(now:)` would look at the list now.
    func isDue(at now: Date) -> Bool {
        !failed && (changed || next.map { $0 <= now } ?? false)
    }

    /// Records and shows the reminders due at `now`, if it is time to look. A record another
    /// process holds is tried again at the next turn of the loop; one that cannot be written is
    /// said once on the status line, and the reminders are left to `todo-tui remind`.
    /// - Parameter keepingStatus: whether a message on the status line stays (it was just put up
    ///   by a key) rather than give way to the reminder at once.
    /// - Complexity: O(1) when it is not time; else O(n) in the to-dos with alarms.
    func fireIfDue(now: Date, keepingStatus: Bool = false) {
        guard isDue(at: now) else { return }
        let calendar = app.calendar
        let context = app.context
        let record = record
        do {
            let due = try record.withLock(attempts: 1) { () throws -> [AlarmSchedule.Due] in
                let items = try context.fetch(FetchRequest(predicate: .has(.alarm)))
                let (keys, wholeLength) = record.read()
                let found = AlarmSchedule.due(in: items, now: now, calendar: calendar, fired: keys)
                next = found.next
                try record.append(found.entries, firedAt: now, keeping: wholeLength)
                return found.due
            }
            changed = false
            app.alarmsWentOff(due, keepingStatus: keepingStatus)
        } catch {
            if case StoreError.lockBusy = error {
                // A `remind` run is showing its reminders: look again in a moment, not at once
                // (the run loop sleeps until `next`).
                next = now.addingTimeInterval(Self.busyRetry)
                return
            }
            failed = true
            next = nil
            app.show(.error("Reminders are not shown here: the record of shown ones cannot be written (\(error))."))
        }
    }

    /// How long the list waits before trying a record another process holds again.
    static let busyRetry: TimeInterval = 0.25

    /// A change to a to-do with alarms (before or after it) may bring an instant sooner.
    private func note(_ batch: ObjectsDidChange) {
        guard !changed, !batch.changesOnlyVersions else { return }
        let hasAlarms = { (item: TodoItem) in !item.alarms.isEmpty }
        if batch.invalidatedAll || batch.inserted.contains(where: hasAlarms)
            || batch.updated.contains(where: { hasAlarms($0.new) || hasAlarms($0.old) })
        {
            changed = true
        }
    }
}

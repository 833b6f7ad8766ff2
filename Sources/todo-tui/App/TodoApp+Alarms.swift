import Foundation
import TodoCore

extension TodoApp {
    /// Reminders that went off while the list is open (the run loop found them due and recorded
    /// them, `AppReminders`): each is shown on the status line, the earliest first, until it is
    /// dismissed or snoozed. A to-do already shown is shown once, with its latest instant.
    /// - Parameter keepingStatus: keep a message on the status line (the key just pressed put it
    ///   there: a reminder set for a time already past goes off at once); the reminder shows from
    ///   the next key. Otherwise it replaces the message at once. It waits while a line is typed.
    func alarmsWentOff(_ due: [AlarmSchedule.Due], keepingStatus: Bool = false) {
        for reminder in due {
            shownAlarms.removeAll { $0.item.id == reminder.item.id }
            shownAlarms.append(reminder)
        }
        if !due.isEmpty, mode == .browse, !keepingStatus { status = nil }
    }

    /// The status line's reminder: `◔ Pay rent · due 18:00 — B dismiss  z 10 min  Z 1 h  T tomorrow`,
    /// with `missed 09:00` for one missed while nothing ran and `+2 more` when others wait; nil
    /// when none is shown.
    var alarmBanner: String? {
        guard let shown = shownAlarms.first else { return nil }
        let item = shown.item
        var text = configuration.theme.marks.reminds + " " + item.text
        if let due = item.dueDate { text += " · due " + DayLabel.text(for: due, now: now, calendar: calendar) }
        if shown.missed {
            text +=
                " · missed "
                + DayLabel.text(for: ItemDate(date: shown.instant, hasTime: true), now: now, calendar: calendar)
        }
        let choices: [(BrowseCommand, String)] = [
            (.dismiss, "dismiss"), (.snooze, AlarmSnooze.tenMinutes.word), (.snoozeHour, AlarmSnooze.hour.word),
            (.snoozeDay, AlarmSnooze.day.word),
        ]
        let keyed = choices.compactMap { keys.phrase($0, $1) }
        if !keyed.isEmpty { text += " — " + keyed.joined(separator: "  ") }
        if shownAlarms.count > 1 { text += " · +\(shownAlarms.count - 1) more" }
        return text
    }

    /// Draws `alarmBanner` on `row`, bold.
    func renderAlarmBanner(_ banner: String, into screen: inout Screen, row: Int) {
        screen.fill(row: row)
        screen.write(banner, row: row, column: 0, style: CellStyle(attributes: .bold), overflow: .ellipsis)
    }

    /// The dismiss key: the shown reminder's to-do is marked dismissed now (`X-MOZ-LASTACK`, which
    /// the phone reads after the next sync) and the next waiting reminder is shown.
    func dismissShownAlarm() -> [AppEffect] {
        settleShownAlarm(verb: "Dismissed") { [now] in $0.dismissAlarms(at: now) }
    }

    /// A snooze key: the shown reminder goes off again after `snooze` (`X-MOZ-SNOOZE-TIME`, with
    /// `X-MOZ-LASTACK` now, as Thunderbird and tasks.org write them).
    func snoozeShownAlarm(_ snooze: AlarmSnooze) -> [AppEffect] {
        let until = snooze.until(now, calendar: calendar)
        let label = DayLabel.text(for: ItemDate(date: until, hasTime: true), now: now, calendar: calendar)
        return settleShownAlarm(verb: "Snoozed", until: " until " + label) { [now] in
            $0.snoozeAlarms(at: now, until: until)
        }
    }

    /// Takes the shown reminder off the status line and applies `change` to its to-do (saved, and
    /// undoable as any change).
    private func settleShownAlarm(
        verb: String, until: String = "", _ change: @escaping (inout TodoItem) -> Void
    ) -> [AppEffect] {
        guard !shownAlarms.isEmpty else {
            status = .info("No reminder is showing.")
            return []
        }
        let shown = shownAlarms.removeFirst()
        guard let item = try? context.item(with: shown.item.id) else {
            status = .info("'\(shown.item.text)' is gone; its reminder with it.")
            return []
        }
        return commit("\(verb) '\(item.text)'\(until)" + keys.suffix(.undo, "to undo")) { [context] in
            try context.update(item.id, change)
        }
    }
}

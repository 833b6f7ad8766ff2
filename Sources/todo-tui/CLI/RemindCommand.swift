import ArgumentParser
import Foundation
import TodoCore

/// `todo-tui remind [--command CMD] [--watch]`: shows the reminders due now and exits (for cron
/// or a systemd user timer), or with `--watch` stays and shows each when it is due.
///
/// Each alarm instant is shown once: a to-do's instants are recorded (`AlarmRecord`, under
/// `$XDG_STATE_HOME/todo-tui/`) just before it is shown, under a lock held from reading the
/// record to the last reminder shown, so a second run, a second process at the same moment, or a
/// restart never shows one twice; a crash between recording and showing loses that one reminder
/// rather than showing it twice, and the next run shows the rest. Alarms missed while nothing ran
/// are shown once, marked missed.
struct RemindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Show the reminders that are due, once each (for cron or a systemd timer), or keep watching."
    )

    @Option(
        help: ArgumentHelp(
            "Run this program for each reminder, with the to-do's text, its due date (ISO 8601, empty without one) "
                + "and 'due' or 'missed' as arguments (no shell), instead of notify-send.",
            valueName: "cmd"))
    var command: String?

    @Flag(help: "Stay running: sleep until the next reminder, and re-read the list when it changes.")
    var watch = false

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let notifier = ReminderNotifier.resolve(command: command, environment: environment)
        let record = AlarmRecord.user
        guard watch else {
            _ = try fireDue(notifier: notifier, record: record)
            return
        }
        StoreWatcher.restoreStopSignals()
        let folder = DurableFile.folder(of: storeOptions.storePath)
        do {
            try DurableFile.makeFolders(folder)
        } catch {
            throw CLIError.store(error)
        }
        let watcher = StoreWatcher(folder: folder)
        if watcher == nil {
            CommandReport.note("Cannot watch \(folder) for changes (inotify); changes are seen at each reminder.")
        }
        while true {
            let next = try fireDue(notifier: notifier, record: record)
            // Woken at least hourly: a clock set forward, or a suspend, is noticed then.
            let wait = next.map { Int(($0.timeIntervalSince(CLIClock.now) * 1_000).rounded(.up)) } ?? 3_600_000
            let milliseconds = min(max(wait, 0), 3_600_000)
            if let watcher {
                _ = watcher.wait(milliseconds: milliseconds)
            } else {
                StoreWatcher.sleep(milliseconds: milliseconds)
            }
        }
    }

    /// Shows what is due now, each reminder recorded just before it is shown, all under the
    /// record's lock; returns the next instant to wake at. A kill at any moment loses at most the
    /// one reminder being shown (recorded, not yet shown) and never shows one twice: the next
    /// run shows every one not recorded.
    private func fireDue(notifier: ReminderNotifier?, record: AlarmRecord) throws -> Date? {
        let calendar = storeOptions.calendar
        let store = try storeOptions.makeStore()
        var failures: [String] = []
        let next: Date? = try record.withLock {
            let items: [TodoItem]
            do throws(StoreError) {
                // Only the to-dos that may have alarms are decoded: a run every minute costs less.
                items = try store.loadItemsMentioningAlarms()
            } catch {
                throw CLIError.store(error)
            }
            let now = CLIClock.now
            let (keys, whole) = record.read()
            var wholeLength = whole
            let found = AlarmSchedule.due(in: items, now: now, calendar: calendar, fired: keys)
            guard !found.due.isEmpty else { return found.next }
            guard let notifier else { throw CLIError.unavailable(ReminderNotifier.unavailable) }
            let entries = Dictionary(grouping: found.entries, by: \.key.itemID)
            for reminder in found.due {
                do throws(StoreError) {
                    wholeLength = try record.append(
                        entries[reminder.item.id] ?? [], firedAt: now, keeping: wholeLength)
                } catch {
                    throw CLIError.store(error)
                }
                if let failure = notifier.show(reminder, calendar: calendar) {
                    failures.append(failure)
                } else {
                    CommandReport.say(reminder.missed ? "Reminded (missed)" : "Reminded", reminder.item.text)
                }
            }
            return found.next
        }
        if !failures.isEmpty, !watch {
            throw CLIError.unavailable(failures.joined(separator: " "))
        }
        failures.forEach(CommandReport.note)
        return next
    }
}

import Foundation
import TodoCore
import TodoSyncModel

extension TodoApp {
    /// `S`: syncs now, in the background (`BackgroundSync`); the status line says how it ended.
    func syncNow() {
        guard let backgroundSync else {
            status = .info("Sync is off here (the demo never syncs).")
            return
        }
        guard !backgroundSync.isRunning else {
            status = .info("A sync is already under way.")
            return
        }
        if let problem = backgroundSync.start(now: now) {
            status = .error(problem)
        } else {
            syncRequested = true
            status = .info("Syncing…")
        }
    }

    /// From the run loop's poll: reaps a finished sync and starts one that is due. A failure, and
    /// the end of a sync asked for with `S`, go to the status line; the title always shows the
    /// last sync (`syncIndicator`). The sync's saves arrive through `mergeOtherWriters()`.
    func pollSync() {
        guard let backgroundSync, let outcome = backgroundSync.poll(now: now) else { return }
        let time = Self.clockTime(outcome.finishedAt, calendar: calendar)
        if !outcome.succeeded {
            status = .error("Sync failed at \(time): \(outcome.message)")
        } else if syncRequested {
            status = .info("\(outcome.message) (\(time))")
        }
        syncRequested = false
        if !outcome.waiting.isEmpty, mode == .browse {
            showSyncConflicts(outcome.waiting)
        }
    }

    /// Opens the mine/theirs box on conflicts a sync with the `error` policy left waiting: mine
    /// is the list's value, theirs the server's. The choice is carried out by `settleSync`.
    private func showSyncConflicts(_ waiting: [WaitingConflict]) {
        let conflicts = waiting.compactMap { conflict -> MergeConflict? in
            guard let mine = try? context.item(with: conflict.id),
                let theirs = try? ICalendarFormat.item(
                    fromObjectResource: Array(conflict.theirs.utf8), name: "the server", now: now, calendar: calendar)
            else { return nil }
            return MergeConflict(itemID: conflict.id, base: nil, inMemory: mine, stored: theirs)
        }
        guard !conflicts.isEmpty else { return }
        resolvingSyncConflicts = true
        mode = .resolving(conflicts)
        status = .info(ConflictChoice.hints)
    }

    /// Carries out a choice on sync conflicts: keep both first adds copies of mine as new
    /// to-dos; then a sync with `overwrite` (mine) or `rollback` (theirs, both) settles the
    /// items on both sides.
    func settleSync(_ conflicts: [MergeConflict], by choice: ConflictChoice) -> [AppEffect] {
        resolvingSyncConflicts = false
        mode = .browse
        do {
            if choice == .both {
                for mine in conflicts.compactMap(\.inMemory) {
                    try context.insert(Self.copy(of: mine, now: now))
                }
                try context.save()
            }
        } catch {
            status = .error("\(error)")
            return []
        }
        if let problem = backgroundSync?.start(now: now, policy: choice.policy.name) {
            status = .error(problem)
        } else {
            syncRequested = true
            status = .info(Self.describe(choice, count: conflicts.count) + " Syncing…")
        }
        return []
    }

    /// The title's sync part: "syncing…", "synced 10:42", "sync failed 10:42"; nil without an
    /// account or before the first run.
    var syncIndicator: String? {
        guard let backgroundSync else { return nil }
        if backgroundSync.isRunning { return "syncing…" }
        guard let last = backgroundSync.last else { return nil }
        let time = Self.clockTime(last.finishedAt, calendar: calendar)
        return last.succeeded ? "synced \(time)" : "sync failed \(time)"
    }

    /// "HH:MM" in the list's calendar.
    static func clockTime(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}

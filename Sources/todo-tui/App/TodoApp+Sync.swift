import Foundation
import TodoCore
import TodoSyncModel

extension TodoApp {
    /// `S`: asks the run loop to sync now, in the background; the status line says how it ended.
    func syncNow() -> [AppEffect] {
        guard sync.isAvailable else {
            status = .info("Sync is off here (the demo never syncs).")
            return []
        }
        guard !sync.isRunning else {
            status = .info("A sync is already under way.")
            return []
        }
        status = .info("Syncing…")
        return [.startSync(nil)]
    }

    /// What the run loop reports of the background sync. A failure, and the end of a sync asked
    /// for, go to the status line; the title always shows the last sync (`syncIndicator`). A
    /// sync's saves arrive as any other writer's, through the run loop's merge.
    func handle(_ event: SyncEvent) {
        switch event {
        case .available:
            sync.isAvailable = true
        case .started(let requested):
            sync.isRunning = true
            sync.requested = requested
        case .couldNotStart(let problem):
            status = .error(problem)
        case .finished(let outcome):
            sync.isRunning = false
            sync.last = outcome
            if let store = context.store as? JSONStore {
                // The run may have found a calendar read-only, or writable again.
                context.readOnlyLists = SyncStateFile(storePath: store.path).readOnlyLists()
            }
            let time = Self.clockTime(outcome.finishedAt, calendar: calendar)
            if !outcome.succeeded {
                status = .error("Sync failed at \(time): \(outcome.message)")
            } else if sync.requested {
                status = .info("\(outcome.message) (\(time))")
            }
            sync.requested = false
            if !outcome.waiting.isEmpty, mode == .browse {
                showSyncConflicts(outcome.waiting)
            }
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
    /// to-dos, saved; then a sync with `overwrite` (mine) or `rollback` (theirs, both) settles
    /// the items on both sides. A save that fails starts no sync.
    func settleSync(_ conflicts: [MergeConflict], by choice: ConflictChoice) -> [AppEffect] {
        resolvingSyncConflicts = false
        mode = .browse
        var effects: [AppEffect] = []
        if choice == .both {
            do {
                for mine in conflicts.compactMap(\.inMemory) {
                    try context.insert(Self.copy(of: mine, now: now))
                }
            } catch {
                status = .error("\(error)")
                return []
            }
            effects.append(.save)
        }
        status = .info(Self.describe(choice, count: conflicts.count) + " Syncing…")
        return effects + [.startSync(choice.policy)]
    }

    /// The title's sync part: "syncing…", "synced 10:42", "sync failed 10:42"; nil without a
    /// sync or before the first run.
    var syncIndicator: String? {
        guard sync.isAvailable else { return nil }
        if sync.isRunning { return "syncing…" }
        guard let last = sync.last else { return nil }
        let time = Self.clockTime(last.finishedAt, calendar: calendar)
        return last.succeeded ? "synced \(time)" : "sync failed \(time)"
    }

    /// "HH:MM" in the list's calendar.
    static func clockTime(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}

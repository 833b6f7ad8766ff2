import Foundation

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

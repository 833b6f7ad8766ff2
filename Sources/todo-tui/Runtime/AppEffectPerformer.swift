import Foundation
import TodoCore

/// Performs what the app asks for (`AppEffect`) — saving, syncing, writing a copy, quitting —
/// and the run loop's polls of the sync and of other writers, and tells the app how each went.
///
/// It owns the background sync, the one part of the list that starts processes: the app knows
/// of it only through the `SyncEvent`s this reports. Saves and merges go through the app's
/// context, whose processed changes animate in the table as every change does.
final class AppEffectPerformer {
    let app: TodoApp
    /// Syncs the list in a child process; nil for the demo.
    let sync: BackgroundSync?

    /// Tells `app` whether the list syncs (`SyncEvent.available`).
    init(app: TodoApp, sync: BackgroundSync? = nil) {
        self.app = app
        self.sync = sync
        if sync != nil {
            app.handle(SyncEvent.available)
        }
    }

    /// Performs `effects` in order: a save that fails goes to `TodoApp.saveFailed(_:)` (shown, or
    /// a conflict to decide) and ends the list, since what follows it counted on it. A quit
    /// first tries once more to save a change an earlier save could not write.
    /// - Returns: whether the app should quit now.
    func perform(_ effects: [AppEffect]) -> Bool {
        for effect in effects {
            switch effect {
            case .save:
                guard save() else { return false }
            case .saveSettling(let policy):
                // The user's answer to a conflict applies to this one save only.
                let chosen = app.context.mergePolicy
                app.context.mergePolicy = policy
                defer { app.context.mergePolicy = chosen }
                guard save() else { return false }
            case .writeCopy(let path):
                writeCopy(to: path)
            case .startSync(let policy):
                startSync(policy: policy)
            case .quit:
                // If the change still cannot be saved, quitting waits for the user (a conflict
                // to decide, or q again).
                if app.context.hasChanges {
                    do {
                        try app.context.save()
                    } catch {
                        guard app.quitsDespiteUnsavedChange(error) else { return false }
                    }
                }
                return true
            }
        }
        return false
    }

    /// Reaps a finished sync and starts one that is due, and tells the app.
    func pollSync() {
        guard let sync else { return }
        let wasRunning = sync.isRunning
        let outcome = sync.poll(now: app.now)
        if let outcome {
            app.handle(SyncEvent.finished(outcome))
        }
        if sync.isRunning, !wasRunning || outcome != nil {
            app.handle(SyncEvent.started(requested: false))
        }
    }

    /// Other writers: when the store's generation is not the one the context has seen, merges
    /// the store in (the table animates the difference).
    ///
    /// Changes a failed save left unsaved are saved first, so the merge policy settles them
    /// against the other writers (a conflict it leaves open goes to the user) — merging the
    /// store in first would settle them the object-trump way whatever the policy. While the
    /// user types or decides a conflict they wait for a later call.
    func mergeOtherWriters() {
        guard !app.isResolvingConflict else { return }
        let context = app.context
        do {
            let generation = try context.store.currentGeneration()
            guard generation != context.storeGeneration else { return }
            if context.hasChanges {
                guard app.mode == .browse, save() else { return }
            }
            try context.refreshAllObjects()
            // Another writer may have renamed or deleted a list.
            app.followLists()
        } catch {
            app.show(.error("Could not read changes from the store: \(error)"))
        }
    }

    /// The terminal went away (end of input, an input error, a hang-up with SIGHUP ignored):
    /// nobody can answer a question any more, so a change an earlier save could not write is
    /// tried once more; the caller compacts the store.
    func finishAtEndOfInput() {
        if app.context.hasChanges {
            try? app.context.save()
        }
    }

    /// Saves the app's context; a failure goes to the app.
    /// - Returns: whether the save succeeded.
    private func save() -> Bool {
        do {
            try app.context.save()
            return true
        } catch {
            app.saveFailed(error)
            return false
        }
    }

    /// Writes every to-do the list holds — saved or not, whatever the filter shows — to a new
    /// store file at `path`; an existing file is never written over.
    /// - Complexity: O(n log n) in the number of to-dos.
    private func writeCopy(to path: String) {
        do {
            let items = try app.context.fetch(FetchRequest())
            try JSONStore.createStore(at: path, containing: items)
            app.copyWritten(itemCount: items.count, to: path)
        } catch {
            app.copyFailed(error)
        }
    }

    /// Starts a run unless one is under way (which then counts as the one asked for).
    private func startSync(policy: MergePolicy?) {
        guard let sync else { return }
        if let problem = sync.start(now: app.now, policy: policy) {
            app.handle(SyncEvent.couldNotStart(problem))
        } else {
            app.handle(SyncEvent.started(requested: true))
        }
    }
}

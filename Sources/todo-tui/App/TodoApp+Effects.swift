import Foundation
import TodoCore

extension TodoApp {
    /// Reacts to one terminal event and performs the effects it asks for: the one seam through
    /// which the run loop (and the tests) drive the app.
    /// - Returns: whether the app should quit now.
    func receive(_ event: TerminalEvent) -> Bool {
        perform(handle(event))
    }

    /// Performs effects in order: saves (a failure goes to `saveFailed(_:)`), copies of the list
    /// to a new file (`writeCopy(to:)`), and a quit, which
    /// first tries once more to save a change an earlier save could not write.
    /// - Returns: whether the app should quit now.
    func perform(_ effects: [AppEffect]) -> Bool {
        for effect in effects {
            switch effect {
            case .save:
                save()
            case .saveSettling(let policy):
                // The user's answer to a conflict applies to this one save only.
                let chosen = context.mergePolicy
                context.mergePolicy = policy
                save()
                context.mergePolicy = chosen
            case .writeCopy(let path):
                writeCopy(to: path)
            case .quit:
                // If the change still cannot be saved, quitting waits for the user (a conflict
                // to decide, or q again).
                if context.hasChanges {
                    do {
                        try context.save()
                    } catch {
                        guard quitsDespiteUnsavedChange(error) else { return false }
                    }
                }
                return true
            }
        }
        return false
    }

    /// Other writers: when the store's generation is not the one the context has seen, merges
    /// the store in (the table animates the difference).
    ///
    /// Changes a failed save left unsaved are saved first, so the merge policy settles them
    /// against the other writers (a conflict it leaves open goes to the user) — merging the
    /// store in first would settle them the object-trump way whatever the policy. While the
    /// user types or decides a conflict they wait for a later call.
    func mergeOtherWriters() {
        guard !isResolvingConflict else { return }
        do {
            let generation = try context.store.currentGeneration()
            guard generation != context.storeGeneration else { return }
            if context.hasChanges {
                guard mode == .browse, save() else { return }
            }
            try context.refreshAllObjects()
        } catch {
            show(.error("Could not read changes from the store: \(error)"))
        }
    }

    /// The terminal went away (end of input, an input error, a hang-up with SIGHUP ignored):
    /// nobody can answer a question any more, so a change an earlier save could not write is
    /// tried once more; the caller compacts the store.
    func finishAtEndOfInput() {
        if context.hasChanges {
            try? context.save()
        }
    }

    /// Saves the context; a failure goes to `saveFailed(_:)` (shown, or a conflict to decide).
    /// - Returns: whether the save succeeded.
    @discardableResult
    private func save() -> Bool {
        do {
            try context.save()
            return true
        } catch {
            saveFailed(error)
            return false
        }
    }
}

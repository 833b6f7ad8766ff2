import Foundation

extension TodoContext {
    /// Writes the unsaved changes to the store, durably and atomically, then posts `DidSave`.
    ///
    /// Pending changes are processed first. Under the store's lock the context re-reads the
    /// store and compares each changed item's stored version with the version it read (its
    /// snapshot): an item that moved meanwhile, was deleted meanwhile, or was inserted by another
    /// writer with the same id is a conflict, settled by `mergePolicy`. Items other writers added
    /// or changed that this context did not touch are kept as they are in the store. Saved items'
    /// versions go up by one and the store's generation by one.
    /// - Throws: `SaveError.conflicts` (nothing written), `SaveError.store` for I/O and bad data.
    /// - Complexity: O(n) in the store size plus O(k) in the changed items.
    public func save() throws {
        processPendingChanges()
        let changedIDs = unsavedIDs.filter { current[$0] != committed[$0] }.sorted()
        guard !changedIDs.isEmpty else {
            unsavedIDs.removeAll()
            return
        }
        let outcome: SaveOutcome
        do {
            outcome = try store.modify { contents in try write(changedIDs, into: &contents) }
        } catch let error as StoreError {
            throw SaveError.store(error)
        }
        adopt(outcome)
    }

    /// What one save wrote, for updating the snapshot after the store's lock is released.
    struct SaveOutcome {
        var inserted: [TodoItem] = []
        var updated: [TodoItem] = []
        var deleted: [TodoItem] = []
        var generationBefore = 0
        var generationAfter = 0
    }

    /// Applies the changes of `ids` to freshly read `contents`, or throws without touching them.
    private func write(_ ids: [UUID], into contents: inout StoreContents) throws -> SaveOutcome {
        var positions: [UUID: Int] = [:]
        positions.reserveCapacity(contents.items.count)
        for (position, item) in contents.items.enumerated() {
            positions[item.id] = position
        }
        let conflicts = ids.compactMap { id -> MergeConflict? in
            let stored = positions[id].map { contents.items[$0] }
            let base = committed[id]
            let bothDeleted = stored == nil && current[id] == nil
            guard !bothDeleted, stored?.version != base?.version || (base == nil && stored != nil) else { return nil }
            return MergeConflict(itemID: id, base: base, inMemory: current[id], stored: stored)
        }
        guard conflicts.isEmpty else { throw SaveError.conflicts(conflicts) }

        var outcome = SaveOutcome(generationBefore: contents.generation)
        var removed: Set<Int> = []
        for id in ids {
            let position = positions[id]
            guard var value = current[id] else {
                if let position {
                    removed.insert(position)
                    outcome.deleted.append(contents.items[position])
                }
                continue
            }
            value.version = (committed[id]?.version ?? 0) + 1
            if let position {
                contents.items[position] = value
                outcome.updated.append(value)
            } else {
                contents.items.append(value)
                outcome.inserted.append(value)
            }
        }
        if !removed.isEmpty {
            contents.items = contents.items.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
        }
        contents.generation += 1
        outcome.generationAfter = contents.generation
        return outcome
    }

    /// Makes the written values the new snapshot and tells observers.
    ///
    /// Version bumps are bookkeeping, not content changes: they update current values without an
    /// `ObjectsDidChange`. The context claims to have seen the new generation only when it had
    /// seen the one it saved over; otherwise another writer's save is still unseen.
    private func adopt(_ outcome: SaveOutcome) {
        for item in outcome.inserted + outcome.updated {
            committed[item.id] = item
            current[item.id] = item
        }
        for item in outcome.deleted {
            committed[item.id] = nil
        }
        unsavedIDs.removeAll()
        if outcome.generationBefore == storeGeneration {
            storeGeneration = outcome.generationAfter
        }
        post(DidSave(
            inserted: outcome.inserted,
            updated: outcome.updated,
            deleted: outcome.deleted,
            generation: outcome.generationAfter
        ))
    }
}

import Foundation

extension TodoContext {
    /// Writes the unsaved changes to the store, durably and atomically, then posts `DidSave`.
    ///
    /// Pending changes are processed first. Under the store's lock the context learns what
    /// other writers saved since the generation it has seen (their batches, or the whole store
    /// when the store no longer keeps them) and compares each changed item's stored version with
    /// the version it read (its snapshot): an item that moved meanwhile, was deleted meanwhile,
    /// or was inserted by another writer with the same id is a conflict, settled by
    /// `mergePolicy` (see `MergePolicy`). Items other writers added or changed that this context
    /// did not touch are kept as they are in the store. Written items' versions go up by one and
    /// the store's generation by one. Observers get every value the save changed in this context
    /// as one batch after the write, which is not undoable: the new versions, and whatever a
    /// policy settled (a merged field, the `modifiedAt` a merge takes, a stored value adopted).
    /// A version names one value of an item and only grows: an item that comes back after a
    /// delete gets a version above every one it had (see `version(reinserting:in:)`).
    /// - Throws: `SaveError.conflicts` under `.error` (nothing written), `SaveError.store` for
    ///   I/O and bad data.
    /// - Complexity: O(k) in the changed items plus what the store reads: the batches saved
    ///   since this context's generation (a journal store), or O(n) in the store size when it
    ///   hands over the whole store.
    public func save() throws(SaveError) {
        processPendingChanges()
        let changedIDs = Self.sortedIDs(unsavedIDs.filter { current[$0] != committed[$0] })
        guard !changedIDs.isEmpty || currentLists != committedLists else {
            unsavedIDs.removeAll()
            return
        }
        if let parent {
            return try push(changedIDs, into: parent)
        }
        let outcome: SaveOutcome
        do {
            outcome = try store.commit(after: storeGeneration) { changes in try batch(changedIDs, over: changes) }
        } catch let error as SaveError {
            throw error
        } catch let error as StoreError {
            throw .store(error)
        } catch {
            // The TodoStore contract allows only StoreError; a custom store that breaks it is
            // still reported, not a crash of the library user's program.
            throw .store(
                .ioFailure(
                    path: String(describing: type(of: store)), operation: "save to", reason: String(describing: error)))
        }
        adopt(outcome)
    }

    /// `ids` in `UUID`'s order, as `sorted()` gives them, each compared as two integers rather than
    /// sixteen bytes one by one: a sync's first save sorts every item's id.
    /// - Complexity: O(n log n).
    static func sortedIDs(_ ids: some Collection<UUID>) -> [UUID] {
        var keyed = ids.map { (FetchedResultsController.SortKey.words(of: $0), $0) }
        keyed.sort { $0.0 < $1.0 }
        return keyed.map(\.1)
    }

    /// What one save decided and wrote, for updating the snapshot after the lock is released.
    struct SaveOutcome {
        var inserted: [TodoItem] = []
        var updated: [TodoItem] = []
        var deleted: [TodoItem] = []
        /// Final committed values of the touched ids (nil = absent), including adopted ones.
        var finalValues: [(UUID, TodoItem?)] = []
        /// The lists after the save, when this context changed them.
        var finalLists: [TodoList]?
        /// Whether the save wrote lists.
        var wroteLists = false
        var generationBefore = 0
        var generationAfter = 0
    }

    /// Decides the changes of `ids` against the store as `changes` describe it, and returns
    /// the batch to save (nil when the merge leaves nothing to write), or throws.
    ///
    /// The stored value of an id is its latest value in the batches saved since this context's
    /// generation, else its committed value: the snapshot is the store at that generation.
    private func batch(
        _ ids: [UUID], over changes: StoreChanges
    ) throws(SaveError) -> (batch: StoreBatch?, result: SaveOutcome) {
        let stored: (UUID) -> TodoItem?
        switch changes {
        case .batches:
            let latest = changes.latestValues
            stored = { id in latest[id] ?? self.committed[id] }
        case .contents(let contents):
            var values: [UUID: TodoItem] = [:]
            values.reserveCapacity(contents.items.count)
            for item in contents.items {
                values[item.id] = item
            }
            stored = { values[$0] }
        }
        let decisions = try decide(ids, byVersion: true, stored: stored)

        var outcome = SaveOutcome(generationBefore: changes.generation)
        var batch = StoreBatch(generation: changes.generation + 1)
        for (id, decision) in decisions {
            let storedValue = stored(id)
            switch decision {
            case .adoptStored:
                outcome.finalValues.append((id, storedValue))
            case .write(nil):
                if let storedValue {
                    batch.removedIDs.append(id)
                    outcome.deleted.append(storedValue)
                }
                outcome.finalValues.append((id, nil))
            case .write(var value?):
                value.version = storedValue.map { $0.version + 1 } ?? version(reinserting: id, in: batch.generation)
                batch.items.append(value)
                if storedValue == nil {
                    outcome.inserted.append(value)
                } else {
                    outcome.updated.append(value)
                }
                outcome.finalValues.append((id, value))
            }
        }
        if currentLists != committedLists {
            let storedLists = changes.latestLists ?? committedLists
            let lists = ListsChange(before: committedLists, after: currentLists)
                .replaying(onto: storedLists, winsConflicts: mergePolicy.thisContextWinsLists)
            if lists != storedLists {
                batch.lists = lists
                outcome.wroteLists = true
            }
            outcome.finalLists = lists
        }
        guard !(batch.items.isEmpty && batch.removedIDs.isEmpty && batch.lists == nil) else {
            outcome.generationAfter = outcome.generationBefore
            return (nil, outcome)
        }
        outcome.generationAfter = batch.generation
        return (batch, outcome)
    }

    /// Decides each changed id: write the in-memory value, or settle a conflict by policy.
    ///
    /// - Parameters:
    ///   - byVersion: true against a store (an item moved when its version did); false against a
    ///     parent context, whose unsaved changes carry no new version (an item moved when its
    ///     value did: a parent's save that only gave it a new version did not move it).
    ///   - stored: the value the target holds now.
    /// - Throws: `SaveError.conflicts` listing every conflict the policy does not settle.
    func decide(
        _ ids: [UUID], byVersion: Bool, stored: (UUID) -> TodoItem?
    ) throws(SaveError) -> [(UUID, MergePolicy.Resolution)] {
        var decisions: [(UUID, MergePolicy.Resolution)] = []
        var unsettled: [MergeConflict] = []
        for id in ids {
            let storedValue = stored(id), base = committed[id], mine = current[id]
            let bothDeleted = storedValue == nil && mine == nil
            let moved =
                byVersion
                ? storedValue?.version != base?.version || (base == nil && storedValue != nil)
                : !Self.differAtMostInVersion(storedValue, base)
            guard moved, !bothDeleted else {
                decisions.append((id, bothDeleted ? .adoptStored : .write(mine)))
                continue
            }
            let conflict = MergeConflict(itemID: id, base: base, inMemory: mine, stored: storedValue)
            guard let resolution = mergePolicy.resolve(conflict) else {
                unsettled.append(conflict)
                continue
            }
            decisions.append((id, Self.skippingNoOpWrite(resolution, stored: storedValue)))
        }
        guard unsettled.isEmpty else { throw .conflicts(unsettled) }
        return decisions
    }

    /// True when both are absent, or both present and equal but for their versions.
    private static func differAtMostInVersion(_ a: TodoItem?, _ b: TodoItem?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): a.differsAtMostInVersion(from: b)
        default: false
        }
    }

    /// A merge whose result is what the store already holds writes nothing.
    private static func skippingNoOpWrite(
        _ resolution: MergePolicy.Resolution, stored: TodoItem?
    ) -> MergePolicy.Resolution {
        switch (resolution, stored) {
        case (.write(nil), nil): .adoptStored
        case (.write(let value?), let stored?) where value.hasSameContent(as: stored): .adoptStored
        default: resolution
        }
    }

    /// Makes the final values the new snapshot and tells observers.
    ///
    /// Every final value that differs from the one the context shows goes through `setCurrent`
    /// and so into one non-undoable batch: the versions the save assigned, a field a policy
    /// settled, and a stored value adopted with its own `modifiedAt` and `createdAt` alike. What
    /// a save reports is decided here and nowhere else, so no policy can change a value silently
    /// (a fetched-results controller holds values, not references, and would go stale). The
    /// context claims to have seen the new generation only when it had seen the one it saved
    /// over; otherwise another writer's save is still unseen.
    private func adopt(_ outcome: SaveOutcome) {
        // Room for every final value at once, not grown step by step: a sync's first save adopts
        // every item.
        pendingBase.reserveCapacity(pendingBase.count + outcome.finalValues.count)
        pendingOrder.reserveCapacity(pendingOrder.count + outcome.finalValues.count)
        for (id, value) in outcome.finalValues {
            if current[id] != value {
                setCurrent(value, for: id, isUnsaved: false)
            }
            setCommitted(value, for: id)
        }
        for item in outcome.deleted {
            setCommitted(nil, for: item.id, deletedVersion: item.version)
        }
        if let lists = outcome.finalLists {
            if currentLists != lists { setCurrentLists(lists) }
            committedLists = lists
        }
        unsavedIDs.removeAll()
        processWithoutUndo()
        if outcome.generationBefore == storeGeneration {
            storeGeneration = outcome.generationAfter
        }
        guard outcome.generationAfter != outcome.generationBefore else { return }
        post(
            DidSave(
                inserted: outcome.inserted,
                updated: outcome.updated,
                deleted: outcome.deleted,
                generation: outcome.generationAfter,
                lists: outcome.wroteLists ? outcome.finalLists : nil
            ))
    }
}

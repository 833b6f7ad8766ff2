import Foundation

extension TodoContext {
    /// Folds another context's save into this one, as `mergeChanges(fromContextDidSave:)`.
    ///
    /// Items this context has not changed take the saved values (and versions); items it has
    /// changed keep its values and its snapshot, so its next `save()` meets the conflict and
    /// settles it by `mergePolicy` — nothing is lost silently. Observers get the visible changes
    /// as one batch, which is not undoable. The context's generation moves to the save's only
    /// when it follows directly and every saved item was taken: a later save learns what
    /// happened after the context's generation from the store, so a save whose value an unsaved
    /// change kept out must stay after it.
    /// - Complexity: O(k) in the saved items.
    public func mergeChanges(fromContextDidSave save: DidSave) {
        guard isLoaded else { return }
        processPendingChanges()
        var tookAll = true
        for item in save.inserted + save.updated {
            tookAll = adoptStoredValue(item, for: item.id) && tookAll
        }
        for item in save.deleted {
            tookAll = adoptStoredValue(nil, for: item.id) && tookAll
        }
        if tookAll, save.generation == storeGeneration + 1 {
            storeGeneration = save.generation
        }
        processWithoutUndo()
    }

    /// Brings every item up to date with the store, as `refreshAllObjects()`.
    ///
    /// Unchanged items take the stored values; items with unsaved changes keep them on top of the
    /// new stored values (`refresh(_:mergeChanges: true)` for each). Items others added appear,
    /// items others deleted disappear unless changed here. Reported as one non-undoable batch.
    /// - Throws: `StoreError` when the store cannot be read.
    /// - Complexity: O(m log m) in the items saved since the context's generation when the
    ///   store hands over those batches (a journal store); else O(n) in the store size.
    public func refreshAllObjects() throws {
        guard isLoaded else { return try loadIfNeeded() }
        processPendingChanges()
        let changes = try store.changes(after: storeGeneration)
        switch changes {
        case .batches:
            let latest = changes.latestValues
            for id in latest.keys.sorted() {
                if let value = latest[id], value != committed[id] {
                    rebase(id, onto: value)
                }
            }
        case .contents(let contents):
            var stored: [UUID: TodoItem] = [:]
            stored.reserveCapacity(contents.items.count)
            for item in contents.items {
                stored[item.id] = item
            }
            for id in Set(stored.keys).union(committed.ids).sorted() where stored[id] != committed[id] {
                rebase(id, onto: stored[id])
            }
        }
        storeGeneration = changes.generation
        processWithoutUndo()
    }

    /// Brings one item up to date with the store, as `refresh(_:mergeChanges:)`.
    ///
    /// With `mergeChanges` false, unsaved changes to the item are discarded and the stored value
    /// is used. With true, they are kept on top of the stored value, field by field, and the
    /// item's snapshot moves to the stored version (a later save does not see a conflict).
    /// - Throws: `StoreError` when the store cannot be read.
    /// - Complexity: O(n) in the store size (the store is read).
    public func refresh(_ id: UUID, mergeChanges: Bool) throws {
        try loadIfNeeded()
        processPendingChanges()
        let stored = try store.load().items.first { $0.id == id }
        if mergeChanges {
            rebase(id, onto: stored)
        } else {
            committed[id] = stored
            setCurrent(stored, for: id)
            unsavedIDs.remove(id)
        }
        processWithoutUndo()
    }

    /// Takes a value written elsewhere: unchanged items show it; changed items keep their
    /// changes and their snapshot (so the next save sees the conflict).
    /// - Returns: whether the value was taken.
    @discardableResult
    func adoptStoredValue(_ value: TodoItem?, for id: UUID) -> Bool {
        guard !hasUnsavedChange(id) else { return false }
        committed[id] = value
        setCurrent(value, for: id)
        unsavedIDs.remove(id)
        return true
    }

    /// Moves the item's snapshot to `stored`, replaying this context's unsaved field changes on
    /// top (a three-way merge in which this context wins, as Core Data's refresh with merging).
    func rebase(_ id: UUID, onto stored: TodoItem?) {
        guard hasUnsavedChange(id) else {
            adoptStoredValue(stored, for: id)
            return
        }
        let conflict = MergeConflict(itemID: id, base: committed[id], inMemory: current[id], stored: stored)
        committed[id] = stored
        switch MergePolicy.mergeByPropertyObjectTrump.resolve(conflict) {
        case .write(let merged)?:
            var merged = merged
            merged?.version = stored?.version ?? 0
            setCurrent(merged, for: id)
        default:
            setCurrent(stored, for: id)
            unsavedIDs.remove(id)
        }
    }

    /// True when the item's current value differs from its committed one.
    func hasUnsavedChange(_ id: UUID) -> Bool {
        unsavedIDs.contains(id) && current[id] != committed[id]
    }

    /// Delivers what merging changed as one batch that undo does not revert.
    func processWithoutUndo() {
        undoRegistration = .ignore
        processPendingChanges()
        undoRegistration = .record
    }
}

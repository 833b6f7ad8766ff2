import Foundation

extension TodoContext {
    /// Folds another context's save into this one, as `mergeChanges(fromContextDidSave:)`.
    ///
    /// Versions decide what is news, so a save merged late, out of order or twice never sends an
    /// item back: a save to the store whose generation this context has seen already is ignored
    /// whole, and of a newer one each item is taken only when its version is above the one this
    /// context holds or saw deleted (a stale delete does not remove an item that came back since,
    /// a stale insert does not bring back one deleted since). Items this context has changed keep
    /// its values and its snapshot, so its next `save()` meets the conflict and settles it by
    /// `mergePolicy` — nothing is lost silently. Observers get the visible changes as one batch,
    /// which is not undoable. The context's generation moves to the save's only when it follows
    /// directly and nothing in it was kept out by an unsaved change: a later save learns what
    /// happened after the context's generation from the store, so a save whose value an unsaved
    /// change kept out must stay after it.
    ///
    /// A child's save into its parent (`DidSave.isIntoParent`) is news for the parent's other
    /// children only (a root context ignores it: the values are not in the store). It raises no
    /// version, so its values are taken at the versions they carry unless this context holds a
    /// newer one.
    /// - Complexity: O(k) in the saved items.
    public func mergeChanges(fromContextDidSave save: DidSave) {
        guard isLoaded, save.isIntoParent ? parent != nil : save.generation > storeGeneration else { return }
        processPendingChanges()
        var tookAll = true
        for item in save.inserted + save.updated
        where isNews(item.version, for: item.id, sameVersion: save.isIntoParent) {
            tookAll = adoptStoredValue(item, for: item.id) && tookAll
        }
        for item in save.deleted {
            if let held = committed[item.id]?.version, held > item.version {
                continue
            }
            tookAll = adoptStoredValue(nil, for: item.id, deletedVersion: item.version) && tookAll
        }
        if let lists = save.lists {
            rebaseLists(onto: lists)
        }
        if tookAll, !save.isIntoParent, save.generation == storeGeneration + 1 {
            storeGeneration = save.generation
        }
        processWithoutUndo()
    }

    /// True when a saved value of `version` is newer than what this context knows of the item.
    /// - Parameter sameVersion: whether a value of the very version it holds counts as news (a
    ///   child's save, whose values keep their parent's versions).
    private func isNews(_ version: Int, for id: UUID, sameVersion: Bool) -> Bool {
        if let held = committed[id]?.version {
            return sameVersion ? version >= held : version > held
        }
        guard let deleted = deletedVersions[id] else { return true }
        return version > deleted
    }

    /// Brings every item up to date with the store, as `refreshAllObjects()`; a child context
    /// reads its parent's current values instead (its unsaved ones included), as Core Data.
    ///
    /// Unchanged items take the stored values. Items with unsaved changes keep them on top of
    /// the new stored values where the two touch different fields (as `refresh(_:mergeChanges:
    /// true)`); where both changed the same field, or one side deleted the item, the item keeps
    /// its snapshot so that the next `save()` settles the conflict by `mergePolicy` (under
    /// `.error` it throws). Items others added appear, items others deleted disappear unless
    /// changed here. Reported as one non-undoable batch.
    ///
    /// The context's generation moves to the store's unless a conflict was kept for the save:
    /// what the store holds beyond that generation is read again by the next refresh or save.
    /// - Throws: `StoreError` when the store cannot be read.
    /// - Complexity: O(m log m) in the items saved since the context's generation when the
    ///   store hands over those batches (a journal store); else O(n) in the store size (and in
    ///   the parent's items for a child).
    public func refreshAllObjects() throws(StoreError) {
        guard isLoaded else { return try loadIfNeeded() }
        processPendingChanges()
        if let parent {
            try parent.loadIfNeeded()
            for id in parent.current.ids.union(committed.ids).sorted() where parent.current[id] != committed[id] {
                rebase(id, onto: parent.current[id])
            }
            rebaseLists(onto: parent.currentLists)
            storeGeneration = parent.storeGeneration
            processWithoutUndo()
            return
        }
        let changes = try store.changes(after: storeGeneration)
        var restsOnStore = true
        switch changes {
        case .batches:
            let latest = changes.latestValues
            for id in latest.keys.sorted() {
                if let value = latest[id], value != committed[id] {
                    restsOnStore = rebase(id, onto: value) && restsOnStore
                }
            }
        case .contents(let contents):
            var stored: [UUID: TodoItem] = [:]
            stored.reserveCapacity(contents.items.count)
            for item in contents.items {
                stored[item.id] = item
            }
            for id in Set(stored.keys).union(committed.ids).sorted() where stored[id] != committed[id] {
                restsOnStore = rebase(id, onto: stored[id]) && restsOnStore
            }
        }
        if let lists = changes.latestLists {
            rebaseLists(onto: lists)
        }
        if restsOnStore {
            storeGeneration = changes.generation
        }
        processWithoutUndo()
    }

    /// Brings one item up to date with the store, as `refresh(_:mergeChanges:)`; a child context
    /// reads its parent's current value instead (unsaved there or not), as Core Data.
    ///
    /// With `mergeChanges` false, unsaved changes to the item are discarded and the stored value
    /// is used. With true, they are kept on top of the stored value where the two touch different
    /// fields, and the item's snapshot moves to the stored version; where both changed the same
    /// field, or one side deleted the item, the item keeps its snapshot so that the next `save()`
    /// settles the conflict by `mergePolicy`.
    /// - Throws: `StoreError` when the store cannot be read.
    /// - Complexity: O(n) in the store size for a root context (the store is read); O(1) for a
    ///   child once its parent is loaded.
    public func refresh(_ id: UUID, mergeChanges: Bool) throws(StoreError) {
        try loadIfNeeded()
        processPendingChanges()
        let stored: TodoItem?
        if let parent {
            try parent.loadIfNeeded()
            stored = parent.current[id]
        } else {
            stored = try store.load().items.first { $0.id == id }
        }
        if mergeChanges {
            rebase(id, onto: stored)
        } else {
            setCommitted(stored, for: id)
            setCurrent(stored, for: id)
            unsavedIDs.remove(id)
        }
        processWithoutUndo()
    }

    /// Takes a value written elsewhere: unchanged items show it; changed items keep their
    /// changes and their snapshot (so the next save sees the conflict).
    /// - Parameter deletedVersion: for a deletion, the version that was deleted.
    /// - Returns: whether the value was taken.
    @discardableResult
    func adoptStoredValue(_ value: TodoItem?, for id: UUID, deletedVersion: Int? = nil) -> Bool {
        guard !hasChanges(for: id) else { return false }
        setCommitted(value, for: id, deletedVersion: deletedVersion)
        setCurrent(value, for: id)
        unsavedIDs.remove(id)
        return true
    }

    /// Moves the item's snapshot to `stored`, replaying this context's unsaved field changes on
    /// top, when the two changed different fields (a three-way merge with nothing to decide).
    /// A real conflict — the same field changed to different values on both sides, or a delete
    /// on one side against a change on the other — is left for `save()` and its policy.
    /// - Returns: whether the item now rests on `stored`; false when a conflict was kept.
    @discardableResult
    func rebase(_ id: UUID, onto stored: TodoItem?) -> Bool {
        guard hasChanges(for: id) else { return adoptStoredValue(stored, for: id) }
        let base = committed[id], mine = current[id]
        guard stored != base else { return true }
        switch (base, mine, stored) {
        case (_?, nil, nil):
            unsavedIDs.remove(id)
            setCommitted(nil, for: id)
            return true
        case (let base?, var merged?, let stored?):
            for field in ItemField.allCases where !field.isEqual(stored, base) {
                if field.isEqual(merged, base) {
                    field.copy(from: stored, into: &merged)
                } else if field.mergesBothSides {
                    field.merge(stored, base: base, into: &merged)
                } else if !field.isEqual(merged, stored) {
                    return false
                }
            }
            if merged.hasSameContent(as: stored) {
                setCommitted(stored, for: id)
                setCurrent(stored, for: id)
                unsavedIDs.remove(id)
                return true
            }
            merged.version = stored.version
            merged.modifiedAt = max(merged.modifiedAt, stored.modifiedAt)
            setCommitted(stored, for: id)
            setCurrent(merged, for: id)
            return true
        default:
            return false
        }
    }

    /// Takes `stored` as the lists' snapshot, keeping this context's unsaved list changes on top
    /// list by list (the stored value wins where both changed one list). A save merges lists
    /// the same way against whatever the store holds then, so no list change is ever kept out
    /// as a conflict, and the context's generation may move on.
    func rebaseLists(onto stored: [TodoList]) {
        guard stored != committedLists else { return }
        let lists = ListsChange(before: committedLists, after: currentLists).replaying(
            onto: stored, winsConflicts: false)
        committedLists = stored
        if lists != currentLists { setCurrentLists(lists) }
    }

    /// Delivers what merging changed as one batch that undo does not revert.
    func processWithoutUndo() {
        undoRegistration = .ignore
        processPendingChanges()
        undoRegistration = .record
    }
}

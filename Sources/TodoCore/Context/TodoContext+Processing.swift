import Foundation

extension TodoContext {
    /// Turns the changes made since the last batch into one `ObjectsDidChange` for observers and
    /// one undo group. Does nothing when no item's value changed.
    ///
    /// An item inserted and edited before processing is reported once, as an insert of its final
    /// value; one inserted and deleted before processing is not reported. Items appear in the
    /// order they were first touched.
    /// - Complexity: O(k) in the number of items touched since the last batch, plus observers.
    public func processPendingChanges() {
        guard !pendingOrder.isEmpty || pendingListsBase != nil else { return }
        // What nobody receives is not built: the batch's items without observers, the undo group
        // when undo does not record it. Whether anything changed still decides that a batch is
        // posted (and counted).
        let isObserved = !objectsDidChangeObservers.isEmpty
        let isRecorded = undoRegistration == .record
        var batch = ObjectsDidChange()
        var group: [ItemChange] = []
        if isRecorded { group.reserveCapacity(pendingOrder.count) }
        var itemsChanged = false
        for id in pendingOrder {
            guard let base = pendingBase[id] else { continue }
            let value = current[id]
            switch (base, value) {
            case (nil, let new?): if isObserved { batch.inserted.append(new) }
            case (let old?, nil): if isObserved { batch.deleted.append(old) }
            case (let old?, let new?) where old != new:
                if isObserved { batch.updated.append(ItemUpdate(old: old, new: new)) }
            default: continue
            }
            itemsChanged = true
            if isRecorded {
                group.append(ItemChange(id: id, before: base, after: value))
            } else if !isObserved {
                break
            }
        }
        pendingBase.removeAll()
        pendingOrder.removeAll()
        var lists: ListsChange?
        if let base = pendingListsBase, base != currentLists {
            lists = ListsChange(before: base, after: currentLists)
            batch.lists = currentLists
        }
        pendingListsBase = nil
        guard itemsChanged || lists != nil else { return }
        registerUndo(ChangeGroup(items: group, lists: lists))
        post(batch)
    }

    /// The item's value as of the last processed batch: what observers have been told.
    /// - Complexity: O(1).
    func processedValue(of id: UUID) -> TodoItem? {
        if let base = pendingBase[id] { return base }
        return current[id]
    }

    /// Every id present as of the last processed batch, and possibly some absent then (ids
    /// inserted since); `processedValue(of:)` tells which.
    /// - Complexity: O(n).
    var processedIDs: Set<UUID> {
        current.ids.union(pendingBase.keys)
    }

    // MARK: Undo

    /// True when there is a processed batch to undo.
    public var canUndo: Bool { !undoStack.isEmpty || hasUnprocessedChanges }

    /// True when there is an undone batch to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Reverts the last processed batch (processing pending changes first), as one new batch.
    /// The reverted state is unsaved until `save()`.
    ///
    /// Undo is per property, as Core Data's: it touches only the fields the undone batch
    /// changed, and of those only the ones that still hold the value the batch gave them. A field
    /// another writer changed since (brought in by a merge or a refresh) stays theirs, and so
    /// does an item another writer deleted since; undoing an insert deletes the item, undoing a
    /// delete brings the item back unless it is there again. The batch moves to the redo stack
    /// even when nothing is left to revert, so undo and redo stay paired with the user's steps.
    public func undo() {
        processPendingChanges()
        guard let group = undoStack.popLast() else { return }
        replay(group.inverted)
        redoStack.append(group)
    }

    /// Re-applies the last undone batch, as one new batch, per property as `undo()` reverts it.
    public func redo() {
        processPendingChanges()
        guard let group = redoStack.popLast() else { return }
        replay(group)
        undoStack.append(group)
    }

    private var hasUnprocessedChanges: Bool {
        pendingListsBase.map { $0 != currentLists } ?? false
            || pendingOrder.contains { pendingBase[$0] ?? nil != current[$0] }
    }

    /// Applies `group` field by field to the current values (and list by list to the lists), as
    /// one batch outside the history. The lists go first, so that items come back into lists.
    private func replay(_ group: ChangeGroup) {
        if let lists = group.lists {
            let replayed = lists.replaying(onto: currentLists, winsConflicts: false)
            if replayed != currentLists { setCurrentLists(replayed) }
        }
        for change in group.items {
            let value = replaying(change, onto: current[change.id])
            if value != current[change.id] {
                setCurrent(value, for: change.id)
            }
        }
        processWithoutUndo()
    }

    /// What `present` becomes when `change` is applied per property: of the fields `change`
    /// changed, those that still hold its `before` value take its `after` value.
    private func replaying(_ change: ItemChange, onto present: TodoItem?) -> TodoItem? {
        switch (change.before, change.after, present) {
        case (let before?, let after?, var present?):
            let fields = ItemField.differing(before, after).filter { $0.isEqual(present, before) }
            guard !fields.isEmpty else { return present }
            for field in fields {
                field.copy(from: after, into: &present)
            }
            present.modifiedAt = present.modifiedAt == before.modifiedAt ? after.modifiedAt : now()
            return present
        case (nil, var after?, nil):
            // A restored item carries the version the context last committed, since `save()`
            // bases optimistic locking on it.
            after.version = committed[after.id]?.version ?? 0
            return after
        case (_, nil, _):
            return nil
        case (_?, _?, nil), (nil, _?, _?):
            return present
        }
    }

    private func registerUndo(_ group: ChangeGroup) {
        guard undoRegistration == .record else { return }
        undoStack.append(group)
        redoStack.removeAll()
    }

    // MARK: Observation

    /// Calls `handler` with every processed batch while the returned token lives.
    public func observeObjectsDidChange(_ handler: @escaping (ObjectsDidChange) -> Void) -> ObservationToken {
        let key = takeObserverKey()
        objectsDidChangeObservers[key] = handler
        return ObservationToken { [weak self] in self?.objectsDidChangeObservers[key] = nil }
    }

    /// Calls `handler` after every successful save while the returned token lives.
    public func observeDidSave(_ handler: @escaping (DidSave) -> Void) -> ObservationToken {
        let key = takeObserverKey()
        didSaveObservers[key] = handler
        return ObservationToken { [weak self] in self?.didSaveObservers[key] = nil }
    }

    private func takeObserverKey() -> Int {
        nextObserverKey += 1
        return nextObserverKey
    }

    /// Delivers a batch to observers in registration order. Every change to the processed
    /// values passes through here, so `processedBatchCount` counts them.
    func post(_ batch: ObjectsDidChange) {
        processedBatchCount += 1
        for key in objectsDidChangeObservers.keys.sorted() {
            objectsDidChangeObservers[key]?(batch)
        }
    }

    func post(_ save: DidSave) {
        for key in didSaveObservers.keys.sorted() {
            didSaveObservers[key]?(save)
        }
    }
}

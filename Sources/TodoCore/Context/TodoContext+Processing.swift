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
        guard !pendingOrder.isEmpty else { return }
        var batch = ObjectsDidChange()
        var group: [ItemChange] = []
        for id in pendingOrder {
            guard let base = pendingBase[id] else { continue }
            let value = current[id]
            switch (base, value) {
            case (nil, let new?): batch.inserted.append(new)
            case (let old?, nil): batch.deleted.append(old)
            case (let old?, let new?) where old != new: batch.updated.append(ItemUpdate(old: old, new: new))
            default: continue
            }
            group.append(ItemChange(id: id, before: base, after: value))
        }
        pendingBase.removeAll()
        pendingOrder.removeAll()
        guard !group.isEmpty else { return }
        registerUndo(group)
        post(batch)
    }

    // MARK: Undo

    /// True when there is a processed batch to undo.
    public var canUndo: Bool { !undoStack.isEmpty || hasUnprocessedChanges }

    /// True when there is an undone batch to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Reverts the last processed batch (processing pending changes first), as one new batch.
    /// The reverted state is unsaved until `save()`.
    public func undo() {
        processPendingChanges()
        guard let group = undoStack.popLast() else { return }
        replay(group.reversed().map(\.inverted), as: .undoing)
    }

    /// Re-applies the last undone batch, as one new batch.
    public func redo() {
        processPendingChanges()
        guard let group = redoStack.popLast() else { return }
        replay(group.reversed().map(\.inverted), as: .redoing)
    }

    private var hasUnprocessedChanges: Bool {
        pendingOrder.contains { pendingBase[$0] ?? nil != current[$0] }
    }

    private func replay(_ changes: [ItemChange], as registration: UndoRegistration) {
        for change in changes {
            setCurrent(change.after.map(withCommittedVersion), for: change.id)
        }
        undoRegistration = registration
        processPendingChanges()
        undoRegistration = .record
    }

    /// A restored value carries the version the context last committed, since `save()` bases
    /// optimistic locking on it.
    private func withCommittedVersion(_ item: TodoItem) -> TodoItem {
        var item = item
        item.version = committed[item.id]?.version ?? 0
        return item
    }

    private func registerUndo(_ group: [ItemChange]) {
        switch undoRegistration {
        case .record:
            undoStack.append(group)
            redoStack.removeAll()
        case .undoing:
            redoStack.append(group)
        case .redoing:
            undoStack.append(group)
        case .ignore:
            break
        }
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

    /// Delivers a batch to observers in registration order.
    func post(_ batch: ObjectsDidChange) {
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

import Foundation

extension TodoContext {
    /// A child's save: pushes the changed items into the parent as one batch of its own (which
    /// the parent's observers see and its undo can revert), then takes the parent's values as
    /// this context's snapshot.
    ///
    /// An item the parent changed since this child read it is a conflict, settled by this
    /// context's `mergePolicy` exactly as against a store.
    /// - Throws: `SaveError.conflicts` under `.error`; the parent is then untouched.
    /// - Complexity: O(k) in the changed items.
    func push(_ ids: [UUID], into parent: TodoContext) throws(SaveError) {
        do {
            try parent.loadIfNeeded()
        } catch {
            throw .store(error)
        }
        parent.processPendingChanges()
        let decisions = try decide(ids, byVersion: false) { parent.current[$0] }
        var saved = DidSave(generation: parent.storeGeneration, isIntoParent: true)
        for (id, decision) in decisions {
            guard case .write(let value) = decision else { continue }
            switch (parent.current[id], value) {
            case (nil, let new?):
                parent.insertLoaded(new)
                if let written = parent.current[id] { saved.inserted.append(written) }
            case (let old?, nil):
                parent.setCurrent(nil, for: id)
                saved.deleted.append(old)
            case (let old?, let new?):
                parent.updateLoaded(old) { item in
                    for field in ItemField.allCases {
                        field.copy(from: new, into: &item)
                    }
                }
                if let written = parent.current[id] { saved.updated.append(written) }
            case (nil, nil):
                continue
            }
        }
        if currentLists != committedLists {
            let lists = ListsChange(before: committedLists, after: currentLists)
                .replaying(onto: parent.currentLists, winsConflicts: mergePolicy.thisContextWinsLists)
            if lists != parent.currentLists {
                parent.setCurrentLists(lists)
                saved.lists = lists
            }
            committedLists = lists
            if currentLists != lists { setCurrentLists(lists) }
        }
        parent.processPendingChanges()
        for id in ids {
            let value = parent.current[id]
            if current[id] != value {
                setCurrent(value, for: id)
            }
            setCommitted(value, for: id)
        }
        unsavedIDs.removeAll()
        processWithoutUndo()
        post(saved)
    }

    /// Starts or stops following the parent's batches, per `automaticallyMergesChangesFromParent`.
    func observeParentIfNeeded() {
        guard automaticallyMergesChangesFromParent, let parent else {
            parentObservation = nil
            return
        }
        parentObservation = parent.observeObjectsDidChange { [weak self] batch in
            self?.mergeFromParent(batch)
        }
    }

    private func mergeFromParent(_ batch: ObjectsDidChange) {
        guard isLoaded else { return }
        if batch.invalidatedAll {
            reset()
            return
        }
        processPendingChanges()
        for item in batch.inserted {
            adoptStoredValue(item, for: item.id)
        }
        for update in batch.updated {
            adoptStoredValue(update.new, for: update.new.id)
        }
        for item in batch.deleted {
            adoptStoredValue(nil, for: item.id)
        }
        if let lists = batch.lists {
            rebaseLists(onto: lists)
        }
        processWithoutUndo()
    }
}

import Foundation
import TodoCore
import TodoSyncModel

extension SyncRun {
    /// Decides, per item, what to write locally and what to send.
    /// - Complexity: O(n) for n items and records, plus O(k log k) for the k that changed on
    ///   either side (`idsToDecide()`).
    mutating func decide() {
        // Each change from the server is at most one write and one record: room for them at once
        // (a first pull brings every item).
        localWrites.reserveCapacity(localWrites.count + remote.count)
        recordsAfterWrite.reserveCapacity(recordsAfterWrite.count + remote.count)
        for id in idsToDecide() {
            if let outside = outsideRecords[id], remote[id] == nil {
                leaveAlone(id, outside)
            } else if !isUnlinked(id) {
                // An item in a list without a collection stays as it is on both sides.
                decide(id)
            }
        }
        route()
    }

    /// The ids `decide(_:)` acts on, in id order: every id but those of items that neither side
    /// changed since the last run, which it would leave alone. Those are most of a large list, and
    /// telling them apart here costs a version comparison each, not a decision.
    /// - Complexity: O(n) for n items and records, plus O(k log k) for the k ids returned.
    private func idsToDecide() -> [UUID] {
        var ids = Set(remote.keys)
        ids.formUnion(outsideRecords.keys)
        // Recorded and not changed on the server: changed here (a new version, a deletion, or a
        // list whose calendar is not the one holding it), or left alone. Items and records are
        // read in place: copying each whole would cost more than the comparison. With one
        // collection nothing moves: every record lies in it, and an item whose list has none is
        // left alone (`isUnlinked`).
        let oneCollection = links.count == 1
        records.forEachInPlace { id, record in
            guard remote[id] == nil else { return }
            guard let slot = locals.index(forKey: id), locals.values[slot].version == record.localVersion,
                oneCollection || !isMoved(inList: locals.values[slot].listID, from: record.href)
            else {
                ids.insert(id)
                return
            }
        }
        // Never recorded: new here.
        for id in locals.keys where !records.contains(id) {
            ids.insert(id)
        }
        return ids.sorted { $0.precedes($1) }
    }

    /// An item whose record names an href outside the collection, and which the server did not
    /// list inside it: nothing is sent, and a local change to it is counted as not sent.
    private mutating func leaveAlone(_ id: UUID, _ record: SyncRecord) {
        let local = locals[id]
        guard local?.version != record.localVersion else { return }
        let name = local.map { "'\($0.text)'" } ?? "a deleted to-do"
        report.notSent.append("\(name): the server keeps it at \(record.href), outside the collection")
    }

    /// True when the local item changed since the last agreed value, or moved to another list.
    func localChanged(_ id: UUID) -> Bool {
        guard let local = locals[id], let record = records[id] else { return locals[id] != nil }
        // A move counts even when the item is as it was: its list got a calendar of its own.
        if movedLocally(id) { return true }
        guard local.version != record.localVersion else { return false }
        guard let base = base(of: id) else { return true }
        return !engine.sameOnServer(local, base)
    }

    private mutating func decide(_ id: UUID) {
        let local = locals[id]
        let record = records[id]
        switch (remote[id] ?? .unchanged, record) {
        case (.unchanged, nil):
            if let local, let target = link(ofList: local.listID) {
                pushes.append(.put(item: local, url: newURL(for: id, in: target), etag: nil, isNew: true))
            }
        case (.unchanged, let record?):
            // The href is parsed only for an item that goes out: most of them have not changed.
            guard local == nil || localChanged(id), let url = URL(string: record.href) else { return }
            if let local {
                pushes.append(.put(item: local, url: url, etag: record.etag, isNew: false))
            } else {
                pushes.append(.delete(id: id, url: url, etag: record.etag))
            }
        case (.changed(let resource, let item), _):
            guard let local else {
                // New on the server, or edited there and deleted here: an edit beats a delete.
                localWrites[id] = .some(item)
                recordsAfterWrite[id] = self.record(of: resource, id: id, localVersion: 0)
                if record == nil { report.pulledAdded += 1 } else { report.pulledChanged += 1 }
                return
            }
            if engine.sameOnServer(local, item), local.listID == item.listID {
                // Both sides made the same change (or a lost answer's PUT came back, in the
                // collection a move went to): agreed.
                recordsAfterWrite[id] = self.record(of: resource, id: id, localVersion: local.version)
                return
            }
            if record != nil, !localChanged(id) {
                localWrites[id] = .some(item)
                recordsAfterWrite[id] = self.record(of: resource, id: id, localVersion: 0)
                if item.listID != local.listID {
                    report.pulledMoved += 1
                } else {
                    report.pulledChanged += 1
                }
                return
            }
            settle(id, local: local, remote: item, resource: resource)
        case (.deleted, let record):
            guard let local else {
                recordsToDrop.insert(id)
                return
            }
            if localChanged(id), let record, let url = URL(string: record.href) {
                // Edited here, deleted there: the edit beats the delete, the item goes back.
                pushes.append(.put(item: local, url: url, etag: nil, isNew: true))
                recordsToDrop.insert(id)
            } else {
                localWrites[id] = .some(nil)
                recordsToDrop.insert(id)
                report.pulledDeleted += 1
            }
        }
    }

    /// Both sides changed `id` (or both have it without a common value): the policy decides.
    private mutating func settle(_ id: UUID, local: TodoItem, remote item: TodoItem, resource: Resource) {
        switch options.policy.settle(base: base(of: id), ours: local, theirs: item, calendar: engine.calendar) {
        case .undecided:
            report.waitingConflicts.append(local.text)
            waiting.append(WaitingConflict(id: id, theirs: String(decoding: resource.bytes, as: UTF8.self)))
        case .settled(nil):
            localWrites[id] = .some(nil)
            recordsToDrop.insert(id)
        case .settled(let merged?):
            report.merged += 1
            if !merged.hasSameContent(as: local) { localWrites[id] = .some(merged) }
            // A merged value in another list than the server's copy moves there (`route()`).
            let mustPush = !engine.sameOnServer(merged, item) || merged.listID != item.listID
            // A merged value still to send counts as changed (-1) until the PUT succeeds.
            recordsAfterWrite[id] = self.record(
                of: resource, id: id, localVersion: mustPush ? -1 : (localWrites[id] == nil ? local.version : 0))
            if mustPush { pushes.append(.put(item: merged, url: resource.url, etag: resource.etag, isNew: false)) }
        }
    }

    /// Stops a run that would delete more than half of either side (and at least two items).
    func checkSafety() throws(SyncError) {
        guard !options.confirmed else { return }
        let localDeletes = localWrites.values.filter { $0 == nil }.count
        let remoteDeletes = pushes.filter {
            if case .delete = $0 { return true }
            return false
        }.count
        let local = localDeletes >= 2 && localDeletes * 2 > locals.count
        let server = remoteDeletes >= 2 && remoteDeletes * 2 > records.count
        if local || server {
            throw .massDeletion(
                local: localDeletes, localTotal: locals.count, remote: remoteDeletes, remoteTotal: records.count)
        }
    }
}

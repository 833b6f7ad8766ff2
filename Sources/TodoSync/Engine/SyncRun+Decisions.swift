import Foundation
import TodoCore
import TodoSyncModel

extension SyncRun {
    /// Decides, per item, what to write locally and what to send.
    mutating func decide() {
        var ids = Set(records.keys)
        ids.formUnion(remote.keys)
        ids.formUnion(locals.keys)
        ids.formUnion(outsideRecords.keys)
        for id in ids.sorted(by: { $0.precedes($1) }) {
            if let outside = outsideRecords[id], remote[id] == nil {
                leaveAlone(id, outside)
            } else {
                decide(id)
            }
        }
    }

    /// An item whose record names an href outside the collection, and which the server did not
    /// list inside it: nothing is sent, and a local change to it is counted as not sent.
    private mutating func leaveAlone(_ id: UUID, _ record: SyncRecord) {
        let local = locals[id]
        guard local?.version != record.localVersion else { return }
        let name = local.map { "'\($0.text)'" } ?? "a deleted to-do"
        report.notSent.append("\(name): the server keeps it at \(record.href), outside the collection")
    }

    /// True when the local item changed since the last agreed value.
    func localChanged(_ id: UUID) -> Bool {
        guard let local = locals[id], let record = records[id] else { return locals[id] != nil }
        guard local.version != record.localVersion else { return false }
        guard let base = base(of: id) else { return true }
        return !engine.sameOnServer(local, base)
    }

    private mutating func decide(_ id: UUID) {
        let local = locals[id]
        let record = records[id]
        switch (remote[id] ?? .unchanged, record) {
        case (.unchanged, nil):
            if let local { pushes.append(.put(item: local, url: newURL(for: id), etag: nil, isNew: true)) }
        case (.unchanged, let record?):
            guard let url = URL(string: record.href) else { return }
            if let local {
                if localChanged(id) { pushes.append(.put(item: local, url: url, etag: record.etag, isNew: false)) }
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
            if engine.sameOnServer(local, item) {
                // Both sides made the same change (or a lost answer's PUT came back): agreed.
                recordsAfterWrite[id] = self.record(of: resource, id: id, localVersion: local.version)
                return
            }
            if record != nil, !localChanged(id) {
                localWrites[id] = .some(item)
                recordsAfterWrite[id] = self.record(of: resource, id: id, localVersion: 0)
                report.pulledChanged += 1
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
        switch options.policy.settle(base: base(of: id), ours: local, theirs: item) {
        case .undecided:
            report.waitingConflicts.append(local.text)
            waiting.append(WaitingConflict(id: id, theirs: String(decoding: resource.bytes, as: UTF8.self)))
        case .settled(nil):
            localWrites[id] = .some(nil)
            recordsToDrop.insert(id)
        case .settled(let merged?):
            report.merged += 1
            if !merged.hasSameContent(as: local) { localWrites[id] = .some(merged) }
            let mustPush = !engine.sameOnServer(merged, item)
            // A merged value still to send counts as changed (-1) until the PUT succeeds.
            recordsAfterWrite[id] = self.record(
                of: resource, id: id, localVersion: mustPush ? -1 : (localWrites[id] == nil ? local.version : 0))
            if mustPush { pushes.append(.put(item: merged, url: resource.url, etag: resource.etag, isNew: false)) }
        }
    }

    /// The URL a new item gets: `<collection>/<id>.ics`; the server's answer names it from then on.
    func newURL(for id: UUID) -> URL {
        engine.collection.appendingPathComponent(id.uuidString.lowercased() + ".ics")
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

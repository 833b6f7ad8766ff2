import Foundation
import TodoCore
import TodoSyncModel

extension SyncRun {
    /// Settles an item the server holds in two collections at once, as two devices moving it at
    /// the same instant leave it (each PUT its own copy, each then saw the other's): every device
    /// keeps the copy at the smaller path, so all agree without a word between them. The other
    /// copy is remembered (`SyncRecord.otherCopies`) and deleted only by the device that PUT it
    /// (`adopt(_:)`). A copy this device's own move left behind, unchanged since, is never taken:
    /// `finishMoves()` deletes it.
    ///
    /// Runs after every pull, before anything is decided. The record's copy, when its collection
    /// did not list it as deleted, is looked up (one GET) before it is kept: a collection's token
    /// can come back to an earlier value (Xandikos names its state by content, so a PUT then a
    /// DELETE of one resource looks like no change).
    /// - Complexity: O(changes × collections), plus one request per item in two collections.
    mutating func settleCopies() throws(SyncError) {
        for id in remote.keys.sorted(by: { $0.precedes($1) }) {
            guard case .changed(let resource, _) = remote[id], let record = records[id],
                let kept = URL(string: record.href)
            else { continue }
            let others = (duplicates[id] ?? []).filter { !isLeftBehind($0, by: record) }
            if resource.url.path == kept.path {
                // Both copies fetched: the pull took the record's; the smaller path wins.
                guard let first = others.min(by: { $0.url.path < $1.url.path }), first.url.path < kept.path,
                    let item = try? item(from: first)
                else { continue }
                remote[id] = .changed(first, item)
                duplicates[id] = (duplicates[id] ?? []).filter { $0.url != first.url } + [resource]
                continue
            }
            guard link(ofHref: resource.url.absoluteString) != link(ofHref: record.href) else { continue }
            if isLeftBehind(resource, by: record) {
                remote[id] = nil
            } else if !removedPaths.contains(kept.path), kept.path < resource.url.path,
                let current = try engine.client.get(kept)
            {
                // The record's copy is still there and comes first: it stays the item's.
                if current.etag != nil, current.etag == record.etag {
                    remote[id] = nil
                } else if let item = try? item(from: current) {
                    remote[id] = .changed(current, item)
                }
                duplicates[id, default: []].append(resource)
            }
        }
    }

    /// True when `copy` is one `record`'s move left behind to delete, as it was then.
    private func isLeftBehind(_ copy: Resource, by record: SyncRecord) -> Bool {
        record.leftBehind.contains { $0.href == copy.url.absoluteString && $0.etag == copy.etag }
    }

    /// Records `record`, a copy the run pulled, as agreed. When it lies in another collection
    /// than the copy the item's record named and the run writes it here (another device moved
    /// the item), that copy is deleted after (`finishMoves()`) only when this device PUT it;
    /// else the device that did deletes it, and it is remembered where the item is looked for
    /// meanwhile. A copy the run does not write here is this device's own move come back (its
    /// PUT answered, the run killed before the state recorded it): the copy it left is deleted.
    mutating func adopt(_ record: SyncRecord) {
        let old = records[record.id]
        guard store(record), let old, old.putHere != true, localWrites[record.id] != nil else { return }
        records[record.id]?.leftBehind.removeAll { $0.href == old.href }
        records[record.id]?.otherCopies.append(MovedCopy(href: old.href, etag: old.etag))
    }
}

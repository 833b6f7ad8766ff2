import Foundation
import TodoCore
import TodoSyncModel

extension SyncRun {
    /// The index of the linked collection `href` lies in, if any.
    /// - Complexity: O(collections).
    func link(ofHref href: String) -> Int? {
        links.indices.first { links[$0].scope.holds(href) }
    }

    /// The index of the collection that holds the list `id`'s to-dos; nil when the list has none
    /// (a list made here, of an account whose collections were named at setup): its to-dos stay
    /// local.
    func link(ofList id: UUID) -> Int? {
        links.firstIndex { $0.listID == nil || $0.listID == id }
    }

    /// The item `resource` of the collection `links[index]` holds, in that collection's list.
    func item(from resource: Resource, in index: Int) throws(ExchangeError) -> TodoItem {
        placed(try engine.item(from: resource.bytes, name: resource.url.absoluteString), in: index)
    }

    /// The item `resource` holds, in the list of the collection it lies in.
    func item(from resource: Resource) throws(ExchangeError) -> TodoItem {
        guard let index = link(ofHref: resource.url.absoluteString) else {
            return try engine.item(from: resource.bytes, name: resource.url.absoluteString)
        }
        return try item(from: resource, in: index)
    }

    /// True when the local item `id` is in a list whose collection is not the one the server
    /// holds it in: it moved here since the last run.
    func movedLocally(_ id: UUID) -> Bool {
        guard let local = locals[id], let record = records[id] else { return false }
        return isMoved(inList: local.listID, from: record.href)
    }

    /// True when a to-do of the list `listID` that the server holds at `href` belongs in another
    /// collection than that one (`link(ofList:) != link(ofHref:)`).
    /// - Complexity: O(collections) to find the list's collection, plus one look at `href`: an
    ///   item's href is its collection's URL followed by one name, so no other collection holds it.
    func isMoved(inList listID: UUID, from href: String) -> Bool {
        guard let target = link(ofList: listID) else { return link(ofHref: href) != nil }
        return !links[target].scope.holds(href)
    }

    /// True when the local item `id` is in a list without a collection: it is not synced.
    func isUnlinked(_ id: UUID) -> Bool {
        guard let local = locals[id] else { return false }
        return link(ofList: local.listID) == nil
    }

    /// Sends each push to the collection of its item's list: a PUT of an item whose list's
    /// collection is not the one at its URL becomes a PUT of a new resource (same UID) there,
    /// and the copy it leaves is deleted after (`store(_:)`, `finishMoves()`). Nothing is sent to
    /// a read-only collection: such a change is counted as not sent.
    mutating func route() {
        pushes = pushes.compactMap { pending in
            switch pending {
            case .put(let item, let url, _, let isNew):
                guard let target = link(ofList: item.listID) else { return nil }
                let source = link(ofHref: url.absoluteString)
                if links[target].link.isReadOnly || (!isNew && source.map { links[$0].link.isReadOnly } ?? false) {
                    report.notSent.append("'\(item.text)': its list is read-only on the server")
                    return nil
                }
                guard source != target else { return pending }
                return .put(
                    item: newerThanItsSource(item), url: newURL(for: item.id, in: target), etag: nil, isNew: true)
            case .delete(_, let url, _):
                if let source = link(ofHref: url.absoluteString), links[source].link.isReadOnly {
                    report.notSent.append("a deletion at \(url.absoluteString): its list is read-only on the server")
                    return nil
                }
                return pending
            }
        }
    }

    /// `item` as a move sends it: changed (`LAST-MODIFIED`) in a later second than the copy it
    /// moves from, as the record and the server last had it, so that every device ranks the new
    /// copy above the old one (`settleCopies()`), whatever this device's clock says; and a second
    /// after the item's own stamp when an earlier run's move of it was not found (`unseenMoves`):
    /// that PUT, stamped no later, may still be stored, and is then older and deleted. Only the
    /// stamp changes: `hasSameContent(as:)` ignores it, so the local item stays agreed.
    /// - Complexity: O(length of the record's base), which is read.
    func newerThanItsSource(_ item: TodoItem) -> TodoItem {
        var moved = item
        var sources = [base(of: item.id)]
        if case .changed(_, let theirs) = remote[item.id] { sources.append(theirs) }
        if unseenMoves.contains(item.id) { sources.append(item) }
        for source in sources.compactMap({ $0 }) where Self.second(of: moved) <= Self.second(of: source) {
            moved.modifiedAt = Date(timeIntervalSince1970: TimeInterval(Self.second(of: source) + 1))
        }
        return moved
    }

    /// The URL a new item gets in the collection `links[index]`: `<collection>/<id>.ics`; the
    /// server's answer names it from then on.
    func newURL(for id: UUID, in index: Int) -> URL {
        links[index].url.appendingPathComponent(id.uuidString.lowercased() + ".ics")
    }

    /// Records `record` as agreed. When the record it replaces lies in another collection, the
    /// item moved: the copy there is kept in `leftBehind` until `finishMoves()` deletes it (a
    /// move another device made and did not finish, or this device's own move stopped before
    /// the state recorded it, is finished so).
    /// - Returns: true when the item moved.
    @discardableResult
    mutating func store(_ record: SyncRecord) -> Bool {
        var record = record
        var moved = false
        if let old = records[record.id] {
            record.leftBehind = old.leftBehind.filter { $0.href != record.href }
            record.otherCopies = old.otherCopies.filter { $0.href != record.href }
            if link(ofHref: old.href) != link(ofHref: record.href), old.href != record.href,
                !record.leftBehind.contains(where: { $0.href == old.href })
            {
                record.leftBehind.append(MovedCopy(href: old.href, etag: old.etag))
                moved = true
            }
        }
        records[record.id] = record
        return moved
    }

    /// Deletes the copies moves left behind (`DELETE If-Match`), each once the item is in its
    /// new collection. A copy already gone is forgotten; one changed since (412) is left to the
    /// next pull, which brings its change; one the server refuses stays, counted as not sent.
    mutating func finishMoves() throws(SyncError) {
        let pending = records.values.filter { !$0.leftBehind.isEmpty }.sorted { $0.id.precedes($1.id) }
        for record in pending {
            var kept: [MovedCopy] = []
            for copy in record.leftBehind {
                guard let url = URL(string: copy.href), let source = link(ofHref: copy.href),
                    !links[source].link.isReadOnly
                else {
                    // Outside every linked collection, or in a read-only one: never deleted.
                    continue
                }
                // Only the version this device saw: never a copy changed since, nor one without an ETag.
                guard let etag = copy.etag ?? (try? engine.client.etag(of: url)) ?? nil else { continue }
                switch try engine.client.delete(url, ifMatch: etag) {
                case .deleted, .alreadyGone, .preconditionFailed:
                    break
                case .refused(let status):
                    kept.append(copy)
                    report.notSent.append("a moved to-do's old copy at \(url.absoluteString): HTTP \(status)")
                }
            }
            records[record.id]?.leftBehind = kept
        }
    }
}

import Foundation
import TodoCore
import TodoSyncModel

extension SyncRun {
    /// Settles every item the server holds in more than one collection (a move half done, two
    /// devices moving it at the same instant, or a copy a stopped run left): which copy is the
    /// item's, and which copies this device deletes.
    ///
    /// The rule, the same on every device so that all agree without a word between them:
    /// - The candidates are the copies on the server: the record's own (looked up when another is
    ///   there and its calendar did not list it deleted, as a collection's token can come back to
    ///   an earlier value), those the pull found, and those the record remembers (`otherCopies`)
    ///   that are still there; never a copy this device's own move left behind (`leftBehind`)
    ///   unchanged since: it is deleting that one.
    /// - The newest copy wins (`ranks(_:below:)`: its `LAST-MODIFIED` second, then the smallest
    ///   path). A move's PUT is always newer than the copy it moves from (`route()`), so a move
    ///   finished or stopped half-way wins over where it came from on every device; two moves at
    ///   the same second, or a client that moves without changing the to-do, are told apart by
    ///   the path alone.
    /// - With a move made here still to send (`movedLocally`), the item takes the copy already in
    ///   the list it moved to (this device's own PUT that a kill kept from the state) unless a
    ///   newer copy is there; else the winner, and the move goes out from there as before.
    /// - The copy taken is the item's; the record's copy, when another is taken, is deleted
    ///   (`store(_:)`, `finishMoves()`). Of the other copies, one older (an earlier second) than
    ///   the copy taken, or one this device PUT (`SyncRecord.movingTo`), is deleted, `If-Match`
    ///   the ETag seen in this run; another of the same second is only remembered, for the device
    ///   that holds it to delete or keep.
    ///
    /// So a copy is deleted only while a copy that outranks it was seen in the same run, and a
    /// copy of the same second only by the device that holds it: every device that sees the same
    /// copies keeps the same one, and no copy is left that no device deletes.
    ///
    /// Runs after the pulls and the local read, before anything is decided.
    /// - Complexity: O(items in two collections × collections), plus one GET per copy to look up.
    mutating func settleCopies() throws(SyncError) {
        var ids = Set(duplicates.keys)
        for (id, record) in records where !record.otherCopies.isEmpty || !record.movingTo.isEmpty {
            ids.insert(id)
        }
        for (id, change) in remote {
            guard case .changed(let resource, _) = change, let href = records[id]?.href,
                URL(string: href)?.path != resource.url.path
            else { continue }
            ids.insert(id)
        }
        for id in ids.sorted(by: { $0.precedes($1) }) {
            try settleCopies(of: id)
        }
    }

    /// Settles the copies of `id` by the rule of `settleCopies()`.
    private mutating func settleCopies(of id: UUID) throws(SyncError) {
        let record = records[id]
        records[id]?.movingTo = []
        let readable = try copies(of: id, record: record)
        duplicates[id] = []
        guard let winner = readable.max(by: { Self.ranks($0, below: $1) }) else {
            if !(record?.movingTo ?? []).isEmpty { unseenMoves.insert(id) }
            return
        }
        let recordPath = record.flatMap { URL(string: $0.href)?.path }
        var taken = winner
        if movedLocally(id), let local = locals[id], let target = link(ofList: local.listID),
            let there = readable.first(where: { link(ofHref: $0.resource.url.absoluteString) == target }),
            !Self.isOlder(there.item, than: winner.item)
        {
            taken = there
        }
        if taken.resource.url.path == recordPath, taken.resource.etag != nil, taken.resource.etag == record?.etag {
            remote[id] = nil
        } else {
            remote[id] = .changed(taken.resource, taken.item)
        }
        let own = Set((record?.movingTo ?? []).compactMap { URL(string: $0.href)?.path })
        if !own.isSubset(of: readable.map(\.resource.url.path)) { unseenMoves.insert(id) }
        for copy in readable
        where copy.resource.url.path != taken.resource.url.path && copy.resource.url.path != recordPath {
            if own.contains(copy.resource.url.path) || Self.isOlder(copy.item, than: taken.item) {
                records[id]?.leftBehind.append(
                    MovedCopy(href: copy.resource.url.absoluteString, etag: copy.resource.etag))
            } else {
                duplicates[id, default: []].append(copy.resource)
            }
        }
    }

    /// The copies of `id` on the server, each once and readable, as `settleCopies()` counts them.
    /// - Complexity: O(copies²) (few), plus one GET per remembered copy and for the record's own.
    private mutating func copies(
        of id: UUID, record: SyncRecord?
    ) throws(SyncError) -> [(resource: Resource, item: TodoItem)] {
        let recordPath = record.flatMap { URL(string: $0.href)?.path }
        var copies: [Resource] = []
        if case .changed(let taken, _) = remote[id] { copies.append(taken) }
        copies += duplicates[id] ?? []
        for known in record?.otherCopies ?? [] where !copies.contains(where: { $0.url.absoluteString == known.href }) {
            guard let url = URL(string: known.href), link(ofHref: known.href) != nil,
                let found = try engine.client.get(url)
            else { continue }
            copies.append(found)
        }
        if let record, let recordPath, !removedPaths.contains(recordPath),
            copies.contains(where: { $0.url.path != recordPath }),
            !copies.contains(where: { $0.url.path == recordPath }), let url = URL(string: record.href),
            let found = try engine.client.get(url)
        {
            copies.append(found)
        }
        let leftBehind = record?.leftBehind ?? []
        var readable: [(resource: Resource, item: TodoItem)] = []
        for copy in copies {
            let left = leftBehind.contains {
                $0.href == copy.url.absoluteString && ($0.etag == nil || $0.etag == copy.etag)
            }
            guard !left, !readable.contains(where: { $0.resource.url.path == copy.url.path }),
                let item = try? item(from: copy)
            else { continue }
            readable.append((copy, item))
        }
        return readable
    }

    /// True when the copy `a` ranks below `b`: it was changed in an earlier second
    /// (`LAST-MODIFIED`), or in the same second and its path sorts after `b`'s.
    /// - Complexity: O(length of the paths).
    static func ranks(
        _ a: (resource: Resource, item: TodoItem), below b: (resource: Resource, item: TodoItem)
    ) -> Bool {
        let (first, second) = (second(of: a.item), second(of: b.item))
        return first != second ? first < second : a.resource.url.path > b.resource.url.path
    }

    /// True when `a` was changed in an earlier second than `b` (`LAST-MODIFIED`, to the second).
    /// - Complexity: O(1).
    static func isOlder(_ a: TodoItem, than b: TodoItem) -> Bool {
        second(of: a) < second(of: b)
    }

    /// The second of `item.modifiedAt`, as `LAST-MODIFIED` says it.
    /// - Complexity: O(1).
    static func second(of item: TodoItem) -> Int64 {
        Int64((item.modifiedAt.timeIntervalSince1970).rounded(.down))
    }

    /// Writes down, before the PUTs go out, where each move's PUT goes (`SyncRecord.movingTo`),
    /// so that a run killed after a PUT and before the state records its answer knows the copy
    /// as its own on the next run.
    /// - Returns: true when a move is pending (the state must be saved before the push).
    mutating func markMoves() -> Bool {
        var marked = false
        for pending in pushes {
            guard case .put(let item, let url, _, true) = pending, let record = records[item.id],
                link(ofHref: record.href) != link(ofHref: url.absoluteString)
            else { continue }
            records[item.id]?.movingTo.append(MovedCopy(href: url.absoluteString, etag: nil))
            marked = true
        }
        return marked
    }

    /// Forgets the moves' PUTs once the push took every answer.
    mutating func unmarkMoves() {
        for (id, record) in records where !record.movingTo.isEmpty {
            records[id]?.movingTo = []
        }
    }
}

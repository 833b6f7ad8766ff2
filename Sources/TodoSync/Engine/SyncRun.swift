import Foundation
import TodoCore
import TodoSyncModel

/// One run of `SyncEngine`: the state it started from and what it decided so far.
struct SyncRun {
    let engine: SyncEngine
    let options: SyncOptions
    /// The collections the run syncs, each with its list; their links are `state.collections`.
    var links: [LinkedCollection]
    var state: SyncState
    var report = SyncReport()
    /// The header the state file holds: as loaded, then as last saved (nil for a store that
    /// never synced: the first save writes the state whole).
    var savedHeader: SyncState.Header?
    /// What the state file holds when its records are not the ones the run started from (the
    /// run dropped the records of collections no longer linked): the first save compares every
    /// record with them. Nil once the file's records are the table's as of its last save.
    var fileState: SyncState?

    /// The records by item id (remembering those changed since the last save), and which id
    /// each known path holds. `state.records` is left empty: the table holds them.
    var records = RecordTable()
    var idsByPath: [String: UUID] = [:]
    /// Records whose href is outside the collection (`CollectionScope`): kept as they are, their
    /// items left alone.
    var outsideRecords: [UUID: SyncRecord] = [:]
    /// The records marked `afterToken` when the run started: each pull looks up those its
    /// listing does not name, and the marks go once the run stores the new tokens.
    var afterToken: Set<UUID> = []

    /// What the server changed since the last run, by item id.
    var remote: [UUID: RemoteChange] = [:]
    /// The local items as read at the start.
    var locals: [UUID: TodoItem] = [:]

    /// Local writes to make (nil = delete), and the records to store after them.
    var localWrites: [UUID: TodoItem?] = [:]
    var recordsAfterWrite: [UUID: SyncRecord] = [:]
    /// Records to drop once the local writes are saved.
    var recordsToDrop: Set<UUID> = []
    var pushes: [PendingPush] = []
    /// Conflicts the policy left undecided in this run.
    var waiting: [WaitingConflict] = []
    /// Copies of an item seen in a second collection in this run (a move another device has not
    /// finished), besides the one taken: kept in its record (`SyncRecord.otherCopies`).
    var duplicates: [UUID: [Resource]] = [:]
    /// Paths the pulls found deleted on the server in this run.
    var removedPaths: Set<String> = []
    /// Items with a move's PUT from an earlier run that this run did not find on the server (it may
    /// still be stored later): this run's move of them is written a second later (`route()`).
    var unseenMoves: Set<UUID> = []
    /// The `sync-collection` answers asked for before the run was prepared (`EarlyChanges`).
    var earlyChanges: EarlyChanges?

    /// - Parameters:
    ///   - starting: the state to start from, and what the state file holds.
    ///   - links: the collections to sync, in the order of `starting.state.collections`.
    init(
        engine: SyncEngine, options: SyncOptions, starting: (state: SyncState, onDisk: SyncState?),
        links: [LinkedCollection]
    ) {
        self.engine = engine
        self.options = options
        self.links = links
        state = starting.state
        savedHeader = starting.onDisk?.header
        // Equal arrays that share their storage compare at once: the usual case, nothing dropped.
        if let onDisk = starting.onDisk, onDisk.records != state.records { fileState = onDisk }
        var inside = RecordTable()
        inside.reserveCapacity(state.records.count)
        idsByPath.reserveCapacity(state.records.count)
        // The scopes alone, each read in place: not a copy of a link or scope per record.
        let scopes = links.map(\.scope)
        for record in state.records {
            guard let path = scopes.indices.lazy.compactMap({ scopes[$0].itemPath(ofHref: record.href) }).first else {
                outsideRecords[record.id] = record
                report.leaveOutside(record.href)
                continue
            }
            inside.load(record)
            idsByPath[path] = record.id
            if record.afterToken { afterToken.insert(record.id) }
        }
        if !outsideRecords.isEmpty {
            records = RecordTable(fallback: outsideRecords)
            records.reserveCapacity(inside.count)
            for (_, record) in inside { records.load(record) }
        } else {
            records = inside
        }
        state.records = []
    }

    mutating func perform() throws(SyncError) -> SyncReport {
        var markers: [CollectionState] = []
        for index in links.indices {
            markers.append(try pull(index))
        }
        do {
            let items = try engine.context.allItems()
            locals.reserveCapacity(items.count)
            for item in items {
                locals[item.id] = item
            }
        } catch {
            throw .store(error.description)
        }
        try settleCopies()
        decide()
        try checkSafety()
        try applyLocally()
        // As after every command that saves, the store file is made whole again: it alone then
        // holds everything for other programs (`TodoContext.compactStore()`, from the values in
        // memory). That is done on another thread while the state is written, and waited for
        // before the first push goes out: a server's writes wait for this machine's disk too, so
        // the two are kept apart. Again at the end only when a push saved here too. A compaction
        // that fails leaves the journal, which the next save folds in.
        let context = engine.context
        let compacted = report.wroteLocally ? context.storeGeneration : nil
        let compaction = compacted.map { _ in OffThreadWork { try? context.compactStore() } }
        defer { compaction?.wait() }
        for (id, copies) in duplicates {
            guard let href = records[id]?.href else { continue }
            let others = copies.filter { $0.url.absoluteString != href }.map {
                MovedCopy(href: $0.url.absoluteString, etag: $0.etag)
            }
            records[id]?.otherCopies = others
        }
        for (index, marker) in markers.enumerated() {
            links[index].link.marker = marker
        }
        // The pulls named or looked up every such resource, and the new tokens cover them: the
        // marks go in the same save as the tokens.
        for id in afterToken where records[id]?.afterToken == true {
            records[id]?.afterToken = false
        }
        state.collections = links.map(\.link)
        state.storeGeneration = nil
        // The new token is stored once what it covers is applied here. With nothing written here,
        // the state waits for the end of the run (one write of the whole file instead of two): a
        // run stopped before then starts again from the last token and finds the same.
        // A move's PUT is written down before it goes out (`markMoves()`).
        if markMoves() || report.wroteLocally { try saveState() }
        compaction?.wait()
        try push()
        unmarkMoves()
        try finishMoves()
        state.waiting = waiting
        report.waiting = waiting
        // Agreed only when nothing is left for the next run: a change not sent, a conflict
        // waiting or an unfinished record must make the next run look again. The generation is
        // the one the context's own saves left: a save that met another writer's keeps the
        // context at the generation before, so the next run sees the store moved and looks.
        let settled =
            waiting.isEmpty && report.isComplete
            && !records.values.contains {
                // Another device's copy remembered is looked up again until it is gone.
                $0.localVersion == -1 || !$0.leftBehind.isEmpty || !$0.otherCopies.isEmpty
                    // A resource newer than the token is looked for by the next run, even when the
                    // collection's token comes back to the stored one.
                    || $0.afterToken
            }
        state.storeGeneration = settled ? engine.context.storeGeneration : nil
        try saveState()
        if report.wroteLocally, context.storeGeneration != compacted { try? context.compactStore() }
        return report
    }

    // MARK: Pull

    /// Learns what the server changed in the collection `links[index]` and fetches it into `remote`.
    /// - Returns: the collection's marker to store once those changes are applied.
    private mutating func pull(_ index: Int) throws(SyncError) -> CollectionState {
        let client = engine.client
        let collection = links[index].url
        let marker: CollectionState
        if let known = links[index].marker {
            marker = known
        } else {
            marker = try client.collectionState(collection)
        }
        let last = links[index].link.marker
        let unlisted = afterTokenResources(in: index)
        if marker.isUnchanged(since: last), unlisted.isEmpty {
            report.remoteUnchanged = true
            return marker
        }
        var changed: [String: Listing]
        var removed: Set<String>
        var newMarker = marker
        var prefetched: FetchedResources?
        if let token = last?.syncToken, marker.syncToken != nil,
            let changes = try changes(of: collection, since: token)
        {
            changed = changes.changed
            removed = changes.removed.filter { idsByPath[$0] != nil }
            newMarker.syncToken = changes.syncToken
            changes.outside.sorted().forEach { report.leaveOutside($0) }
        } else {
            // Of this collection's items, those the listing lacks.
            let mine = idsByPath.filter { records[$0.value].flatMap { link(ofHref: $0.href) } == index }
            // A first pull needs every item: listed with their data in one request when the server allows.
            let whole = mine.isEmpty ? try client.listingWithData(collection) : nil
            let listing: CollectionChanges
            if let whole {
                listing = whole.0
                prefetched = whole.1
            } else {
                listing = try client.listing(collection)
            }
            changed = listing.changed
            removed = Set(mine.keys).subtracting(changed.keys)
            listing.outside.sorted().forEach { report.leaveOutside($0) }
        }
        // Newer than the token and named by no listing: gone since (the multiget does not find
        // it), or, rarely, back to the bytes it had at the token.
        var lookedUp: Set<String> = []
        for (path, url) in unlisted where changed[path] == nil && !removed.contains(path) {
            changed[path] = Listing(url: url, etag: nil)
            lookedUp.insert(path)
        }
        changed = changed.filter { path, listing in
            guard let id = idsByPath[path], let etag = listing.etag else { return true }
            return records[id]?.etag != etag
        }
        // In path order (`changed` is keyed by path): comparing the keys, not each URL's path.
        let listedWithData = Set(prefetched?.resources.map(\.url.path) ?? [])
        var fetched = try client.multiget(
            collection, changed.filter { !listedWithData.contains($0.key) }.sorted { $0.key < $1.key }.map(\.value.url),
            batchSize: options.batchSize)
        if let prefetched {
            // Each path read once (`URL.path` takes the URL apart), not at every comparison.
            fetched.resources =
                prefetched.resources.map { ($0.url.path, $0) }.sorted { $0.0 < $1.0 }.map(\.1) + fetched.resources
        }
        fetched.outside.sorted().forEach { report.leaveOutside($0) }
        // Asked for but too large to read: there, but unreadable, like a malformed one below.
        var seen = Set(fetched.unreadable.keys)
        report.unreadable += fetched.unreadable.sorted { $0.key < $1.key }.map(\.value)
        let readings = items(from: fetched.resources, in: index)
        for (resource, read) in zip(fetched.resources, readings) {
            seen.insert(resource.url.path)
            if lookedUp.contains(resource.url.path), let id = idsByPath[resource.url.path], resource.etag != nil,
                records[id]?.etag == resource.etag
            {
                // Looked up and found as recorded: nothing changed.
                continue
            }
            let item: TodoItem
            do {
                item = try read.get()
            } catch {
                report.unreadable.append(error.description)
                continue
            }
            if let old = idsByPath[resource.url.path], old != item.id {
                // The resource now holds another to-do: the old one left this path.
                remote[old] = .deleted
            }
            if case .changed(let other, _) = remote[item.id] {
                // In two collections (a move half done, or two devices moving it at once): a first
                // choice, the copy that is not where the item was; `settleCopies()` decides.
                let keepsOther = other.url.path != records[item.id].flatMap({ URL(string: $0.href)?.path })
                duplicates[item.id, default: []].append(keepsOther ? resource : other)
                if keepsOther { continue }
            }
            remote[item.id] = .changed(resource, item)
        }
        // Listed as changed but gone by the time of the multiget: deleted in between.
        for path in changed.keys where !seen.contains(path) && idsByPath[path] != nil {
            removed.insert(path)
        }
        removedPaths.formUnion(removed)
        for path in removed {
            guard let id = idsByPath[path], remote[id] == nil else { continue }
            remote[id] = try otherCopy(of: id).map { .changed($0.resource, $0.item) } ?? .deleted
        }
        return newMarker
    }

    /// The changes to `collection` since `token` (`CalDAVClient.syncCollection`): the answer to
    /// the request sent early when there is one (`EarlyChanges`), else this run's own request.
    private func changes(of collection: URL, since token: String) throws(SyncError) -> CollectionChanges? {
        if let early = earlyChanges?.take(collection, token: token) { return try early.get() }
        return try engine.client.syncCollection(collection, token: token)
    }

    /// The resources of the collection `links[index]` that records marked `afterToken` name, by
    /// path: a listing since the stored token may name neither them nor their deletion.
    /// - Complexity: O(marked records), few: those a run's pushes made.
    private func afterTokenResources(in index: Int) -> [String: URL] {
        var resources: [String: URL] = [:]
        for id in afterToken {
            guard let href = records[id]?.href, let path = links[index].scope.itemPath(ofHref: href),
                let url = URL(string: href).flatMap(links[index].scope.item)
            else { continue }
            resources[path] = url
        }
        return resources
    }

    /// The first of the copies `id`'s record remembers in other collections that the server
    /// still has: where the item went when its copy here was deleted.
    private mutating func otherCopy(of id: UUID) throws(SyncError) -> (resource: Resource, item: TodoItem)? {
        for copy in records[id]?.otherCopies ?? [] {
            guard let url = URL(string: copy.href), link(ofHref: copy.href) != nil,
                let resource = try? engine.client.get(url), let item = try? item(from: resource)
            else { continue }
            return (resource, item)
        }
        return nil
    }

    // MARK: State

    /// Writes `records` (and the records left alone outside the collection) and the rest of
    /// `state` to the state file, unless the file holds them already.
    /// - Complexity: O(k log k) for k records changed since the last save when the file can
    ///   take them appended; O(n log n) when the state is written whole or compared in full.
    mutating func saveState() throws(SyncError) {
        let header = state.header
        if let savedHeader, fileState == nil {
            let (changed, removed) = records.changes()
            guard !changed.isEmpty || !removed.isEmpty || header != savedHeader else { return }
            let state = state
            let records = records
            try engine.stateFile.save(header: header, changed: changed, removed: removed, over: savedHeader) {
                var whole = state
                whole.records = records.all()
                return whole
            }
        } else {
            var whole = state
            whole.records = records.all()
            guard whole != fileState else { return }
            try engine.stateFile.save(whole, over: fileState)
        }
        records.markSaved()
        savedHeader = header
        fileState = nil
    }

    /// A record of `resource` as agreed, with `localVersion`.
    func record(of resource: Resource, id: UUID, localVersion: Int) -> SyncRecord {
        SyncRecord(
            id: id, href: resource.url.absoluteString, etag: resource.etag, localVersion: localVersion,
            base: String(decoding: resource.bytes, as: UTF8.self))
    }

    /// The last agreed value of `id`, if there is one, in the list of the collection that held it.
    func base(of id: UUID) -> TodoItem? {
        guard let record = records[id], var item = try? engine.item(from: Array(record.base.utf8), name: record.href)
        else { return nil }
        if let index = link(ofHref: record.href), let list = links[index].listID { item.listID = list }
        return item
    }
}

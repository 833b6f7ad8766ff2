import Foundation
import TodoCore
import TodoSyncModel

/// Two-way sync of a local store's lists with CalDAV collections (RFC 4791, 6578): each list with
/// a collection of its own, or every list with one collection (an account an older todo-tui set
/// up).
///
/// A run, under the state file's run lock:
/// 1. **Pull**, per collection. Its sync token (or ctag) unchanged since the last run: no listing;
///    and when the store's generation is also the one the last run left agreed
///    (`SyncState.storeGeneration`) and no collection changed, the run ends there, having read
///    neither the store nor the records: one request per collection.
///    Otherwise the changes since the stored token (`sync-collection`; a rejected token falls
///    back to a full `calendar-query` listing), then the changed resources by
///    `calendar-multiget` in batches.
/// 2. **Decide**, per item, from the last agreed value (`SyncRecord.base`), the local item and
///    the server's: a side that changed alone wins; both changed is settled by
///    `SyncOptions.policy` (`MergePolicy.settle`), and an edit always beats a delete.
/// 3. **Safety**: a run that would delete more than half of either side (and at least two
///    items), or whose collection differs from the one the store synced with, stops before it
///    changes anything unless `SyncOptions.confirmed`.
/// 4. **Apply locally** in one save, then store the state with the new token: the token is
///    stored only once everything it covers is applied. The store's journal is folded into its
///    file on another thread while the state is written, before the first push goes out (and
///    again after a push that saved here too): as after every command that saves, the file alone
///    holds everything when the run ends.
/// 5. **Push**: new items with `PUT If-None-Match: *`, edits with `If-Match`, deletions with
///    `DELETE If-Match`. An item whose list changed **moves**: the same resource (same UID) is
///    PUT into the new list's collection with `If-None-Match: *`, then the old copy is deleted
///    with `If-Match`; the state keeps the copy to delete (`SyncRecord.leftBehind`) until the
///    server confirms it, so a run stopped between the two finishes the move next time. A 412 fetches the
///    item again, merges and retries (bounded); a PUT without an ETag in the answer asks for it. A change the
///    server refuses (412 after every retry, a 4xx) is counted in `SyncReport.notSent` and goes out again on
///    the next run.
///
/// Only items inside the collection are touched (`CollectionScope`): an href the server lists
/// elsewhere, or one a state file remembers elsewhere, is never fetched, written or deleted, and
/// is reported as outside (`SyncReport.outside`). An item the server holds that cannot be read
/// (malformed, too large, nested too deep) is left alone (`SyncReport.unreadable`); the rest of
/// the collection still syncs both ways.
///
/// Killed at any instant, the next run finishes the job: an item is only recorded as agreed
/// after both sides hold it, items are matched by UID, and replaying a step is harmless (a PUT
/// whose answer was lost comes back as a server change equal to the local item).
public final class SyncEngine {
    let client: CalDAVClient
    /// The collections the account names, in its order.
    let collections: [URL]
    /// True for an account of one collection that holds every list (as an older todo-tui set
    /// up); false when each collection is one list's.
    let holdsEveryList: Bool
    /// Where a list made here gets a collection of its own; nil: it stays local.
    let home: URL?
    let context: TodoContext
    let stateFile: SyncStateFile
    let now: () -> Date
    let calendar: Calendar

    /// A sync of every list with one collection.
    /// - Parameters:
    ///   - context: a context on the local store; the run saves through it.
    ///   - now: the clock for `DTSTAMP` and parsing.
    ///   - calendar: the days of whole-day items.
    public init(
        client: CalDAVClient, collection: URL, context: TodoContext, stateFile: SyncStateFile,
        now: @escaping () -> Date, calendar: Calendar
    ) {
        self.client = client
        collections = [collection]
        holdsEveryList = true
        home = nil
        self.context = context
        self.stateFile = stateFile
        self.now = now
        self.calendar = calendar
    }

    /// A sync of each of `collections` with a list of its own (`SyncEngine+Lists`): a
    /// collection is linked to the list it was linked to before, else to the list of its name,
    /// else to a list made for it; a list made here gets a collection in `home` (nil: it stays
    /// local).
    public init(
        client: CalDAVClient, collections: [URL], home: URL?, context: TodoContext, stateFile: SyncStateFile,
        now: @escaping () -> Date, calendar: Calendar
    ) {
        self.client = client
        self.collections = collections
        holdsEveryList = false
        self.home = home
        self.context = context
        self.stateFile = stateFile
        self.now = now
        self.calendar = calendar
    }

    /// Runs one sync.
    /// - Throws: `SyncError`; what was applied before the error stays applied and recorded, and
    ///   the next run carries on from there.
    public func run(_ options: SyncOptions) throws(SyncError) -> SyncReport {
        try stateFile.withRunLock { () throws(SyncError) -> SyncReport in
            guard let header = stateFile.loadHeader(), header.links.map(\.url) == collections.map(\.absoluteString),
                header.links.allSatisfy({ ($0.listID == nil) == holdsEveryList })
            else {
                return try Self.perform(prepareRun(options, found: nil))
            }
            // Each collection is linked already: one PROPFIND asks what a run reads of it.
            var found: [URL: CollectionFound] = [:]
            for (link, url) in zip(header.links, collections) {
                found[url] = try client.knownCalendar(url, since: link.marker).map {
                    CollectionFound(collection: $0.0, marker: $0.1)
                }
            }
            // The last run left both sides agreed: with neither changed since, there is nothing to
            // read, decide or write.
            let unchanged = zip(header.links, collections).allSatisfy { link, url in
                guard let now = found[url] else { return false }
                return now.marker.isUnchanged(since: link.marker) && (holdsEveryList || now.agrees(with: link))
            }
            if unchanged, let settled = header.storeGeneration, header.waiting?.isEmpty ?? true,
                (try? context.store.currentGeneration()) == settled
            {
                var report = SyncReport()
                report.remoteUnchanged = true
                return report
            }
            // The server lists each changed calendar's changes while the state and the store are read.
            let early = EarlyChanges.start(
                zip(header.links, collections).compactMap { link, url in
                    guard let token = link.marker?.syncToken, let now = found[url],
                        now.marker.syncToken != nil, !now.marker.isUnchanged(since: link.marker)
                    else { return nil }
                    return (url, token)
                }, client: client)
            defer { early?.finish() }
            return try Self.perform(prepareRun(options, found: found), early: early)
        }
    }

    /// Performs `run` with the answers asked for `early`, then frees its tables on another thread
    /// (`OffThreadWork.release`).
    private static func perform(_ run: consuming SyncRun, early: EarlyChanges? = nil) throws(SyncError) -> SyncReport {
        run.earlyChanges = early
        let report = try run.perform()
        OffThreadWork.release(consume run)
        return report
    }

    // MARK: iCalendar

    /// The item an object resource holds, in the list the store keeps it in: an item the store
    /// has stays in its list, and a new one goes to the standard list when the store has it,
    /// else to the first. (A run of one collection per list then puts it in the collection's
    /// list, `SyncRun.item(from:)`.)
    func item(from bytes: [UInt8], name: String) throws(ExchangeError) -> TodoItem {
        placedInList(try ICalendarFormat.item(fromObjectResource: bytes, name: name, now: now(), calendar: calendar))
    }

    /// `item` in the list the store keeps it in, else in the list for new items (`item(from:name:)`).
    func placedInList(_ item: TodoItem) -> TodoItem {
        var item = item
        item.listID = ((try? context.item(with: item.id)) ?? nil)?.listID ?? listForNewItems
        return item
    }

    /// Where an item new to the store goes (`item(from:name:)`).
    private lazy var listForNewItems: UUID = {
        let lists = (try? context.lists()) ?? []
        return lists.isEmpty || lists.contains { $0.id == TodoList.standardID } ? TodoList.standardID : lists[0].id
    }()

    /// The object resource of `item`.
    func resource(of item: TodoItem) -> [UInt8] {
        ICalendarFormat.objectResource(for: item, now: now(), calendar: calendar)
    }

    /// True when `a` and `b` say the same in iCalendar: what the server would hold for each is
    /// the same to-do (dates to the second, as iCalendar keeps them).
    func sameOnServer(_ a: TodoItem, _ b: TodoItem) -> Bool {
        guard let a = try? item(from: resource(of: a), name: ""), let b = try? item(from: resource(of: b), name: "")
        else { return false }
        return a.hasSameContent(as: b)
    }
}

import Foundation
import TodoCore
import TodoSyncModel

extension SyncEngine {
    /// How often at most a run lists the calendar home for calendars added on the server: the
    /// listing is one request more, which a run that only sends an edit should not pay each time.
    static let homeListingInterval: TimeInterval = 3_600

    /// The to-do calendars in the calendar home that the account does not name yet, nor the
    /// state ignores (`SyncState.ignoredCollections`), each as a PROPFIND of it found it: calendars
    /// added on the server since setup, to link like the others. One PROPFIND of the home, made
    /// only by a run that is not quiet (`prepareRun`) and at most once per
    /// `homeListingInterval` (`SyncState.homeListedAt`), plus one per calendar found; nil when
    /// not listed now, and without a home (an account whose calendars were named at setup).
    func calendarsAdded(
        ignoring ignored: [String], listedAt last: Int?
    ) throws(SyncError) -> [(url: URL, found: CollectionFound)]? {
        guard let home, !holdsEveryList else { return nil }
        let now = now().timeIntervalSince1970
        if let last, Double(last) <= now, now - Double(last) < Self.homeListingInterval { return nil }
        let known = Set((collections.map(\.absoluteString) + ignored).compactMap { URL(string: $0)?.path })
        var added: [(url: URL, found: CollectionFound)] = []
        for calendar in try CalDAVDiscovery(client: client).collections(in: home)
        where calendar.acceptsTodos && !known.contains(calendar.url.path) && calendar.url.path != home.path {
            guard let here = try client.calendar(calendar.url) else { continue }
            added.append((calendar.url, CollectionFound(collection: here.collection, marker: here.marker)))
        }
        return added
    }

    /// What becomes of a calendar whose list was deleted here, which the server still has.
    enum DeletedListCalendar {
        /// Linked to the list of its name made here again: its to-dos come back from the server.
        case relinked(UUID)
        /// Deleted on the server (`SyncReport.deletedCalendars`), or no longer synced: read-only
        /// (`SyncReport.forgotten`) or holding more than to-dos (`SyncReport.keptCalendars`). No
        /// list holds it any more.
        case released
    }

    /// Settles the calendar `here` at `url`, whose list was deleted here. Never silently deleted:
    /// - read-only: it is let go, never deleted (the state ignores it from then on);
    /// - one that may hold more than to-dos (its component set names others, or none, which
    ///   RFC 4791 reads as all, as Xandikos answers, or it was not asked) and holds anything but
    ///   to-dos: let go the same way and kept on the server with everything in it, since deleting
    ///   it would delete a person's events with it (one PROPFIND of its members tells);
    /// - a list of its name here that no other calendar holds: linked to it, its to-dos come
    ///   back (the records of the calendar are dropped, so nothing is deleted on the server);
    /// - empty: deleted on the server without asking;
    /// - holding to-dos: the run stops (`SyncError.listDeletedHere`, naming it and how many it
    ///   holds) unless `options.confirmed`; then deleted on the server.
    ///
    /// The DELETE of the collection goes `If-Match` its ETag as read before counting, so a
    /// calendar changed meanwhile is not deleted (the run stops with the status).
    /// - Parameter taken: the lists other calendars hold.
    func settleDeletedList(
        calendar here: CollectionFound, at url: URL, lists: [TodoList], taken: Set<UUID>, options: SyncOptions,
        report: inout SyncReport
    ) throws(SyncError) -> DeletedListCalendar {
        let key = url.absoluteString
        guard here.collection.writable else {
            report.forgotten.append(key)
            return .released
        }
        if let again = TodoList.named(here.collection.name, in: lists), !taken.contains(again.id) {
            return .relinked(again.id)
        }
        let etag = try client.etag(of: url)
        let count = try client.listTodos(url).count
        if !here.collection.onlyTodos {
            let scope = CollectionScope(url)
            let members = try client.propfind(url, depth: 1, properties: ["d:getetag"]).responses
                .filter { !scope.isCollection($0.url) }.count
            guard members == count else {
                report.keptCalendars.append(key)
                return .released
            }
        }
        if count > 0, !options.confirmed {
            throw .listDeletedHere(calendar: here.collection.name, url: key, count: count)
        }
        switch try client.delete(url, ifMatch: etag) {
        case .deleted, .alreadyGone:
            report.deletedCalendars.append(key)
            return .released
        case .preconditionFailed:
            throw .unexpectedStatus(method: "DELETE", url: key, status: 412)
        case .refused(let status):
            throw .unexpectedStatus(method: "DELETE", url: key, status: status)
        }
    }
}

import Foundation
import TodoSyncModel

extension CalDAVClient {
    /// A collection as a PROPFIND (depth 0) tells it: its properties and change marker; nil
    /// when the server has no collection there any more (404 or 410, for the request or in the
    /// multistatus). The marker is its `sync-token`; only a collection without one is asked its
    /// `getctag`, in a second PROPFIND: servers work out each marker over the whole collection
    /// (Radicale goes over every item for each), and a run compares the token alone when there
    /// is one (`CollectionState.isUnchanged(since:)`).
    /// - Throws: `.notCalDAV` for another answer than a 207 multistatus, or one that does not
    ///   describe a calendar.
    public func calendar(_ url: URL) throws(SyncError) -> (collection: CalendarCollection, marker: CollectionState)? {
        guard let found = try calendar(url, asking: CalDAVDiscovery.collectionProperties + ["d:sync-token"]) else {
            return nil
        }
        guard found.marker.syncToken == nil else { return found }
        guard let ctag = try calendar(url, asking: ["d:resourcetype", "cs:getctag"]) else { return nil }
        return (found.collection, ctag.marker)
    }

    /// `calendar(_:)` asking only `properties`: what the answer lacks is nil or the default of
    /// `CalDAVDiscovery.collection(_:)`.
    func calendar(
        _ url: URL, asking properties: [String]
    ) throws(SyncError) -> (collection: CalendarCollection, marker: CollectionState)? {
        let response = try send(
            "PROPFIND", url, headers: ["Depth": "0"], body: DAVRequestBody.propfind(properties))
        if response.status == 404 || response.status == 410 { return nil }
        guard response.status == 207 else {
            throw .notCalDAV(url: url.absoluteString, reason: "PROPFIND was answered with HTTP \(response.status)")
        }
        guard let answer = try multistatus(response).responses.first else {
            throw .malformedResponse(url: url.absoluteString, reason: "no response for the collection")
        }
        // Xandikos names a deleted collection in a 207 whose response is 404.
        if answer.status == 404 || answer.status == 410 { return nil }
        guard var collection = CalDAVDiscovery.collection(answer) else {
            throw .notCalDAV(url: url.absoluteString, reason: "it is no calendar collection")
        }
        // The URL as the account names it, whatever the answer's href says.
        collection.url = url
        let marker = CollectionState(
            syncToken: answer.text("sync-token"), ctag: answer.text("getctag", in: DAVNamespace.calendarServer))
        return (collection, marker)
    }

    /// PROPPATCH of a collection's `displayname` and, when given, its `calendar-color`.
    /// - Throws: `.forbidden` for a 403, `.unexpectedStatus` for another answer than a success.
    public func rename(_ url: URL, to displayName: String, color: String?) throws(SyncError) {
        let response = try send(
            "PROPPATCH", url, headers: [:], body: DAVRequestBody.proppatch(displayName: displayName, color: color))
        guard response.isSuccess else { throw status(of: response, method: "PROPPATCH", url: url) }
    }
}

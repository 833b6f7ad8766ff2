import Foundation
import TodoSyncModel

/// The CalDAV requests the sync makes (RFC 4918, 4791, 6578), each turning the server's answer
/// into values or a `SyncError`.
///
/// Every method sends one request (`multiget` one per batch, more when a batch's answer is too
/// large) and interprets the status codes the protocol allows for it; 401 is always
/// `SyncError.unauthorized`.
///
/// **One origin**: a request to a URL off `origin` is refused before the transport sees it
/// (`SyncError.otherOrigin`), whatever named that URL (a discovery answer, a listing, a state
/// file), so the transport's credentials reach no other server. The members a listing or a
/// multiget names are kept only when they lie inside the collection (`CollectionScope`); the
/// rest are returned as outside, never to be fetched, written or deleted.
public struct CalDAVClient: Sendable {
    public let transport: any HTTPTransport
    /// The account name, for error messages.
    public let user: String?
    /// The one server this client sends to.
    public let origin: Origin

    public init(transport: any HTTPTransport, user: String?, origin: Origin) {
        self.transport = transport
        self.user = user
        self.origin = origin
    }

    /// PROPFIND of `properties` (prefixed `d:`, `c:`, `cs:`) at `depth`.
    /// - Throws: `.notCalDAV` when the answer is not a 207 multistatus.
    public func propfind(_ url: URL, depth: Int, properties: [String]) throws(SyncError) -> Multistatus {
        let response = try send(
            "PROPFIND", url, headers: ["Depth": String(depth)], body: DAVRequestBody.propfind(properties))
        guard response.status == 207 else {
            throw .notCalDAV(url: url.absoluteString, reason: "PROPFIND was answered with HTTP \(response.status)")
        }
        return try multistatus(response)
    }

    /// The collection's change markers: `DAV:sync-token` and `CS:getctag`.
    public func collectionState(_ collection: URL) throws(SyncError) -> CollectionState {
        let answer = try propfind(collection, depth: 0, properties: ["d:sync-token", "cs:getctag", "d:resourcetype"])
        guard let response = answer.responses.first else {
            throw .malformedResponse(url: collection.absoluteString, reason: "no response for the collection")
        }
        return CollectionState(
            syncToken: response.text("sync-token"),
            ctag: response.text("getctag", in: DAVNamespace.calendarServer))
    }

    /// RFC 6578 `sync-collection` from `token`: what changed since, members outside the
    /// collection set apart.
    /// - Returns: nil when the server rejects the token (403 or 412 with `DAV:valid-sync-token`,
    ///   any other 4xx but 401, or a 5xx): the caller lists the whole collection instead.
    public func syncCollection(_ collection: URL, token: String) throws(SyncError) -> CollectionChanges? {
        let scope = CollectionScope(collection)
        var changes = CollectionChanges()
        var from = token
        // 507 on the collection itself means "truncated": ask again from the token it gave.
        for _ in 0..<1_000 {
            let response = try send(
                "REPORT", collection, headers: ["Depth": "1"], body: DAVRequestBody.syncCollection(token: from))
            guard response.status == 207 else { return nil }
            let answer = try multistatus(response)
            var truncated = false
            for member in answer.responses {
                if scope.isCollection(member.url) {
                    truncated = truncated || member.status == 507
                } else if let url = scope.item(member.url) {
                    if member.status == 404 {
                        changes.removed.insert(url.path)
                        changes.changed[url.path] = nil
                    } else if member.status == nil || (200..<300).contains(member.status ?? 0) {
                        changes.changed[url.path] = Listing(url: url, etag: member.text("getetag"))
                        changes.removed.remove(url.path)
                    }
                } else if member.status != 404 {
                    changes.outside.insert(member.url.absoluteString)
                }
            }
            guard let next = answer.syncToken else {
                throw .malformedResponse(
                    url: collection.absoluteString, reason: "a sync-collection answer without a sync-token")
            }
            changes.syncToken = next
            if !truncated || next == from { return changes }
            from = next
        }
        return changes
    }

    /// Every VTODO in the collection with its ETag, by path (a `calendar-query`), and the
    /// members outside the collection set apart; `syncToken` is nil.
    public func listing(_ collection: URL) throws(SyncError) -> CollectionChanges {
        let scope = CollectionScope(collection)
        let response = try send("REPORT", collection, headers: ["Depth": "1"], body: DAVRequestBody.todoListing)
        guard response.status == 207 else {
            throw status(of: response, method: "REPORT", url: collection)
        }
        var listing = CollectionChanges()
        for (url, member) in try listedMembers(response, scope: scope, outside: &listing.outside) {
            listing.changed[url.path] = Listing(url: url, etag: member.text("getetag"))
        }
        return listing
    }

    /// The members of a `calendar-query` answer that lie inside `scope`, each with the URL
    /// `CollectionScope.item(_:)` gives it; the collection itself and members answered with a
    /// failure are left out, members outside the collection go into `outside`.
    func listedMembers(
        _ response: HTTPResponse, scope: CollectionScope, outside: inout Set<String>
    ) throws(SyncError) -> [(url: URL, member: Multistatus.Response)] {
        var members: [(url: URL, member: Multistatus.Response)] = []
        for member in try multistatus(response).responses where !scope.isCollection(member.url) {
            guard member.status == nil || (200..<300).contains(member.status ?? 0) else { continue }
            if let url = scope.item(member.url) {
                members.append((url, member))
            } else {
                outside.insert(member.url.absoluteString)
            }
        }
        return members
    }

    /// Every VTODO in the collection with its ETag, by path: `listing(_:)`'s members.
    public func listTodos(_ collection: URL) throws(SyncError) -> [String: Listing] {
        try listing(collection).changed
    }

    /// The resources at `urls` (items of `collection`) with their ETags and data, `batchSize`
    /// per `calendar-multiget`. A resource the server no longer has is left out; one the server
    /// answers for outside the collection is set apart, unread. A batch whose answer is larger
    /// than `ResponseLimits.listing` is split in two and asked again, down to one resource, which
    /// is then unreadable: one oversized item never stops the others.
    ///
    /// The batches go out together, up to the transport's `maximumConcurrentRequests` at a time;
    /// the result is the same as asking them one after the other (resources in batch order), and
    /// the error thrown is the first batch's that failed.
    /// - Complexity: one request per batch, plus about log₂(batchSize) per oversized item.
    public func multiget(_ collection: URL, _ urls: [URL], batchSize: Int = 100) throws(SyncError) -> FetchedResources {
        let batches = stride(from: 0, to: urls.count, by: max(1, batchSize)).map {
            urls[$0..<min($0 + max(1, batchSize), urls.count)]
        }
        let client = self
        let answers = InFlight.map(batches.count, width: transport.maximumConcurrentRequests) {
            index -> Result<FetchedResources, SyncError> in
            var fetched = FetchedResources()
            do throws(SyncError) {
                try client.multiget(collection, batches[index], into: &fetched)
            } catch {
                return .failure(error)
            }
            return .success(fetched)
        }
        var fetched = FetchedResources()
        fetched.resources.reserveCapacity(urls.count)
        for answer in answers {
            let batch = try answer.get()
            fetched.resources += batch.resources
            fetched.unreadable.merge(batch.unreadable) { first, _ in first }
            fetched.outside.formUnion(batch.outside)
        }
        return fetched
    }

    private func multiget(
        _ collection: URL, _ batch: ArraySlice<URL>, into fetched: inout FetchedResources
    )
        throws(SyncError)
    {
        let response: HTTPResponse
        do {
            response = try send(
                "REPORT", collection, headers: ["Depth": "1"],
                body: DAVRequestBody.multiget(batch.map(\.percentEncodedPath)))
        } catch {
            guard case .responseTooLarge = error, let first = batch.first else { throw error }
            guard batch.count > 1 else {
                fetched.unreadable[first.path] = "\(first.absoluteString): \(error)"
                return
            }
            let middle = batch.startIndex + batch.count / 2
            try multiget(collection, batch[..<middle], into: &fetched)
            try multiget(collection, batch[middle...], into: &fetched)
            return
        }
        guard response.status == 207 else {
            throw status(of: response, method: "REPORT", url: collection)
        }
        let scope = CollectionScope(collection)
        for member in try multistatus(response).responses {
            guard let data = member.property("calendar-data", in: DAVNamespace.calDAV)?.text, !data.isEmpty
            else { continue }
            guard let url = scope.item(member.url) else {
                fetched.outside.insert(member.url.absoluteString)
                continue
            }
            fetched.resources.append(Resource(url: url, etag: member.text("getetag"), bytes: Array(data.utf8)))
        }
    }

    /// The resource at `url`, or nil when the server has none (404 or 410).
    /// - Throws: `.responseTooLarge` for one over `ResponseLimits.calendarObject`.
    public func get(_ url: URL) throws(SyncError) -> Resource? {
        let response = try send("GET", url, headers: [:], body: nil, limit: ResponseLimits.calendarObject)
        if response.status == 404 || response.status == 410 { return nil }
        guard response.isSuccess else { throw status(of: response, method: "GET", url: url) }
        return Resource(url: url, etag: response.etag, bytes: Array(response.body))
    }

    /// The ETag of the resource at `url`, for a PUT the server answered without one.
    public func etag(of url: URL) throws(SyncError) -> String? {
        try propfind(url, depth: 0, properties: ["d:getetag"]).responses.first?.text("getetag")
    }

    /// PUT of an object resource: `ifMatch` an ETag to replace that version only, else only
    /// when nothing is at `url` (`If-None-Match: *`).
    /// - Throws: for a 5xx or a redirect; a 4xx is an outcome.
    public func put(_ url: URL, _ bytes: [UInt8], ifMatch etag: String?) throws(SyncError) -> PutOutcome {
        var headers = ["Content-Type": "text/calendar; charset=utf-8"]
        if let etag {
            headers["If-Match"] = etag
        } else {
            headers["If-None-Match"] = "*"
        }
        let response = try send("PUT", url, headers: headers, body: Data(bytes))
        if response.isSuccess { return .stored(etag: response.etag) }
        if response.status == 412 { return .preconditionFailed }
        if response.status == 403 || response.status == 409,
            let root = try? XMLTreeParser.parse(response.body), root.isNamed("error", in: DAVNamespace.dav),
            let conflict = root.child("no-uid-conflict", in: DAVNamespace.calDAV)
        {
            let href = conflict.child("href")?.trimmedText
            return .uidConflict(existing: href.flatMap { URL(string: $0, relativeTo: url)?.absoluteURL })
        }
        if (400..<500).contains(response.status) { return .refused(status: response.status) }
        throw status(of: response, method: "PUT", url: url)
    }

    /// DELETE of the version `etag` of the resource at `url`.
    /// - Throws: for a 5xx or a redirect; a 4xx is an outcome.
    public func delete(_ url: URL, ifMatch etag: String?) throws(SyncError) -> DeleteOutcome {
        let response = try send("DELETE", url, headers: etag.map { ["If-Match": $0] } ?? [:], body: nil)
        if response.isSuccess { return .deleted }
        if response.status == 404 || response.status == 410 { return .alreadyGone }
        if response.status == 412 { return .preconditionFailed }
        if (400..<500).contains(response.status) { return .refused(status: response.status) }
        throw status(of: response, method: "DELETE", url: url)
    }

    /// MKCALENDAR of a to-do calendar at `url`, coloured `color` (`#RRGGBB`) when given.
    public func makeCalendar(_ url: URL, displayName: String, color: String? = nil) throws(SyncError) {
        let response = try send(
            "MKCALENDAR", url, headers: [:], body: DAVRequestBody.makeCalendar(displayName: displayName, color: color))
        guard response.isSuccess else { throw status(of: response, method: "MKCALENDAR", url: url) }
    }

    // MARK: Plumbing

    /// Sends one request to `url`, which must be on `origin`, reading at most `limit` bytes of
    /// the answer.
    func send(
        _ method: String, _ url: URL, headers: [String: String], body: Data?, limit: Int = ResponseLimits.listing
    ) throws(SyncError) -> HTTPResponse {
        guard origin.contains(url) else {
            throw .otherOrigin(url: url.absoluteString, origin: origin.description)
        }
        var all = headers
        if body != nil, all["Content-Type"] == nil {
            all["Content-Type"] = "application/xml; charset=utf-8"
        }
        let response = try transport.send(
            HTTPRequest(method: method, url: url, headers: all, body: body, maximumResponseBytes: limit))
        if response.status == 401 { throw .unauthorized(url: url.absoluteString, user: user) }
        return response
    }

    func multistatus(_ response: HTTPResponse) throws(SyncError) -> Multistatus {
        try Multistatus(response.body, base: response.url)
    }

    /// The error for an answer a request cannot use.
    func status(of response: HTTPResponse, method: String, url: URL) -> SyncError {
        response.status == 403
            ? .forbidden(url: url.absoluteString)
            : .unexpectedStatus(method: method, url: url.absoluteString, status: response.status)
    }
}

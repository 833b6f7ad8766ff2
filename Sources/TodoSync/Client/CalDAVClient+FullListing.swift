import Foundation
import TodoSyncModel

extension CalDAVClient {
    /// Every VTODO in the collection with its ETag and calendar data, in one `calendar-query`:
    /// what `listing(_:)` then `multiget(_:_:batchSize:)` of every member bring, for a collection
    /// none of whose items the caller has yet (a first pull). Servers answer it in one pass over
    /// the collection, where some (Xandikos) take longer for each item a multiget names the more
    /// items the collection holds (docs/performance.md).
    /// - Returns: the listing (members listed without data are in it, not in the resources: the
    ///   caller fetches them), and the resources; nil when the answer is larger than
    ///   `ResponseLimits.listing` or the server refuses the query with a 4xx or 5xx: the caller
    ///   lists and fetches in batches instead, each batch bounded on its own.
    /// - Throws: what `send` throws, and `.malformedResponse` for an answer that is not a multistatus.
    /// - Complexity: one request.
    public func listingWithData(_ collection: URL) throws(SyncError) -> (CollectionChanges, FetchedResources)? {
        let scope = CollectionScope(collection)
        let response: HTTPResponse
        do {
            response = try send("REPORT", collection, headers: ["Depth": "1"], body: DAVRequestBody.todoListingWithData)
        } catch {
            guard case .responseTooLarge = error else { throw error }
            return nil
        }
        guard response.status == 207 else { return nil }
        var listing = CollectionChanges()
        var fetched = FetchedResources()
        for (url, member) in try listedMembers(response, scope: scope, outside: &listing.outside) {
            let etag = member.text("getetag")
            listing.changed[url.path] = Listing(url: url, etag: etag)
            if let data = member.property("calendar-data", in: DAVNamespace.calDAV)?.text, !data.isEmpty {
                fetched.resources.append(Resource(url: url, etag: etag, bytes: Array(data.utf8)))
            }
        }
        return (listing, fetched)
    }
}

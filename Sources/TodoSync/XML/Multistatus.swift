import Foundation
import TodoSyncModel

/// A WebDAV `207 Multi-Status` answer (RFC 4918 §13), as the sync reads it.
public struct Multistatus: Sendable, Hashable {
    /// One `DAV:response`: a resource and what the server said about it.
    public struct Response: Sendable, Hashable {
        /// The resource's URL, resolved against the request's.
        public var url: URL
        /// The response-level status (a `sync-collection` answer names a removed member with
        /// 404 here), nil when the status is per property.
        public var status: Int?
        /// The properties found (in a 2xx `propstat`).
        public var properties: [XMLNode]

        /// The found property `name` in `namespace`.
        public func property(_ name: String, in namespace: String = DAVNamespace.dav) -> XMLNode? {
            properties.first { $0.isNamed(name, in: namespace) }
        }

        /// The text of the found property `name`, trimmed; nil when absent or empty.
        public func text(_ name: String, in namespace: String = DAVNamespace.dav) -> String? {
            guard let text = property(name, in: namespace)?.trimmedText, !text.isEmpty else { return nil }
            return text
        }

        /// The URL in the found property's `DAV:href` (`current-user-principal`,
        /// `calendar-home-set`), resolved against the response's.
        public func href(in name: String, namespace: String = DAVNamespace.dav) -> URL? {
            guard let href = property(name, in: namespace)?.child("href")?.trimmedText, !href.isEmpty else {
                return nil
            }
            return URL(string: href, relativeTo: url)?.absoluteURL
        }
    }

    public var responses: [Response]
    /// The top-level `DAV:sync-token` of a `sync-collection` answer.
    public var syncToken: String?

    /// Reads a multistatus body.
    /// - Parameter base: the URL the request went to; hrefs are resolved against it.
    /// - Throws: `SyncError.malformedResponse` for a body that is not XML or not a multistatus.
    /// - Complexity: O(size of the body).
    public init(_ body: Data, base: URL) throws(SyncError) {
        let root: XMLNode
        do {
            root = try XMLTreeParser.parse(body)
        } catch {
            throw .malformedResponse(url: base.absoluteString, reason: error.reason)
        }
        guard root.isNamed("multistatus", in: DAVNamespace.dav) else {
            throw .malformedResponse(
                url: base.absoluteString, reason: "expected a DAV:multistatus, found <\(root.name)>")
        }
        syncToken = root.child("sync-token")?.trimmedText
        responses = try root.children("response").map { (node) throws(SyncError) -> Response in
            guard let href = node.child("href")?.trimmedText, let url = URL(string: href, relativeTo: base) else {
                throw .malformedResponse(url: base.absoluteString, reason: "a response without a usable href")
            }
            let properties = node.children("propstat").filter { Self.isSuccess($0.child("status")) }
                .flatMap { $0.child("prop")?.children ?? [] }
            return Response(
                url: url.absoluteURL, status: node.child("status").flatMap(Self.statusCode), properties: properties)
        }
    }

    private static func isSuccess(_ status: XMLNode?) -> Bool {
        guard let status else { return true }
        return statusCode(status).map { (200..<300).contains($0) } ?? false
    }

    /// The code in a status line `HTTP/1.1 404 Not Found`.
    static func statusCode(_ node: XMLNode) -> Int? {
        let parts = node.trimmedText.split(separator: " ")
        return parts.count >= 2 ? Int(parts[1]) : nil
    }
}

import Foundation

/// Which URLs are the items of one calendar collection.
///
/// A server names each item by an href, which may say anything: a path outside the collection
/// (`/other/x.ics`), `..` segments, another server. An href is an item of the collection only
/// when it is on the collection's origin and its path, percent-decoded, lies under the
/// collection's path and has no `.` or `..` segment (nor a backslash, which some servers take
/// for a slash), no query and no user name. Anything else is never fetched, written or
/// deleted; the sync reports it as outside the collection and leaves it alone. The same holds
/// for the hrefs a state file remembers: the file is not trusted more than the server.
public struct CollectionScope: Sendable, Hashable {
    public let collection: URL
    private let origin: Origin?
    /// The collection's decoded path, ending in `/`.
    private let path: String
    /// The collection's URL taken apart once, for `item(_:)` to put each item's path into.
    private let collectionComponents: URLComponents?

    public init(_ collection: URL) {
        self.collection = collection
        origin = Origin(collection)
        let decoded = Self.decodedPath(of: collection) ?? collection.path
        path = decoded.hasSuffix("/") ? decoded : decoded + "/"
        collectionComponents = URLComponents(url: collection, resolvingAgainstBaseURL: true)
    }

    /// The item `url` names, when it lies inside the collection: the collection's origin and
    /// `url`'s path as the server wrote it, without query, fragment or user name.
    /// - Complexity: O(length of the URL).
    public func item(_ url: URL) -> URL? {
        guard let origin, origin.contains(url), url.user == nil, url.password == nil, url.query == nil,
            let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let decoded = components.percentEncodedPath.removingPercentEncoding,
            decoded.utf8.count > path.utf8.count, decoded.utf8.starts(with: path.utf8), !decoded.contains("\\"),
            !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }),
            !decoded.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == "." || $0 == ".." }
            ),
            var inside = collectionComponents
        else { return nil }
        inside.percentEncodedPath = components.percentEncodedPath
        inside.query = nil
        inside.fragment = nil
        return inside.url
    }

    /// True when `url` names the collection itself (with or without its last `/`).
    public func isCollection(_ url: URL) -> Bool {
        guard let origin, origin.contains(url), let decoded = Self.decodedPath(of: url) else { return false }
        return decoded == path || decoded + "/" == path
    }

    private static func decodedPath(of url: URL) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath.removingPercentEncoding
    }
}

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
    /// The collection's URL as text ending in `/`, when an href that is this text followed by one
    /// plain name (`itemPath(ofHref:)`) is sure to be inside: no user, query, fragment, `.` or
    /// `..` segment, backslash or control character in it. nil: every href is taken apart.
    private let plainPrefix: [UInt8]?

    public init(_ collection: URL) {
        self.collection = collection
        let origin = Origin(collection)
        self.origin = origin
        let decoded = Self.decodedPath(of: collection) ?? collection.path
        let path = decoded.hasSuffix("/") ? decoded : decoded + "/"
        self.path = path
        collectionComponents = URLComponents(url: collection, resolvingAgainstBaseURL: true)
        let text = collection.absoluteString
        let prefix = text.hasSuffix("/") ? text : text + "/"
        let plain =
            origin != nil && collection.user == nil && collection.password == nil && collection.query == nil
            && collection.fragment == nil && Self.isPlain(path) && collectionComponents != nil
            && Self.decodedPath(of: URL(string: prefix + "x")) == path + "x"
            && URL(string: prefix + "x").map { origin?.contains($0) ?? false } ?? false
        plainPrefix = plain ? Array(prefix.utf8) : nil
    }

    /// The decoded path of the item `href` names, when it lies inside the collection; nil
    /// otherwise. The same answer as `item(URL(string: href))?.path`, without taking apart an
    /// href that is the collection's URL followed by one name of unreserved characters
    /// (RFC 3986: letters, digits, `-._~`), as servers and this client name items.
    /// - Complexity: O(length of `href`).
    public func itemPath(ofHref href: String) -> String? {
        if let start = plainNameStart(in: href) {
            return path + String(decoding: href.utf8.dropFirst(start), as: UTF8.self)
        }
        return URL(string: href).flatMap(item)?.path
    }

    /// True when `href` names an item inside the collection: `itemPath(ofHref:) != nil`, without
    /// making the path.
    /// - Complexity: O(length of `href`).
    public func holds(_ href: String) -> Bool {
        plainNameStart(in: href) != nil || URL(string: href).flatMap(item) != nil
    }

    /// Where the name after the collection's URL starts in `href`'s UTF-8, when `href` is that URL
    /// followed by one name of unreserved characters, other than `.` and `..`: an item, whose URL
    /// is `href` as it is.
    private func plainNameStart(in href: String) -> Int? {
        guard let plainPrefix else { return nil }
        var text = href
        // Compared as bytes in place: a state's every href is asked about at the start of a run.
        return text.withUTF8 { bytes in
            guard bytes.count > plainPrefix.count,
                UnsafeBufferPointer(rebasing: bytes[..<plainPrefix.count]).elementsEqual(plainPrefix)
            else { return nil }
            let name = UnsafeBufferPointer(rebasing: bytes[plainPrefix.count...])
            guard name.allSatisfy(Self.isUnreserved), !name.elementsEqual(".".utf8), !name.elementsEqual("..".utf8)
            else { return nil }
            return plainPrefix.count
        }
    }

    /// True when the decoded path `path` has no `.` or `..` segment, backslash (which some servers
    /// take for a slash) or control character.
    private static func isPlain(_ path: String) -> Bool {
        !path.contains("\\") && !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
            && !path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == "." || $0 == ".." }
            )
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// The item `url` names, when it lies inside the collection: the collection's origin and
    /// `url`'s path as the server wrote it, without query, fragment or user name.
    /// - Complexity: O(length of the URL).
    public func item(_ url: URL) -> URL? {
        if url.baseURL == nil, plainNameStart(in: url.absoluteString) != nil { return url }
        guard let origin, origin.contains(url), url.user == nil, url.password == nil, url.query == nil,
            let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let decoded = components.percentEncodedPath.removingPercentEncoding,
            decoded.utf8.count > path.utf8.count, decoded.utf8.starts(with: path.utf8), Self.isPlain(decoded),
            var inside = collectionComponents
        else { return nil }
        inside.percentEncodedPath = components.percentEncodedPath
        inside.query = nil
        inside.fragment = nil
        return inside.url
    }

    /// True when `url` names the collection itself (with or without its last `/`).
    public func isCollection(_ url: URL) -> Bool {
        // An item's URL (the collection's followed by a name) is not the collection's: no parse.
        if url.baseURL == nil, plainNameStart(in: url.absoluteString) != nil { return false }
        guard let origin, origin.contains(url), let decoded = Self.decodedPath(of: url) else { return false }
        return decoded == path || decoded + "/" == path
    }

    private static func decodedPath(of url: URL?) -> String? {
        url.flatMap {
            URLComponents(url: $0, resolvingAgainstBaseURL: true)?.percentEncodedPath.removingPercentEncoding
        }
    }
}

import Foundation

/// A collection's change markers; either may be missing on a server without them.
public struct CollectionState: Sendable, Hashable, Codable {
    public var syncToken: String?
    public var ctag: String?

    /// True when the server gave a marker and it equals `other`'s: nothing changed since.
    public func isUnchanged(since other: CollectionState?) -> Bool {
        guard let other else { return false }
        if let syncToken, let old = other.syncToken { return syncToken == old }
        if let ctag, let old = other.ctag { return ctag == old }
        return false
    }
}

/// A member of a collection as a listing names it.
public struct Listing: Sendable, Hashable {
    public var url: URL
    public var etag: String?
}

/// What `sync-collection` reported since a token, by path.
public struct CollectionChanges: Sendable, Hashable {
    public var changed: [String: Listing] = [:]
    public var removed: Set<String> = []
    public var syncToken: String?
}

/// An object resource as fetched: where it is, its version, its iCalendar bytes.
public struct Resource: Sendable, Hashable {
    public var url: URL
    public var etag: String?
    public var bytes: [UInt8]
}

/// How a PUT ended.
public enum PutOutcome: Sendable, Hashable {
    /// Stored; the new ETag when the server sent one.
    case stored(etag: String?)
    /// `If-Match` or `If-None-Match` failed: someone else wrote the resource first.
    case preconditionFailed
    /// The collection holds the same UID at another resource (CalDAV `no-uid-conflict`).
    case uidConflict(existing: URL?)
}

/// How a DELETE ended.
public enum DeleteOutcome: Sendable, Hashable {
    case deleted
    case alreadyGone
    /// The resource changed since the ETag given.
    case preconditionFailed
}

extension URL {
    /// The path as it goes on the wire, percent-encoded.
    var percentEncodedPath: String {
        URLComponents(url: self, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? path
    }
}

import Foundation

/// A collection's change markers; either may be missing on a server without them.
public struct CollectionState: Sendable, Hashable, Codable {
    public var syncToken: String?
    public var ctag: String?

    public init(syncToken: String? = nil, ctag: String? = nil) {
        self.syncToken = syncToken
        self.ctag = ctag
    }

    /// True when the server gave a marker and it equals `other`'s: nothing changed since.
    public func isUnchanged(since other: CollectionState?) -> Bool {
        guard let other else { return false }
        if let syncToken, let old = other.syncToken { return syncToken == old }
        if let ctag, let old = other.ctag { return ctag == old }
        return false
    }
}

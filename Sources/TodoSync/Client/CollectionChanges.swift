import Foundation

/// What `sync-collection` reported since a token, by path.
public struct CollectionChanges: Sendable, Hashable {
    public var changed: [String: Listing] = [:]
    public var removed: Set<String> = []
    public var syncToken: String?
}

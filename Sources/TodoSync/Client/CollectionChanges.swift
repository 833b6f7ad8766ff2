import Foundation

/// What a listing reported: `sync-collection` since a token, or a whole `calendar-query`
/// listing (everything in `changed`, no token), by path.
public struct CollectionChanges: Sendable, Hashable {
    public var changed: [String: Listing] = [:]
    public var removed: Set<String> = []
    public var syncToken: String?
    /// The hrefs the server listed outside the collection (`CollectionScope`): never fetched.
    public var outside: Set<String> = []
}

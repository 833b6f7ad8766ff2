import Foundation

/// What a `calendar-multiget` brought.
public struct FetchedResources: Sendable, Hashable {
    /// The resources inside the collection, as the server answered them.
    public var resources: [Resource] = []
    /// Why a resource asked for could not be read (its answer too large), by path.
    public var unreadable: [String: String] = [:]
    /// The hrefs the server answered for outside the collection (`CollectionScope`): unread.
    public var outside: Set<String> = []
}

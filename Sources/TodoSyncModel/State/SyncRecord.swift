import Foundation

/// What the last sync agreed on for one item: where it lives on the server, which version of it
/// the server had, and the value both sides held then (the base of the next three-way merge).
public struct SyncRecord: Sendable, Hashable, Codable {
    public var id: UUID
    /// The resource's URL as the server named it (never derived after the first PUT).
    public var href: String
    /// The server's ETag for `base`; nil when the server gave none (then the item is fetched again).
    public var etag: String?
    /// The local item's version when it last equalled `base`; -1 when a local change still has
    /// to go out, so the item counts as changed until a PUT succeeds.
    public var localVersion: Int
    /// The object resource as the server had it: the last common value.
    public var base: String

    public init(id: UUID, href: String, etag: String?, localVersion: Int, base: String) {
        self.id = id
        self.href = href
        self.etag = etag
        self.localVersion = localVersion
        self.base = base
    }
}

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
    public var base: String {
        get { storedBase.text }
        set { storedBase = .text(newValue) }
    }
    /// `base` as it is kept: a record read from the state file decodes it when it is asked for.
    var storedBase: RecordBase
    /// Copies of the item still to delete (`If-Match` their ETag): where it moved out of, and copies
    /// outranked by the one it holds (older, or this device's own PUT).
    public var leftBehind: [MovedCopy]
    /// Copies of the item seen in other collections that this device leaves to others (another
    /// device's copy of the same second, `LAST-MODIFIED`): looked up again by every run until gone,
    /// and where the item is looked for when the server deletes this copy.
    public var otherCopies: [MovedCopy]
    /// Where this device sent a move's PUT whose answer no saved state recorded yet (written
    /// before the PUT): a copy found there on the next run is this device's own, which it takes
    /// or deletes. Absent in older files.
    public var movingTo: [MovedCopy]
    /// True when this device learned `href` and `etag` after the sync token the state keeps for
    /// the item's collection (a PUT of its own that replaced no version it had recorded, or a copy
    /// it found while pushing), so the resource may be newer than that token. A server that lists
    /// changes as the difference between two snapshots of the collection (Xandikos: its token
    /// names the collection's tree) names neither a resource made after the token nor that
    /// resource's deletion, and its token comes back to an earlier value when the collection
    /// does: the next run looks the resource up when its listing does not name it, and clears the
    /// mark once it has stored a newer token. False in older files.
    public var afterToken: Bool

    public init(
        id: UUID, href: String, etag: String?, localVersion: Int, base: String, leftBehind: [MovedCopy] = [],
        otherCopies: [MovedCopy] = [], movingTo: [MovedCopy] = [], afterToken: Bool = false
    ) {
        self.id = id
        self.href = href
        self.etag = etag
        self.localVersion = localVersion
        storedBase = .text(base)
        self.leftBehind = leftBehind
        self.otherCopies = otherCopies
        self.movingTo = movingTo
        self.afterToken = afterToken
    }

    /// A record as the state file holds it, its base as kept (`RecordBase`).
    init(
        id: UUID, href: String, etag: String?, localVersion: Int, storedBase: RecordBase, leftBehind: [MovedCopy],
        otherCopies: [MovedCopy], movingTo: [MovedCopy], afterToken: Bool
    ) {
        self.id = id
        self.href = href
        self.etag = etag
        self.localVersion = localVersion
        self.storedBase = storedBase
        self.leftBehind = leftBehind
        self.otherCopies = otherCopies
        self.movingTo = movingTo
        self.afterToken = afterToken
    }

    private enum CodingKeys: String, CodingKey {
        case id, href, etag, localVersion, base, leftBehind, otherCopies, movingTo, afterToken
    }

    /// A record as the oldest state files hold it (without `leftBehind`) or as they are now.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(UUID.self, forKey: .id), href: try container.decode(String.self, forKey: .href),
            etag: try container.decodeIfPresent(String.self, forKey: .etag),
            localVersion: try container.decode(Int.self, forKey: .localVersion),
            base: try container.decode(String.self, forKey: .base),
            leftBehind: try container.decodeIfPresent([MovedCopy].self, forKey: .leftBehind) ?? [],
            otherCopies: try container.decodeIfPresent([MovedCopy].self, forKey: .otherCopies) ?? [],
            movingTo: try container.decodeIfPresent([MovedCopy].self, forKey: .movingTo) ?? [],
            afterToken: try container.decodeIfPresent(Bool.self, forKey: .afterToken) ?? false)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(href, forKey: .href)
        try container.encodeIfPresent(etag, forKey: .etag)
        try container.encode(localVersion, forKey: .localVersion)
        try container.encode(base, forKey: .base)
        try container.encode(leftBehind, forKey: .leftBehind)
        try container.encode(otherCopies, forKey: .otherCopies)
        // Only while a move is under way: older files have no such key, and most records never need it.
        if !movingTo.isEmpty { try container.encode(movingTo, forKey: .movingTo) }
        if afterToken { try container.encode(afterToken, forKey: .afterToken) }
    }
}

import Foundation

/// Everything a store's sync remembers between runs (the file `<store>.sync.json`).
///
/// `collections` are the collections the store syncs with, each with its list and its own sync
/// token and ctag as of the last run whose pulled changes were all applied locally; `records`
/// hold, per item, the last value both sides agreed on (an item's href says which collection
/// holds it).
///
/// Format 1 (an older todo-tui) knew one collection, holding every list, and its marker; it reads
/// as format 2 with that one collection linked to every list (`CollectionLink.listID` nil), and
/// the next save writes it whole as format 2.
public struct SyncState: Sendable, Hashable, Codable {
    public static let currentVersion = 2

    public var version = SyncState.currentVersion
    /// The collections this store syncs with, in the account's order.
    public var collections: [CollectionLink]
    /// The store's generation at which the last run found every item agreed with the server:
    /// nothing to send, nothing waiting, nothing written locally. nil when the last run left
    /// anything to do, or stopped early. With the store still at this generation and every
    /// collection's marker unchanged, a run has nothing to do.
    public var storeGeneration: Int?
    public var records: [SyncRecord] = []
    /// The conflicts the last run left waiting (policy `error`); nil or empty when none.
    public var waiting: [WaitingConflict]?
    /// Lists whose calendar was deleted on the server and that were kept here (`sync --yes`):
    /// they stay local, never given a calendar of their own again.
    public var keptLocal: [UUID]?
    /// Calendars this store no longer syncs with, never linked again when found in the calendar
    /// home: read-only calendars whose list was deleted here. nil when none.
    public var ignoredCollections: [String]?
    /// Lists for which the server refused to make a calendar (403): they stay local, and no run
    /// asks again until `sync --yes`. nil when none.
    public var calendarRefused: [UUID]?
    /// When a run last listed the calendar home for calendars added on the server, in seconds
    /// since 1970; nil before the first.
    public var homeListedAt: Int?

    public init(collections: [CollectionLink]) {
        self.collections = collections
    }

    /// The state without its records: what the file's first line holds.
    public struct Header: Sendable, Hashable, Codable {
        public var version: Int
        public var collections: [CollectionLink]?
        /// Format 1's one collection and its marker.
        public var collection: String?
        public var marker: CollectionState?
        public var storeGeneration: Int?
        public var waiting: [WaitingConflict]?
        public var keptLocal: [UUID]?
        public var ignoredCollections: [String]?
        public var calendarRefused: [UUID]?
        public var homeListedAt: Int?

        /// The linked collections, format 1's one collection read as linked to every list.
        public var links: [CollectionLink] {
            collections ?? collection.map { [CollectionLink(url: $0, listID: nil, marker: marker)] } ?? []
        }
    }

    public var header: Header {
        // Always the current format: a state read from an older one is written back upgraded.
        Header(
            version: SyncState.currentVersion, collections: collections, storeGeneration: storeGeneration,
            waiting: waiting, keptLocal: keptLocal, ignoredCollections: ignoredCollections,
            calendarRefused: calendarRefused, homeListedAt: homeListedAt)
    }

    /// The state of `header` and `records`, upgraded to the current format.
    init(header: Header, records: [SyncRecord]) {
        collections = header.links
        storeGeneration = header.storeGeneration
        waiting = header.waiting
        keptLocal = header.keptLocal
        ignoredCollections = header.ignoredCollections
        calendarRefused = header.calendarRefused
        homeListedAt = header.homeListedAt
        self.records = records
        version = header.version
    }

    private enum CodingKeys: String, CodingKey {
        case records
    }

    /// The state as one JSON object: the header's fields and the records (`SyncStateFile` writes
    /// the same with the header on the first line).
    public func encode(to encoder: any Encoder) throws {
        try header.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(records, forKey: .records)
    }

    /// A whole file of format 1 as the oldest todo-tui wrote it, without a header line.
    public init(from decoder: any Decoder) throws {
        let header = try Header(from: decoder)
        let records = try decoder.container(keyedBy: CodingKeys.self).decode([SyncRecord].self, forKey: .records)
        self.init(header: header, records: records)
    }
}

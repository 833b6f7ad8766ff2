/// Everything a store's sync remembers between runs (the file `<store>.sync.json`).
///
/// `marker` is the collection's sync token and ctag as of the last run whose pulled changes were
/// all applied locally; `records` hold, per item, the last value both sides agreed on.
public struct SyncState: Sendable, Hashable, Codable {
    public static let currentVersion = 1

    public var version = SyncState.currentVersion
    /// The collection this store syncs with.
    public var collection: String
    public var marker: CollectionState?
    /// The store's generation at which the last run found every item agreed with the server:
    /// nothing to send, nothing waiting, nothing written locally. nil when the last run left
    /// anything to do, or stopped early. With the store still at this generation and the
    /// collection's marker unchanged, a run has nothing to do.
    public var storeGeneration: Int?
    public var records: [SyncRecord] = []
    /// The conflicts the last run left waiting (policy `error`); nil or empty when none.
    public var waiting: [WaitingConflict]?

    public init(collection: String) {
        self.collection = collection
    }

    /// The state without its records: what the file's first line holds.
    public struct Header: Sendable, Hashable, Codable {
        public var version: Int
        public var collection: String
        public var marker: CollectionState?
        public var storeGeneration: Int?
        public var waiting: [WaitingConflict]?
    }

    public var header: Header {
        Header(
            version: version, collection: collection, marker: marker, storeGeneration: storeGeneration,
            waiting: waiting)
    }
}

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
    public var records: [SyncRecord] = []
    /// The conflicts the last run left waiting (policy `error`); nil or empty when none.
    public var waiting: [WaitingConflict]?

    public init(collection: String) {
        self.collection = collection
    }
}

import TodoCore

/// How a sync run settles conflicts and what it may do without asking.
public struct SyncOptions: Sendable, Hashable {
    /// Settles items both sides changed: ours is the local list, theirs the server
    /// (`MergePolicy.settle(base:ours:theirs:)`); also the policy of the local save.
    public var policy: MergePolicy
    /// `--yes`: go on although the run deletes more than half of a side or the collection changed.
    public var confirmed: Bool
    /// Resources per `calendar-multiget`.
    public var batchSize: Int
    /// How many times one item is fetched, merged and sent again after a `412`.
    public var retries: Int

    public init(
        policy: MergePolicy = .mergeByPropertyObjectTrump, confirmed: Bool = false, batchSize: Int = 100,
        retries: Int = 3
    ) {
        self.policy = policy
        self.confirmed = confirmed
        self.batchSize = batchSize
        self.retries = retries
    }
}

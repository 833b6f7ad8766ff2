/// Where a context's committed items live: the JSON file, or memory in tests and demos.
///
/// Contract: `load()` returns a consistent snapshot (never a torn file). `modify(_:)` runs its
/// body while holding the store's exclusive lock, on contents read *under that lock*, and writes
/// the result durably and atomically only if the body returns normally and changed the contents;
/// the body is responsible for bumping `generation` when it changes anything. `commit(after:_:)`
/// is the same for one batch of changes, without handing over the whole store when the store
/// can tell what changed since the caller's generation.
public protocol TodoStore: AnyObject {
    /// Reads the current contents. A store that does not exist yet is empty (generation 0).
    /// - Throws: `StoreError` for unreadable, corrupt or newer-format stores.
    func load() throws(StoreError) -> StoreContents

    /// The generation currently on disk, cheaper than `load()` where the store can manage it.
    /// - Throws: `StoreError`.
    func currentGeneration() throws(StoreError) -> Int

    /// What the store holds beyond `generation` (the generation whose state the caller
    /// knows), read without locking: a consistent state, like `load()`.
    /// - Throws: `StoreError` for unreadable, corrupt or newer-format stores.
    func changes(after generation: Int) throws(StoreError) -> StoreChanges

    /// Read-modify-write under the store's exclusive lock.
    /// - Throws: whatever `body` throws (nothing is written then), or `StoreError`.
    func modify<Result>(_ body: (inout StoreContents) throws -> Result) throws -> Result

    /// Saves one batch under the store's exclusive lock.
    ///
    /// `body` receives what the store holds beyond `generation` (the generation whose state
    /// the caller knows) and returns the batch to save, or nil to write nothing. The batch's
    /// generation must be the changes' `generation + 1`. The batch is durable when this returns.
    /// - Throws: whatever `body` throws (nothing is written then), or `StoreError`.
    func commit<Result>(
        after generation: Int, _ body: (StoreChanges) throws -> (batch: StoreBatch?, result: Result)
    ) throws -> Result

    /// Folds whatever the store keeps beside its main copy into it, so that the main copy alone
    /// is complete; the contents and generation do not change. Cheap to call when there is
    /// nothing to fold.
    /// - Throws: `StoreError`.
    func compact() throws
}

extension TodoStore {
    /// `changes` on top of `load`, for stores that keep no journal.
    /// - Complexity: that of `load()`.
    public func changes(after generation: Int) throws(StoreError) -> StoreChanges {
        StoreChanges(after: generation, in: try load())
    }

    /// `commit` on top of `modify`, for stores that keep no journal: the whole contents are the
    /// changes whenever the generation moved.
    /// - Complexity: that of `modify` and applying the batch.
    public func commit<Result>(
        after generation: Int, _ body: (StoreChanges) throws -> (batch: StoreBatch?, result: Result)
    ) throws -> Result {
        try modify { contents in
            let changes = StoreChanges(after: generation, in: contents)
            let (batch, result) = try body(changes)
            if let batch {
                precondition(batch.generation == contents.generation + 1, "a batch must raise the generation by one")
                contents.apply([batch])
            }
            return result
        }
    }

    /// Nothing to fold for a store without a journal.
    public func compact() throws {}
}

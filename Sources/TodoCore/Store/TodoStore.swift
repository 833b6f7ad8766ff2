/// Where a context's committed items live: the JSON file, or memory in tests and demos.
///
/// Contract: `load()` returns a consistent snapshot (never a torn file); `modify(_:)` runs its body
/// while holding the store's exclusive lock, on contents read *under that lock*, and writes the
/// result durably and atomically only if the body returns normally and changed the contents. The
/// body is responsible for bumping `generation` when it changes anything.
public protocol TodoStore: AnyObject {
    /// Reads the current contents. A store that does not exist yet is empty (generation 0).
    /// - Throws: `StoreError` for unreadable, corrupt or newer-format stores.
    func load() throws(StoreError) -> StoreContents

    /// The generation currently on disk, cheaper than `load()` where the store can manage it.
    /// - Throws: `StoreError`.
    func currentGeneration() throws(StoreError) -> Int

    /// Read-modify-write under the store's exclusive lock.
    /// - Throws: whatever `body` throws (nothing is written then), or `StoreError`.
    func modify<Result>(_ body: (inout StoreContents) throws -> Result) throws -> Result
}

/// A store kept in memory: for tests, benchmarks and child contexts' parents in examples.
public final class InMemoryStore: TodoStore {
    /// The committed contents; tests may set it to simulate another process's save.
    public var contents: StoreContents

    public init(_ contents: StoreContents = StoreContents()) {
        self.contents = contents
    }

    public func load() throws(StoreError) -> StoreContents { contents }

    public func currentGeneration() throws(StoreError) -> Int { contents.generation }

    public func modify<Result>(_ body: (inout StoreContents) throws -> Result) throws -> Result {
        var copy = contents
        let result = try body(&copy)
        contents = copy
        return result
    }
}

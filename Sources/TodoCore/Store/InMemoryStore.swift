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

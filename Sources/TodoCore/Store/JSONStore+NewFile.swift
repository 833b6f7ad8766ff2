extension JSONStore {
    /// Writes `items` as a new store file at `path`, for instance to keep a list whose own
    /// store can no longer be written: `JSONStore(path:)` then opens it like any store.
    ///
    /// The file is created private (0600), durably, and never over anything already at `path`.
    /// Items are written in file order with their versions as they are.
    /// - Precondition: every date lies within the years 0000–9999 in UTC.
    /// - Throws: `StoreError.cannotCreate` when `path` exists or its folder cannot be written,
    ///   `.ioFailure` when writing or syncing fails.
    /// - Complexity: O(n log n) for the order, O(n) to write.
    public static func createStore(at path: String, containing items: [TodoItem]) throws(StoreError) {
        try DurableFile.create(path, with: StoreEncoder.encode(StoreContents(items: items).inFileOrder))
    }
}

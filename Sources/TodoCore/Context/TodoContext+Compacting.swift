import Foundation

extension TodoContext {
    /// Folds what the store keeps beside its main file into it (`TodoStore.compact()`), from
    /// this context's committed values when the store can tell they are its current contents
    /// (`JSONStore.compact(holding:)`): a root context that has read the store and seen every
    /// save since spares the store a read of the whole file.
    /// - Throws: `StoreError`, as `TodoStore.compact()`.
    /// - Complexity: O(n) in the size of the store written; the store's reading too when the
    ///   context is not current.
    package func compactStore() throws {
        guard parent == nil, isLoaded, let store = store as? JSONStore else { return try store.compact() }
        try store.compact(
            holding: StoreContents(generation: storeGeneration, items: committed.array, lists: committedLists))
    }
}

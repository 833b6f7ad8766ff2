/// What a successful `save()` wrote, as `NSManagedObjectContextDidSave`.
///
/// Every value carries its version, so that a merge can compare versions: inserted and updated
/// values are as written, with their new versions; deleted values are as they were in the store,
/// with the version that was deleted. A version names one value of an item and only grows, so
/// another context folds this in with `mergeChanges(fromContextDidSave:)` late, out of order or
/// twice without going back.
public struct DidSave: Sendable, Equatable {
    public var inserted: [TodoItem]
    public var updated: [TodoItem]
    public var deleted: [TodoItem]
    /// The store generation after the save; for a save into a parent, the parent's generation.
    public var generation: Int
    /// True for a child context's save, which went into its parent and not to the store: the
    /// values are unsaved in the parent and keep the versions the parent read.
    public var isIntoParent: Bool
    /// The lists after the save, when it changed them; nil when it did not.
    public var lists: [TodoList]?

    public init(
        inserted: [TodoItem] = [], updated: [TodoItem] = [], deleted: [TodoItem] = [], generation: Int,
        isIntoParent: Bool = false, lists: [TodoList]? = nil
    ) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
        self.generation = generation
        self.isIntoParent = isIntoParent
        self.lists = lists
    }
}

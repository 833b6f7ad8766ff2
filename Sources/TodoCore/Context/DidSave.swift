/// What a successful `save()` wrote, as `NSManagedObjectContextDidSave`.
///
/// Values are as written, with their new versions. Another context folds this into itself with
/// `mergeChanges(fromContextDidSave:)`.
public struct DidSave: Sendable, Equatable {
    public var inserted: [TodoItem]
    public var updated: [TodoItem]
    public var deleted: [TodoItem]
    /// The store generation after the save.
    public var generation: Int

    public init(inserted: [TodoItem] = [], updated: [TodoItem] = [], deleted: [TodoItem] = [], generation: Int) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
        self.generation = generation
    }
}

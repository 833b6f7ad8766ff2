import Foundation

/// One save's changes to a store: the whole new values of the items it inserted or changed and
/// the ids it removed, the lists when it changed them, and the generation the save made. A line of the journal holds one.
///
/// `items` and `removedIDs` never share an id, and neither lists an id twice.
public struct StoreBatch: Sendable, Equatable {
    /// The store generation after this batch: one more than before it.
    public var generation: Int
    /// Inserted or replaced items, whole values with their new versions.
    public var items: [TodoItem]
    /// Ids of the items the batch removed.
    public var removedIDs: [UUID]
    /// All the lists after the batch, in order, when it changed any; nil when it changed none.
    public var lists: [TodoList]?

    public init(generation: Int, items: [TodoItem] = [], removedIDs: [UUID] = [], lists: [TodoList]? = nil) {
        self.generation = generation
        self.items = items
        self.removedIDs = removedIDs
        self.lists = lists
    }
}

import Foundation

/// What a store holds beyond a generation a caller saw, as `TodoStore.commit(after:_:)` gives it.
public enum StoreChanges: Sendable, Equatable {
    /// Every batch saved after generation `after`, oldest first, generations consecutive;
    /// empty when nothing moved. The store is the caller's state at `after` with these applied.
    case batches([StoreBatch], after: Int)
    /// The whole store: the batches since the caller's generation are no longer kept (they were
    /// compacted into the store file), or the store cannot tell them apart.
    case contents(StoreContents)

    /// The store's generation now.
    public var generation: Int {
        switch self {
        case .batches(let batches, let after): batches.last?.generation ?? after
        case .contents(let contents): contents.generation
        }
    }
}

extension StoreChanges {
    /// Every id the batches touched, with its latest value (nil when a batch removed it last);
    /// empty for `.contents`.
    /// - Complexity: O(m) in the changed items over all batches.
    public var latestValues: [UUID: TodoItem?] {
        guard case .batches(let batches, _) = self else { return [:] }
        var latest: [UUID: TodoItem?] = [:]
        for batch in batches {
            for item in batch.items {
                latest[item.id] = .some(item)
            }
            for id in batch.removedIDs {
                latest[id] = .some(nil)
            }
        }
        return latest
    }

    /// The lists as the store holds them now, when they may differ from the caller's: the last
    /// batch's lists that changed them, or the whole contents' lists; nil when no batch changed
    /// them.
    /// - Complexity: O(b) in the batches.
    public var latestLists: [TodoList]? {
        switch self {
        case .batches(let batches, _): batches.last { $0.lists != nil }?.lists
        case .contents(let contents): contents.lists
        }
    }

    /// What a caller whose state is generation `generation` has not seen, given the whole
    /// current contents: no batches when the generation did not move, else the contents.
    /// - Complexity: O(1).
    init(after generation: Int, in contents: StoreContents) {
        self = contents.generation == generation ? .batches([], after: generation) : .contents(contents)
    }
}

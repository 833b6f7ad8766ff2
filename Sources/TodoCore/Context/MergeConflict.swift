import Foundation

/// One item that both this context and the store changed since the context read it.
///
/// A three-way merge: `base` is the context's snapshot (what it read), `inMemory` what the
/// context wants to write, `stored` what the store holds now.
public struct MergeConflict: Sendable, Hashable, CustomStringConvertible {
    public var itemID: UUID
    /// The value this context read; nil when the context inserted the item.
    public var base: TodoItem?
    /// The value this context holds now; nil when the context deleted the item.
    public var inMemory: TodoItem?
    /// The value in the store now; nil when another writer deleted the item.
    public var stored: TodoItem?
    /// The version this context read (0 for an item it inserted).
    public var oldVersion: Int
    /// The version in the store now (0 when the item was deleted there).
    public var newVersion: Int

    public init(itemID: UUID, base: TodoItem?, inMemory: TodoItem?, stored: TodoItem?) {
        self.itemID = itemID
        self.base = base
        self.inMemory = inMemory
        self.stored = stored
        self.oldVersion = base?.version ?? 0
        self.newVersion = stored?.version ?? 0
    }

    public var description: String {
        let text = (inMemory ?? stored ?? base)?.text ?? itemID.uuidString
        return
            "'\(text)' changed elsewhere (version \(oldVersion) → \(newVersion == 0 ? "deleted" : String(newVersion)))"
    }
}

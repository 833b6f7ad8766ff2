import Foundation

/// Everything a store file holds: the generation counter and the items in file order.
public struct StoreContents: Sendable, Equatable {
    /// Bumped by every save; a reader that sees a new generation knows the file changed.
    public var generation: Int
    public var items: [TodoItem] {
        didSet { idPositions = nil }
    }
    /// Where each id sits in `items`, when the reader already hashed every id to refuse
    /// duplicates: a context loading these contents indexes its items with it instead of
    /// hashing them again. Nil when unknown; any change to `items` forgets it. Not part of
    /// equality.
    var idPositions: [UUID: Int32]?

    public init(generation: Int = 0, items: [TodoItem] = []) {
        self.generation = generation
        self.items = items
    }

    public static func == (lhs: StoreContents, rhs: StoreContents) -> Bool {
        lhs.generation == rhs.generation && lhs.items == rhs.items
    }
}

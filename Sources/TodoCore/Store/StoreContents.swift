/// Everything a store file holds: the generation counter and the items in file order.
public struct StoreContents: Sendable, Equatable {
    /// Bumped by every save; a reader that sees a new generation knows the file changed.
    public var generation: Int
    public var items: [TodoItem]

    public init(generation: Int = 0, items: [TodoItem] = []) {
        self.generation = generation
        self.items = items
    }
}

extension OrderedTree {
    /// A tree holding `sorted`, built bottom-up without comparisons beyond checking the order.
    ///
    /// `sorted` must be strictly increasing under `areInIncreasingOrder` (sorted, no two equal);
    /// anything else is a precondition failure. Nodes are filled evenly and close to capacity.
    /// - Complexity: O(n).
    @inlinable
    package init(sorted: [Element], areInIncreasingOrder: @escaping (Element, Element) -> Bool) {
        self.init(sorted: sorted, areInIncreasingOrder: areInIncreasingOrder, layout: .default)
    }

    /// A tree holding `sorted` with the given node sizes; tests use small nodes to grow deep trees.
    @inlinable
    init(sorted: [Element], areInIncreasingOrder: @escaping (Element, Element) -> Bool, layout: Layout) {
        for index in sorted.indices.dropFirst() {
            precondition(
                areInIncreasingOrder(sorted[index - 1], sorted[index]),
                "OrderedTree(sorted:): elements \(index - 1) and \(index) are not in strictly increasing order"
            )
        }
        let leaves = Self.evenRanges(splitting: sorted.count, capacity: layout.leafCapacity).map { range in
            Node(elements: Array(sorted[range]))
        }
        self.init(leaves: leaves, count: sorted.count, areInIncreasingOrder: areInIncreasingOrder, layout: layout)
    }

    /// A tree over `leaves`, full leaves in order (each at least half full when there are two
    /// or more), holding `count` elements: the branches are built bottom-up.
    /// - Complexity: O(number of leaves).
    @inlinable
    init(leaves: [Node], count: Int, areInIncreasingOrder: @escaping (Element, Element) -> Bool, layout: Layout) {
        var level = leaves.map { leaf in (node: leaf, count: leaf.elements.count, first: leaf.elements.first) }
        while level.count > 1 {
            let lower = level
            level = Self.evenRanges(splitting: lower.count, capacity: layout.branchCapacity).map { range in
                let group = lower[range]
                let node = Node(
                    separators: group.dropFirst().compactMap(\.first),
                    children: group.map(\.node),
                    counts: group.map(\.count)
                )
                return (node: node, count: node.count(before: group.count), first: group.first?.first ?? nil)
            }
        }
        self.areInIncreasingOrder = areInIncreasingOrder
        self.layout = layout
        root = level.first?.node ?? Node()
        storedCount = count
    }

    /// `0..<total` cut into the fewest consecutive ranges of at most `capacity`, of sizes
    /// differing by at most one, so that each is at least half full whenever there are two or more.
    @inlinable
    static func evenRanges(splitting total: Int, capacity: Int) -> [Range<Int>] {
        let pieces = Swift.max(1, (total + capacity - 1) / capacity)
        return (0..<pieces).map { piece in (total * piece / pieces)..<(total * (piece + 1) / pieces) }
    }
}

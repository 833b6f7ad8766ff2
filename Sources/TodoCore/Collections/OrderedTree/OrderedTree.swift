/// A sorted collection with O(log n) insert, remove, rank and select: an order-statistics B+ tree.
///
/// Elements live in leaves; each branch keeps, per child, how many elements lie below it (to find
/// a position) and a separator (to find an element), so "the element at position i" and "the
/// position of this element" each take one walk from the root to a leaf. The fetched-results
/// controller keeps its result here, which makes one changed item cost O(log n).
///
/// The order must be a strict total order on the stored elements: no two stored elements may
/// compare equal (neither ordered before the other). `FetchRequest.areInIncreasingOrder` is one,
/// thanks to its `id` tie-break. An element "equal under the order" to a stored one is found by
/// `position(of:)` and `remove(_:)` even when other fields differ.
///
/// `OrderedTree` is a value: copies share nodes, and a mutation copies only the nodes on its path
/// that another copy still references. Iterators see the tree as it was when they were made.
///
/// The API is `@inlinable` because generic code specialised in the calling module runs several
/// times faster than the unspecialised entry points.
@usableFromInline package struct OrderedTree<Element> {
    /// The order of the elements; see the type's contract.
    @usableFromInline package let areInIncreasingOrder: (Element, Element) -> Bool
    @usableFromInline let layout: Layout
    @usableFromInline var root: Node
    @usableFromInline var storedCount: Int

    /// An empty tree ordered by `areInIncreasingOrder`, which must be a strict total order.
    /// - Complexity: O(1).
    @inlinable
    package init(areInIncreasingOrder: @escaping (Element, Element) -> Bool) {
        self.init(areInIncreasingOrder: areInIncreasingOrder, layout: .default)
    }

    /// An empty tree with the given node sizes; tests use small nodes to grow deep trees.
    @inlinable
    init(areInIncreasingOrder: @escaping (Element, Element) -> Bool, layout: Layout) {
        self.areInIncreasingOrder = areInIncreasingOrder
        self.layout = layout
        root = Node(elements: [])
        storedCount = 0
    }

    /// The number of elements.
    /// - Complexity: O(1).
    @inlinable
    package var count: Int { storedCount }

    /// Whether the tree holds no elements.
    /// - Complexity: O(1).
    @inlinable
    package var isEmpty: Bool { storedCount == 0 }

    /// The smallest element, or nil when the tree is empty.
    /// - Complexity: O(log n).
    @inlinable
    package var first: Element? { isEmpty ? nil : self[0] }

    /// The largest element, or nil when the tree is empty.
    /// - Complexity: O(log n).
    @inlinable
    package var last: Element? { isEmpty ? nil : self[storedCount - 1] }

    /// The element at `position` in the order (select); `position` must be in `0..<count`.
    /// - Complexity: O(log n).
    @inlinable
    package subscript(position: Int) -> Element {
        checkPosition(position, in: 0..<storedCount)
        var node = root
        var offset = position
        while !node.isLeaf {
            let (child, remainder) = node.child(containing: offset)
            node = node.children[child]
            offset = remainder
        }
        return node.elements[offset]
    }

    /// The position of the stored element equal to `element` under the order (rank), or nil
    /// when there is none.
    /// - Complexity: O(log n) comparisons.
    @inlinable
    package func position(of element: Element) -> Int? {
        let (position, found) = search(element)
        return found ? position : nil
    }

    /// How many stored elements order before `element`: where it is, or where it would be
    /// inserted (the lower bound).
    /// - Complexity: O(log n) comparisons.
    @inlinable
    package func insertionPosition(for element: Element) -> Int {
        search(element).position
    }

    /// The lower bound of `element` and whether the element there is equal to it under the order.
    @inlinable
    func search(_ element: Element) -> (position: Int, found: Bool) {
        var node = root
        var position = 0
        while !node.isLeaf {
            let child = node.childIndex(for: element, by: areInIncreasingOrder)
            position += node.count(before: child)
            node = node.children[child]
        }
        let index = node.elements.partitionIndex { !areInIncreasingOrder($0, element) }
        let found = index < node.elements.count && !areInIncreasingOrder(element, node.elements[index])
        return (position + index, found)
    }

    /// Adds `element`, which must not be stored already (no stored element equal under the
    /// order), and returns the position it now has.
    /// - Complexity: O(log n) comparisons, plus O(node size) to shift within the nodes touched.
    @inlinable
    @discardableResult
    package mutating func insert(_ element: Element) -> Int {
        makeRootUnique()
        let (position, split) = root.insert(element, layout: layout, by: areInIncreasingOrder)
        storedCount += 1
        if let split {
            root = Node(
                separators: [split.separator],
                children: [root, split.node],
                counts: [storedCount - split.count, split.count]
            )
        }
        return position
    }

    /// Removes the stored element equal to `element` under the order and returns the position
    /// it had, or returns nil and changes nothing when there is none.
    /// - Complexity: O(log n) comparisons, plus O(node size) to shift within the nodes touched.
    @inlinable
    @discardableResult
    package mutating func remove(_ element: Element) -> Int? {
        guard let position = position(of: element) else { return nil }
        remove(at: position)
        return position
    }

    /// Removes and returns the element at `position`, which must be in `0..<count`.
    /// - Complexity: O(log n), with no comparisons.
    @inlinable
    @discardableResult
    package mutating func remove(at position: Int) -> Element {
        checkPosition(position, in: 0..<storedCount)
        makeRootUnique()
        let removed = root.remove(at: position, layout: layout)
        storedCount -= 1
        if !root.isLeaf && root.children.count == 1 {
            root = root.children[0]
        }
        return removed
    }

    /// Removes every element; the order is kept.
    /// - Complexity: O(1), plus releasing the nodes no other copy shares.
    @inlinable
    package mutating func removeAll() {
        root = Node(elements: [])
        storedCount = 0
    }

    /// The elements at the positions in `range`, in order; `range` must lie within `0...count`.
    /// - Complexity: O(log n + k) for k elements.
    @inlinable
    package func elements(in range: Range<Int>) -> [Element] {
        precondition(
            range.lowerBound >= 0 && range.upperBound <= storedCount,
            "OrderedTree: range \(range) does not lie within 0...\(storedCount)"
        )
        var result: [Element] = []
        result.reserveCapacity(range.count)
        var iterator = Iterator(root: root, position: range.lowerBound)
        iterator.append(range.count, to: &result)
        return result
    }

    /// All elements in order.
    /// - Complexity: O(n).
    @inlinable
    package func toArray() -> [Element] {
        elements(in: 0..<storedCount)
    }

    @inlinable
    mutating func makeRootUnique() {
        if !isKnownUniquelyReferenced(&root) {
            root = root.copy()
        }
    }

    @inlinable
    func checkPosition(_ position: Int, in bounds: Range<Int>) {
        precondition(
            bounds.contains(position), "OrderedTree: position \(position) is not within 0..<\(bounds.upperBound)")
    }
}

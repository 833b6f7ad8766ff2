extension OrderedTree {
    /// Builds a tree from elements appended in strictly increasing order, each copied once,
    /// straight into its leaf: what a walk that keeps some of another tree's elements needs
    /// (a live filter narrowing a result), without an array of them first.
    ///
    /// Leaves are filled to capacity; `build()` evens out the last two so that every leaf is at
    /// least half full, as `init(sorted:)` leaves them.
    @usableFromInline package struct Builder {
        @usableFromInline let areInIncreasingOrder: (Element, Element) -> Bool
        @usableFromInline let layout: Layout
        @usableFromInline var leaves: [Node] = []
        @usableFromInline var elements: [Element] = []
        @usableFromInline var count = 0

        @inlinable
        package init(areInIncreasingOrder: @escaping (Element, Element) -> Bool) {
            self.init(areInIncreasingOrder: areInIncreasingOrder, layout: .default)
        }

        @inlinable
        init(areInIncreasingOrder: @escaping (Element, Element) -> Bool, layout: Layout) {
            self.areInIncreasingOrder = areInIncreasingOrder
            self.layout = layout
            elements.reserveCapacity(layout.leafCapacity)
        }

        /// Appends `element`, which must order after every element appended before.
        /// - Complexity: amortised O(1).
        @inlinable
        package mutating func append(_ element: Element) {
            if let last = elements.last ?? leaves.last?.elements.last {
                precondition(
                    areInIncreasingOrder(last, element),
                    "OrderedTree.Builder: element \(count) is not after the one before it")
            }
            if elements.count == layout.leafCapacity {
                leaves.append(Node(elements: elements))
                elements = []
                elements.reserveCapacity(layout.leafCapacity)
            }
            elements.append(element)
            count += 1
        }

        /// The tree of the appended elements.
        /// - Complexity: O(n / leaf capacity), plus at most one leaf's elements moved.
        @inlinable
        package consuming func build() -> OrderedTree {
            if let previous = leaves.last, elements.count < layout.leafCapacity / 2 {
                // The last leaf would be less than half full: share two leaves' elements evenly.
                leaves.removeLast()
                let both = previous.elements + elements
                let half = both.count / 2
                leaves.append(Node(elements: Array(both[..<half])))
                elements = Array(both[half...])
            }
            if !elements.isEmpty || leaves.isEmpty {
                leaves.append(Node(elements: elements))
            }
            return OrderedTree(leaves: leaves, count: count, areInIncreasingOrder: areInIncreasingOrder, layout: layout)
        }
    }

    /// Calls `body` with each leaf's elements in order, in place: a walk over every element
    /// that copies none of them.
    /// - Complexity: O(n).
    @inlinable
    package func forEachRun(_ body: (UnsafeBufferPointer<Element>) -> Void) {
        var iterator = Iterator(root: root, position: 0)
        guard storedCount > 0 else { return }
        repeat {
            iterator.leaf.elements.withUnsafeBufferPointer(body)
        } while iterator.moveToNextLeaf()
    }
}

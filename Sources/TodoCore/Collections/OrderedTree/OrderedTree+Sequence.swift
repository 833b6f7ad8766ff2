extension OrderedTree: Sequence {
    /// Walks the elements in order, leaf by leaf, over the tree as it was when the iterator was
    /// made (it keeps the nodes alive; later mutations of the tree copy them).
    @usableFromInline package struct Iterator: IteratorProtocol {
        /// The branches above `leaf`, each with the index of the child the walk is in.
        @usableFromInline var ancestors: [(node: Node, child: Int)]
        @usableFromInline var leaf: Node
        @usableFromInline var index: Int

        /// An iterator whose first element is the one at `position` (none when it is the count).
        /// - Complexity: O(log n).
        @inlinable
        init(root: Node, position: Int) {
            ancestors = []
            var node = root
            var offset = position
            while !node.isLeaf {
                let (child, remainder) = node.child(containing: offset)
                ancestors.append((node, child))
                node = node.children[child]
                offset = remainder
            }
            leaf = node
            index = offset
        }

        /// The next element in order, or nil at the end.
        /// - Complexity: amortised O(1); O(n) for the whole walk.
        @inlinable
        package mutating func next() -> Element? {
            if index == leaf.elements.count && !moveToNextLeaf() {
                return nil
            }
            defer { index += 1 }
            return leaf.elements[index]
        }

        /// Appends the next `count` elements to `result`, a leaf's run at a time; fewer when the
        /// walk ends first.
        /// - Complexity: O(count + log n).
        @inlinable
        mutating func append(_ count: Int, to result: inout [Element]) {
            var remaining = count
            while remaining > 0 {
                if index == leaf.elements.count && !moveToNextLeaf() {
                    return
                }
                let run = Swift.min(remaining, leaf.elements.count - index)
                result.append(contentsOf: leaf.elements[index..<(index + run)])
                index += run
                remaining -= run
            }
        }

        /// Steps to the first element of the next leaf; false when there is none.
        @inlinable
        mutating func moveToNextLeaf() -> Bool {
            while let last = ancestors.last, last.child + 1 == last.node.children.count {
                ancestors.removeLast()
            }
            guard let (branch, child) = ancestors.popLast() else {
                return false
            }
            ancestors.append((branch, child + 1))
            var node = branch.children[child + 1]
            while !node.isLeaf {
                ancestors.append((node, 0))
                node = node.children[0]
            }
            leaf = node
            index = 0
            return true
        }
    }

    /// An iterator over the elements in order.
    /// - Complexity: O(log n) to make; O(n) to exhaust.
    @inlinable
    package func makeIterator() -> Iterator {
        Iterator(root: root, position: 0)
    }

    /// The exact count, so that `Array(tree)` allocates once.
    /// - Complexity: O(1).
    @inlinable
    package var underestimatedCount: Int { storedCount }
}

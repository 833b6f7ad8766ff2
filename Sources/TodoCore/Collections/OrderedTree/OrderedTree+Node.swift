extension OrderedTree {
    /// The node sizes of a tree: at most `leafCapacity` elements per leaf and `branchCapacity`
    /// children per branch; every node but the root stays at least half full.
    @usableFromInline
    struct Layout {
        @usableFromInline let leafCapacity: Int
        @usableFromInline let branchCapacity: Int

        @inlinable
        init(leafCapacity: Int, branchCapacity: Int) {
            precondition(
                leafCapacity >= 2 && branchCapacity >= 4,
                "OrderedTree: leaves need room for 2 elements and branches for 4 children")
            self.leafCapacity = leafCapacity
            self.branchCapacity = branchCapacity
        }

        /// The sizes `todo-bench tree` measured fastest for the controller's items: larger leaves
        /// spend the time shifting, and other branch sizes were slower.
        @inlinable
        static var `default`: Layout { Layout(leafCapacity: 64, branchCapacity: 64) }
    }

    /// What a node that grew past its capacity hands to its parent: its upper half and the
    /// separator that goes before it.
    @usableFromInline
    struct Split {
        @usableFromInline let separator: Element
        @usableFromInline let node: Node
        @usableFromInline let count: Int

        @inlinable
        init(separator: Element, node: Node, count: Int) {
            self.separator = separator
            self.node = node
            self.count = count
        }
    }

    /// A leaf (its `elements`, in order) or a branch (`children`, with `counts` and `separators`).
    ///
    /// In a branch, `counts[i]` is the number of elements below `children[i]`, and
    /// `separators[i]` orders after every element below `children[i]` and not after any element
    /// below `children[i + 1]`. A separator is a copy of the first element of its right-hand
    /// child at the time it was made; it may outlive that element, since it still bounds the
    /// search correctly, which spares removals from rewriting ancestors. All leaves are at the
    /// same depth; a node is mutated only while uniquely referenced (copy on write).
    @usableFromInline
    final class Node {
        @usableFromInline var elements: [Element]
        @usableFromInline var separators: [Element]
        @usableFromInline var children: [Node]
        @usableFromInline var counts: [Int]

        @inlinable
        init(elements: [Element] = [], separators: [Element] = [], children: [Node] = [], counts: [Int] = []) {
            self.elements = elements
            self.separators = separators
            self.children = children
            self.counts = counts
        }

        /// A node with the same contents; the arrays are shared until either side writes.
        @inlinable
        func copy() -> Node {
            Node(elements: elements, separators: separators, children: children, counts: counts)
        }

        @inlinable
        var isLeaf: Bool { children.isEmpty }

        /// Elements in a leaf, children in a branch: what the capacities limit.
        @inlinable
        var size: Int { isLeaf ? elements.count : children.count }

        @inlinable
        func minimumSize(_ layout: Layout) -> Int {
            (isLeaf ? layout.leafCapacity : layout.branchCapacity) / 2
        }

        /// The child of this branch that holds, or would hold, `element`.
        @inlinable
        func childIndex(for element: Element, by areInIncreasingOrder: (Element, Element) -> Bool) -> Int {
            separators.partitionIndex { areInIncreasingOrder(element, $0) }
        }

        /// The number of elements below the children before `child`.
        @inlinable
        func count(before child: Int) -> Int {
            var total = 0
            for index in 0..<child {
                total += counts[index]
            }
            return total
        }

        /// The child of this branch holding `position` and the position within it; a position
        /// equal to the branch's count falls at the end of the last child.
        @inlinable
        func child(containing position: Int) -> (child: Int, position: Int) {
            var remainder = position
            for index in 0..<(counts.count - 1) {
                if remainder < counts[index] {
                    return (index, remainder)
                }
                remainder -= counts[index]
            }
            return (counts.count - 1, remainder)
        }

        /// `children[index]`, first copied when another tree shares it.
        @inlinable
        func uniqueChild(at index: Int) -> Node {
            if !isKnownUniquelyReferenced(&children[index]) {
                children[index] = children[index].copy()
            }
            return children[index]
        }
    }
}

extension OrderedTree.Node {
    /// Inserts `element` below this node, which must be uniquely referenced, and returns its
    /// position within this subtree and the upper half split off if the node outgrew its capacity.
    ///
    /// Recursion depth is the height of the tree, O(log n).
    @inlinable
    func insert(
        _ element: Element,
        layout: OrderedTree.Layout,
        by areInIncreasingOrder: (Element, Element) -> Bool
    ) -> (position: Int, split: OrderedTree.Split?) {
        if isLeaf {
            let index = elements.partitionIndex { !areInIncreasingOrder($0, element) }
            precondition(
                index == elements.count || areInIncreasingOrder(element, elements[index]),
                "OrderedTree.insert: an element equal under the order is already stored"
            )
            elements.insert(element, at: index)
            return (index, splitIfOverfull(layout))
        }
        let index = childIndex(for: element, by: areInIncreasingOrder)
        let (position, split) = uniqueChild(at: index).insert(element, layout: layout, by: areInIncreasingOrder)
        counts[index] += 1
        if let split {
            counts[index] -= split.count
            children.insert(split.node, at: index + 1)
            counts.insert(split.count, at: index + 1)
            separators.insert(split.separator, at: index)
        }
        return (count(before: index) + position, splitIfOverfull(layout))
    }

    /// Removes and returns the element at `position` below this node, which must be uniquely
    /// referenced, refilling any child left less than half full.
    ///
    /// Recursion depth is the height of the tree, O(log n).
    @inlinable
    func remove(at position: Int, layout: OrderedTree.Layout) -> Element {
        if isLeaf {
            return elements.remove(at: position)
        }
        let (index, offset) = child(containing: position)
        let removed = uniqueChild(at: index).remove(at: offset, layout: layout)
        counts[index] -= 1
        if children[index].size < children[index].minimumSize(layout) {
            refillChild(at: index, layout: layout)
        }
        return removed
    }

    /// Moves the upper half of an overfull node into a new node for the parent to adopt.
    @inlinable
    func splitIfOverfull(_ layout: OrderedTree.Layout) -> OrderedTree.Split? {
        if isLeaf {
            guard elements.count > layout.leafCapacity else { return nil }
            let right = OrderedTree.Node(elements: Array(elements[(elements.count / 2)...]))
            elements.removeLast(right.elements.count)
            return OrderedTree.Split(separator: right.elements[0], node: right, count: right.elements.count)
        }
        guard children.count > layout.branchCapacity else { return nil }
        let middle = children.count / 2
        let right = OrderedTree.Node(
            separators: Array(separators[middle...]),
            children: Array(children[middle...]),
            counts: Array(counts[middle...])
        )
        let separator = separators[middle - 1]
        separators.removeLast(separators.count - middle + 1)
        children.removeLast(children.count - middle)
        counts.removeLast(counts.count - middle)
        return OrderedTree.Split(separator: separator, node: right, count: right.count(before: right.counts.count))
    }

    /// Brings the less than half full `children[index]` back to half: borrows one entry from a
    /// sibling that can spare it, or else merges with a sibling (both are then at most full).
    @inlinable
    func refillChild(at index: Int, layout: OrderedTree.Layout) {
        if index > 0 && children[index - 1].size > children[index - 1].minimumSize(layout) {
            moveLastEntry(of: index - 1)
        } else if index + 1 < children.count && children[index + 1].size > children[index + 1].minimumSize(layout) {
            moveFirstEntry(of: index + 1)
        } else {
            mergeChildren(at: index > 0 ? index - 1 : index)
        }
    }

    /// Moves the last element or child of `children[left]` to the front of `children[left + 1]`.
    @inlinable
    func moveLastEntry(of left: Int) {
        let donor = uniqueChild(at: left)
        let receiver = uniqueChild(at: left + 1)
        let moved: Int
        if donor.isLeaf {
            let element = donor.elements.removeLast()
            receiver.elements.insert(element, at: 0)
            separators[left] = element
            moved = 1
        } else {
            receiver.children.insert(donor.children.removeLast(), at: 0)
            moved = donor.counts.removeLast()
            receiver.counts.insert(moved, at: 0)
            receiver.separators.insert(separators[left], at: 0)
            separators[left] = donor.separators.removeLast()
        }
        counts[left] -= moved
        counts[left + 1] += moved
    }

    /// Moves the first element or child of `children[right]` to the end of `children[right - 1]`.
    @inlinable
    func moveFirstEntry(of right: Int) {
        let donor = uniqueChild(at: right)
        let receiver = uniqueChild(at: right - 1)
        let moved: Int
        if donor.isLeaf {
            receiver.elements.append(donor.elements.removeFirst())
            separators[right - 1] = donor.elements[0]
            moved = 1
        } else {
            receiver.children.append(donor.children.removeFirst())
            moved = donor.counts.removeFirst()
            receiver.counts.append(moved)
            receiver.separators.append(separators[right - 1])
            separators[right - 1] = donor.separators.removeFirst()
        }
        counts[right] -= moved
        counts[right - 1] += moved
    }

    /// Appends `children[left + 1]` to `children[left]` and drops it.
    @inlinable
    func mergeChildren(at left: Int) {
        let receiver = uniqueChild(at: left)
        let donor = children[left + 1]
        if receiver.isLeaf {
            receiver.elements.append(contentsOf: donor.elements)
        } else {
            receiver.separators.append(separators[left])
            receiver.separators.append(contentsOf: donor.separators)
            receiver.children.append(contentsOf: donor.children)
            receiver.counts.append(contentsOf: donor.counts)
        }
        counts[left] += counts[left + 1]
        children.remove(at: left + 1)
        counts.remove(at: left + 1)
        separators.remove(at: left)
    }
}

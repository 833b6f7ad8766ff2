extension OrderedTree {
    /// The tree's broken invariants, one sentence each; empty when the tree is sound.
    ///
    /// Checks what every operation relies on: elements strictly increasing across the whole tree;
    /// each separator ordering after every element of its left-hand child and not after any of its
    /// right-hand child; every node within its capacity and, below the root, at least half full;
    /// a branch root with two or more children; all leaves at one depth; every cached count (the
    /// branch's `counts` and the tree's `count`) equal to the elements below it. Tests call it
    /// after random inserts and removals; nothing in the library needs it.
    /// - Complexity: O(n).
    func checkInvariants() -> [String] {
        var problems: [String] = []
        var previous: Element?
        var leafDepth: Int?
        let total = check(root, depth: 0, isRoot: true, previous: &previous, leafDepth: &leafDepth, problems: &problems)
        if total != storedCount {
            problems.append("The tree's count is \(storedCount) but it holds \(total) elements.")
        }
        return problems
    }

    /// Checks `node` and everything below it, appending to `problems`; returns its element count.
    private func check(
        _ node: Node,
        depth: Int,
        isRoot: Bool,
        previous: inout Element?,
        leafDepth: inout Int?,
        problems: inout [String]
    ) -> Int {
        let capacity = node.isLeaf ? layout.leafCapacity : layout.branchCapacity
        if node.size > capacity {
            problems.append("A node at depth \(depth) holds \(node.size) entries, more than its capacity \(capacity).")
        }
        if !isRoot && node.size < node.minimumSize(layout) {
            problems.append(
                "A node at depth \(depth) holds \(node.size) entries, fewer than half its capacity \(capacity).")
        }
        if node.isLeaf {
            if !node.separators.isEmpty || !node.counts.isEmpty {
                problems.append("A leaf at depth \(depth) has separators or counts.")
            }
            if let known = leafDepth, known != depth {
                problems.append("Leaves lie at depths \(known) and \(depth).")
            }
            leafDepth = leafDepth ?? depth
            for element in node.elements {
                if let before = previous, !areInIncreasingOrder(before, element) {
                    problems.append("Two elements at depth \(depth) are not in strictly increasing order.")
                }
                previous = element
            }
            return node.elements.count
        }
        if !node.elements.isEmpty {
            problems.append("A branch at depth \(depth) holds elements of its own.")
        }
        if isRoot && node.children.count < 2 {
            problems.append("The root branch has \(node.children.count) child, fewer than two.")
        }
        guard node.counts.count == node.children.count, node.separators.count == node.children.count - 1 else {
            problems.append(
                "A branch at depth \(depth) has \(node.children.count) children, \(node.counts.count) counts and "
                    + "\(node.separators.count) separators."
            )
            return 0
        }
        var total = 0
        for (index, child) in node.children.enumerated() {
            if index > 0, let last = previous, !areInIncreasingOrder(last, node.separators[index - 1]) {
                problems.append("Separator \(index - 1) at depth \(depth) does not order after its left-hand child.")
            }
            let firstBelow = node.separators.indices.contains(index - 1) ? node.separators[index - 1] : nil
            var childPrevious = previous
            let count = check(
                child, depth: depth + 1, isRoot: false, previous: &childPrevious, leafDepth: &leafDepth,
                problems: &problems)
            if let separator = firstBelow, let first = first(below: child), areInIncreasingOrder(first, separator) {
                problems.append(
                    "Separator \(index - 1) at depth \(depth) orders after an element of its right-hand child.")
            }
            previous = childPrevious
            if count != node.counts[index] {
                problems.append(
                    "A branch at depth \(depth) caches \(node.counts[index]) elements for child \(index), which holds "
                        + "\(count)."
                )
            }
            total += count
        }
        return total
    }

    /// The first element below `node`, if any.
    private func first(below node: Node) -> Element? {
        var node = node
        while !node.isLeaf {
            node = node.children[0]
        }
        return node.elements.first
    }
}

import Testing
import TodoTestSupport

@testable import TodoCore

/// The tree's own invariant check (`OrderedTree.checkInvariants()`): sound after any run of
/// inserts and removals, and it names a broken tree instead of passing it.
@Suite("OrderedTree invariants")
struct OrderedTreeInvariantTests {
    @Test("random inserts and removals keep the tree sound", arguments: [(2, 4), (3, 5), (64, 64)])
    func soundAfterRandomOperations(leafCapacity: Int, branchCapacity: Int) throws {
        var random = SplitMix64(seed: UInt64(leafCapacity * 100 + branchCapacity))
        let layout = OrderedTree<Int>.Layout(leafCapacity: leafCapacity, branchCapacity: branchCapacity)
        var tree = OrderedTree<Int>(areInIncreasingOrder: <, layout: layout)
        var present: Set<Int> = []
        for step in 0..<6_000 {
            let value = Int.random(in: 0..<3_000, using: &random)
            if present.contains(value) {
                tree.remove(value)
                present.remove(value)
            } else {
                tree.insert(value)
                present.insert(value)
            }
            if step % 500 == 499 {
                try #require(tree.checkInvariants() == [], "step \(step)")
            }
        }
        #expect(tree.toArray() == present.sorted())
        #expect(tree.checkInvariants() == [])
    }

    @Test("a wrong cached count and elements out of order are reported")
    func reportsBrokenTrees() {
        let layout = OrderedTree<Int>.Layout(leafCapacity: 3, branchCapacity: 4)
        var miscounted = OrderedTree(sorted: Array(0..<50), areInIncreasingOrder: <, layout: layout)
        miscounted.storedCount += 1
        #expect(miscounted.checkInvariants() == ["The tree's count is 51 but it holds 50 elements."])

        let disordered = OrderedTree(sorted: Array(0..<3), areInIncreasingOrder: <, layout: layout)
        disordered.root.elements.swapAt(0, 2)
        #expect(disordered.checkInvariants().count == 2)
    }
}

import Testing
import TodoTestSupport

@testable import TodoCore

/// `OrderedTree.Builder` makes the same sound tree as `init(sorted:)` from elements appended one
/// by one, and `forEachRun` reads every element once, in order.
@Suite("OrderedTree.Builder and forEachRun")
struct OrderedTreeBuilderTests {
    @Test(
        "Every count from 0 to 200, at small and default node sizes: sound, in order, and as searchable",
        arguments: [(3, 4), (4, 4), (7, 5), (64, 64)])
    func builtTreesAreSound(leafCapacity: Int, branchCapacity: Int) throws {
        let layout = OrderedTree<Int>.Layout(leafCapacity: leafCapacity, branchCapacity: branchCapacity)
        for count in 0...200 {
            let values = (0..<count).map { $0 * 2 }
            var builder = OrderedTree<Int>.Builder(areInIncreasingOrder: <, layout: layout)
            for value in values {
                builder.append(value)
            }
            var tree = builder.build()
            try #require(tree.checkInvariants() == [], "\(count) elements")
            #expect(Array(tree) == values)
            #expect(tree.count == count)
            var walked: [Int] = []
            tree.forEachRun { walked.append(contentsOf: $0) }
            #expect(walked == values)
            if count > 0 {
                #expect(tree.position(of: values[count / 2]) == count / 2)
                #expect(tree.insert(1) == 1)
                #expect(tree.checkInvariants() == [])
            }
        }
    }

    @Test("A random subset kept by a walk over another tree is the tree init(sorted:) makes of it")
    func walkAndKeep() {
        var random = SplitMix64(seed: 64)
        let layout = OrderedTree<Int>.Layout(leafCapacity: 5, branchCapacity: 4)
        let source = OrderedTree(sorted: Array(0..<1_000), areInIncreasingOrder: <, layout: layout)
        for _ in 0..<50 {
            let keepEvery = Int.random(in: 1...40, using: &random)
            var builder = OrderedTree<Int>.Builder(areInIncreasingOrder: <, layout: layout)
            source.forEachRun { run in
                for value in run where value % keepEvery == 0 {
                    builder.append(value)
                }
            }
            let tree = builder.build()
            #expect(tree.checkInvariants() == [])
            #expect(Array(tree) == Array(stride(from: 0, to: 1_000, by: keepEvery)))
        }
    }
}

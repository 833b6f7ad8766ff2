import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

@Suite("OrderedTree")
struct OrderedTreeTests {
    /// Node sizes and a seed; the small sizes grow trees four to ten levels deep from a few
    /// thousand elements, so every split, borrow and merge path runs many times.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let leafCapacity: Int
        let branchCapacity: Int
        let seed: UInt64

        var layout: OrderedTree<Int>.Layout { .init(leafCapacity: leafCapacity, branchCapacity: branchCapacity) }
        var testDescription: String { "leaves \(leafCapacity), branches \(branchCapacity), seed \(seed)" }
    }

    static let scenarios = [
        Scenario(leafCapacity: 2, branchCapacity: 4, seed: 1),
        Scenario(leafCapacity: 3, branchCapacity: 5, seed: 2),
        Scenario(leafCapacity: 8, branchCapacity: 7, seed: 3),
        Scenario(leafCapacity: 64, branchCapacity: 64, seed: 4),
    ]

    /// Grows and shrinks the tree between empty and 5,000 elements, checking every answer.
    @Test("25,000 random operations per layout agree with a sorted array", arguments: scenarios)
    func randomOperations(_ scenario: Scenario) throws {
        var random = SplitMix64(seed: scenario.seed)
        var tree = OrderedTree<Int>(areInIncreasingOrder: <, layout: scenario.layout)
        var model: [Int] = []
        var targetCount = 5_000
        var largestCount = 0
        for step in 0..<25_000 {
            let note = Comment(rawValue: "\(scenario.testDescription), step \(step)")
            if model.count == targetCount {
                targetCount = Bool.random(using: &random) ? 0 : Int.random(in: 0...5_000, using: &random)
            }
            largestCount = Swift.max(largestCount, model.count)
            let roll = Int.random(in: 0..<100, using: &random)
            if roll < 60 {
                let growing = model.count < targetCount
                let insertChance = growing ? 80 : 20
                if Int.random(in: 0..<100, using: &random) < insertChance {
                    try insertRandom(into: &tree, model: &model, using: &random, note)
                } else {
                    try removeRandom(from: &tree, model: &model, using: &random, note)
                }
            } else {
                try queryRandom(tree, model: model, roll: roll, using: &random, note)
            }
            if step % 2_500 == 2_499 {
                try #require(tree.toArray() == model, note)
                try Self.checkInvariants(tree, note)
            }
        }
        #expect(largestCount >= 5_000, "the sizes swept from empty to 5,000")
    }

    @Test("a bulk build holds its input at every size around the node capacities")
    func bulkBuild() throws {
        let small = OrderedTree<Int>.Layout(leafCapacity: 3, branchCapacity: 4)
        let smallCounts = [0, 1, 2, 3, 4, 11, 12, 13, 47, 48, 49, 1_000]
        let defaultCounts = [0, 1, 31, 32, 33, 63, 64, 65, 4_095, 4_096, 4_097, 40_000]
        for (layout, counts) in [(small, smallCounts), (OrderedTree<Int>.Layout.default, defaultCounts)] {
            for count in counts {
                let note = Comment(rawValue: "leaves \(layout.leafCapacity), count \(count)")
                let sorted = Array(stride(from: 0, to: count * 2, by: 2))
                var tree = OrderedTree(sorted: sorted, areInIncreasingOrder: <, layout: layout)
                try #require(tree.count == count, note)
                try #require(tree.toArray() == sorted, note)
                try #require(Array(tree) == sorted, note)
                try #require(sorted.indices.allSatisfy { tree[$0] == sorted[$0] }, note)
                try #require(sorted.indices.allSatisfy { tree.position(of: sorted[$0]) == $0 }, note)
                try Self.checkInvariants(tree, note)

                #expect(tree.insert(count * 2 + 1) == count, note)
                #expect(tree.insert(-1) == 0, note)
                #expect(tree.remove(0) == (count == 0 ? nil : 1), note)
                #expect(tree.toArray() == [-1] + sorted.dropFirst() + [count * 2 + 1], note)
                try Self.checkInvariants(tree, note)
            }
        }
    }

    @Test("mutating a copy leaves the original intact, and the other way round")
    func copyOnWrite() throws {
        var random = SplitMix64(seed: 5)
        let layout = OrderedTree<Int>.Layout(leafCapacity: 3, branchCapacity: 4)
        var original = OrderedTree(sorted: Array(0..<2_000), areInIncreasingOrder: <, layout: layout)
        let originalElements = original.toArray()
        var copy = original
        var copyModel = originalElements
        var iterator = original.makeIterator()
        for step in 0..<2_000 {
            try step.isMultiple(of: 2)
                ? insertRandom(into: &copy, model: &copyModel, using: &random, "copy insert \(step)")
                : removeRandom(from: &copy, model: &copyModel, using: &random, "copy remove \(step)")
        }
        #expect(original.toArray() == originalElements)
        #expect(copy.toArray() == copyModel)
        try Self.checkInvariants(original, "original")
        try Self.checkInvariants(copy, "copy")

        let copyElements = copy.toArray()
        var originalModel = originalElements
        for step in 0..<2_000 {
            try removeRandom(from: &original, model: &originalModel, using: &random, "original remove \(step)")
        }
        #expect(original.toArray() == originalModel)
        #expect(copy.toArray() == copyElements)
        #expect(Array(IteratorSequence(iterator)) == originalElements, "an iterator sees the tree as it was when made")
        #expect(iterator.next() == 0, "the iterator is a value too")

        var emptied = copy
        emptied.removeAll()
        #expect(emptied.isEmpty && copy.toArray() == copyElements)
    }

    @Test("an unshared tree changes in place, and a shared one copies only the nodes on the path")
    func copiesOnlyThePath() throws {
        var tree = OrderedTree(sorted: Array(stride(from: 0, to: 20_000, by: 2)), areInIncreasingOrder: <)
        let before = Self.nodeIdentities(tree)
        tree.remove(5_000)
        tree.insert(5_001)
        #expect(Self.nodeIdentities(tree) == before, "no node was copied or replaced")

        let copy = tree
        tree.remove(5_001)
        let height = try Self.checkInvariants(tree, "height")
        #expect(Self.nodeIdentities(tree).subtracting(before).count == height + 1, "one new node per level")
        #expect(Self.nodeIdentities(copy) == before)
    }

    @Test("lookups on absent elements and empty trees answer without preconditions")
    func edgeCases() {
        var tree = OrderedTree<Int>(areInIncreasingOrder: <)
        #expect(tree.isEmpty && tree.count == 0)
        #expect(tree.first == nil && tree.last == nil)
        #expect(tree.position(of: 3) == nil)
        #expect(tree.insertionPosition(for: 3) == 0)
        #expect(tree.remove(3) == nil)
        #expect(tree.elements(in: 0..<0).isEmpty && tree.toArray().isEmpty)
        var iterator = tree.makeIterator()
        #expect(iterator.next() == nil && iterator.next() == nil)

        #expect(tree.insert(10) == 0)
        #expect(tree.insert(30) == 1)
        #expect(tree.insert(20) == 1)
        #expect(tree.first == 10 && tree.last == 30)
        #expect(tree.remove(25) == nil && tree.count == 3)
        #expect(tree.position(of: 25) == nil && tree.insertionPosition(for: 25) == 2)
        #expect(tree.insertionPosition(for: 30) == 2 && tree.insertionPosition(for: 31) == 3)
        #expect(tree.elements(in: 3..<3).isEmpty && tree.elements(in: 1..<3) == [20, 30])
        #expect(tree.remove(at: 0) == 10 && tree.remove(30) == 1)
        tree.removeAll()
        #expect(tree.isEmpty && tree.toArray().isEmpty)
        #expect(tree.insert(7) == 0 && tree.toArray() == [7])
    }

    @Test("items are found by the fetch request's order even when other fields changed")
    func todoItems() throws {
        let request = FetchRequest(sortDescriptors: [TodoSortDescriptor(.date, ascending: false)])
        var random = SplitMix64(seed: 6)
        let start = Date(millisecondsSince1970: 1_750_000_000_000)
        let items = (0..<3_000).map { index in
            let day = Double(Int.random(in: 0..<40, using: &random)) * 86_400
            return TodoItem(text: "item \(index)", date: start + day, createdAt: start)
        }
        var tree = OrderedTree<TodoItem>(areInIncreasingOrder: request.areInIncreasingOrder)
        for item in items {
            tree.insert(item)
        }
        #expect(tree.toArray() == request.apply(to: items))

        var edited = items[17]
        edited.text = "edited"
        edited.isDone = true
        let position = try #require(tree.position(of: edited))
        #expect(tree[position] == items[17])
        #expect(tree.remove(edited) == position)
        #expect(tree.insert(edited) == position)
        #expect(tree.toArray() == request.apply(to: items.map { $0.id == edited.id ? edited : $0 }))
    }

    // MARK: - Random operations against the model

    private func insertRandom(
        into tree: inout OrderedTree<Int>, model: inout [Int], using random: inout SplitMix64, _ note: Comment
    ) throws {
        let value = Int.random(in: 0..<1_000_000, using: &random)
        let position = model.partitionIndex { $0 >= value }
        if position < model.count && model[position] == value {
            try #require(tree.position(of: value) == position, note)
            return
        }
        model.insert(value, at: position)
        try #require(tree.insert(value) == position, note)
        try #require(tree.count == model.count, note)
    }

    private func removeRandom(
        from tree: inout OrderedTree<Int>, model: inout [Int], using random: inout SplitMix64, _ note: Comment
    ) throws {
        switch Int.random(in: 0..<3, using: &random) {
        case 0 where !model.isEmpty:
            let position = Int.random(in: model.indices, using: &random)
            try #require(tree.remove(at: position) == model.remove(at: position), note)
        case 1 where !model.isEmpty:
            let position = Int.random(in: model.indices, using: &random)
            try #require(tree.remove(model.remove(at: position)) == position, note)
        default:
            let absent = -Int.random(in: 1...1_000, using: &random)
            try #require(tree.remove(absent) == nil, note)
        }
        try #require(tree.count == model.count, note)
    }

    private func queryRandom(
        _ tree: OrderedTree<Int>, model: [Int], roll: Int, using random: inout SplitMix64, _ note: Comment
    ) throws {
        let value = Int.random(in: -1...1_000_000, using: &random)
        let lowerBound = model.partitionIndex { $0 >= value }
        switch roll {
        case 60..<70 where !model.isEmpty:
            let position = Int.random(in: model.indices, using: &random)
            try #require(tree[position] == model[position], note)
            try #require(tree.position(of: model[position]) == position, note)
        case 70..<80:
            let found = lowerBound < model.count && model[lowerBound] == value
            try #require(tree.position(of: value) == (found ? lowerBound : nil), note)
            try #require(tree.insertionPosition(for: value) == lowerBound, note)
        case 80..<95:
            let start = Int.random(in: 0...model.count, using: &random)
            let end = Swift.min(model.count, start + Int.random(in: 0...60, using: &random))
            try #require(tree.elements(in: start..<end) == Array(model[start..<end]), note)
        case 95..<99:
            try #require(tree.first == model.first && tree.last == model.last, note)
        default:
            try #require(Array(tree) == model, note)
        }
    }

    // MARK: - Structure

    /// Checks every rule of `OrderedTree.Node` (sizes, counts, separators, equal leaf depth) and
    /// returns the height (0 for a lone leaf).
    @discardableResult
    private static func checkInvariants<Element>(_ tree: OrderedTree<Element>, _ note: Comment) throws -> Int {
        let summary = try check(tree.root, in: tree, isRoot: true, note)
        try #require(summary.count == tree.count, note)
        return summary.depth
    }

    private static func nodeIdentities<Element>(_ tree: OrderedTree<Element>) -> Set<ObjectIdentifier> {
        var identities: Set<ObjectIdentifier> = []
        var pending = [tree.root]
        while let node = pending.popLast() {
            identities.insert(ObjectIdentifier(node))
            pending += node.children
        }
        return identities
    }

    private static func check<Element>(
        _ node: OrderedTree<Element>.Node, in tree: OrderedTree<Element>, isRoot: Bool, _ note: Comment
    ) throws -> (count: Int, depth: Int, first: Element?, last: Element?) {
        let less = tree.areInIncreasingOrder
        try #require(node.size <= (node.isLeaf ? tree.layout.leafCapacity : tree.layout.branchCapacity), note)
        try #require(isRoot ? (node.isLeaf || node.size >= 2) : node.size >= node.minimumSize(tree.layout), note)
        if node.isLeaf {
            try #require(node.separators.isEmpty && node.counts.isEmpty, note)
            try #require(zip(node.elements, node.elements.dropFirst()).allSatisfy { less($0, $1) }, note)
            return (node.elements.count, 0, node.elements.first, node.elements.last)
        }
        try #require(node.elements.isEmpty, note)
        try #require(node.counts.count == node.children.count && node.separators.count == node.children.count - 1, note)
        let summaries = try node.children.map { try check($0, in: tree, isRoot: false, note) }
        try #require(summaries.map(\.count) == node.counts, note)
        try #require(Set(summaries.map(\.depth)).count == 1, note)
        for (index, separator) in node.separators.enumerated() {
            let left = try #require(summaries[index].last, note)
            let right = try #require(summaries[index + 1].first, note)
            try #require(less(left, separator) && !less(right, separator), note)
        }
        return (
            node.counts.reduce(0, +), summaries[0].depth + 1, summaries[0].first, summaries[summaries.count - 1].last
        )
    }
}

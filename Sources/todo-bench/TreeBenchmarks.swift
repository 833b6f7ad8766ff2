import Foundation
import TodoCore

/// The `tree` group: `OrderedTree`, the fetched-results controller's result structure, holding
/// `TodoItem`s in `FetchRequest`'s order, against a sorted array with binary search measured in
/// the same run.
///
/// Every line but the bulk build is per operation: a run does `operationsPerRun` changes, selects
/// or ranks, or walks all N items, and its times are divided by that number.
enum TreeBenchmarks {
    static var group: BenchmarkGroup {
        BenchmarkGroup(
            name: "tree",
            summary:
                "OrderedTree of TodoItems in fetch order, per operation; baseline a sorted array with binary search",
            run: run
        )
    }

    static let operationsPerRun = 1_000

    static func run(_ runner: BenchmarkRunner) {
        let less = FetchRequest().areInIncreasingOrder
        for count in runner.sizes([1_000, 10_000, 100_000]) {
            let sorted = SampleItems.make(count, seed: UInt64(count)).sorted(by: less)
            var random = BenchmarkRandom(seed: UInt64(count))
            measureChanges(in: sorted, by: less, random: &random, runner: runner)
            measureLookups(in: sorted, by: less, random: &random, runner: runner)
        }
    }

    /// One change as the controller makes it: remove an item, insert its re-dated copy. Runs
    /// alternate between re-dating the chosen items and dating them back.
    private static func measureChanges(
        in sorted: [TodoItem], by less: @escaping (TodoItem, TodoItem) -> Bool, random: inout BenchmarkRandom,
        runner: BenchmarkRunner
    ) {
        let stored = Array(sorted.shuffled(using: &random).prefix(operationsPerRun))
        let redated = stored.map { item in
            var copy = item
            copy.date = copy.date.map { $0 + Double(Int.random(in: 1...86_400_000, using: &random)) / 1_000 }
            return copy
        }
        var tree = OrderedTree(sorted: sorted, areInIncreasingOrder: less)
        var (treePresent, treeAbsent) = (stored, redated)
        func changeTree() {
            for (old, new) in zip(treePresent, treeAbsent) {
                tree.remove(old)
                tree.insert(new)
            }
            swap(&treePresent, &treeAbsent)
        }
        var array = sorted
        var (arrayPresent, arrayAbsent) = (stored, redated)
        func changeArray() {
            for (old, new) in zip(arrayPresent, arrayAbsent) {
                array.remove(at: lowerBound(of: old, in: array, by: less))
                array.insert(new, at: lowerBound(of: new, in: array, by: less))
            }
            swap(&arrayPresent, &arrayAbsent)
        }
        // One round of each first, which must leave the same order, or the timings mean nothing.
        changeTree()
        changeArray()
        guard tree.toArray() == array else {
            print("change at \(sorted.count.grouped): the tree and the sorted array disagree after one round")
            return
        }
        let ours = runner.measure(changeTree).perOperation(stored.count)
        let baseline = runner.measure(changeArray).perOperation(stored.count)
        runner.report("change (remove + insert)", n: sorted.count, ours: ours, baseline: .measured(baseline), extra: "")
    }

    /// Select, rank, a full walk and a bulk build from sorted items.
    private static func measureLookups(
        in sorted: [TodoItem], by less: @escaping (TodoItem, TodoItem) -> Bool, random: inout BenchmarkRandom,
        runner: BenchmarkRunner
    ) {
        let tree = OrderedTree(sorted: sorted, areInIncreasingOrder: less)
        let positions = (0..<operationsPerRun).map { _ in Int.random(in: sorted.indices, using: &random) }
        let items = positions.map { sorted[$0] }
        func compare(_ name: String, operations: Int, tree ours: () -> Void, array baseline: () -> Void) {
            let measurement = runner.measure(ours).perOperation(operations)
            runner.report(
                name, n: sorted.count, ours: measurement,
                baseline: .measured(runner.measure(baseline).perOperation(operations)), extra: "")
        }
        compare("select tree[i]", operations: positions.count) {
            blackHole(positions.reduce(0) { $0 &+ tree[$1].version })
        } array: {
            blackHole(positions.reduce(0) { $0 &+ sorted[$1].version })
        }
        compare("rank position(of:)", operations: items.count) {
            blackHole(items.reduce(0) { $0 &+ (tree.position(of: $1) ?? 0) })
        } array: {
            blackHole(items.reduce(0) { $0 &+ lowerBound(of: $1, in: sorted, by: less) })
        }
        compare("iterate, per item", operations: sorted.count) {
            blackHole(tree.reduce(0) { $0 &+ $1.version })
        } array: {
            blackHole(sorted.reduce(0) { $0 &+ $1.version })
        }
        let build = runner.measure { blackHole(OrderedTree(sorted: sorted, areInIncreasingOrder: less)) }
        runner.report(
            "bulk build from sorted", n: sorted.count, ours: build, baseline: .skipped("a sorted array needs no build"),
            extra: "")
    }

    /// The array baseline's binary search: the first index whose item does not order before `item`.
    /// - Complexity: O(log n) comparisons.
    static func lowerBound(of item: TodoItem, in array: [TodoItem], by less: (TodoItem, TodoItem) -> Bool) -> Int {
        var (low, high) = (0, array.count)
        while low < high {
            let middle = (low + high) / 2
            (low, high) = less(array[middle], item) ? (middle + 1, high) : (low, middle)
        }
        return low
    }
}

import Foundation
import TodoCore

/// Medians for `OrderedTree`, the fetched-results controller's result structure, holding
/// `TodoItem`s in `FetchRequest`'s order, against a sorted array with binary search measured in
/// the same run (DESIGN §6: about 4 µs against 110 µs per change at 100,000 items).
///
/// Self-contained for now (its own median helper) until the benchmark runner lands.
enum TreeBenchmarks {
    /// Changes per timed round: each removes one stored item and inserts a re-dated copy.
    static let changesPerRound = 1_000
    static let rounds = 15

    static func run() {
        for count in [10_000, 100_000] {
            run(count: count)
        }
    }

    static func run(count: Int) {
        let less = FetchRequest().areInIncreasingOrder
        let sorted = makeItems(count).sorted(by: less)
        measureChanges(in: sorted, by: less)
        measureLookups(in: sorted, by: less)
    }

    /// One change as the controller makes it: remove an item, insert its re-dated copy.
    static func measureChanges(in sorted: [TodoItem], by less: @escaping (TodoItem, TodoItem) -> Bool) {
        let stored = Array(sorted.shuffled().prefix(changesPerRound))
        let redated = stored.map { item in
            var copy = item
            copy.date += Double(Int.random(in: 1...86_400_000)) / 1_000
            return copy
        }
        var tree = OrderedTree(sorted: sorted, areInIncreasingOrder: less)
        var (present, absent) = (stored, redated)
        let treeChange = median {
            for (old, new) in zip(present, absent) {
                tree.remove(old)
                tree.insert(new)
            }
            swap(&present, &absent)
        } / stored.count
        var array = sorted
        (present, absent) = (stored, redated)
        let arrayChange = median {
            for (old, new) in zip(present, absent) {
                array.remove(at: lowerBound(of: old, in: array, by: less))
                array.insert(new, at: lowerBound(of: new, in: array, by: less))
            }
            swap(&present, &absent)
        } / stored.count
        let ratio = String(format: "%.1f", arrayChange / treeChange)
        print("tree  \(sorted.count) items  change (remove + insert)  tree \(format(treeChange))  sorted array \(format(arrayChange))  (\(ratio)× faster)")
    }

    /// Select, rank, a full walk and a bulk build; the checksum keeps the work from being optimised away.
    static func measureLookups(in sorted: [TodoItem], by less: @escaping (TodoItem, TodoItem) -> Bool) {
        let tree = OrderedTree(sorted: sorted, areInIncreasingOrder: less)
        let positions = (0..<changesPerRound).map { _ in Int.random(in: 0..<sorted.count) }
        let items = positions.map { sorted[$0] }
        var checksum = 0
        let select = median { checksum &+= positions.reduce(0) { $0 &+ tree[$1].version } } / positions.count
        let rank = median { checksum &+= items.reduce(0) { $0 &+ (tree.position(of: $1) ?? 0) } } / items.count
        let iterate = median { checksum &+= tree.reduce(0) { $0 &+ $1.version } } / sorted.count
        let build = median { checksum &+= OrderedTree(sorted: sorted, areInIncreasingOrder: less).count }
        print("tree  \(sorted.count) items  select \(format(select))  rank \(format(rank))  iterate \(format(iterate))/item  build \(format(build))  (checksum \(checksum))")
    }

    /// The median of `rounds` timings of `body`.
    static func median(_ body: () -> Void) -> Duration {
        let clock = ContinuousClock()
        let samples = (0..<rounds).map { _ in clock.measure(body) }.sorted()
        return samples[samples.count / 2]
    }

    static func format(_ duration: Duration) -> String {
        let nanoseconds = Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
        return nanoseconds < 1_000
            ? String(format: "%.0f ns", nanoseconds)
            : nanoseconds < 1_000_000 ? String(format: "%.2f µs", nanoseconds / 1e3) : String(format: "%.2f ms", nanoseconds / 1e6)
    }

    /// The array baseline's binary search: the first index whose item does not order before `item`.
    static func lowerBound(of item: TodoItem, in array: [TodoItem], by less: (TodoItem, TodoItem) -> Bool) -> Int {
        var (low, high) = (0, array.count)
        while low < high {
            let middle = (low + high) / 2
            (low, high) = less(array[middle], item) ? (middle + 1, high) : (low, middle)
        }
        return low
    }

    /// Items spread over a year, to the millisecond, with texts of everyday length.
    static func makeItems(_ count: Int) -> [TodoItem] {
        let start = Date(millisecondsSince1970: 1_767_225_600_000)
        return (0..<count).map { index in
            TodoItem(
                text: "Item \(index): call the plumber about the kitchen tap",
                date: Date(millisecondsSince1970: start.millisecondsSince1970 + Int64.random(in: 0..<31_536_000_000)),
                createdAt: start
            )
        }
    }
}

import Foundation
import TodoCore

/// The `diff` group: `DiffableSnapshot.difference(from:)` on UUIDs, against Swift's
/// `difference(from:)` + `inferringMoves()` on the same ids flattened, measured in the same run.
///
/// Swift's difference is Myers' O((N+M)·D) with O(D²) memory, so it is skipped where the edit
/// distance D would make it run for seconds or take gigabytes; the line says so.
enum DiffBenchmarks {
    static var group: BenchmarkGroup {
        BenchmarkGroup(
            name: "diff",
            summary:
                "DiffableSnapshot.difference(from:) on UUIDs; baseline Swift's difference(from:).inferringMoves() on "
                + "the flattened ids",
            run: run
        )
    }

    /// An old and a new arrangement of ids in sections, and how many items the generator moved.
    struct Pair {
        var old: [[UUID]]
        var new: [[UUID]]
        var moved: Int?
    }

    struct Scenario {
        let name: String
        /// The upper bound at 100,000 items that the issue sets, if any.
        let targetAt100k: Double?
        let make: (_ count: Int, _ random: inout BenchmarkRandom) -> Pair
    }

    static var scenarios: [Scenario] {
        [
            Scenario(name: "1 insert + 1 delete", targetAt100k: 0.5e-3, make: oneInsertOneDelete),
            Scenario(name: "10% inserts + 10% deletes", targetAt100k: 25e-3, make: churn),
            Scenario(name: "1% moves", targetAt100k: nil, make: onePercentMoves),
            Scenario(name: "full shuffle", targetAt100k: 25e-3, make: shuffle),
            Scenario(name: "1% moves across 100-item sections", targetAt100k: nil, make: movesAcrossSections),
        ]
    }

    /// Swift's difference is run only below this many steps of (N + M)·D …
    static let baselineStepLimit = 400_000_000
    /// … and this edit distance, which bounds its O(D²) memory.
    static let baselineEditLimit = 5_000

    static func run(_ runner: BenchmarkRunner) {
        for scenario in scenarios {
            for count in runner.sizes([1_000, 10_000, 100_000, 1_000_000]) {
                var random = BenchmarkRandom(seed: UInt64(count))
                measure(scenario, pair: scenario.make(count, &random), count: count, runner: runner)
            }
        }
    }

    private static func measure(_ scenario: Scenario, pair: Pair, count: Int, runner: BenchmarkRunner) {
        let old = snapshot(pair.old)
        let new = snapshot(pair.new)
        let difference = new.difference(from: old)
        guard (try? old.applying(difference, readingFrom: new)) == new else {
            print("\(scenario.name) at \(count.grouped): the difference does not reproduce the new snapshot")
            return
        }
        let ours = runner.measure { blackHole(new.difference(from: old)) }
        var extra = "moves \(difference.movedItems.count.grouped)"
        if let moved = pair.moved {
            extra += " of \(moved.grouped) moved"
        }
        let oldIDs = pair.old.flatMap { $0 }
        let newIDs = pair.new.flatMap { $0 }
        let edits = difference.insertedItems.count + difference.deletedItems.count + 2 * difference.movedItems.count
        let steps = (oldIDs.count + newIDs.count) * edits
        let baseline: BenchmarkRunner.Baseline
        if steps <= baselineStepLimit, edits <= baselineEditLimit {
            let swiftMoves = newIDs.difference(from: oldIDs).inferringMoves().insertions.filter {
                if case .insert(_, _, associatedWith: .some) = $0 { return true }
                return false
            }.count
            extra += ", Swift \(swiftMoves.grouped)"
            baseline = .measured(runner.measure { blackHole(newIDs.difference(from: oldIDs).inferringMoves()) })
        } else {
            let exponent = String(steps).count - 1
            let mantissa = (Double(steps) / pow(10, Double(exponent))).formatted(digits: 1)
            baseline = .skipped("Swift's skipped: D = \(edits.grouped), (N+M)·D ≈ \(mantissa)e\(exponent) steps")
        }
        if count == 100_000, let target = scenario.targetAt100k {
            let verdict =
                ours.median <= target
                ? "met" : ours.cpuMedian <= target ? "met in CPU time, missed in wall time" : "MISSED"
            extra += "; target ≤ \(BenchmarkMeasurement.format(target)) \(verdict)"
        }
        runner.report(scenario.name, n: count, ours: ours, baseline: baseline, extra: extra)
    }

    private static func snapshot(_ sections: [[UUID]]) -> DiffableSnapshot<Int, UUID> {
        var result = DiffableSnapshot<Int, UUID>()
        result.appendSections(Array(sections.indices))
        for (index, items) in sections.enumerated() {
            result.appendItems(items, toSection: index)
        }
        return result
    }

    // MARK: Scenarios

    private static func oneInsertOneDelete(_ count: Int, _ random: inout BenchmarkRandom) -> Pair {
        let old = (0..<count).map { _ in random.uuid() }
        var new = old
        new.remove(at: Int.random(in: new.indices, using: &random))
        new.insert(random.uuid(), at: Int.random(in: 0...new.count, using: &random))
        return Pair(old: [old], new: [new])
    }

    /// Each old item is deleted with probability 1/10, and a new item is inserted before each old
    /// position with probability 1/10.
    private static func churn(_ count: Int, _ random: inout BenchmarkRandom) -> Pair {
        let old = (0..<count).map { _ in random.uuid() }
        var new: [UUID] = []
        for id in old {
            if Int.random(in: 0..<10, using: &random) == 0 { new.append(random.uuid()) }
            if Int.random(in: 0..<10, using: &random) != 0 { new.append(id) }
        }
        return Pair(old: [old], new: [new])
    }

    /// 1% of the items, chosen at random, are taken out and put back at random places.
    private static func onePercentMoves(_ count: Int, _ random: inout BenchmarkRandom) -> Pair {
        let old = (0..<count).map { _ in random.uuid() }
        let moving = Set(Array(old.indices).shuffled(using: &random).prefix(count / 100))
        let rest = old.indices.filter { !moving.contains($0) }.map { old[$0] }
        // Sorted insertion slots among the remaining items, merged in one pass.
        let slots = moving.map { (slot: Int.random(in: 0...rest.count, using: &random), id: old[$0]) }.sorted {
            $0.slot < $1.slot
        }
        var new: [UUID] = []
        new.reserveCapacity(count)
        var next = slots.startIndex
        for (index, id) in rest.enumerated() {
            while next < slots.endIndex, slots[next].slot == index {
                new.append(slots[next].id)
                next += 1
            }
            new.append(id)
        }
        new += slots[next...].map(\.id)
        return Pair(old: [old], new: [new], moved: moving.count)
    }

    private static func shuffle(_ count: Int, _ random: inout BenchmarkRandom) -> Pair {
        let old = (0..<count).map { _ in random.uuid() }
        return Pair(old: [old], new: [old.shuffled(using: &random)])
    }

    /// Sections of 100 items; 1% of the items move to a random place in another section.
    private static func movesAcrossSections(_ count: Int, _ random: inout BenchmarkRandom) -> Pair {
        let old = (0..<(count / 100)).map { _ in (0..<100).map { _ in random.uuid() } }
        var new = old
        var moved = 0
        for _ in 0..<(count / 100) {
            let from = Int.random(in: new.indices, using: &random)
            guard !new[from].isEmpty else { continue }
            moved += 1
            let item = new[from].remove(at: Int.random(in: new[from].indices, using: &random))
            var to = Int.random(in: 0..<(new.count - 1), using: &random)
            to += to >= from ? 1 : 0
            new[to].insert(item, at: Int.random(in: 0...new[to].count, using: &random))
        }
        return Pair(old: old, new: new, moved: moved)
    }
}

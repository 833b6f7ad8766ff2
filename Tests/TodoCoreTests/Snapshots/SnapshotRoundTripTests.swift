import Foundation
import Testing
import TodoCore
import TodoTestSupport

@Suite("Snapshot difference: random round trips")
struct SnapshotRoundTripTests {
    /// A random pair: an old snapshot and a new one reached by a random mix of churn, shuffles,
    /// single moves (also across sections), section inserts, deletes and moves, fingerprint
    /// changes and reload marks. One case in 25 is large (hundreds of items per section).
    struct Case {
        var old: SnapshotModel
        var new: SnapshotModel
        var marked: DiffableSnapshot<Int, Int>

        init(seed: UInt64) {
            var random = SplitMix64(seed: seed)
            var ids = IdentifierSource()
            let maxItems = Int.random(in: 0..<25, using: &random) == 0 ? 300 : 12
            let fingerprinted = Bool.random(using: &random)
            func fingerprint() -> Int? { fingerprinted ? Int.random(in: 0..<3, using: &random) : nil }
            var old = SnapshotModel()
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                let items = ids.make(Int.random(in: 0...maxItems, using: &random))
                old.sections.append(
                    .init(id: ids.make(), items: items.map { .init(id: $0, fingerprint: fingerprint()) }))
            }
            var new = old
            let edits: [(inout SnapshotModel, inout SplitMix64, inout IdentifierSource) -> Void] = [
                Self.churn, Self.shuffle, Self.moveItems, Self.changeSections,
            ]
            for edit in edits where Bool.random(using: &random) {
                edit(&new, &random, &ids)
            }
            if fingerprinted {
                for section in new.sections.indices {
                    for row in new.sections[section].items.indices where Int.random(in: 0..<8, using: &random) == 0 {
                        new.sections[section].items[row].fingerprint = fingerprint()
                    }
                }
            }
            var marked = new.snapshot()
            let items = new.allItems.map(\.id)
            if !items.isEmpty, Bool.random(using: &random) {
                marked.reloadItems((0..<3).compactMap { _ in items.randomElement(using: &random) })
                marked.reconfigureItems((0..<3).compactMap { _ in items.randomElement(using: &random) })
            }
            if let section = new.sections.randomElement(using: &random), Bool.random(using: &random) {
                marked.reloadSections([section.id])
            }
            self.old = old
            self.new = new
            self.marked = marked
        }

        /// Deletes up to 40% of the items and inserts about as many new ones at random places.
        static func churn(_ model: inout SnapshotModel, _ random: inout SplitMix64, _ ids: inout IdentifierSource) {
            let rate = Int.random(in: 0...40, using: &random)
            let before = model.allItems.count
            for section in model.sections.indices {
                model.sections[section].items.removeAll { _ in Int.random(in: 0..<100, using: &random) < rate }
            }
            guard !model.sections.isEmpty else { return }
            for id in ids.make(before * rate / 100 + Int.random(in: 0...2, using: &random)) {
                let section = Int.random(in: model.sections.indices, using: &random)
                let row = Int.random(in: 0...model.sections[section].items.count, using: &random)
                model.sections[section].items.insert(.init(id: id, fingerprint: nil), at: row)
            }
        }

        /// Shuffles a random range of some sections.
        static func shuffle(_ model: inout SnapshotModel, _ random: inout SplitMix64, _ ids: inout IdentifierSource) {
            for section in model.sections.indices where Bool.random(using: &random) {
                let count = model.sections[section].items.count
                let lower = Int.random(in: 0...count, using: &random)
                let upper = Int.random(in: lower...count, using: &random)
                model.sections[section].items[lower..<upper].shuffle(using: &random)
            }
        }

        /// Moves a few items one at a time, anywhere, across sections too.
        static func moveItems(_ model: inout SnapshotModel, _ random: inout SplitMix64, _ ids: inout IdentifierSource) {
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                guard let item = model.allItems.randomElement(using: &random), let moved = model.remove(item.id) else {
                    return
                }
                let section = Int.random(in: model.sections.indices, using: &random)
                let row = Int.random(in: 0...model.sections[section].items.count, using: &random)
                model.sections[section].items.insert(moved, at: row)
            }
        }

        /// Deletes a section (its items leave or move elsewhere), inserts one (with new and moved
        /// items), and moves one.
        static func changeSections(
            _ model: inout SnapshotModel, _ random: inout SplitMix64, _ ids: inout IdentifierSource
        ) {
            if !model.sections.isEmpty, Bool.random(using: &random) {
                let removed = model.sections.remove(at: Int.random(in: model.sections.indices, using: &random))
                for item in removed.items where !model.sections.isEmpty && Bool.random(using: &random) {
                    let section = Int.random(in: model.sections.indices, using: &random)
                    model.sections[section].items.insert(
                        item, at: Int.random(in: 0...model.sections[section].items.count, using: &random))
                }
            }
            if Bool.random(using: &random) {
                var items = ids.make(Int.random(in: 0...4, using: &random)).map {
                    SnapshotModel.Item(id: $0, fingerprint: nil)
                }
                for section in model.sections.indices
                where !model.sections[section].items.isEmpty && Bool.random(using: &random) {
                    items.append(model.sections[section].items.removeLast())
                }
                items.shuffle(using: &random)
                model.sections.insert(
                    .init(id: ids.make(), items: items), at: Int.random(in: 0...model.sections.count, using: &random))
            }
            if model.sections.count > 1, Bool.random(using: &random) {
                let section = model.sections.remove(at: Int.random(in: model.sections.indices, using: &random))
                model.sections.insert(section, at: Int.random(in: 0...model.sections.count, using: &random))
            }
        }
    }

    @Test("applying the difference to the old snapshot reproduces the new one, for 3,000 random pairs")
    func roundTrip() throws {
        var largeCases = 0
        for seed in UInt64(0)..<3_000 {
            let pair = Case(seed: seed)
            let old = pair.old.snapshot()
            let difference = pair.marked.difference(from: old)
            let applied = try old.applying(difference, readingFrom: pair.marked)
            guard applied == pair.new.snapshot() else {
                Issue.record("seed \(seed): \(old) → \(pair.marked) gave \(difference), which applies as \(applied)")
                return
            }
            guard Self.isInContractOrder(difference), Self.reloadsAreJustified(difference, old: old, new: pair.marked)
            else {
                Issue.record(
                    "seed \(seed): \(old) → \(pair.marked) gave \(difference), out of order or with unjustified reloads"
                )
                return
            }
            largeCases += old.numberOfItems > 100 ? 1 : 0
        }
        #expect(largeCases > 50)
    }

    @Test("the difference moves exactly as many items and sections as necessary, for 1,500 small random pairs")
    func minimalMoves() {
        var checked = 0
        for seed in UInt64(10_000)..<12_000 where checked < 1_500 {
            let pair = Case(seed: seed)
            // The quadratic oracle is for small cases; large ones are covered by the round trip.
            guard pair.old.allItems.count <= 100, pair.new.allItems.count <= 100 else { continue }
            checked += 1
            let difference = pair.new.snapshot().difference(from: pair.old.snapshot())
            let minimal = Self.minimalMoves(from: pair.old, to: pair.new)
            guard difference.movedItems.count == minimal.items, difference.movedSections.count == minimal.sections
            else {
                Issue.record(
                    """
                    seed \(seed): \(difference.movedItems.count) item and \(difference.movedSections.count) section \
                    moves, minimal \(minimal)
                    """
                )
                return
            }
        }
        #expect(checked == 1_500)
    }

    @Test("the minimal-move count used above is right on hand-made cases")
    func minimalMoveOracle() {
        func model(_ sections: [(Int, [Int])]) -> SnapshotModel {
            var model = SnapshotModel()
            model.sections = sections.map { .init(id: $0.0, items: $0.1.map { .init(id: $0, fingerprint: nil) }) }
            return model
        }
        let old = model([(100, [1, 2, 3, 4, 5]), (200, [6, 7])])
        #expect(Self.minimalMoves(from: old, to: old) == (0, 0))
        #expect(Self.minimalMoves(from: old, to: model([(100, [5, 4, 3, 2, 1]), (200, [6, 7])])) == (0, 4))
        #expect(Self.minimalMoves(from: old, to: model([(200, [6, 1]), (100, [2, 3, 4, 5, 7])])) == (1, 2))
    }

    /// The fewest section moves and item moves: sections and per-section items off a longest
    /// common subsequence, plus every item that changed section, by an O(a·b) dynamic program.
    static func minimalMoves(from old: SnapshotModel, to new: SnapshotModel) -> (sections: Int, items: Int) {
        func longestCommonSubsequence(_ a: [Int], _ b: [Int]) -> Int {
            var previous = [Int](repeating: 0, count: b.count + 1)
            for x in a {
                var current = [0]
                for (j, y) in b.enumerated() {
                    current.append(x == y ? previous[j] + 1 : max(previous[j + 1], current[j]))
                }
                previous = current
            }
            return previous[b.count]
        }
        let newSectionIDs = Set(new.sections.map(\.id))
        let oldSectionIDs = Set(old.sections.map(\.id))
        let commonSections = old.sections.map(\.id).filter(newSectionIDs.contains)
        let sectionMoves =
            commonSections.count
            - longestCommonSubsequence(commonSections, new.sections.map(\.id).filter(oldSectionIDs.contains))
        var newSectionOfItem: [Int: Int] = [:]
        for section in new.sections {
            for item in section.items { newSectionOfItem[item.id] = section.id }
        }
        var itemMoves = 0
        for section in old.sections {
            let staying = section.items.map(\.id).filter { newSectionOfItem[$0] == section.id }
            itemMoves += section.items.filter { newSectionOfItem[$0.id].map { $0 != section.id } ?? false }.count
            if let newSection = new.sections.first(where: { $0.id == section.id }) {
                let stayingSet = Set(staying)
                itemMoves +=
                    staying.count
                    - longestCommonSubsequence(staying, newSection.items.map(\.id).filter(stayingSet.contains))
            }
        }
        return (sectionMoves, itemMoves)
    }

    /// Whether every list of `difference` is in the documented order.
    static func isInContractOrder(_ difference: SnapshotDifference) -> Bool {
        func strictlyIncreasing<T: Comparable>(_ values: [T]) -> Bool {
            zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
        }
        return strictlyIncreasing(difference.deletedSections.reversed())
            && strictlyIncreasing(difference.insertedSections)
            && strictlyIncreasing(difference.movedSections.map(\.to)) && strictlyIncreasing(difference.reloadedSections)
            && strictlyIncreasing(difference.deletedItems.reversed()) && strictlyIncreasing(difference.insertedItems)
            && strictlyIncreasing(difference.movedItems.map(\.to)) && strictlyIncreasing(difference.reloadedItems)
            && strictlyIncreasing(difference.reconfiguredItems)
    }

    /// Whether every reloaded item changed fingerprint or was marked, and every reconfigured one was marked.
    static func reloadsAreJustified(
        _ difference: SnapshotDifference, old: DiffableSnapshot<Int, Int>, new: DiffableSnapshot<Int, Int>
    ) -> Bool {
        func item(at path: IndexPath) -> Int {
            old.itemIdentifiers(inSection: old.sectionIdentifiers[path.section])[path.item]
        }
        return difference.reloadedItems.map(item).allSatisfy { item in
            new.reloadedItemIdentifiers.contains(item) || old.fingerprint(ofItem: item) != new.fingerprint(ofItem: item)
        } && difference.reconfiguredItems.map(item).allSatisfy(new.reconfiguredItemIdentifiers.contains)
    }
}

import Foundation
import Testing
import TodoCore
import TodoTestSupport

@Suite("DiffableSnapshot")
struct DiffableSnapshotTests {
    @Test("reading: counts, identifiers, positions and containing sections")
    func reading() {
        var sample = snapshot(["A": ["a", "b"], "E": [], "B": ["c"]])
        sample.appendItems(["d"])
        #expect(sample.numberOfSections == 3)
        #expect(sample.numberOfItems == 4)
        #expect(sample.sectionIdentifiers == ["A", "E", "B"])
        #expect(sample.itemIdentifiers == ["a", "b", "c", "d"])
        #expect(sample.itemIdentifiers(inSection: "B") == ["c", "d"])
        #expect(sample.numberOfItems(inSection: "E") == 0)
        #expect(sample.indexOfItem("c") == 2)
        #expect(sample.indexOfItem("zz") == nil)
        #expect(sample.indexOfSection("B") == 2)
        #expect(sample.indexOfSection("Q") == nil)
        #expect(sample.sectionIdentifier(containingItem: "d") == "B")
        #expect(sample.sectionIdentifier(containingItem: "zz") == nil)
        #expect(sample.description == "[A: a b | E: | B: c d]")
    }

    @Test("inserting and moving next to items and sections, and deleting everything")
    func editing() {
        var sample = snapshot(["A": ["a", "c"], "B": ["d"]])
        sample.insertItems(["b"], beforeItem: "c")
        sample.insertItems(["e", "f"], afterItem: "d")
        sample.insertSections(["Z"], beforeSection: "A")
        sample.insertSections(["M"], afterSection: "A")
        #expect(sample.description == "[Z: | A: a b c | M: | B: d e f]")
        sample.moveItem("a", afterItem: "f")
        sample.moveItem("e", beforeItem: "b")
        sample.moveSection("B", beforeSection: "Z")
        sample.moveSection("Z", afterSection: "M")
        #expect(sample.description == "[B: d f a | A: e b c | M: | Z:]")
        #expect(sample.sectionIdentifier(containingItem: "a") == "B")
        sample.deleteItems(["b", "d"])
        sample.deleteSections(["M", "B"])
        #expect(sample.description == "[A: e c | Z:]")
        #expect(sample.sectionIdentifier(containingItem: "a") == nil)
        sample.deleteAllItems()
        #expect(sample == LetterSnapshot())
    }

    @Test("fingerprints and marks follow their items and leave with them")
    func fingerprintsAndMarks() {
        var snapshot = LetterSnapshot()
        snapshot.appendSections(["A", "B"])
        snapshot.appendItems(["a", "b"], fingerprints: [1, 2], toSection: "A")
        snapshot.appendItems(["c"], toSection: "B")
        #expect(snapshot.fingerprint(ofItem: "b") == 2)
        #expect(snapshot.fingerprint(ofItem: "c") == nil)
        snapshot.setFingerprint(7, ofItem: "c")
        snapshot.moveItem("b", afterItem: "c")
        #expect(snapshot.fingerprint(ofItem: "b") == 2)
        #expect(snapshot.fingerprint(ofItem: "c") == 7)
        snapshot.reloadItems(["b", "a", "b"])
        snapshot.reconfigureItems(["c"])
        snapshot.reloadSections(["B", "A"])
        #expect(snapshot.reloadedItemIdentifiers == ["b", "a"])
        #expect(snapshot.reconfiguredItemIdentifiers == ["c"])
        #expect(snapshot.reloadedSectionIdentifiers == ["B", "A"])
        snapshot.deleteItems(["b"])
        snapshot.deleteSections(["B"])
        #expect(snapshot.reloadedItemIdentifiers == ["a"])
        #expect(snapshot.reconfiguredItemIdentifiers == [])
        #expect(snapshot.reloadedSectionIdentifiers == ["A"])
        var other = snapshot
        other.setFingerprint(9, ofItem: "a")
        #expect(other != snapshot)
    }

    @Test("3,000 random edits agree with a plain array model")
    func randomEditsAgreeWithModel() {
        var random = SplitMix64(seed: 42)
        var ids = IdentifierSource()
        var snapshot = DiffableSnapshot<Int, Int>()
        var model = SnapshotModel()
        for step in 0..<3_000 {
            let operation = Self.randomEdit(of: &snapshot, model: &model, random: &random, ids: &ids)
            guard SnapshotModel(snapshot) == model, snapshot == model.snapshot() else {
                Issue.record("step \(step), after \(operation): \(snapshot) differs from the model \(model.snapshot())")
                return
            }
            let items = model.allItems.map(\.id)
            if let item = items.randomElement(using: &random), let (section, _) = model.location(of: item) {
                #expect(snapshot.indexOfItem(item) == items.firstIndex(of: item), "step \(step)")
                #expect(snapshot.sectionIdentifier(containingItem: item) == model.sections[section].id, "step \(step)")
                #expect(snapshot.indexOfSection(model.sections[section].id) == section, "step \(step)")
            }
        }
    }

    /// Applies one random edit to both `snapshot` and `model`; returns its name.
    private static func randomEdit(
        of snapshot: inout DiffableSnapshot<Int, Int>, model: inout SnapshotModel,
        random: inout SplitMix64, ids: inout IdentifierSource
    ) -> String {
        let items = model.allItems.map(\.id)
        let sections = model.sections.map(\.id)
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < 8 || sections.isEmpty {
            let new = ids.make(Int.random(in: 1...2, using: &random))
            if let anchor = sections.randomElement(using: &random), Bool.random(using: &random) {
                let after = Bool.random(using: &random)
                after
                    ? snapshot.insertSections(new, afterSection: anchor)
                    : snapshot.insertSections(new, beforeSection: anchor)
                let index = sections.firstIndex(of: anchor).map { $0 + (after ? 1 : 0) } ?? 0
                model.sections.insert(contentsOf: new.map { .init(id: $0, items: []) }, at: index)
                return "insert sections"
            }
            snapshot.appendSections(new)
            model.sections += new.map { .init(id: $0, items: []) }
            return "append sections"
        }
        if roll < 40 {
            let new = ids.make(Int.random(in: 1...4, using: &random))
            let section = Bool.random(using: &random) ? nil : sections.randomElement(using: &random)
            let index = section.flatMap(sections.firstIndex) ?? sections.count - 1
            if Bool.random(using: &random) {
                let prints = new.map { _ in Int.random(in: 0..<5, using: &random) }
                snapshot.appendItems(new, fingerprints: prints, toSection: section)
                model.sections[index].items += zip(new, prints).map { .init(id: $0, fingerprint: $1) }
            } else {
                snapshot.appendItems(new, toSection: section)
                model.sections[index].items += new.map { .init(id: $0, fingerprint: nil) }
            }
            return "append items"
        }
        guard let anchor = items.randomElement(using: &random), let (section, row) = model.location(of: anchor) else {
            return "nothing"
        }
        switch roll {
        case ..<55:
            let new = ids.make(Int.random(in: 1...3, using: &random))
            let after = Bool.random(using: &random)
            after ? snapshot.insertItems(new, afterItem: anchor) : snapshot.insertItems(new, beforeItem: anchor)
            model.sections[section].items.insert(
                contentsOf: new.map { .init(id: $0, fingerprint: nil) }, at: row + (after ? 1 : 0))
            return "insert items"
        case ..<70:
            let doomed = Array(
                Set(
                    (0..<Int.random(in: 1...12, using: &random)).compactMap { _ in items.randomElement(using: &random) }
                ))
            snapshot.deleteItems(doomed)
            for item in doomed { _ = model.remove(item) }
            return "delete \(doomed.count) items"
        case ..<85:
            guard let destination = items.randomElement(using: &random), destination != anchor,
                let moved = model.remove(anchor), let (toSection, toRow) = model.location(of: destination)
            else { return "nothing" }
            let after = Bool.random(using: &random)
            after
                ? snapshot.moveItem(anchor, afterItem: destination) : snapshot.moveItem(anchor, beforeItem: destination)
            model.sections[toSection].items.insert(moved, at: toRow + (after ? 1 : 0))
            return "move item"
        case ..<90:
            let fingerprint = Bool.random(using: &random) ? Int.random(in: 0..<5, using: &random) : nil
            snapshot.setFingerprint(fingerprint, ofItem: anchor)
            model.sections[section].items[row].fingerprint = fingerprint
            return "set fingerprint"
        case ..<95:
            guard let destination = sections.randomElement(using: &random), destination != sections[section] else {
                return "nothing"
            }
            let after = Bool.random(using: &random)
            after
                ? snapshot.moveSection(sections[section], afterSection: destination)
                : snapshot.moveSection(sections[section], beforeSection: destination)
            let moved = model.sections.remove(at: section)
            let index = model.sections.firstIndex { $0.id == destination }.map { $0 + (after ? 1 : 0) } ?? 0
            model.sections.insert(moved, at: index)
            return "move section"
        case ..<99:
            snapshot.deleteSections([sections[section]])
            model.sections.remove(at: section)
            return "delete section"
        default:
            snapshot.deleteAllItems()
            model = SnapshotModel()
            return "delete all"
        }
    }

    @Test("a duplicate section identifier is a precondition failure")
    func duplicateSection() async {
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableSnapshot<Int, Int>()
            snapshot.appendSections([1, 2, 1])
        }
    }

    @Test("a duplicate item identifier is a precondition failure, within a section or across sections")
    func duplicateItem() async {
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableSnapshot<Int, Int>()
            snapshot.appendSections([1, 2])
            snapshot.appendItems([10], toSection: 1)
            snapshot.appendItems([10], toSection: 2)
        }
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableSnapshot<Int, Int>()
            snapshot.appendSections([1])
            snapshot.appendItems([10, 11])
            snapshot.insertItems([11], beforeItem: 10)
        }
    }

    @Test("appending items without a section, or to an unknown one, is a precondition failure")
    func missingSection() async {
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableSnapshot<Int, Int>()
            snapshot.appendItems([10])
        }
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableSnapshot<Int, Int>()
            snapshot.appendSections([1])
            snapshot.appendItems([10], toSection: 2)
        }
    }
}

import Foundation
import Testing
import TodoCore

@Suite("Snapshot difference: classic cases")
struct SnapshotDifferenceTests {
    /// Checks the exact difference from `old` to `new`, and that applying it reproduces `new`.
    private func expectDifference(
        from old: LetterSnapshot, to new: LetterSnapshot, _ expected: SnapshotDifference,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let difference = new.difference(from: old)
        #expect(difference == expected, "got: \(difference)", sourceLocation: sourceLocation)
        #expect(try old.applying(difference, readingFrom: new) == new, sourceLocation: sourceLocation)
    }

    @Test("an insert at the front, in the middle and at the end is one insert at its new path")
    func inserts() throws {
        try expectDifference(
            from: snapshot(["S": ["b", "c"]]), to: snapshot(["S": ["a", "b", "c"]]),
            SnapshotDifference(insertedItems: [path(0, 0)]))
        try expectDifference(
            from: snapshot(["S": ["a", "c"]]), to: snapshot(["S": ["a", "b", "c"]]),
            SnapshotDifference(insertedItems: [path(0, 1)]))
        try expectDifference(
            from: snapshot(["S": ["a", "b"]]), to: snapshot(["S": ["a", "b", "c"]]),
            SnapshotDifference(insertedItems: [path(0, 2)]))
    }

    @Test("deletes carry old paths, descending")
    func deletes() throws {
        try expectDifference(
            from: snapshot(["S": ["a", "b", "c", "d"]]), to: snapshot(["S": ["a", "c"]]),
            SnapshotDifference(deletedItems: [path(0, 3), path(0, 1)]))
    }

    @Test("swapping two neighbours is one move")
    func swap() throws {
        try expectDifference(
            from: snapshot(["S": ["a", "b", "c", "d"]]), to: snapshot(["S": ["a", "c", "b", "d"]]),
            SnapshotDifference(movedItems: [.init(from: path(0, 2), to: path(0, 1))]))
    }

    @Test("one item moved forward or back is the only move; the others keep their order")
    func singleMove() throws {
        let old = snapshot(["S": ["a", "b", "c", "d", "e"]])
        try expectDifference(
            from: old, to: snapshot(["S": ["a", "c", "d", "b", "e"]]),
            SnapshotDifference(movedItems: [.init(from: path(0, 1), to: path(0, 3))]))
        try expectDifference(
            from: old, to: snapshot(["S": ["a", "d", "b", "c", "e"]]),
            SnapshotDifference(movedItems: [.init(from: path(0, 3), to: path(0, 1))]))
    }

    @Test("a move to the far end of a long list is one move, found by hashing as by the edit script")
    func longMove() throws {
        let items = (0..<500).map { "i\($0)" }
        var reordered = items
        reordered.append(reordered.remove(at: 3))
        // Reversing a block as well forces the identity matcher (too many edits for the script).
        var shuffled = reordered
        shuffled[100..<300].reverse()
        try expectDifference(
            from: snapshot(["S": items]), to: snapshot(["S": reordered]),
            SnapshotDifference(movedItems: [.init(from: path(0, 3), to: path(0, 499))]))
        let difference = snapshot(["S": shuffled]).difference(from: snapshot(["S": items]))
        #expect(difference.movedItems.count == 1 + 199)
        #expect(difference.insertedItems.isEmpty && difference.deletedItems.isEmpty)
    }

    @Test("an item moved to another section moves from its old path to its new one")
    func crossSectionMove() throws {
        try expectDifference(
            from: snapshot(["A": ["a", "b"], "B": ["c", "d"]]), to: snapshot(["A": ["a"], "B": ["c", "b", "d"]]),
            SnapshotDifference(movedItems: [.init(from: path(0, 1), to: path(1, 1))]))
        // The flattened order is unchanged, yet x changed section.
        try expectDifference(
            from: snapshot(["A": ["a", "x"], "B": ["b"]]), to: snapshot(["A": ["a"], "B": ["x", "b"]]),
            SnapshotDifference(movedItems: [.init(from: path(0, 1), to: path(1, 0))]))
    }

    @Test("an inserted section comes with inserts for its new items")
    func sectionInsert() throws {
        try expectDifference(
            from: snapshot(["A": ["a"]]), to: snapshot(["A": ["a"], "B": ["b", "c"]]),
            SnapshotDifference(insertedSections: [1], insertedItems: [path(1, 0), path(1, 1)]))
    }

    @Test("a deleted section comes with deletes for its items")
    func sectionDelete() throws {
        try expectDifference(
            from: snapshot(["A": ["a"], "B": ["b", "c"]]), to: snapshot(["A": ["a"]]),
            SnapshotDifference(deletedSections: [1], deletedItems: [path(1, 1), path(1, 0)]))
    }

    @Test("a moved section carries its items; only the section moves")
    func sectionMove() throws {
        try expectDifference(
            from: snapshot(["A": ["a"], "B": ["b"], "C": ["c", "d"]]),
            to: snapshot(["C": ["c", "d"], "A": ["a"], "B": ["b"]]),
            SnapshotDifference(movedSections: [.init(from: 2, to: 0)]))
        // Within the moved section an item still moves as usual.
        try expectDifference(
            from: snapshot(["A": ["a"], "B": ["b"], "C": ["c", "d"]]),
            to: snapshot(["C": ["d", "c"], "A": ["a"], "B": ["b"]]),
            SnapshotDifference(
                movedSections: [.init(from: 2, to: 0)],
                movedItems: [.init(from: path(2, 1), to: path(0, 0))]))
    }

    @Test("items leaving a deleted section or joining an inserted one move")
    func movesThroughSectionChanges() throws {
        try expectDifference(
            from: snapshot(["A": ["a"], "B": ["b"]]), to: snapshot(["A": ["a", "b"]]),
            SnapshotDifference(deletedSections: [1], movedItems: [.init(from: path(1, 0), to: path(0, 1))]))
        try expectDifference(
            from: snapshot(["A": ["a", "b"]]), to: snapshot(["A": ["a"], "B": ["b"]]),
            SnapshotDifference(insertedSections: [1], movedItems: [.init(from: path(0, 1), to: path(1, 0))]))
    }

    @Test("a changed fingerprint reloads the item at its old path, unless it moved")
    func reloadsFromContent() throws {
        var old = LetterSnapshot()
        old.appendSections(["E", "S"])
        old.appendItems(["e"], toSection: "E")
        old.appendItems(["a", "b", "c", "d"], fingerprints: [1, 2, 3, 4], toSection: "S")
        var new = LetterSnapshot()
        new.appendSections(["S"])
        new.appendItems(["a", "b", "d", "c"], fingerprints: [1, 20, 40, 30])
        // b changed in place; c and d changed too, but d moved, so only c (on the kept run) reloads.
        try expectDifference(
            from: old, to: new,
            SnapshotDifference(
                deletedSections: [0], deletedItems: [path(0, 0)],
                movedItems: [.init(from: path(1, 3), to: path(0, 2))],
                reloadedItems: [path(1, 1), path(1, 2)]
            ))
    }

    @Test("reload, reconfigure and section-reload marks become changes at old paths")
    func marks() throws {
        let old = snapshot(["A": ["a", "b"], "B": ["c"]])
        var new = snapshot(["Z": [], "A": ["a", "b"], "B": ["c"]])
        new.reloadItems(["b"])
        new.reconfigureItems(["a", "b"])
        new.reloadSections(["B", "Z"])
        let difference = new.difference(from: old)
        #expect(
            difference
                == SnapshotDifference(
                    insertedSections: [0], reloadedSections: [1],
                    reloadedItems: [path(0, 1)], reconfiguredItems: [path(0, 0)]))
        #expect(try old.applying(difference, readingFrom: new) == snapshot(["Z": [], "A": ["a", "b"], "B": ["c"]]))
    }

    @Test("empty to full inserts everything; full to empty deletes everything")
    func emptyAndFull() throws {
        let full = snapshot(["A": ["a", "b"], "B": ["c"]])
        try expectDifference(
            from: LetterSnapshot(), to: full,
            SnapshotDifference(
                insertedSections: [0, 1], insertedItems: [path(0, 0), path(0, 1), path(1, 0)]))
        try expectDifference(
            from: full, to: LetterSnapshot(),
            SnapshotDifference(
                deletedSections: [1, 0], deletedItems: [path(1, 0), path(0, 1), path(0, 0)]))
    }

    @Test("equal snapshots differ in nothing")
    func equal() throws {
        let difference = snapshot(["A": ["a"], "B": []]).difference(from: snapshot(["A": ["a"], "B": []]))
        #expect(difference.isEmpty)
        #expect(difference.description == "no changes")
    }

    @Test("the description lists each kind of change with section.item paths")
    func description() {
        let difference = snapshot(["B": ["c", "x"], "A": ["a"]]).difference(
            from: snapshot(["A": ["a", "b"], "B": ["c"]]))
        #expect(difference.description == "move sections 1→0; delete items 0.1; insert items 0.1")
    }
}

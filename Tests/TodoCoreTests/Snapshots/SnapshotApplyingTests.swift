import Foundation
import Testing
import TodoCore

@Suite("Snapshot difference: applying refuses invalid updates")
struct SnapshotApplyingTests {
    let old = snapshot(["A": ["a", "b"], "B": ["c"]])

    @Test("counts that differ from the data source are refused, as UITableView's invalid update")
    func countMismatch() {
        #expect(
            throws: SnapshotError.invalidUpdate(
                .invalidRowCount(section: 0, before: 2, after: 3, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0))
        ) {
            try old.applying(SnapshotDifference(), readingFrom: snapshot(["A": ["a", "b", "x"], "B": ["c"]]))
        }
        #expect(throws: SnapshotError.invalidUpdate(.invalidSectionCount(before: 2, after: 1, inserted: 0, deleted: 0)))
        {
            try old.applying(SnapshotDifference(), readingFrom: snapshot(["A": ["a", "b", "c"]]))
        }
    }

    @Test("a deleted section must lose all its items")
    func itemsLeftInDeletedSection() {
        #expect(throws: SnapshotError.invalidUpdate(.rowsLeftInDeletedSection(section: 1, count: 1))) {
            try old.applying(SnapshotDifference(deletedSections: [1]), readingFrom: snapshot(["A": ["a", "b"]]))
        }
    }

    @Test("paths outside their frame, or named twice, are refused")
    func badPaths() {
        let new = snapshot(["A": ["a"], "B": ["c"]])
        #expect(throws: SnapshotError.invalidUpdate(.rowOutOfRange(.delete, path(0, 2), rowCount: 2))) {
            try old.applying(SnapshotDifference(deletedItems: [path(0, 2)]), readingFrom: new)
        }
        #expect(throws: SnapshotError.invalidUpdate(.conflictingRow(.delete, .moveFrom, path(0, 1)))) {
            try old.applying(
                SnapshotDifference(deletedItems: [path(0, 1)], movedItems: [.init(from: path(0, 1), to: path(1, 0))]),
                readingFrom: snapshot(["A": ["a"], "B": ["b", "c"]]))
        }
        #expect(throws: SnapshotError.invalidUpdate(.sectionOutOfRange(.delete, section: 5, sectionCount: 2))) {
            try old.applying(SnapshotDifference(deletedSections: [5]), readingFrom: new)
        }
        #expect(throws: SnapshotError.invalidUpdate(.conflictingRow(.insert, .insert, path(0, 0)))) {
            try old.applying(
                SnapshotDifference(deletedItems: [path(0, 1), path(0, 0)], insertedItems: [path(0, 0), path(0, 0)]),
                readingFrom: snapshot(["A": ["x", "y"], "B": ["c"]]))
        }
    }

    @Test("a reload of an item the same update deletes is refused")
    func reloadOfDeletedItem() {
        #expect(throws: SnapshotError.invalidUpdate(.conflictingRow(.delete, .reload, path(0, 1)))) {
            try old.applying(
                SnapshotDifference(deletedItems: [path(0, 1)], reloadedItems: [path(0, 1)]),
                readingFrom: snapshot(["A": ["a"], "B": ["c"]]))
        }
    }

    @Test("an update that would hold an identifier twice is refused")
    func duplicateIdentifier() {
        // Inserting at 0.0 while nothing is removed: the data source's "a" lands there and the
        // kept "a" again after it.
        #expect(throws: SnapshotError.duplicateIdentifier("a")) {
            try old.applying(
                SnapshotDifference(insertedItems: [path(0, 0)]),
                readingFrom: snapshot(["A": ["a", "b", "z"], "B": ["c"]]))
        }
    }

    @Test("error messages are one sentence naming the place")
    func messages() {
        #expect(
            SnapshotError.invalidUpdate(
                .invalidRowCount(section: 0, before: 2, after: 3, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0)
            ).description
                == "The update leaves 2 items in section 0 but the data source has 3.")
        #expect(
            SnapshotError.invalidUpdate(.conflictingRow(.moveFrom, .moveFrom, path(1, 4))).description
                == "Item 1.4 is named twice by the update (move).")
    }
}

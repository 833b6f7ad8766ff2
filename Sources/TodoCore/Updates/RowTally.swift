import Foundation

/// How many rows a batch update deletes and moves out of each section before it, and inserts
/// and moves into each section after it. The paths must be in range.
struct RowTally {
    private(set) var deleted: [Int]
    private(set) var movedOut: [Int]
    private(set) var inserted: [Int]
    private(set) var movedIn: [Int]

    /// - Complexity: O(s + k) for s sections and k row operations.
    init(_ batch: SnapshotDifference, oldSectionCount: Int, newSectionCount: Int) {
        deleted = [Int](repeating: 0, count: oldSectionCount)
        movedOut = deleted
        inserted = [Int](repeating: 0, count: newSectionCount)
        movedIn = inserted
        for path in batch.deletedItems { deleted[path.section] += 1 }
        for path in batch.insertedItems { inserted[path.section] += 1 }
        for move in batch.movedItems {
            movedOut[move.from.section] += 1
            movedIn[move.to.section] += 1
        }
    }
}

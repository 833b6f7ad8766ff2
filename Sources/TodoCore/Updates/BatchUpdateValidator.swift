import Foundation

/// The one set of rules a batch update (`UITableView.performBatchUpdates`) must follow, with
/// options for the rules its clients legitimately differ on.
///
/// A batch is a `SnapshotDifference` read with UIKit's two frames of reference: deletes,
/// reloads, reconfigures and move sources refer to the state before the update; inserts and
/// move destinations to the state after it. A reloaded section counts as deleted and inserted
/// at the index it keeps among the staying sections; its rows are not counted. Sections not
/// named keep their relative order.
///
/// Used by `DiffableSnapshot.applying(_:readingFrom:)` (strict: deleted sections must be
/// emptied, inserted sections counted), by the table view (UIKit's rules) and by the tests'
/// table mirror (strict, counts computed).
public struct BatchUpdateValidator: Equatable, Sendable {
    /// What happens to rows of a deleted section that no delete or move names.
    public enum DeletedSectionRows: Equatable, Sendable {
        /// They are an error (`BatchUpdateError.rowsLeftInDeletedSection`): every row leaves by
        /// its own delete or move, as `NSFetchedResultsController` reports them.
        case mustBeDeletedExplicitly
        /// They leave with the section, as in `UITableView`; deleting them explicitly is allowed too.
        case goWithTheSection
    }

    /// What happens to rows of a deleted section that no delete or move names.
    public var deletedSectionRows: DeletedSectionRows
    /// Whether an inserted section must hold exactly the rows inserted and moved into it.
    /// `UITableView` takes an inserted section's rows from its data source without counting.
    public var checksInsertedSectionCounts: Bool

    public init(deletedSectionRows: DeletedSectionRows, checksInsertedSectionCounts: Bool) {
        self.deletedSectionRows = deletedSectionRows
        self.checksInsertedSectionCounts = checksInsertedSectionCounts
    }

    /// `UITableView`'s rules.
    public static let tableView = BatchUpdateValidator(
        deletedSectionRows: .goWithTheSection, checksInsertedSectionCounts: false)
    /// Every row named, every section counted: what a fetched-results controller and a snapshot
    /// difference promise.
    public static let strict = BatchUpdateValidator(
        deletedSectionRows: .mustBeDeletedExplicitly, checksInsertedSectionCounts: true)

    /// Checks `batch` against the row counts before it and, when given, the expected counts after it.
    ///
    /// Checked in this order, the first broken rule reported: section indexes out of range; a
    /// section named twice (one operation twice, delete and reload, delete and move, reload and
    /// move, insert and move); the section count; old row paths out of range (a row's section,
    /// then its row); an old row named twice (likewise, and a reconfigure with a delete or move);
    /// new row paths out of range; a new row named twice; rows left in a deleted section (by
    /// option); the row count of each section after the update.
    /// Where several places break one rule, the first in index order is reported.
    /// - Parameters:
    ///   - batch: the update; the order of its lists does not matter.
    ///   - oldCounts: the number of rows in each section before the update.
    ///   - newCounts: the expected number of rows in each section after it (a data source's), or
    ///     `nil` to compute them from `oldCounts` and the batch (an inserted section then holds
    ///     the rows inserted and moved into it).
    /// - Returns: the counts after the update and where each section goes.
    /// - Throws: `BatchUpdateError`, the first rule the batch breaks.
    /// - Complexity: O(s + k) for s sections and k operations, plus O(k log k) to report an error.
    public func validate(
        _ batch: SnapshotDifference, oldCounts: [Int], newCounts: [Int]? = nil
    ) throws(BatchUpdateError)
        -> BatchUpdateShape
    {
        // Repeated deletes could make the computed count negative; they are refused below.
        let newSectionCount =
            newCounts?.count
            ?? max(0, oldCounts.count - batch.deletedSections.count + batch.insertedSections.count)
        let (oldSections, newSections) = try Self.checkSections(
            batch, oldCount: oldCounts.count, newCount: newSectionCount)
        let movedOut = batch.movedItems.map(\.from)
        let movedIn = batch.movedItems.map(\.to)
        try Self.checkRange(.delete, batch.deletedItems, counts: oldCounts)
        try Self.checkRange(.reload, batch.reloadedItems, counts: oldCounts)
        try Self.checkRange(.reconfigure, batch.reconfiguredItems, counts: oldCounts)
        try Self.checkRange(.moveFrom, movedOut, counts: oldCounts)
        try Self.checkDisjoint(
            [
                (.delete, batch.deletedItems), (.reload, batch.reloadedItems), (.moveFrom, movedOut),
                (.reconfigure, batch.reconfiguredItems),
            ],
            // A reload and a reconfigure of one row do not conflict: both redraw it.
            pairs: [(0, 1), (0, 2), (1, 2), (0, 3), (2, 3)]
        ) { .conflictingRow($0, $1, $2) }
        let counts: [Int]
        let tally: RowTally
        if let newCounts {
            try Self.checkRange(.insert, batch.insertedItems, counts: newCounts)
            try Self.checkRange(.moveTo, movedIn, counts: newCounts)
            tally = RowTally(batch, oldSectionCount: oldCounts.count, newSectionCount: newSectionCount)
            counts = newCounts
        } else {
            // Computing the counts needs every arrival's section; its row is checked against them.
            let unbounded = [Int](repeating: .max, count: newSectionCount)
            try Self.checkRange(.insert, batch.insertedItems, counts: unbounded)
            try Self.checkRange(.moveTo, movedIn, counts: unbounded)
            tally = RowTally(batch, oldSectionCount: oldCounts.count, newSectionCount: newSectionCount)
            counts = oldSections.indices.map { section in
                let arrivals = tally.inserted[section] + tally.movedIn[section]
                guard let old = oldSections[section] else { return arrivals }
                return oldCounts[old] - tally.deleted[old] - tally.movedOut[old] + arrivals
            }
            try Self.checkRange(.insert, batch.insertedItems, counts: counts)
            try Self.checkRange(.moveTo, movedIn, counts: counts)
        }
        try Self.checkDisjoint([(.insert, batch.insertedItems), (.moveTo, movedIn)], pairs: [(0, 1)]) {
            .conflictingRow($0, $1, $2)
        }
        if deletedSectionRows == .mustBeDeletedExplicitly {
            for section in batch.deletedSections.sorted() {
                let left = oldCounts[section] - tally.deleted[section] - tally.movedOut[section]
                guard left == 0 else { throw .rowsLeftInDeletedSection(section: section, count: left) }
            }
        }
        let reloaded = Set(batch.reloadedSections)
        for (new, old) in oldSections.enumerated() {
            if let old {
                let expected =
                    oldCounts[old] - tally.deleted[old] - tally.movedOut[old] + tally.inserted[new] + tally.movedIn[new]
                guard reloaded.contains(old) || counts[new] == expected else {
                    throw .invalidRowCount(
                        section: old, before: oldCounts[old], after: counts[new],
                        inserted: tally.inserted[new], deleted: tally.deleted[old],
                        movedIn: tally.movedIn[new], movedOut: tally.movedOut[old])
                }
            } else if checksInsertedSectionCounts, counts[new] != tally.inserted[new] + tally.movedIn[new] {
                throw .invalidRowCountInInsertedSection(
                    section: new, after: counts[new], inserted: tally.inserted[new], movedIn: tally.movedIn[new])
            }
        }
        return BatchUpdateShape(newCounts: counts, oldSections: oldSections, newSections: newSections)
    }
}

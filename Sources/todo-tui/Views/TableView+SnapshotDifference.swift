import Foundation
import TodoCore

extension TableView {
    /// Applies a snapshot difference as one animated batch (seed 004's diffable data source):
    /// the data source must already describe the new snapshot.
    ///
    /// The difference uses the table's own two frames of reference (deletes and reloads old,
    /// inserts new, moves old → new). Section moves, which only a change of sort order produces,
    /// are shown by reloading the table instead.
    /// - Complexity: O(k log k) for k changes, plus the visible rows.
    func apply(_ difference: SnapshotDifference, with animation: RowAnimation = .fade) {
        guard !difference.isEmpty else { return }
        guard difference.movedSections.isEmpty else {
            reloadData()
            return
        }
        beginUpdates()
        deleteSections(IndexSet(difference.deletedSections), with: animation)
        insertSections(IndexSet(difference.insertedSections), with: animation)
        reloadSections(IndexSet(difference.reloadedSections), with: .none)
        deleteRows(at: difference.deletedItems, with: animation)
        insertRows(at: difference.insertedItems, with: animation)
        for move in difference.movedItems {
            moveRow(at: move.from, to: move.to)
        }
        reloadRows(at: difference.reloadedItems + difference.reconfiguredItems, with: .none)
        endUpdates()
    }
}

import Foundation
import TodoCore

/// Turns a fetched-results controller's change reports into the table view's batch updates:
/// will-change opens `beginUpdates()`, each change becomes the matching table call, and
/// did-change closes with `endUpdates()` — the seeds' NSFetchedResultsControllerDelegate wiring.
///
/// Deletes carry old paths and inserts new ones, as the table expects; a move is a table move
/// (the table reads the row again at its new place), so a moved item that also changed shows
/// its new content. Section updates (relative titles at midnight) reload the section.
final class TableUpdateDriver: FetchedResultsControllerDelegate {
    private unowned let table: TableView
    /// How many change reports the controller has delivered: a value taken from the
    /// controller is current while this count stays the same.
    private(set) var reportCount = 0

    init(table: TableView) {
        self.table = table
    }

    func controllerWillChangeContent(_ controller: FetchedResultsController) {
        table.beginUpdates()
    }

    func controller(
        _ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int,
        for type: FetchedResultsChangeType
    ) {
        switch type {
        case .insert: table.insertSections(IndexSet(integer: sectionIndex), with: .fade)
        case .delete: table.deleteSections(IndexSet(integer: sectionIndex), with: .fade)
        case .update, .move: table.reloadSections(IndexSet(integer: sectionIndex), with: .none)
        }
    }

    func controller(
        _ controller: FetchedResultsController, didChange item: TodoItem, at indexPath: IndexPath?,
        for type: FetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        switch (type, indexPath, newIndexPath) {
        case (.insert, _, let new?): table.insertRows(at: [new], with: .left)
        case (.delete, let old?, _): table.deleteRows(at: [old], with: .fade)
        case (.move, let old?, let new?): table.moveRow(at: old, to: new)
        case (.update, let old?, _): table.reloadRows(at: [old], with: .none)
        default: preconditionFailure("a \(type) change without the index paths it needs")
        }
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController) {
        reportCount += 1
        table.endUpdates()
    }
}

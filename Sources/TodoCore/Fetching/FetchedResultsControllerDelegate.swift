import Foundation

/// Receives a fetched-results controller's change reports, as `NSFetchedResultsControllerDelegate`.
///
/// Every method has a default that does nothing, so a delegate implements only what it needs.
/// For one processed batch the controller calls, synchronously and in this order:
/// `controllerWillChangeContent`, the section changes (deletes by descending old index, inserts
/// by ascending new index, updates by ascending index), the item changes (deletes by descending
/// old path, moves by ascending new path, inserts by ascending new path, updates by ascending old
/// path), then `controllerDidChangeContent`. Deletes and move sources refer to the sections and
/// rows before the batch; inserts and move destinations to those after it; an update carries
/// both. A table applies them between `beginUpdates()` and `endUpdates()`. During the callbacks
/// the controller already shows the new result. An index path holds two indexes: the section,
/// then the row within it (`indexPath[0]`, `indexPath[1]`).
///
/// A delegate whose `prefersSnapshots` is true receives instead one
/// `controller(_:didChangeContentWith:)` per batch and none of the other calls, as Core Data
/// does for a delegate implementing the snapshot method.
public protocol FetchedResultsControllerDelegate: AnyObject {
    /// A batch of changes begins.
    func controllerWillChangeContent(_ controller: FetchedResultsController)

    /// A section was inserted (at its new index), deleted (at its old index), or had its title
    /// changed by `dayDidChange(now:)` (`.update`).
    func controller(
        _ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int,
        for type: FetchedResultsChangeType)

    /// An item was inserted (`newIndexPath`), deleted (`indexPath`, the old path), moved (old
    /// `indexPath` to `newIndexPath`) or updated in place (old `indexPath`; `newIndexPath` is
    /// where it is after the batch). `item` is the old value for a delete, else the new one.
    func controller(
        _ controller: FetchedResultsController, didChange item: TodoItem, at indexPath: IndexPath?,
        for type: FetchedResultsChangeType, newIndexPath: IndexPath?)

    /// A batch of changes ended; the controller's result is the new one.
    func controllerDidChangeContent(_ controller: FetchedResultsController)

    /// Whether the delegate wants snapshots instead of individual changes. Defaults to false.
    var prefersSnapshots: Bool { get }

    /// The result after a batch, as a snapshot of section names (`yyyy-MM-dd`) and item ids;
    /// called only when `prefersSnapshots` is true.
    func controller(
        _ controller: FetchedResultsController, didChangeContentWith snapshot: DiffableSnapshot<String, UUID>)
}

extension FetchedResultsControllerDelegate {
    public func controllerWillChangeContent(_ controller: FetchedResultsController) {}

    public func controller(
        _ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int,
        for type: FetchedResultsChangeType
    ) {}

    public func controller(
        _ controller: FetchedResultsController, didChange item: TodoItem, at indexPath: IndexPath?,
        for type: FetchedResultsChangeType, newIndexPath: IndexPath?
    ) {}

    public func controllerDidChangeContent(_ controller: FetchedResultsController) {}

    public var prefersSnapshots: Bool { false }

    public func controller(
        _ controller: FetchedResultsController, didChangeContentWith snapshot: DiffableSnapshot<String, UUID>
    ) {}
}

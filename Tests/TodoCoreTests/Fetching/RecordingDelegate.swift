import Foundation
import TodoCore

/// A delegate that records every callback, for exact expectations and for replaying a batch
/// onto a `TableMirror`.
final class RecordingDelegate: FetchedResultsControllerDelegate {
    enum Event: Equatable {
        case willChange
        case section(FetchedResultsChangeType, index: Int, info: SectionInfo)
        case item(FetchedResultsChangeType, item: TodoItem, old: IndexPath?, new: IndexPath?)
        case didChange
        case snapshot(DiffableSnapshot<String, UUID>)
    }

    var events: [Event] = []
    /// The controller's rows per section at each did-change, in order.
    var countsAtDidChange: [[Int]] = []
    var prefersSnapshots = false
    /// Called at did-change, e.g. to check the controller's state inside a batch.
    var onDidChange: ((FetchedResultsController) -> Void)?

    func controllerWillChangeContent(_ controller: FetchedResultsController) {
        events.append(.willChange)
    }

    func controller(
        _ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int,
        for type: FetchedResultsChangeType
    ) {
        events.append(.section(type, index: sectionIndex, info: section))
    }

    func controller(
        _ controller: FetchedResultsController, didChange item: TodoItem, at indexPath: IndexPath?,
        for type: FetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        events.append(.item(type, item: item, old: indexPath, new: newIndexPath))
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController) {
        events.append(.didChange)
        countsAtDidChange.append((0..<controller.numberOfSections).map(controller.numberOfItems(inSection:)))
        onDidChange?(controller)
    }

    func controller(
        _ controller: FetchedResultsController, didChangeContentWith snapshot: DiffableSnapshot<String, UUID>
    ) {
        events.append(.snapshot(snapshot))
    }

    /// The events recorded since the last call, and forgets them (and the counts).
    func takeEvents() -> [Event] {
        defer {
            events.removeAll()
            countsAtDidChange.removeAll()
        }
        return events
    }

    /// The recorded events as short lines and forgets them: `will`, `did`,
    /// `section insert 1 2025-01-16`, `delete 'Milk' 0.2`, `insert 'Tea' 1.0`,
    /// `move 'Eggs' 0.1>1.0`, `update 'Jam' 0.0>0.0`.
    func takeLines() -> [String] {
        takeEvents().map(Self.line)
    }

    static func line(_ event: Event) -> String {
        switch event {
        case .willChange: "will"
        case .didChange: "did"
        case .section(let type, let index, let info): "section \(type) \(index) \(info.name)"
        case .snapshot(let snapshot): "snapshot \(snapshot.sectionIdentifiers)"
        case .item(let type, let item, let old, let new):
            switch type {
            case .delete: "delete '\(item.text)' \(path(old))"
            case .insert: "insert '\(item.text)' \(path(new))"
            case .move, .update: "\(type) '\(item.text)' \(path(old))>\(path(new))"
            }
        }
    }

    private static func path(_ path: IndexPath?) -> String {
        path.map { "\($0.section).\($0.item)" } ?? "nil"
    }
}

import Foundation
import TodoCore

/// The operations collected between `beginUpdates()` and `endUpdates()`, with UIKit's two
/// frames of reference.
///
/// Deletes, reloads and move sources refer to the table before the batch; inserts and move
/// destinations to the table after it. The order of calls inside a batch does not matter.
/// Every call is kept in `operations` (so that repeating one operation on one index is refused
/// when the batch is validated); the dictionaries hold each index's animation.
struct TableUpdateBatch: Equatable, Sendable {
    private(set) var deletedSections: [Int: RowAnimation] = [:]
    private(set) var insertedSections: [Int: RowAnimation] = [:]
    private(set) var reloadedSections: [Int: RowAnimation] = [:]
    private(set) var deletedRows: [IndexPath: RowAnimation] = [:]
    private(set) var insertedRows: [IndexPath: RowAnimation] = [:]
    private(set) var reloadedRows: [IndexPath: RowAnimation] = [:]
    /// Move destinations by source.
    private(set) var moves: [IndexPath: IndexPath] = [:]
    /// Every operation recorded, repetitions included, for `BatchUpdateValidator`.
    private(set) var operations = SnapshotDifference()

    /// Whether nothing was recorded.
    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty
            && deletedRows.isEmpty && insertedRows.isEmpty && reloadedRows.isEmpty && moves.isEmpty
            && operations.isEmpty

    }

    mutating func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        record(sections, into: \.deletedSections, \.deletedSections, animation)
    }

    mutating func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        record(sections, into: \.insertedSections, \.insertedSections, animation)
    }

    mutating func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        record(sections, into: \.reloadedSections, \.reloadedSections, animation)
    }

    mutating func deleteRows(at paths: [IndexPath], with animation: RowAnimation) {
        record(paths, into: \.deletedRows, \.deletedItems, animation)
    }

    mutating func insertRows(at paths: [IndexPath], with animation: RowAnimation) {
        record(paths, into: \.insertedRows, \.insertedItems, animation)
    }

    mutating func reloadRows(at paths: [IndexPath], with animation: RowAnimation) {
        record(paths, into: \.reloadedRows, \.reloadedItems, animation)
    }

    mutating func moveRow(at source: IndexPath, to destination: IndexPath) {
        precondition(source.count == 2 && destination.count == 2, "A table index path has a section and a row.")
        moves[source] = destination
        operations.movedItems.append(.init(from: source, to: destination))
    }

    private mutating func record(_ sections: IndexSet, into keyPath: WritableKeyPath<Self, [Int: RowAnimation]>,
                                 _ list: WritableKeyPath<SnapshotDifference, [Int]>, _ animation: RowAnimation) {
        for section in sections {
            self[keyPath: keyPath][section] = animation
            operations[keyPath: list].append(section)
        }
    }

    private mutating func record(_ paths: [IndexPath], into keyPath: WritableKeyPath<Self, [IndexPath: RowAnimation]>,
                                 _ list: WritableKeyPath<SnapshotDifference, [IndexPath]>, _ animation: RowAnimation) {
        for path in paths {
            precondition(path.count == 2, "A table index path has a section and a row.")
            self[keyPath: keyPath][path] = animation
            operations[keyPath: list].append(path)
        }
    }
}

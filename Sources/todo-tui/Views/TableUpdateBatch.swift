import Foundation

/// The operations collected between `beginUpdates()` and `endUpdates()`, with UIKit's two
/// frames of reference.
///
/// Deletes, reloads and move sources refer to the table before the batch; inserts and move
/// destinations to the table after it. The order of calls inside a batch does not matter.
/// Repeating one operation on one index is recorded as the batch's first conflict and
/// reported when the batch is validated.
struct TableUpdateBatch: Equatable, Sendable {
    private(set) var deletedSections: [Int: RowAnimation] = [:]
    private(set) var insertedSections: [Int: RowAnimation] = [:]
    private(set) var reloadedSections: [Int: RowAnimation] = [:]
    private(set) var deletedRows: [IndexPath: RowAnimation] = [:]
    private(set) var insertedRows: [IndexPath: RowAnimation] = [:]
    private(set) var reloadedRows: [IndexPath: RowAnimation] = [:]
    /// Move destinations by source.
    private(set) var moves: [IndexPath: IndexPath] = [:]
    /// The first operation that repeated an earlier one on the same index.
    private(set) var repetition: TableUpdateError?

    /// Whether nothing was recorded.
    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty
            && deletedRows.isEmpty && insertedRows.isEmpty && reloadedRows.isEmpty && moves.isEmpty
            && repetition == nil
    }

    mutating func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        record(sections, into: \.deletedSections, animation, .delete)
    }

    mutating func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        record(sections, into: \.insertedSections, animation, .insert)
    }

    mutating func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        record(sections, into: \.reloadedSections, animation, .reload)
    }

    mutating func deleteRows(at paths: [IndexPath], with animation: RowAnimation) {
        record(paths, into: \.deletedRows, animation, .delete)
    }

    mutating func insertRows(at paths: [IndexPath], with animation: RowAnimation) {
        record(paths, into: \.insertedRows, animation, .insert)
    }

    mutating func reloadRows(at paths: [IndexPath], with animation: RowAnimation) {
        record(paths, into: \.reloadedRows, animation, .reload)
    }

    mutating func moveRow(at source: IndexPath, to destination: IndexPath) {
        precondition(source.count == 2 && destination.count == 2, "A table index path has a section and a row.")
        if moves[source] != nil {
            noteRepetition(.conflictingRow(.moveFrom, .moveFrom, source))
        }
        moves[source] = destination
    }

    private mutating func record(_ sections: IndexSet, into keyPath: WritableKeyPath<Self, [Int: RowAnimation]>,
                                 _ animation: RowAnimation, _ operation: TableUpdateError.Operation) {
        for section in sections {
            if self[keyPath: keyPath].updateValue(animation, forKey: section) != nil {
                noteRepetition(.conflictingSection(operation, operation, section: section))
            }
        }
    }

    private mutating func record(_ paths: [IndexPath], into keyPath: WritableKeyPath<Self, [IndexPath: RowAnimation]>,
                                 _ animation: RowAnimation, _ operation: TableUpdateError.Operation) {
        for path in paths {
            precondition(path.count == 2, "A table index path has a section and a row.")
            if self[keyPath: keyPath].updateValue(animation, forKey: path) != nil {
                noteRepetition(.conflictingRow(operation, operation, path))
            }
        }
    }

    private mutating func noteRepetition(_ error: TableUpdateError) {
        if repetition == nil { repetition = error }
    }
}

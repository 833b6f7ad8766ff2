import Foundation

/// Why `TableView.endUpdates()` refused a batch, in the words of `UITableView`'s assertions.
///
/// The table never crashes on these: it reports the error to its log sink and reloads its data.
/// Counts "before" are the table's, "after" the data source's.
enum TableUpdateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What a batch asked to do with a row or a section.
    enum Operation: Equatable, Sendable, CustomStringConvertible {
        case insert, delete, reload, moveFrom, moveTo

        /// Whether the operation's index refers to the state before the batch.
        var refersToOldState: Bool {
            switch self {
            case .delete, .reload, .moveFrom: true
            case .insert, .moveTo: false
            }
        }

        var description: String {
            switch self {
            case .insert: "insert"
            case .delete: "delete"
            case .reload: "reload"
            case .moveFrom: "move"
            case .moveTo: "move to"
            }
        }
    }

    /// The section count after the batch is not the count before it plus inserted minus deleted.
    case invalidSectionCount(before: Int, after: Int, inserted: Int, deleted: Int)
    /// A section that exists before and after has the wrong number of rows after the batch.
    case invalidRowCount(section: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
    /// A section index is outside the sections of the state it refers to.
    case sectionOutOfRange(Operation, section: Int, sectionCount: Int)
    /// A row's section is outside the sections of the state it refers to.
    case rowSectionOutOfRange(Operation, IndexPath, sectionCount: Int)
    /// A row index is outside its section in the state it refers to.
    case rowOutOfRange(Operation, IndexPath, rowCount: Int)
    /// Two operations (or one twice) name the same section.
    case conflictingSection(Operation, Operation, section: Int)
    /// Two operations (or one twice) name the same row.
    case conflictingRow(Operation, Operation, IndexPath)

    var description: String {
        "Invalid update: " + detail + "."
    }

    private var detail: String {
        switch self {
        case let .invalidSectionCount(before, after, inserted, deleted):
            "invalid number of sections: the number of sections after the update (\(after)) must be equal to the number before the update (\(before)), plus or minus the number inserted or deleted (\(inserted) inserted, \(deleted) deleted)"
        case let .invalidRowCount(section, before, after, inserted, deleted, movedIn, movedOut):
            "invalid number of rows in section \(section): the number of rows contained in an existing section after the update (\(after)) must be equal to the number of rows contained in that section before the update (\(before)), plus or minus the number of rows inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of rows moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)"
        case let .sectionOutOfRange(operation, section, count):
            "attempt to \(operation) section \(section), but there are only \(count) sections \(Self.state(operation))"
        case let .rowSectionOutOfRange(operation, path, count):
            "attempt to \(operation) row \(path.row) of section \(path.section), but there are only \(count) sections \(Self.state(operation))"
        case let .rowOutOfRange(operation, path, count):
            "attempt to \(operation) row \(path.row) of section \(path.section), which contains only \(count) rows \(Self.state(operation))"
        case let .conflictingSection(first, second, section) where first == second:
            "attempt to \(first) section \(section) twice"
        case let .conflictingSection(first, second, section):
            "attempt to \(first) and \(second) section \(section)"
        case let .conflictingRow(first, second, path) where first == second:
            "attempt to \(first) row \(path.row) of section \(path.section) twice"
        case let .conflictingRow(first, second, path):
            "attempt to \(first) and \(second) row \(path.row) of section \(path.section)"
        }
    }

    private static func state(_ operation: Operation) -> String {
        operation.refersToOldState ? "before the update" : "after the update"
    }
}

import Foundation

/// Why `BatchUpdateValidator` refused a batch update, in the words of `UITableView`'s assertions.
///
/// Counts "before" are the state's before the update, "after" the expected ones (a data
/// source's) after it. A table view that meets one of these logs it and reloads instead of animating.
public enum BatchUpdateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What a batch asked to do with a row or a section.
    public enum Operation: Equatable, Sendable, CustomStringConvertible {
        case insert, delete, reload, reconfigure, moveFrom, moveTo

        /// Whether the operation's index refers to the state before the batch.
        public var refersToOldState: Bool {
            switch self {
            case .delete, .reload, .reconfigure, .moveFrom: true
            case .insert, .moveTo: false
            }
        }

        public var description: String {
            switch self {
            case .insert: "insert"
            case .delete: "delete"
            case .reload: "reload"
            case .reconfigure: "reconfigure"
            case .moveFrom: "move"
            case .moveTo: "move to"
            }
        }
    }

    /// The section count after the batch is not the count before it plus inserted minus deleted.
    case invalidSectionCount(before: Int, after: Int, inserted: Int, deleted: Int)
    /// A section that exists before and after has the wrong number of rows after the batch.
    case invalidRowCount(
        section: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
    /// A section that is not the continuation of one before the update (inserted) has a row
    /// count other than the rows inserted and moved into it; checked only when the validator's
    /// `checksInsertedSectionCounts` is on.
    case invalidRowCountInInsertedSection(section: Int, after: Int, inserted: Int, movedIn: Int)
    /// A deleted section keeps rows that are neither deleted nor moved out; refused only when the
    /// validator's `deletedSectionRows` is `.mustBeDeletedExplicitly`.
    case rowsLeftInDeletedSection(section: Int, count: Int)
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

    public var description: String {
        "Invalid update: " + detail + "."
    }

    private var detail: String {
        switch self {
        case let .invalidSectionCount(before, after, inserted, deleted):
            "invalid number of sections: the number of sections after the update (\(after)) must be equal to the "
                + "number before the update (\(before)), plus or minus the number inserted or deleted (\(inserted) "
                + "inserted, \(deleted) deleted)"
        case let .invalidRowCount(section, before, after, inserted, deleted, movedIn, movedOut):
            "invalid number of rows in section \(section): the number of rows contained in an existing section after "
                + "the update (\(after)) must be equal to the number of rows contained in that section before the "
                + "update (\(before)), plus or minus the number of rows inserted or deleted from that section "
                + "(\(inserted) inserted, \(deleted) deleted) and plus or minus the number of rows moved into "
                + "or out of that section (\(movedIn) moved in, \(movedOut) moved out)"
        case let .invalidRowCountInInsertedSection(section, after, inserted, movedIn):
            "invalid number of rows in section \(section): the number of rows contained in an inserted section after "
                + "the update (\(after)) must be equal to the number of rows inserted into or moved into that section "
                + "(\(inserted) inserted, \(movedIn) moved in)"
        case let .rowsLeftInDeletedSection(section, count):
            "attempt to delete section \(section), which still contains \(count) rows that are neither deleted nor "
                + "moved out"
        case let .sectionOutOfRange(operation, section, count):
            "attempt to \(operation) section \(section), but there are only \(count) sections \(Self.state(operation))"
        case let .rowSectionOutOfRange(operation, path, count):
            "attempt to \(operation) row \(path.row) of section \(path.section), but there are only \(count) sections "
                + "\(Self.state(operation))"
        case let .rowOutOfRange(operation, path, count):
            "attempt to \(operation) row \(path.row) of section \(path.section), which contains only \(count) rows "
                + "\(Self.state(operation))"
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

import Foundation

/// Why a snapshot difference cannot be applied to a snapshot, as UITableView's "invalid update".
///
/// A table view that meets one of these logs it and reloads instead of animating.
public enum SnapshotError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The difference breaks a rule of `BatchUpdateValidator.strict`.
    case invalidUpdate(BatchUpdateError)
    /// The update would hold one identifier in two places.
    case duplicateIdentifier(String)

    /// One sentence in the snapshot's words: items, and paths written `section.item`.
    public var description: String {
        switch self {
        case let .invalidUpdate(error): Self.sentence(for: error)
        case let .duplicateIdentifier(identifier): "The update puts identifier \(identifier) in two places."
        }
    }

    private static func sentence(for error: BatchUpdateError) -> String {
        func path(_ path: IndexPath) -> String { "\(path.section).\(path.item)" }
        func change(_ operation: BatchUpdateError.Operation) -> String {
            operation == .moveTo ? "move" : "\(operation)"
        }
        func isRedraw(_ operation: BatchUpdateError.Operation) -> Bool {
            operation == .reload || operation == .reconfigure
        }
        switch error {
        case let .invalidSectionCount(before, after, inserted, deleted):
            return "The update leaves \(before + inserted - deleted) sections but the data source has \(after)."
        case let .invalidRowCount(section, before, after, inserted, deleted, movedIn, movedOut):
            return
                "The update leaves \(before + inserted - deleted + movedIn - movedOut) items in section \(section) "
                + "but the data source has \(after)."
        case let .invalidRowCountInInsertedSection(section, after, inserted, movedIn):
            return
                "The update leaves \(inserted + movedIn) items in section \(section) but the data source has \(after)."
        case let .rowsLeftInDeletedSection(section, count):
            return "Section \(section) is deleted but \(count) of its items are neither deleted nor moved out."
        case let .sectionOutOfRange(operation, section, count):
            return "The section \(change(operation)) at index \(section) is outside the \(count) sections it refers to."
        case let .rowSectionOutOfRange(operation, indexPath, _), let .rowOutOfRange(operation, indexPath, _):
            return "The item \(change(operation)) at \(path(indexPath)) is outside the items it refers to."
        case let .conflictingSection(_, second, section):
            return "Section \(section) is named twice by the update (\(change(second)))."
        case let .conflictingRow(first, second, indexPath)
        where first != second && (isRedraw(first) || isRedraw(second)):
            return
                "Item \(path(indexPath)) has a \(isRedraw(first) ? first : second) but the same update deletes or "
                + "moves it."
        case let .conflictingRow(_, second, indexPath):
            return "Item \(path(indexPath)) is named twice by the update (\(change(second)))."
        }
    }
}

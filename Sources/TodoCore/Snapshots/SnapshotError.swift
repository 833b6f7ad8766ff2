import Foundation

/// Why a snapshot difference cannot be applied to a snapshot, as UITableView's "invalid update".
///
/// A table view that meets one of these logs it and reloads instead of animating.
public enum SnapshotError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kind of change that named the section or item, for messages.
    public enum Change: String, Sendable {
        case delete, insert, move, reload, reconfigure
    }

    /// A section index outside the sections of the frame it refers to (old or new).
    case sectionOutOfBounds(Change, index: Int, count: Int)
    /// A section named by two deletes or moves, or filled by two inserts or moves.
    case sectionRepeated(Change, index: Int)
    /// An item path outside the items of the frame it refers to (old or new).
    case itemOutOfBounds(Change, IndexPath)
    /// An item path named by two deletes or moves, or filled by two inserts or moves.
    case itemRepeated(Change, IndexPath)
    /// A deleted section still holding items that were neither deleted nor moved out.
    case itemsLeftInDeletedSection(section: Int, count: Int)
    /// The update leaves a different number of sections than the data source has.
    case sectionCountMismatch(update: Int, dataSource: Int)
    /// The update leaves a different number of items in a section than the data source has.
    case itemCountMismatch(section: Int, update: Int, dataSource: Int)
    /// A reload or reconfigure of an item that the same update deletes or moves.
    case reloadOfRemovedItem(Change, IndexPath)
    /// The update would hold one identifier in two places.
    case duplicateIdentifier(String)

    public var description: String {
        func path(_ path: IndexPath) -> String { "\(path.section).\(path.item)" }
        switch self {
        case let .sectionOutOfBounds(change, index, count):
            return "The section \(change.rawValue) at index \(index) is outside the \(count) sections it refers to."
        case let .sectionRepeated(change, index):
            return "Section \(index) is named twice by the update (\(change.rawValue))."
        case let .itemOutOfBounds(change, indexPath):
            return "The item \(change.rawValue) at \(path(indexPath)) is outside the items it refers to."
        case let .itemRepeated(change, indexPath):
            return "Item \(path(indexPath)) is named twice by the update (\(change.rawValue))."
        case let .itemsLeftInDeletedSection(section, count):
            return "Section \(section) is deleted but \(count) of its items are neither deleted nor moved out."
        case let .sectionCountMismatch(update, dataSource):
            return "The update leaves \(update) sections but the data source has \(dataSource)."
        case let .itemCountMismatch(section, update, dataSource):
            return "The update leaves \(update) items in section \(section) but the data source has \(dataSource)."
        case let .reloadOfRemovedItem(change, indexPath):
            return "Item \(path(indexPath)) has a \(change.rawValue) but the same update deletes or moves it."
        case let .duplicateIdentifier(identifier):
            return "The update puts identifier \(identifier) in two places."
        }
    }
}

import Foundation

/// The changes that turn one `DiffableSnapshot` into another, as a table view applies them.
///
/// Two frames of reference, as in `UITableView.performBatchUpdates`: deletes, reloads,
/// reconfigures and move sources refer to the **old** snapshot; inserts and move destinations to
/// the **new** one. A table removes the deleted and moved-out rows and sections from the old state,
/// then places the inserted and moved-in ones at their new positions; every row and section not
/// named keeps its relative order, and rows stay with their section when it moves.
///
/// Every changed row is named, also inside inserted and deleted sections (as
/// `NSFetchedResultsController` reports them), so that per section
/// rows after = rows before + inserted − deleted + moved in − moved out,
/// with zero rows before for an inserted section and zero after for a deleted one. An item that
/// left a deleted section for another, or joined an inserted section from another, is a move.
///
/// A moved row is never also reloaded (UITableView refuses both on one row): its destination is
/// drawn from the new state anyway. The lists are in a fixed order: deletes descending, inserts
/// ascending, moves by ascending destination, reloads and reconfigures ascending.
public struct SnapshotDifference: Equatable, Sendable {
    /// Something that moved from `from`, in the old snapshot, to `to`, in the new one.
    public struct Move<Position: Hashable & Sendable>: Equatable, Hashable, Sendable {
        public var from: Position
        public var to: Position

        public init(from: Position, to: Position) {
            self.from = from
            self.to = to
        }
    }

    /// A section that moved from one index to another.
    public typealias SectionMove = Move<Int>

    /// An item that moved from one path to another, possibly in another section.
    public typealias ItemMove = Move<IndexPath>

    /// Old indexes of deleted sections, descending.
    public var deletedSections: [Int]
    /// New indexes of inserted sections, ascending.
    public var insertedSections: [Int]
    /// Sections that moved, by ascending destination.
    public var movedSections: [SectionMove]
    /// Old indexes of sections marked for reload that stayed in place, ascending.
    public var reloadedSections: [Int]
    /// Old paths of deleted items, descending.
    public var deletedItems: [IndexPath]
    /// New paths of inserted items, ascending.
    public var insertedItems: [IndexPath]
    /// Items that moved, by ascending destination.
    public var movedItems: [ItemMove]
    /// Old paths of items that stayed in place and changed content or were marked for reload, ascending.
    public var reloadedItems: [IndexPath]
    /// Old paths of items that stayed in place, were marked for reconfiguration and are not reloaded, ascending.
    public var reconfiguredItems: [IndexPath]

    /// A difference with the given changes, which must already be in the documented order (as
    /// `difference(from:)` produces them); an omitted kind is empty.
    public init(
        deletedSections: [Int] = [],
        insertedSections: [Int] = [],
        movedSections: [SectionMove] = [],
        reloadedSections: [Int] = [],
        deletedItems: [IndexPath] = [],
        insertedItems: [IndexPath] = [],
        movedItems: [ItemMove] = [],
        reloadedItems: [IndexPath] = [],
        reconfiguredItems: [IndexPath] = []
    ) {
        self.deletedSections = deletedSections
        self.insertedSections = insertedSections
        self.movedSections = movedSections
        self.reloadedSections = reloadedSections
        self.deletedItems = deletedItems
        self.insertedItems = insertedItems
        self.movedItems = movedItems
        self.reloadedItems = reloadedItems
        self.reconfiguredItems = reconfiguredItems
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty && reloadedSections.isEmpty
            && deletedItems.isEmpty && insertedItems.isEmpty && movedItems.isEmpty && reloadedItems.isEmpty
            && reconfiguredItems.isEmpty
    }
}

extension SnapshotDifference: CustomStringConvertible {
    /// One line per kind of change, paths written `section.item`, e.g.
    /// `delete items 1.4 0.2; move items 0.0→1.3`, or `no changes`.
    public var description: String {
        func path(_ path: IndexPath) -> String { "\(path.section).\(path.item)" }
        let parts: [(String, [String])] = [
            ("delete sections", deletedSections.map(String.init)),
            ("insert sections", insertedSections.map(String.init)),
            ("move sections", movedSections.map { "\($0.from)→\($0.to)" }),
            ("reload sections", reloadedSections.map(String.init)),
            ("delete items", deletedItems.map(path)),
            ("insert items", insertedItems.map(path)),
            ("move items", movedItems.map { "\(path($0.from))→\(path($0.to))" }),
            ("reload items", reloadedItems.map(path)),
            ("reconfigure items", reconfiguredItems.map(path)),
        ]
        let lines = parts.filter { !$0.1.isEmpty }.map { "\($0.0) \($0.1.joined(separator: " "))" }
        return lines.isEmpty ? "no changes" : lines.joined(separator: "; ")
    }
}

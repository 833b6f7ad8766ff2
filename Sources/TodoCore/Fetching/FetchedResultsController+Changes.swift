import Foundation

extension FetchedResultsController {
    /// What one batch did to the visible result, in delivery order once `sortForDelivery()` ran.
    ///
    /// The order is fixed so output is reproducible: section deletes (descending old index),
    /// section inserts (ascending new index), section updates (ascending index), then item deletes
    /// (descending old path), moves (ascending new path), inserts (ascending new path) and updates
    /// (ascending old path). Deletes and move sources refer to the state before the batch,
    /// inserts and move destinations to the state after it, as a table applies them.
    struct Changes {
        struct SectionChange {
            var type: FetchedResultsChangeType
            var index: Int
            var day: Date
            /// The section's items: the old ones for a delete, the new ones otherwise.
            var items: [TodoItem]
        }

        /// One row's change in the visible result, by index path (the context's `ItemChange` is an
        /// undo record of one item's values instead).
        struct RowChange {
            var type: FetchedResultsChangeType
            /// The old value for a delete, the new value otherwise.
            var item: TodoItem
            var oldPath: IndexPath?
            var newPath: IndexPath?
        }

        private(set) var sections: [SectionChange] = []
        private(set) var items: [RowChange] = []

        var isEmpty: Bool { sections.isEmpty && items.isEmpty }

        mutating func append(_ change: SectionChange) {
            sections.append(change)
        }

        mutating func append(_ change: RowChange) {
            items.append(change)
        }

        /// Puts the changes in delivery order.
        /// - Complexity: O(k log k).
        mutating func sortForDelivery() {
            sections.sort(by: Self.sectionPrecedes)
            items.sort(by: Self.itemPrecedes)
        }

        private static func rank(_ type: FetchedResultsChangeType) -> Int {
            switch type {
            case .delete: 0
            case .move: 1
            case .insert: 2
            case .update: 3
            }
        }

        private static func sectionPrecedes(_ lhs: SectionChange, _ rhs: SectionChange) -> Bool {
            let (left, right) = (sectionRank(lhs.type), sectionRank(rhs.type))
            guard left == right else { return left < right }
            return lhs.type == .delete ? lhs.index > rhs.index : lhs.index < rhs.index
        }

        /// Sections are deleted, inserted or updated; they never move, since days keep their order.
        private static func sectionRank(_ type: FetchedResultsChangeType) -> Int {
            switch type {
            case .delete: 0
            case .insert: 1
            case .update, .move: 2
            }
        }

        private static func itemPrecedes(_ lhs: RowChange, _ rhs: RowChange) -> Bool {
            let (left, right) = (rank(lhs.type), rank(rhs.type))
            guard left == right else { return left < right }
            switch lhs.type {
            case .delete: return sortKey(lhs.oldPath) > sortKey(rhs.oldPath)
            case .update: return sortKey(lhs.oldPath) < sortKey(rhs.oldPath)
            case .move, .insert: return sortKey(lhs.newPath) < sortKey(rhs.newPath)
            }
        }

        private static func sortKey(_ path: IndexPath?) -> IndexPath {
            guard let path else { preconditionFailure("a change of this type carries this index path") }
            return path
        }
    }
}

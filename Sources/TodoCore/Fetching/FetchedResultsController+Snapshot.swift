import Foundation

extension FetchedResultsController {
    /// The visible result as a snapshot: section names (`yyyy-MM-dd`, or one empty name for
    /// `.none`) and item ids, as Core Data's snapshot delegate method receives it.
    /// - Complexity: O(n + s log n) for n visible items in s sections.
    public func snapshot() -> DiffableSnapshot<String, UUID> {
        var snapshot = DiffableSnapshot<String, UUID>()
        for section in sections {
            snapshot.appendSections([section.name])
            snapshot.appendItems(section.items.map(\.id), toSection: section.name)
        }
        return snapshot
    }
}

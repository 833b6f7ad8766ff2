import Foundation

extension FetchedResultsController {
    /// The visible result as a snapshot: section names (`yyyy-MM-dd`, or one empty name for
    /// `.none`) and item ids, as Core Data's snapshot delegate method receives it.
    ///
    /// Each item carries its `fingerprint` (a hash of all its fields), so the difference between two
    /// snapshots of one controller marks the items whose content changed for reload.
    /// - Complexity: O(n + s log n) for n visible items in s sections.
    public func snapshot() -> DiffableSnapshot<String, UUID> {
        var snapshot = DiffableSnapshot<String, UUID>()
        snapshot.reserveCapacity(items: results?.visibleRange.count ?? 0)
        for section in sections {
            snapshot.appendSections([section.name])
            snapshot.appendItems(section.items.map(\.id), fingerprints: section.items.map(\.fingerprint), toSection: section.name)
        }
        return snapshot
    }
}

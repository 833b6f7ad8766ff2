import Foundation

extension FetchedResultsController {
    /// The visible result as a snapshot: section names (`yyyy-MM-dd`, or one empty name for
    /// `.none`) and item ids, as Core Data's snapshot delegate method receives it.
    ///
    /// Each item carries its `fingerprint` (a hash of all its fields), so the difference between two
    /// snapshots of one controller marks the items whose content changed for reload.
    /// - Complexity: O(n + s log n) for n visible items in s sections.
    public func snapshot() -> DiffableSnapshot<String, UUID> {
        snapshot(of: results)
    }

    /// The visible result as it is now, made into a snapshot only when the returned function is
    /// called — after a `performFetch()` with another request, say, when only then it is known
    /// whether the old and new results must be compared at all. The call gives what
    /// `snapshot()` gives now.
    /// - Complexity: O(1); the call as `snapshot()`.
    package func snapshotOfCurrentResult() -> () -> DiffableSnapshot<String, UUID> {
        let current = results
        return { [self] in snapshot(of: current) }
    }

    /// How many items the result shows (the window applied).
    /// - Complexity: O(1).
    public var numberOfFetchedItems: Int {
        results?.visibleRange.count ?? 0
    }

    /// The snapshot of `results`, named by this controller's section names.
    private func snapshot(of results: Results?) -> DiffableSnapshot<String, UUID> {
        var snapshot = DiffableSnapshot<String, UUID>()
        guard let results else { return snapshot }
        let frame = results.frame()
        snapshot.reserveCapacity(items: frame.visible.count)
        for section in 0..<results.numberOfSections(in: frame) {
            let day = results.day(atSection: section, in: frame)
            let items = results.items(in: results.visibleRange(ofDay: day, in: frame))
            let name = labels(forDay: day).name
            snapshot.appendSections([name])
            snapshot.appendItems(items.map(\.id), fingerprints: items.map(\.fingerprint), toSection: name)
        }
        return snapshot
    }
}

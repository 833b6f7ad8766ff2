import Foundation

extension DiffableSnapshot {
    /// The changes that turn `old` into this snapshot, with the fewest moves.
    ///
    /// Deletion, reload and move-source paths refer to `old`; insertion and move-destination paths
    /// to this snapshot (see `SnapshotDifference` for the full contract and order). Applying the
    /// result to `old` by UITableView's rules (`applying(_:readingFrom:)`) reproduces this snapshot.
    ///
    /// Sections and items are matched by identifier. Among the sections present on both sides,
    /// and among the items that stay in a section with the same identifier, those on a longest
    /// increasing run of old positions keep their place and the rest move: no smaller set of
    /// moves reorders them. Items that change section always move, also out of a deleted section
    /// or into an inserted one. An item that stays reloads when its fingerprint changed or when
    /// this snapshot marks it with `reloadItems(_:)`; `reconfigureItems(_:)` marks become
    /// reconfigures; `reloadSections(_:)` marks on sections that stayed become section reloads.
    ///
    /// The common prefix and suffix of the flattened items are trimmed first by comparison alone,
    /// so edits that touch few places cost O(n) comparisons and no hashing. The remaining window
    /// of w items is matched by a bounded edit-script search when sections kept their order and
    /// it differs by at most about √w inserts and deletes, otherwise by hashing each identifier
    /// once and finding a longest increasing run per section.
    /// - Parameter old: the snapshot before the change.
    /// - Returns: the changes; empty when both snapshots are equal but for their marks.
    /// - Complexity: O(n + S) expected for n items and S sections, plus O(m log m) for m items that
    ///   changed order, plus O(k·s) for k reload or reconfigure marks in sections of s items.
    @inlinable
    public func difference(from old: DiffableSnapshot) -> SnapshotDifference {
        var subsequence = IncreasingSubsequence()
        let sectionMatching = SectionMatching(
            old: old.sections, new: sections, newIndexes: sectionIndexes, subsequence: &subsequence
        )
        var changes = FlatItemChanges()
        let window = ItemWindow(old: old, new: self, reloads: &changes.reloaded)
        if !window.isEmpty,
            sectionMatching.hasMoves
                || !matchByEditScript(from: old, in: window, sections: sectionMatching, into: &changes)
        {
            matchByIdentity(from: old, in: window, sections: sectionMatching, subsequence: &subsequence, into: &changes)
        }
        addMarkedItems(from: old, into: &changes)
        return SnapshotDifference(
            deletedSections: sectionMatching.oldToNew.indices.reversed().filter { sectionMatching.oldToNew[$0] < 0 },
            insertedSections: sectionMatching.newToOld.indices.filter { sectionMatching.newToOld[$0] < 0 },
            movedSections: sectionMatching.isMoved.indices.filter { sectionMatching.isMoved[$0] }.map {
                SnapshotDifference.SectionMove(from: sectionMatching.newToOld[$0], to: $0)
            },
            reloadedSections: reloadedSections.ordered.compactMap { section in
                guard let oldIndex = old.sectionIndexes[section], let newIndex = sectionIndexes[section],
                    !sectionMatching.isMoved[newIndex]
                else { return nil }
                return oldIndex
            }.sorted(),
            deletedItems: old.indexPaths(ofFlatIndexes: changes.deleted),
            insertedItems: indexPaths(ofFlatIndexes: changes.inserted),
            movedItems: moves(from: old, changes),
            reloadedItems: old.indexPaths(ofFlatIndexes: Self.ascendingDistinct(changes.reloaded)),
            reconfiguredItems: old.indexPaths(
                ofFlatIndexes: Self.ascendingDistinct(changes.reconfigured, excluding: changes.reloaded)
            )
        )
    }

    /// Adds the items this snapshot marks for reload or reconfiguration that stay in place.
    /// - Complexity: O(k·s) for k marks in sections of s items, plus O(m) for m moves if any mark.
    @inlinable
    func addMarkedItems(from old: DiffableSnapshot, into changes: inout FlatItemChanges) {
        guard !reloadedItems.isEmpty || !reconfiguredItems.isEmpty else { return }
        // Marked items are in this snapshot, so in `old` they either stayed or moved.
        let movedFrom = Set(changes.movedFrom)
        func stayingFlatIndex(_ item: ItemID) -> Int? {
            guard let oldFlat = old.flatIndex(ofItem: item), !movedFrom.contains(oldFlat) else { return nil }
            return oldFlat
        }
        changes.reloaded.append(contentsOf: reloadedItems.ordered.compactMap(stayingFlatIndex))
        changes.reconfigured.append(contentsOf: reconfiguredItems.ordered.compactMap(stayingFlatIndex))
    }

    /// The index paths of `flatIndexes`, in the same order.
    /// - Complexity: O(k) for indexes in order, O(k log S) at worst.
    @inlinable
    func indexPaths(ofFlatIndexes flatIndexes: ContiguousArray<Int>) -> [IndexPath] {
        var cursor = SectionCursor(sectionStarts: sectionStarts)
        return flatIndexes.map { flat in
            let section = cursor.section(containing: flat)
            return IndexPath(item: flat - cursor.lower, section: section)
        }
    }

    /// The moves of `changes` as index paths, built in one pass.
    /// - Complexity: O(m) for m moves, O(m log S) at worst.
    @inlinable
    func moves(from old: DiffableSnapshot, _ changes: FlatItemChanges) -> [SnapshotDifference.ItemMove] {
        var oldSections = SectionCursor(sectionStarts: old.sectionStarts)
        var newSections = SectionCursor(sectionStarts: sectionStarts)
        return changes.movedFrom.indices.map { index in
            let from = changes.movedFrom[index]
            let to = changes.movedTo[index]
            let fromSection = oldSections.section(containing: from)
            let toSection = newSections.section(containing: to)
            return SnapshotDifference.ItemMove(
                from: IndexPath(item: from - oldSections.lower, section: fromSection),
                to: IndexPath(item: to - newSections.lower, section: toSection)
            )
        }
    }

    /// `indexes` sorted ascending without repeats or members of `excluded`.
    /// - Complexity: O(k log k), O(k) when nearly sorted.
    @inlinable
    static func ascendingDistinct(
        _ indexes: ContiguousArray<Int>, excluding excluded: ContiguousArray<Int> = []
    ) -> ContiguousArray<Int> {
        guard !indexes.isEmpty else { return [] }
        let skipped = Set(excluded)
        var result = ContiguousArray<Int>()
        for index in indexes.sorted() where result.last != index && !skipped.contains(index) {
            result.append(index)
        }
        return result
    }
}

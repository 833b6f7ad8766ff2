import Foundation

extension DiffableSnapshot {
    /// The snapshot a table reaches by applying `difference` to this one by UITableView's rules,
    /// with `dataSource` as the data source after the update.
    ///
    /// Deletes and move sources are removed from this (old) snapshot; inserts and move destinations
    /// are placed at their new positions; every section and item not named keeps its relative
    /// order, and items stay with their section when it moves. As in UITableView, the number of
    /// sections and of items per section after the update must match the data source, inserted
    /// sections and items take their identifiers from it, and inserted, moved and reloaded items
    /// take their content (the fingerprint) from it; all other items keep their old content.
    /// The result carries no reload or reconfigure marks: applying consumes them.
    /// - Parameters:
    ///   - difference: changes whose deletes, reloads and move sources refer to this snapshot and
    ///     whose inserts and move destinations refer to `dataSource`.
    ///   - dataSource: the state after the update.
    /// - Throws: `SnapshotError` when the difference names a section or item outside its frame or
    ///   twice, leaves items in a deleted section, reloads a removed item, or leaves counts that
    ///   differ from the data source's (UITableView's "invalid update").
    /// - Complexity: O(n + S + c) for n items, S sections and c changes.
    public func applying(_ difference: SnapshotDifference, readingFrom dataSource: DiffableSnapshot) throws
        -> DiffableSnapshot
    {
        let sectionSources = try newSectionSources(of: difference, dataSource: dataSource)
        let (removed, moveSources) = try removedItems(by: difference)
        var newCounts = sectionSources.map { source in
            source < 0 ? 0 : flatRange(ofSection: source).filter { !removed[$0] }.count
        }
        let arrivals = difference.insertedItems.map { ($0, SnapshotError.Change.insert) }
            + difference.movedItems.map { ($0.to, SnapshotError.Change.move) }
        for (path, change) in arrivals {
            guard path.section >= 0, path.section < newCounts.count else {
                throw SnapshotError.itemOutOfBounds(change, path)
            }
            newCounts[path.section] += 1
        }
        for (section, count) in newCounts.enumerated() where count != dataSource.flatRange(ofSection: section).count {
            throw SnapshotError.itemCountMismatch(
                section: section, update: count, dataSource: dataSource.flatRange(ofSection: section).count
            )
        }
        // From here on the layout is the data source's: new flat indexes are its flat indexes.
        var newItems = [ItemID?](repeating: nil, count: dataSource.items.count)
        var newFingerprints = [Int?](repeating: nil, count: dataSource.items.count)
        // Inserted items come from the data source, moved ones from their old place.
        let sources = difference.insertedItems.map { _ in -1 } + moveSources
        for ((path, change), oldFlat) in zip(arrivals, sources) {
            guard path.item >= 0, path.item < newCounts[path.section] else {
                throw SnapshotError.itemOutOfBounds(change, path)
            }
            let flat = dataSource.sectionStarts[path.section] + path.item
            guard newItems[flat] == nil else { throw SnapshotError.itemRepeated(change, path) }
            newItems[flat] = oldFlat < 0 ? dataSource.items[flat] : items[oldFlat]
            newFingerprints[flat] = dataSource.fingerprints[flat]
        }
        var newFlatOfOld = [Int](repeating: -1, count: items.count)
        for (section, source) in sectionSources.enumerated() where source >= 0 {
            var write = dataSource.sectionStarts[section]
            for oldFlat in flatRange(ofSection: source) where !removed[oldFlat] {
                while newItems[write] != nil { write += 1 }
                newItems[write] = items[oldFlat]
                newFingerprints[write] = fingerprints[oldFlat]
                newFlatOfOld[oldFlat] = write
            }
        }
        for (paths, change) in [(difference.reloadedItems, SnapshotError.Change.reload), (difference.reconfiguredItems, .reconfigure)] {
            for path in paths {
                let oldFlat = try flatIndex(of: path, change)
                guard !removed[oldFlat] else { throw SnapshotError.reloadOfRemovedItem(change, path) }
                newFingerprints[newFlatOfOld[oldFlat]] = dataSource.fingerprints[newFlatOfOld[oldFlat]]
            }
        }
        let filled = newItems.compactMap { $0 }
        precondition(filled.count == newItems.count, "every new row is inserted, moved in or kept")
        return try DiffableSnapshot(
            sections: sectionSources.enumerated().map { $1 < 0 ? dataSource.sections[$0] : sections[$1] },
            sectionStarts: dataSource.sectionStarts,
            items: filled,
            fingerprints: newFingerprints
        )
    }

    /// For each section after the update, the old section it continues, or −1 where inserted.
    private func newSectionSources(of difference: SnapshotDifference, dataSource: DiffableSnapshot) throws -> [Int] {
        var gone = [Bool](repeating: false, count: sections.count)
        for (index, change) in difference.deletedSections.map({ ($0, SnapshotError.Change.delete) })
            + difference.movedSections.map({ ($0.from, .move) })
        {
            guard index >= 0, index < sections.count else {
                throw SnapshotError.sectionOutOfBounds(change, index: index, count: sections.count)
            }
            guard !gone[index] else { throw SnapshotError.sectionRepeated(change, index: index) }
            gone[index] = true
        }
        let newCount = sections.count - difference.deletedSections.count + difference.insertedSections.count
        guard newCount == dataSource.sections.count else {
            throw SnapshotError.sectionCountMismatch(update: newCount, dataSource: dataSource.sections.count)
        }
        let free = -2
        var sources = [Int](repeating: free, count: newCount)
        for (index, source, change) in difference.insertedSections.map({ ($0, -1, SnapshotError.Change.insert) })
            + difference.movedSections.map({ ($0.to, $0.from, .move) })
        {
            guard index >= 0, index < newCount else {
                throw SnapshotError.sectionOutOfBounds(change, index: index, count: newCount)
            }
            guard sources[index] == free else { throw SnapshotError.sectionRepeated(change, index: index) }
            sources[index] = source
        }
        var staying = (0..<sections.count).filter { !gone[$0] }.makeIterator()
        for index in sources.indices where sources[index] == free {
            guard let source = staying.next() else {
                preconditionFailure("the counts above leave one staying section per free place")
            }
            sources[index] = source
        }
        return sources
    }

    /// Which old items the update removes (deletes and move sources), and the old flat index of
    /// each move source, checking that deleted sections keep no items.
    private func removedItems(by difference: SnapshotDifference) throws -> (removed: [Bool], moveSources: [Int]) {
        var removed = [Bool](repeating: false, count: items.count)
        var moveSources: [Int] = []
        for (path, change) in difference.deletedItems.map({ ($0, SnapshotError.Change.delete) })
            + difference.movedItems.map({ ($0.from, .move) })
        {
            let flat = try flatIndex(of: path, change)
            guard !removed[flat] else { throw SnapshotError.itemRepeated(change, path) }
            removed[flat] = true
            if change == .move {
                moveSources.append(flat)
            }
        }
        for section in difference.deletedSections {
            let left = flatRange(ofSection: section).filter { !removed[$0] }.count
            guard left == 0 else { throw SnapshotError.itemsLeftInDeletedSection(section: section, count: left) }
        }
        return (removed, moveSources)
    }

    /// The flat index of the old path `path`, named by a change of kind `change`.
    private func flatIndex(of path: IndexPath, _ change: SnapshotError.Change) throws -> Int {
        guard path.count == 2, path.section >= 0, path.section < sections.count,
            path.item >= 0, path.item < flatRange(ofSection: path.section).count
        else { throw SnapshotError.itemOutOfBounds(change, path) }
        return sectionStarts[path.section] + path.item
    }

    /// A snapshot with the given storage, refusing an identifier that occurs twice.
    private init(
        sections: [SectionID], sectionStarts: ContiguousArray<Int>, items: [ItemID], fingerprints: [Int?]
    ) throws {
        self.init()
        self.sections = ContiguousArray(sections)
        self.sectionStarts = sectionStarts
        self.items = ContiguousArray(items)
        self.fingerprints = ContiguousArray(fingerprints)
        for (index, section) in sections.enumerated() where sectionIndexes.updateValue(index, forKey: section) != nil {
            throw SnapshotError.duplicateIdentifier("\(section)")
        }
        for (index, section) in sections.enumerated() {
            for item in self.items[flatRange(ofSection: index)] where itemSections.updateValue(section, forKey: item) != nil {
                throw SnapshotError.duplicateIdentifier("\(item)")
            }
        }
    }
}

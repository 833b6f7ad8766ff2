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
    /// - Throws: `SnapshotError.invalidUpdate` when the difference breaks a rule of
    ///   `BatchUpdateValidator.strict` against this snapshot's and the data source's counts (a
    ///   section or item outside its frame or named twice, items left in a deleted section, a
    ///   reload of a removed item, counts that differ from the data source's: UITableView's
    ///   "invalid update"); `SnapshotError.duplicateIdentifier` when the result would hold an
    ///   identifier twice.
    /// - Complexity: O(n + S + c) for n items, S sections and c changes.
    public func applying(_ difference: SnapshotDifference, readingFrom dataSource: DiffableSnapshot) throws
        -> DiffableSnapshot
    {
        // A reloaded section keeps its items here: applying only consumes the mark, so the
        // validator must not treat it as deleted and inserted.
        var structure = difference
        structure.reloadedSections = []
        let shape: BatchUpdateShape
        do {
            shape = try BatchUpdateValidator.strict.validate(
                structure, oldCounts: sections.indices.map { flatRange(ofSection: $0).count },
                newCounts: dataSource.sections.indices.map { dataSource.flatRange(ofSection: $0).count })
        } catch {
            throw SnapshotError.invalidUpdate(error)
        }
        var removed = [Bool](repeating: false, count: items.count)
        for path in difference.deletedItems { removed[flatIndex(of: path)] = true }
        let moveSources = difference.movedItems.map { flatIndex(of: $0.from) }
        for flat in moveSources { removed[flat] = true }
        // From here on the layout is the data source's: new flat indexes are its flat indexes.
        var newItems = [ItemID?](repeating: nil, count: dataSource.items.count)
        var newFingerprints = [Int?](repeating: nil, count: dataSource.items.count)
        // Inserted items come from the data source, moved ones from their old place.
        let arrivals = difference.insertedItems.map { ($0, -1) } + zip(difference.movedItems.map(\.to), moveSources)
        for (path, oldFlat) in arrivals {
            let flat = dataSource.sectionStarts[path.section] + path.item
            newItems[flat] = oldFlat < 0 ? dataSource.items[flat] : items[oldFlat]
            newFingerprints[flat] = dataSource.fingerprints[flat]
        }
        var newFlatOfOld = [Int](repeating: -1, count: items.count)
        for (section, source) in shape.oldSections.enumerated() {
            guard let source else { continue }
            var write = dataSource.sectionStarts[section]
            for oldFlat in flatRange(ofSection: source) where !removed[oldFlat] {
                while newItems[write] != nil { write += 1 }
                newItems[write] = items[oldFlat]
                newFingerprints[write] = fingerprints[oldFlat]
                newFlatOfOld[oldFlat] = write
            }
        }
        for path in difference.reloadedItems + difference.reconfiguredItems {
            let newFlat = newFlatOfOld[flatIndex(of: path)]
            newFingerprints[newFlat] = dataSource.fingerprints[newFlat]
        }
        let filled = newItems.compactMap { $0 }
        precondition(filled.count == newItems.count, "every new row is inserted, moved in or kept")
        return try DiffableSnapshot(
            sections: shape.oldSections.enumerated().map { $1.map { sections[$0] } ?? dataSource.sections[$0] },
            sectionStarts: dataSource.sectionStarts,
            items: filled,
            fingerprints: newFingerprints
        )
    }

    /// The flat index of the old path `path`, which the validator has checked.
    private func flatIndex(of path: IndexPath) -> Int {
        sectionStarts[path.section] + path.item
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

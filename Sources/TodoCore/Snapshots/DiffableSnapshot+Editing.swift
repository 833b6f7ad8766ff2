import Foundation

/// Editing, with `NSDiffableDataSourceSnapshot`'s names and preconditions.
///
/// Every identifier an edit names must be in the snapshot, and every identifier it adds must not
/// be: either mistake is a precondition failure naming the identifier, as UIKit raises an
/// exception. Complexities use n for all items, S for sections, s for the items of the section
/// concerned and k for the identifiers passed.
extension DiffableSnapshot {
    // MARK: Sections

    /// Adds `sections`, empty, after the last section.
    /// - Complexity: O(k) amortized.
    public mutating func appendSections(_ sections: [SectionID]) {
        insertSections(sections, at: self.sections.count)
    }

    /// Adds `sections`, empty, just before `section`.
    /// - Complexity: O(S + k).
    public mutating func insertSections(_ sections: [SectionID], beforeSection section: SectionID) {
        insertSections(sections, at: requiredIndex(ofSection: section))
    }

    /// Adds `sections`, empty, just after `section`.
    /// - Complexity: O(S + k).
    public mutating func insertSections(_ sections: [SectionID], afterSection section: SectionID) {
        insertSections(sections, at: requiredIndex(ofSection: section) + 1)
    }

    /// Removes `sections` with all their items.
    /// - Complexity: O(n + S).
    public mutating func deleteSections(_ sections: [SectionID]) {
        var doomed = [Bool](repeating: false, count: self.sections.count)
        var positions: [Int] = []
        for section in sections {
            let index = requiredIndex(ofSection: section)
            guard !doomed[index] else { continue }
            doomed[index] = true
            positions.append(contentsOf: flatRange(ofSection: index))
        }
        positions.sort()
        forget(items: positions.map { items[$0] })
        removeFlat(positions)
        // The doomed sections are empty now, so dropping their start entries keeps the others right.
        let kept = self.sections.indices.filter { !doomed[$0] }
        for index in self.sections.indices where doomed[index] {
            sectionIndexes[self.sections[index]] = nil
        }
        self.sections = ContiguousArray(kept.map { self.sections[$0] })
        sectionStarts = ContiguousArray(kept.map { sectionStarts[$0] } + [items.count])
        reindexSections(from: 0)
        reloadedSections.remove { sectionIndexes[$0] == nil }
    }

    /// Moves `section` with its items to just before `destination`.
    /// - Complexity: O(n + S).
    public mutating func moveSection(_ section: SectionID, beforeSection destination: SectionID) {
        moveSection(section, nextTo: destination, after: false)
    }

    /// Moves `section` with its items to just after `destination`.
    /// - Complexity: O(n + S).
    public mutating func moveSection(_ section: SectionID, afterSection destination: SectionID) {
        moveSection(section, nextTo: destination, after: true)
    }

    /// Marks `sections` for reload; `difference(from:)` reports them when they did not move.
    /// - Complexity: O(k).
    public mutating func reloadSections(_ sections: [SectionID]) {
        for section in sections {
            _ = requiredIndex(ofSection: section)
            reloadedSections.insert(section)
        }
    }

    // MARK: Items

    /// Adds `items`, without fingerprints, at the end of `section` (nil: the last section).
    /// - Complexity: O(k) amortized for the last section, else O(n + S).
    public mutating func appendItems(_ items: [ItemID], toSection section: SectionID? = nil) {
        appendItems(items, fingerprints: nil, toSection: section)
    }

    /// Adds `items` with the content fingerprints `fingerprints` (one per item, in order) at the end
    /// of `section` (nil: the last section).
    ///
    /// A fingerprint is any `Int` that changes when the item's content changes: a version, or a
    /// `hashValue` of the displayed value within one process. `difference(from:)` reports an item
    /// as reloaded when its fingerprint differs between the two snapshots.
    /// - Complexity: O(k) amortized for the last section, else O(n + S).
    public mutating func appendItems(_ items: [ItemID], fingerprints: [Int], toSection section: SectionID? = nil) {
        precondition(items.count == fingerprints.count, "appendItems needs one fingerprint per item")
        appendItems(items, fingerprints: fingerprints.map(Optional.some), toSection: section)
    }

    /// Adds `items`, without fingerprints, just before `item`, in its section.
    /// - Complexity: O(n + S).
    public mutating func insertItems(_ items: [ItemID], beforeItem item: ItemID) {
        insertItems(items, nextTo: item, after: false)
    }

    /// Adds `items`, without fingerprints, just after `item`, in its section.
    /// - Complexity: O(n + S).
    public mutating func insertItems(_ items: [ItemID], afterItem item: ItemID) {
        insertItems(items, nextTo: item, after: true)
    }

    /// Removes `items`.
    /// - Complexity: O(n + S) plus O(k·s) to find up to 8 items, or O(s) per section concerned
    ///   for more.
    public mutating func deleteItems(_ items: [ItemID]) {
        let positions = flatIndexes(ofItems: items)
        forget(items: positions.map { self.items[$0] })
        removeFlat(positions)
    }

    /// Removes every item and every section, as UIKit's `deleteAllItems()` does.
    /// - Complexity: O(1), the storage is released.
    public mutating func deleteAllItems() {
        self = DiffableSnapshot()
    }

    /// Moves `item` to just before `destination`, into its section; the fingerprint goes along.
    /// - Complexity: O(n + S).
    public mutating func moveItem(_ item: ItemID, beforeItem destination: ItemID) {
        moveItem(item, nextTo: destination, after: false)
    }

    /// Moves `item` to just after `destination`, into its section; the fingerprint goes along.
    /// - Complexity: O(n + S).
    public mutating func moveItem(_ item: ItemID, afterItem destination: ItemID) {
        moveItem(item, nextTo: destination, after: true)
    }

    /// Marks `items` for reload: their cells are recreated.
    /// - Complexity: O(k).
    public mutating func reloadItems(_ items: [ItemID]) {
        mark(items, in: \.reloadedItems, for: "reload")
    }

    /// Marks `items` for reconfiguration: their cells are updated in place.
    /// - Complexity: O(k).
    public mutating func reconfigureItems(_ items: [ItemID]) {
        mark(items, in: \.reconfiguredItems, for: "reconfigure")
    }

    /// Sets or clears the content fingerprint of `item`.
    /// - Complexity: O(s).
    public mutating func setFingerprint(_ fingerprint: Int?, ofItem item: ItemID) {
        fingerprints[requiredFlatIndex(ofItem: item)] = fingerprint
    }

    // MARK: Building blocks

    private mutating func insertSections(_ sections: [SectionID], at index: Int) {
        for section in sections where sectionIndexes.updateValue(index, forKey: section) != nil {
            preconditionFailure("section \(section) is already in the snapshot; section identifiers must be unique")
        }
        self.sections.insert(contentsOf: sections, at: index)
        sectionStarts.insert(contentsOf: repeatElement(sectionStarts[index], count: sections.count), at: index)
        reindexSections(from: index)
    }

    private mutating func moveSection(_ section: SectionID, nextTo destination: SectionID, after: Bool) {
        precondition(section != destination, "cannot move section \(section) next to itself")
        let from = requiredIndex(ofSection: section)
        let range = flatRange(ofSection: from)
        let movedItems = items[range]
        let movedFingerprints = fingerprints[range]
        removeFlat(Array(range))
        self.sections.remove(at: from)
        sectionStarts.remove(at: from)
        reindexSections(from: from)
        let to = requiredIndex(ofSection: destination) + (after ? 1 : 0)
        self.sections.insert(section, at: to)
        sectionStarts.insert(sectionStarts[to], at: to)
        reindexSections(from: min(from, to))
        insertFlat(movedItems, fingerprints: movedFingerprints, at: sectionStarts[to], section: to)
    }

    private mutating func appendItems(_ items: [ItemID], fingerprints: [Int?]?, toSection section: SectionID?) {
        let index: Int
        if let section {
            index = requiredIndex(ofSection: section)
        } else {
            precondition(
                !sections.isEmpty, "cannot append items to a snapshot without sections; append a section first")
            index = sections.count - 1
        }
        register(items, inSection: sections[index])
        let inserted = fingerprints ?? [Int?](repeating: nil, count: items.count)
        insertFlat(items, fingerprints: inserted, at: sectionStarts[index + 1], section: index)
    }

    private mutating func insertItems(_ items: [ItemID], nextTo anchor: ItemID, after: Bool) {
        let flat = requiredFlatIndex(ofItem: anchor)
        let section = sectionIndex(containingFlatIndex: flat)
        register(items, inSection: sections[section])
        let inserted = [Int?](repeating: nil, count: items.count)
        insertFlat(items, fingerprints: inserted, at: flat + (after ? 1 : 0), section: section)
    }

    private mutating func moveItem(_ item: ItemID, nextTo anchor: ItemID, after: Bool) {
        precondition(item != anchor, "cannot move item \(item) next to itself")
        let from = requiredFlatIndex(ofItem: item)
        let fingerprint = fingerprints[from]
        removeFlat([from])
        let to = requiredFlatIndex(ofItem: anchor)
        let section = sectionIndex(containingFlatIndex: to)
        itemSections[item] = sections[section]
        insertFlat([item], fingerprints: [fingerprint], at: to + (after ? 1 : 0), section: section)
    }

    private mutating func mark(
        _ items: [ItemID], in marks: WritableKeyPath<DiffableSnapshot, SnapshotMarks<ItemID>>, for action: String
    ) {
        for item in items {
            precondition(itemSections[item] != nil, "cannot \(action) item \(item): it is not in the snapshot")
            self[keyPath: marks].insert(item)
        }
    }

    /// Records `items` as members of `section`, refusing identifiers already present.
    private mutating func register(_ items: [ItemID], inSection section: SectionID) {
        for item in items {
            if let existing = itemSections.updateValue(section, forKey: item) {
                preconditionFailure(
                    "item \(item) is already in the snapshot (section \(existing)); item identifiers must be unique")
            }
        }
    }

    /// Drops `items` from the item dictionary and from the marks.
    private mutating func forget(items removed: [ItemID]) {
        for item in removed {
            itemSections[item] = nil
        }
        reloadedItems.remove { itemSections[$0] == nil }
        reconfiguredItems.remove { itemSections[$0] == nil }
    }

    /// Inserts items at flat index `flat`, which must lie in (or at the end of) section `section`.
    private mutating func insertFlat<Items: Collection, Prints: Collection>(
        _ inserted: Items, fingerprints insertedPrints: Prints, at flat: Int, section: Int
    ) where Items.Element == ItemID, Prints.Element == Int? {
        items.insert(contentsOf: inserted, at: flat)
        fingerprints.insert(contentsOf: insertedPrints, at: flat)
        for later in (section + 1)..<sectionStarts.count {
            sectionStarts[later] += inserted.count
        }
    }

    /// Removes the items at the ascending flat indexes `positions` in one pass.
    private mutating func removeFlat(_ positions: [Int]) {
        guard let first = positions.first else { return }
        var write = first
        var next = 0
        for read in first..<items.count {
            if next < positions.count, positions[next] == read {
                next += 1
                continue
            }
            items[write] = items[read]
            fingerprints[write] = fingerprints[read]
            write += 1
        }
        items.removeLast(items.count - write)
        fingerprints.removeLast(fingerprints.count - write)
        var removedBefore = 0
        for index in sectionStarts.indices {
            while removedBefore < positions.count, positions[removedBefore] < sectionStarts[index] {
                removedBefore += 1
            }
            sectionStarts[index] -= removedBefore
        }
    }

    /// The ascending, distinct flat indexes of `items`, each of which must be present.
    private func flatIndexes(ofItems items: [ItemID]) -> [Int] {
        if items.count <= 8 {
            return Array(Set(items.map(requiredFlatIndex))).sorted()
        }
        var wanted: Set<ItemID> = []
        var sectionsConcerned: Set<Int> = []
        for item in items {
            guard let section = itemSections[item], let index = sectionIndexes[section] else {
                preconditionFailure("item \(item) is not in the snapshot")
            }
            wanted.insert(item)
            sectionsConcerned.insert(index)
        }
        return sectionsConcerned.sorted().flatMap { index in
            flatRange(ofSection: index).filter { wanted.contains(self.items[$0]) }
        }
    }

    private mutating func reindexSections(from start: Int) {
        for index in start..<sections.count {
            sectionIndexes[sections[index]] = index
        }
    }
}

import Foundation

/// The sections and items of a table at one moment, as UIKit's `NSDiffableDataSourceSnapshot`.
///
/// Section and item identifiers are unique within a snapshot: adding one that is already present is
/// a precondition failure. An item may carry a *fingerprint* — a hash or version of its content —
/// so that `difference(from:)` reports items whose content changed (same identifier, different
/// fingerprint) as reloads without being told.
///
/// Items are kept in one flat array in display order, with the flat index where each section
/// starts, plus dictionaries from item to section and from section to index. Reading by position
/// is O(1); finding an item's position is O(s), a search within its section of s items; edits in
/// the middle shift the flat array, O(n), as `Array` does. Building a snapshot by appending
/// sections and appending items to the last section costs O(1) amortized per identifier.
public struct DiffableSnapshot<SectionID: Hashable, ItemID: Hashable> {
    /// Section identifiers in display order.
    @usableFromInline var sections: ContiguousArray<SectionID>
    /// `sectionStarts[s]` is the flat index of section `s`'s first item; the extra last entry is
    /// `items.count`, so section `s` holds `sectionStarts[s]..<sectionStarts[s + 1]`.
    @usableFromInline var sectionStarts: ContiguousArray<Int>
    /// Item identifiers of all sections, in display order.
    @usableFromInline var items: ContiguousArray<ItemID>
    /// The content fingerprint of each item, parallel to `items`; nil where none was given.
    @usableFromInline var fingerprints: ContiguousArray<Int?>
    @usableFromInline var sectionIndexes: [SectionID: Int]
    @usableFromInline var itemSections: [ItemID: SectionID]
    @usableFromInline var reloadedItems: SnapshotMarks<ItemID>
    @usableFromInline var reconfiguredItems: SnapshotMarks<ItemID>
    @usableFromInline var reloadedSections: SnapshotMarks<SectionID>

    /// An empty snapshot: no sections, no items.
    public init() {
        sections = []
        sectionStarts = [0]
        items = []
        fingerprints = []
        sectionIndexes = [:]
        itemSections = [:]
        reloadedItems = SnapshotMarks()
        reconfiguredItems = SnapshotMarks()
        reloadedSections = SnapshotMarks()
    }

    /// Makes room for `count` items in all, so that appending them does not grow the storage
    /// step by step (which rehashes the item table each time).
    /// - Complexity: O(n) for the current items.
    public mutating func reserveCapacity(items count: Int) {
        items.reserveCapacity(count)
        fingerprints.reserveCapacity(count)
        itemSections.reserveCapacity(count)
    }

    // MARK: Reading

    /// The number of items in all sections.
    /// - Complexity: O(1).
    public var numberOfItems: Int { items.count }

    /// The number of sections.
    /// - Complexity: O(1).
    public var numberOfSections: Int { sections.count }

    /// The section identifiers in display order.
    /// - Complexity: O(S), a copy.
    public var sectionIdentifiers: [SectionID] { Array(sections) }

    /// The item identifiers of all sections in display order.
    /// - Complexity: O(n), a copy.
    public var itemIdentifiers: [ItemID] { Array(items) }

    /// The item identifiers of `section` in display order; the section must be in the snapshot.
    /// - Complexity: O(s), a copy of the section's s items.
    public func itemIdentifiers(inSection section: SectionID) -> [ItemID] {
        Array(items[flatRange(ofSection: requiredIndex(ofSection: section))])
    }

    /// The number of items in `section`; the section must be in the snapshot.
    /// - Complexity: O(1).
    public func numberOfItems(inSection section: SectionID) -> Int {
        flatRange(ofSection: requiredIndex(ofSection: section)).count
    }

    /// The position of `item` among all items of the snapshot (as in `itemIdentifiers`), or nil.
    /// - Complexity: O(s), a search within the item's section.
    public func indexOfItem(_ item: ItemID) -> Int? {
        flatIndex(ofItem: item)
    }

    /// The position of `section` among the sections, or nil.
    /// - Complexity: O(1).
    public func indexOfSection(_ section: SectionID) -> Int? {
        sectionIndexes[section]
    }

    /// The section holding `item`, or nil if the item is not in the snapshot.
    /// - Complexity: O(1).
    public func sectionIdentifier(containingItem item: ItemID) -> SectionID? {
        itemSections[item]
    }

    /// The content fingerprint given for `item`, or nil if it has none; the item must be present.
    /// - Complexity: O(s), a search within the item's section.
    public func fingerprint(ofItem item: ItemID) -> Int? {
        fingerprints[requiredFlatIndex(ofItem: item)]
    }

    /// The items marked by `reloadItems(_:)`, in the order first marked.
    /// - Complexity: O(1); the marks are kept as an array.
    public var reloadedItemIdentifiers: [ItemID] { reloadedItems.ordered }

    /// The items marked by `reconfigureItems(_:)`, in the order first marked.
    /// - Complexity: O(1); the marks are kept as an array.
    public var reconfiguredItemIdentifiers: [ItemID] { reconfiguredItems.ordered }

    /// The sections marked by `reloadSections(_:)`, in the order first marked.
    /// - Complexity: O(1); the marks are kept as an array.
    public var reloadedSectionIdentifiers: [SectionID] { reloadedSections.ordered }

    // MARK: Positions

    /// The flat indexes of section `index`'s items.
    @inlinable
    func flatRange(ofSection index: Int) -> Range<Int> {
        sectionStarts[index]..<sectionStarts[index + 1]
    }

    /// The index of the section holding flat index `flat`, skipping empty sections.
    /// - Complexity: O(log S).
    @inlinable
    func sectionIndex(containingFlatIndex flat: Int) -> Int {
        var cursor = SectionCursor(sectionStarts: sectionStarts)
        return cursor.section(containing: flat)
    }

    /// The flat index of `item`, or nil.
    /// - Complexity: O(s).
    @usableFromInline
    func flatIndex(ofItem item: ItemID) -> Int? {
        guard let section = itemSections[item], let index = sectionIndexes[section] else { return nil }
        return items[flatRange(ofSection: index)].firstIndex(of: item)
    }

    func requiredIndex(ofSection section: SectionID) -> Int {
        guard let index = sectionIndexes[section] else {
            preconditionFailure("section \(section) is not in the snapshot")
        }
        return index
    }

    func requiredFlatIndex(ofItem item: ItemID) -> Int {
        guard let flat = flatIndex(ofItem: item) else {
            preconditionFailure("item \(item) is not in the snapshot")
        }
        return flat
    }
}

extension DiffableSnapshot: Equatable {
    /// Snapshots are equal when they hold the same sections and items in the same order, with the
    /// same fingerprints and the same reload and reconfigure marks.
    /// - Complexity: O(n + S).
    public static func == (lhs: DiffableSnapshot, rhs: DiffableSnapshot) -> Bool {
        lhs.sections == rhs.sections && lhs.sectionStarts == rhs.sectionStarts && lhs.items == rhs.items
            && lhs.fingerprints == rhs.fingerprints && lhs.reloadedItems == rhs.reloadedItems
            && lhs.reconfiguredItems == rhs.reconfiguredItems && lhs.reloadedSections == rhs.reloadedSections
    }
}

extension DiffableSnapshot: CustomStringConvertible {
    /// Each section with its items, e.g. `[A: a b | B: c]`; fingerprints are not shown.
    public var description: String {
        let parts = sections.indices.map { index in
            (["\(sections[index]):"] + items[flatRange(ofSection: index)].map { "\($0)" }).joined(separator: " ")
        }
        return "[" + parts.joined(separator: " | ") + "]"
    }
}

extension DiffableSnapshot: Sendable where SectionID: Sendable, ItemID: Sendable {}

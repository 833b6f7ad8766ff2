import Foundation
import TodoCore

/// A plain model of a snapshot's sections, items and fingerprints, edited with array operations,
/// to build random snapshot pairs and to check the snapshot's own editing against.
struct SnapshotModel: Equatable {
    struct Item: Equatable {
        var id: Int
        var fingerprint: Int?
    }

    struct Section: Equatable {
        var id: Int
        var items: [Item]
    }

    var sections: [Section] = []

    var allItems: [Item] { sections.flatMap(\.items) }

    /// The snapshot holding the model's sections, items and fingerprints, without marks.
    func snapshot() -> DiffableSnapshot<Int, Int> {
        var result = DiffableSnapshot<Int, Int>()
        for section in sections {
            result.appendSections([section.id])
            let plain = section.items.filter { $0.fingerprint == nil }.map(\.id)
            if plain.count == section.items.count {
                result.appendItems(plain)
            } else {
                // Mixed sections go item by item, to keep the items without fingerprint plain.
                for item in section.items {
                    if let fingerprint = item.fingerprint {
                        result.appendItems([item.id], fingerprints: [fingerprint])
                    } else {
                        result.appendItems([item.id])
                    }
                }
            }
        }
        return result
    }

    /// The model of `snapshot`'s sections, items and fingerprints.
    init(_ snapshot: DiffableSnapshot<Int, Int>) {
        sections = snapshot.sectionIdentifiers.map { section in
            Section(
                id: section,
                items: snapshot.itemIdentifiers(inSection: section).map {
                    Item(id: $0, fingerprint: snapshot.fingerprint(ofItem: $0))
                })
        }
    }

    init() {}

    /// Where `item` is, as (section index, row).
    func location(of item: Int) -> (section: Int, row: Int)? {
        for (index, section) in sections.enumerated() {
            if let row = section.items.firstIndex(where: { $0.id == item }) {
                return (index, row)
            }
        }
        return nil
    }

    /// Removes and returns `item`.
    mutating func remove(_ item: Int) -> Item? {
        guard let (section, row) = location(of: item) else { return nil }
        return sections[section].items.remove(at: row)
    }
}

/// Fresh identifiers for items and sections; one counter for both keeps them apart in messages.
struct IdentifierSource {
    private var next = 0

    mutating func make() -> Int {
        next += 1
        return next
    }

    mutating func make(_ count: Int) -> [Int] {
        (0..<count).map { _ in make() }
    }
}

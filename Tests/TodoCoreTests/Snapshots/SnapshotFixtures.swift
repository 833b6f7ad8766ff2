import Foundation
import TodoCore

/// Snapshots of named sections and items, for tests that spell out their cases.
typealias LetterSnapshot = DiffableSnapshot<String, String>

/// A snapshot of `sections` in order, e.g. `snapshot(["A": ["a", "b"], "B": []])`.
func snapshot(_ sections: KeyValuePairs<String, [String]>) -> LetterSnapshot {
    var result = LetterSnapshot()
    for (section, items) in sections {
        result.appendSections([section])
        result.appendItems(items, toSection: section)
    }
    return result
}

/// The index path of row `item` in `section`.
func path(_ section: Int, _ item: Int) -> IndexPath {
    IndexPath(item: item, section: section)
}

/// The sections and items of `snapshot` as nested arrays, for comparing with a model.
func contents<SectionID, ItemID>(of snapshot: DiffableSnapshot<SectionID, ItemID>) -> [(SectionID, [ItemID])] {
    snapshot.sectionIdentifiers.map { ($0, snapshot.itemIdentifiers(inSection: $0)) }
}

import Foundation

/// UIKit's two-level vocabulary for `IndexPath` (section, item), which Foundation on Linux lacks.
///
/// Used by the fetched-results controller, snapshot differences and the table view alike.
extension IndexPath {
    /// A path to `item` in `section`.
    ///
    /// Built by appending rather than from an array literal, which allocates; differences
    /// create one path per changed row.
    @usableFromInline package init(item: Int, section: Int) {
        self.init(index: section)
        append(item)
    }

    /// The section index; the path must have two indexes.
    package var section: Int {
        precondition(count == 2, "a table index path has exactly two indexes")
        return self[0]
    }

    /// The row within the section; the path must have two indexes.
    package var item: Int {
        precondition(count == 2, "a table index path has exactly two indexes")
        return self[1]
    }

    /// The same as `item`, UITableView's name.
    package var row: Int { item }
}

import Foundation
import TodoCore

/// Shows a fetched-results controller's sections and items in a `TableView`.
///
/// Rows are `  [ ] text` or `  [x] text` (indented under their day): the item's colour on its text, done items dimmed with a
/// tick so they read as finished in any terminal (ncurses has no strikethrough). Every call is
/// O(log n) in the number of items, so drawing costs the same at any list size.
final class ItemTableDataSource: TableViewDataSource {
    let controller: FetchedResultsController

    init(controller: FetchedResultsController) {
        self.controller = controller
    }

    func numberOfSections() -> Int {
        controller.numberOfSections
    }

    func numberOfRows(inSection section: Int) -> Int {
        controller.numberOfItems(inSection: section)
    }

    func titleForHeader(inSection section: Int) -> String? {
        controller.sectionTitle(at: section)
    }

    func identityForRow(at indexPath: IndexPath) -> AnyHashable {
        controller.item(at: indexPath).id
    }

    func indexPathForRow(withIdentity identity: AnyHashable) -> IndexPath? {
        (identity.base as? UUID).flatMap(controller.indexPath(forItemWithID:))
    }

    func cellForRow(at indexPath: IndexPath) -> RowCell {
        Self.cell(for: controller.item(at: indexPath))
    }

    /// The row of one item.
    static func cell(for item: TodoItem) -> RowCell {
        let textStyle = CellStyle(foreground: item.color, attributes: item.isDone ? .dim : [])
        let mark = item.isDone ? "  [x] " : "  [ ] "
        return RowCell([
            RowCell.Span(mark, style: CellStyle(attributes: item.isDone ? .dim : [])),
            RowCell.Span(item.text, style: textStyle),
        ])
    }
}

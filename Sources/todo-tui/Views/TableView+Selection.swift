import Foundation

extension TableView {
    /// Selects the row at `path`, which must exist, and scrolls to keep it visible with the
    /// scroll margin.
    /// - Complexity: O(h + log s) and at most h data-source calls for h lines and s sections.
    func selectRow(at path: IndexPath) {
        precondition(
            layout.contains(path),
            "selectRow(at:) names row \(path.row) of section \(path.section), which is not in the table.")
        move(to: path)
    }

    /// Selects the row of the item with `identity`, where the data source finds it
    /// (`indexPathForRow(withIdentity:)`), e.g. an item the app has just added.
    /// - Returns: whether the item was found; the selection is unchanged when it was not.
    @discardableResult
    func selectRow(withIdentity identity: AnyHashable) -> Bool {
        guard let path = dataSource?.indexPathForRow(withIdentity: identity), layout.contains(path) else {
            return false
        }
        move(to: path)
        return true
    }

    /// Selects the next row in reading order (across sections); stays on the last row.
    func selectNext() {
        move(to: selectedIndexPath.flatMap(layout.row(after:)))
    }

    /// Selects the previous row in reading order (across sections); stays on the first row.
    func selectPrevious() {
        move(to: selectedIndexPath.flatMap(layout.row(before:)))
    }

    /// Selects the first row.
    func selectFirst() {
        move(to: layout.firstRow)
    }

    /// Selects the last row.
    func selectLast() {
        move(to: layout.lastRow)
    }

    /// Moves the selection and the view down by a page: the viewport's height less the line a
    /// sticky header takes and one line of context. Stays on the last row at the end.
    func pageDown() {
        page(by: pageSize)
    }

    /// Moves the selection and the view up by a page; stays on the first row at the top.
    func pageUp() {
        page(by: -pageSize)
    }

    /// The number of lines a page moves.
    var pageSize: Int { max(1, height - 2) }

    private func page(by lines: Int) {
        guard let selected = selectedIndexPath else { return }
        let target = layout.line(of: selected) + lines
        let row =
            lines > 0
            ? layout.row(atOrAfterLine: target) ?? layout.lastRow
            : layout.row(atOrBeforeLine: target) ?? layout.firstRow
        let offset = min(max(contentOffset + lines, 0), layout.maxOffset(height: height))
        guard let row else { return }
        scroll(to: offset)
        move(to: row)
    }

    /// Selects `path` (nothing happens for `nil`), scrolling as needed; an animation running
    /// while the view scrolls is finished first.
    private func move(to path: IndexPath?) {
        precondition(updateDepth == 0, "The selection cannot change inside an update block.")
        guard let path else { return }
        let offset = layout.offset(
            showing: layout.line(of: path), from: contentOffset, height: height, margin: scrollMargin)
        if offset != contentOffset { finishAnimation() }
        show(path)
    }

    /// Scrolls to `offset`, finishing a running animation when the view moves.
    private func scroll(to offset: Int) {
        guard offset != contentOffset else { return }
        finishAnimation()
        viewport.offset = offset
    }
}

import Foundation
import TodoCore

/// A scrolling list of sectioned rows for the terminal, with `UITableView`'s batch updates and
/// frame-computed animations.
///
/// The table reads its content from a `TableViewDataSource` and keeps, besides one entry per
/// section, only what the viewport shows. It keeps a selection that follows its item across
/// updates, scrolls to keep the selection visible, and pins the header of the top section to
/// the first line.
///
/// Contracts:
/// - A row is selected whenever the table has rows; `selectedIndexPath` is `nil` only when it
///   has none. Section headers are never selected.
/// - Updates go between `beginUpdates()` and `endUpdates()` (nestable); when the outermost
///   `endUpdates()` runs, the data source must already describe the state after the batch. A
///   batch that breaks `UITableView`'s rules is reported to the log sink and the table reloads
///   its data; it never traps.
/// - With animations on, `endUpdates()` computes the whole animation as `animationFrames`; the
///   run loop shows one frame every `frameInterval` and calls `advanceAnimation()`. Any later
///   change of content, size or scroll position first finishes the running animation.
/// - Selection, scrolling and sizing must not be changed inside an update block.
final class TableView {
    /// The source of sections and rows. The table keeps it alive (unlike UIKit), so a data
    /// source that refers back to the table must do so weakly. Changing it calls for
    /// `reloadData()`.
    var dataSource: (any TableViewDataSource)?
    /// Whether `endUpdates()` animates; the app turns it off for `--no-animation` and
    /// `TODO_TUI_NO_ANIMATION=1`.
    var animationsEnabled = true
    /// The style of section header lines.
    var headerStyle = CellStyle(attributes: .bold)
    /// The colour of the selection's reverse-video bar; `.default` reverses each span's own.
    var selectionColor = TerminalColor.default
    /// Lines of context kept above and below the selection when scrolling, where possible.
    var scrollMargin = 2
    /// The time between two animation frames: 10 frames of 20 ms make a 200 ms animation.
    let frameInterval: Duration = .milliseconds(20)
    /// The number of frames of an animation that needs all three phases (exit, travel, entry).
    var frameCount = 10 {
        didSet { precondition(frameCount >= 3, "An animation needs at least 3 frames, not \(frameCount).") }
    }

    // The state below is read by clients and set only by the table's own extensions.

    /// The viewport's width in columns.
    var width: Int
    /// The viewport at rest (after the running animation, if any).
    var viewport: TableViewport
    /// The selected row, `nil` only when the table has no rows.
    var selectedIndexPath: IndexPath?
    /// The identity of the selected row's item.
    var selectedIdentity: AnyHashable?
    /// The frames of the running animation; empty when none runs.
    var animationFrames: [TableFrame] = []
    /// The index in `animationFrames` of the frame on screen.
    var animationFrameIndex = 0

    /// The sink of batches refused by `endUpdates()`.
    let log: (BatchUpdateError) -> Void
    /// The number of open update blocks.
    var updateDepth = 0
    /// The operations recorded in the open update block.
    var pendingBatch = TableUpdateBatch()

    /// A table of `width` × `height` cells showing `dataSource`'s content.
    /// - Parameters:
    ///   - dataSource: the content; read at once (see `reloadData()`).
    ///   - width: columns, at least 0.
    ///   - height: lines, at least 0.
    ///   - log: receives every batch refused by `endUpdates()`.
    init(dataSource: (any TableViewDataSource)?, width: Int, height: Int, log: @escaping (BatchUpdateError) -> Void) {
        precondition(width >= 0 && height >= 0, "A table size is not negative: \(width)x\(height).")
        self.dataSource = dataSource
        self.width = width
        self.viewport = TableViewport(height: height)
        self.log = log
        reloadData()
    }

    /// The viewport's height in lines.
    var height: Int { viewport.height }

    /// The content line shown on the top line.
    var contentOffset: Int { viewport.offset }

    /// The current layout: sections with titles and row counts.
    var layout: TableLayout { viewport.layout }

    /// The rows on screen at rest, top to bottom.
    var indexPathsForVisibleRows: [IndexPath] { viewport.visibleRows }

    /// Re-reads everything from the data source, without animation.
    ///
    /// Reads the number of sections and each section's row count and title, then identities and
    /// cells of the visible rows only. The selection stays on its item when the data source can
    /// find it (`indexPathForRow(withIdentity:)`), else on the nearest valid path.
    /// - Complexity: O(s + h log s) and s + h data-source calls for s sections and h lines.
    func reloadData() {
        precondition(updateDepth == 0, "reloadData() inside an update block.")
        finishAnimation()
        let sections = (0..<(dataSource?.numberOfSections() ?? 0)).map { section in
            TableLayout.Section(
                title: dataSource?.titleForHeader(inSection: section),
                rowCount: dataSource?.numberOfRows(inSection: section) ?? 0)
        }
        let layout = TableLayout(sections: sections)
        let found = selectedIdentity.flatMap { dataSource?.indexPathForRow(withIdentity: $0) }.flatMap {
            layout.contains($0) ? $0 : nil
        }
        let selection = found ?? selectedIndexPath.flatMap { nearestRow(to: $0, in: layout) } ?? layout.firstRow
        viewport = TableViewport(layout: layout, offset: viewport.offset, height: viewport.height)
        show(selection)
    }

    /// Changes the viewport's size and lays the table out again at once, finishing a running
    /// animation first; the selection stays visible.
    /// - Complexity: O(h log s) and at most h data-source calls for h lines and s sections.
    func setSize(width: Int, height: Int) {
        precondition(updateDepth == 0, "setSize(width:height:) inside an update block.")
        precondition(width >= 0 && height >= 0, "A table size is not negative: \(width)x\(height).")
        finishAnimation()
        self.width = width
        viewport.height = height
        show(selectedIndexPath)
    }

    /// Selects `path` (or nothing), scrolls to keep it visible, and loads the visible rows.
    func show(_ path: IndexPath?) {
        selectedIndexPath = path
        if let path {
            viewport.offset = viewport.layout.offset(
                showing: viewport.layout.line(of: path), from: viewport.offset,
                height: viewport.height, margin: scrollMargin)
        } else {
            viewport.offset = min(viewport.offset, viewport.layout.maxOffset(height: viewport.height))
        }
        viewport.load(fetchRow)
        selectedIdentity = path.map { viewport.rows[$0]?.identity ?? fetchRow($0).identity }
    }

    /// Reads a row's identity and cell from the data source.
    func fetchRow(_ path: IndexPath) -> TableViewport.Row {
        guard let dataSource else { preconditionFailure("The table read a row without a data source.") }
        return TableViewport.Row(identity: dataSource.identityForRow(at: path), cell: dataSource.cellForRow(at: path))
    }

    /// The row at `path` if it exists in `layout`, else the nearest row before it in reading
    /// order, else the first row.
    private func nearestRow(to path: IndexPath, in layout: TableLayout) -> IndexPath? {
        if layout.contains(path) { return path }
        guard layout.sections.indices.contains(path.section) else { return layout.lastRow }
        let count = layout.sections[path.section].rowCount
        if count > 0 { return IndexPath(item: count - 1, section: path.section) }
        return layout.row(atOrBeforeLine: layout.starts[path.section] - 1) ?? layout.firstRow
    }
}

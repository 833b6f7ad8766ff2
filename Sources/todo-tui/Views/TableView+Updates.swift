import Foundation

extension TableView {
    /// Opens a batch of updates (nestable); the batch is applied by the outermost `endUpdates()`.
    /// A running animation is finished at once, so the batch starts from the table at rest.
    func beginUpdates() {
        if updateDepth == 0 { finishAnimation() }
        updateDepth += 1
    }

    /// Closes a batch; the outermost call validates and applies it.
    ///
    /// The batch is checked against the data source as `UITableView` checks it (see
    /// `TableUpdateMapping`). A valid batch moves the table to the data source's new state: the
    /// selection follows its item (or, when the item is gone, goes to the row that took its
    /// place, else the one before), the scroll offset stays where it was unless the selection
    /// must be kept visible, and with animations on `animationFrames` holds the animation from
    /// the old picture to the new one. An invalid batch is reported to the log sink and the
    /// table reloads its data, without animation.
    /// - Complexity: O(s + h log s + k log k) for s sections, h lines and k operations; data
    ///   source calls: one row count per section, one title per inserted or reloaded section,
    ///   and the rows that become visible, are reloaded or moved on screen.
    func endUpdates() {
        precondition(updateDepth > 0, "endUpdates() without beginUpdates().")
        updateDepth -= 1
        guard updateDepth == 0 else { return }
        let batch = pendingBatch
        pendingBatch = TableUpdateBatch()
        guard let dataSource else {
            reloadData()
            return
        }
        let counts = (0..<dataSource.numberOfSections()).map(dataSource.numberOfRows(inSection:))
        let mapping: TableUpdateMapping
        do {
            mapping = try TableUpdateMapping(batch: batch, before: layout, after: counts)
        } catch {
            log(error)
            reloadData()
            return
        }
        apply(mapping, counts: counts, dataSource: dataSource)
    }

    /// Runs `updates` between `beginUpdates()` and `endUpdates()`.
    func performBatchUpdates(_ updates: () -> Void) {
        beginUpdates()
        updates()
        endUpdates()
    }

    /// Inserts rows at their paths after the batch.
    func insertRows(at paths: [IndexPath], with animation: RowAnimation) {
        record { $0.insertRows(at: paths, with: animation) }
    }

    /// Deletes rows at their paths before the batch.
    func deleteRows(at paths: [IndexPath], with animation: RowAnimation) {
        record { $0.deleteRows(at: paths, with: animation) }
    }

    /// Reloads rows at their paths before the batch: the items stay, their content is read again.
    func reloadRows(at paths: [IndexPath], with animation: RowAnimation) {
        record { $0.reloadRows(at: paths, with: animation) }
    }

    /// Moves a row from its path before the batch to its path after it.
    func moveRow(at source: IndexPath, to destination: IndexPath) {
        record { $0.moveRow(at: source, to: destination) }
    }

    /// Inserts sections at their indexes after the batch.
    func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { $0.insertSections(sections, with: animation) }
    }

    /// Deletes sections at their indexes before the batch.
    func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { $0.deleteSections(sections, with: animation) }
    }

    /// Reloads sections at their indexes before the batch: each is replaced, header and rows.
    func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { $0.reloadSections(sections, with: animation) }
    }

    /// Records an operation; outside an update block it forms a batch of its own, as in UIKit.
    private func record(_ operation: (inout TableUpdateBatch) -> Void) {
        beginUpdates()
        operation(&pendingBatch)
        endUpdates()
    }

    /// Moves the table to the state after a validated batch.
    private func apply(_ mapping: TableUpdateMapping, counts: [Int], dataSource: any TableViewDataSource) {
        let old = viewport
        let sections = counts.indices.map { section in
            TableLayout.Section(
                title: mapping.oldSection(forNew: section).map { old.layout.sections[$0].title }
                    ?? dataSource.titleForHeader(inSection: section),
                rowCount: counts[section])
        }
        let layout = TableLayout(sections: sections)
        let selection = followingSelection(through: mapping, before: old.layout, after: layout)
        viewport = TableViewport(
            layout: layout, offset: old.offset, height: old.height, rows: carriedRows(of: old, through: mapping))
        show(selection)
        if animationsEnabled {
            animationFrames = TableAnimation(from: old, to: viewport, mapping: mapping, width: width, fetch: fetchRow)
                .frames(frameCount: frameCount)
            animationFrameIndex = 0
        }
    }

    /// The loaded rows of `old` that keep their content, at their new paths: rows neither
    /// deleted, reloaded nor moved.
    private func carriedRows(
        of old: TableViewport, through mapping: TableUpdateMapping
    ) -> [IndexPath: TableViewport.Row] {
        var rows: [IndexPath: TableViewport.Row] = [:]
        for (path, row) in old.rows where mapping.exitAnimation(forOld: path) == nil && mapping.batch.moves[path] == nil
        {
            if let destination = mapping.newPath(forOld: path) { rows[destination] = row }
        }
        return rows
    }

    /// Where the selection goes after a batch: its item's new path; else where the data source
    /// finds the item; else the first row after it that the batch leaves in place, or the last
    /// one before it; else the first row (`nil` when the table is empty).
    private func followingSelection(
        through mapping: TableUpdateMapping, before: TableLayout, after: TableLayout
    ) -> IndexPath? {
        guard let selected = selectedIndexPath else { return after.firstRow }
        if let path = mapping.newPath(forOld: selected) { return path }
        if let identity = selectedIdentity, let path = dataSource?.indexPathForRow(withIdentity: identity),
            after.contains(path)
        {
            return path
        }
        let neighbour =
            mapping.stationaryRow(after: selected, in: before) ?? mapping.stationaryRow(before: selected, in: before)
        return neighbour.flatMap(mapping.newPath(forOld:)) ?? after.firstRow
    }
}

import Foundation

extension TableLayout {
    /// The first row, or `nil` when the table has no rows.
    var firstRow: IndexPath? { row(atOrAfterLine: 0) }

    /// The last row, or `nil` when the table has no rows.
    var lastRow: IndexPath? { row(atOrBeforeLine: lineCount - 1) }

    /// The row after `path` in reading order, across sections; `nil` after the last row.
    /// - Complexity: O(log s) plus the empty sections skipped.
    func row(after path: IndexPath) -> IndexPath? {
        row(atOrAfterLine: line(of: path) + 1)
    }

    /// The row before `path` in reading order, across sections; `nil` before the first row.
    /// - Complexity: O(log s) plus the empty sections skipped.
    func row(before path: IndexPath) -> IndexPath? {
        row(atOrBeforeLine: line(of: path) - 1)
    }

    /// The first row on or below content line `line` (headers are skipped); `nil` when none.
    /// - Complexity: O(log s) plus the empty sections skipped.
    func row(atOrAfterLine line: Int) -> IndexPath? {
        guard line < lineCount else { return nil }
        if case .row(let path) = content(atLine: max(line, 0)) { return path }
        var section = section(containingLine: max(line, 0))
        while section < sections.count {
            if sections[section].rowCount > 0 { return IndexPath(item: 0, section: section) }
            section += 1
        }
        return nil
    }

    /// The last row on or above content line `line` (headers are skipped); `nil` when none.
    /// - Complexity: O(log s) plus the empty sections skipped.
    func row(atOrBeforeLine line: Int) -> IndexPath? {
        guard line >= 0, lineCount > 0 else { return nil }
        if case .row(let path) = content(atLine: min(line, lineCount - 1)) { return path }
        var section = section(containingLine: min(line, lineCount - 1)) - 1
        while section >= 0 {
            let count = sections[section].rowCount
            if count > 0 { return IndexPath(item: count - 1, section: section) }
            section -= 1
        }
        return nil
    }
}

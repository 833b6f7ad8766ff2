extension Screen {
    /// The columns of `row` that differ from the same row of `previous`, or `nil` if none do.
    ///
    /// The range runs from the first to the last differing cell and is widened to whole wide
    /// characters (a changed continuation brings in its lead, a changed lead its continuation),
    /// so redrawing exactly these columns brings a terminal showing `previous` up to date.
    /// - Parameters:
    ///   - row: the row to compare.
    ///   - previous: a screen of the same size.
    /// - Complexity: O(columns).
    func changedColumns(inRow row: Int, comparedTo previous: Screen) -> Range<Int>? {
        precondition(previous.size == size, "Screens of sizes \(size) and \(previous.size) cannot be compared by row.")
        precondition((0..<rows).contains(row), "Row \(row) is outside a \(size) screen.")
        let span = row * columns..<(row + 1) * columns
        guard let first = span.first(where: { cells[$0] != previous.cells[$0] }),
            let last = span.last(where: { cells[$0] != previous.cells[$0] })
        else {
            return nil
        }
        var lower = first - span.lowerBound
        var upper = last - span.lowerBound + 1
        if cells[first].isContinuation {
            lower -= 1
        }
        if cells[last].width == 2 {
            upper += 1
        }
        return lower..<upper
    }
}

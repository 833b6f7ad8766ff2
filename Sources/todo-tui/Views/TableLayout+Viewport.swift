import Foundation

extension TableLayout {
    /// The largest scroll offset for a viewport of `height` lines: the last line at the bottom.
    func maxOffset(height: Int) -> Int {
        max(0, lineCount - height)
    }

    /// The section whose header sticks to the top line of a viewport, or `nil`.
    ///
    /// A header sticks when the top line shows a row of a section that has a title: the header
    /// is drawn over that row, which is then hidden. It does not when the next line is already
    /// a header (the sticky one would head nothing), nor in a one-line viewport,
    /// whose single line must be able to show the selection.
    func stickySection(offset: Int, height: Int) -> Int? {
        guard height >= 2, (0..<lineCount).contains(offset),
            case .row(let path) = content(atLine: offset),
            sections[path.section].title != nil,
            !isHeader(offset + 1)
        else { return nil }
        return path.section
    }

    private func isHeader(_ line: Int) -> Bool {
        guard line < lineCount, case .header = content(atLine: line) else { return false }
        return true
    }

    /// The screen line (from the viewport's top) where a section's header is drawn: 0 when it
    /// sticks, else its content line minus the offset (possibly off screen). `nil` without title.
    func displayedHeaderLine(ofSection section: Int, offset: Int, height: Int) -> Int? {
        guard let line = headerLine(ofSection: section) else { return nil }
        return stickySection(offset: offset, height: height) == section ? 0 : line - offset
    }

    /// The rows a viewport shows, top to bottom (a row hidden under a sticky header excluded).
    /// - Complexity: O(h + log s) for a viewport of h lines.
    func visibleRows(offset: Int, height: Int) -> [IndexPath] {
        let covered = stickySection(offset: offset, height: height) != nil
        let lines = (covered ? offset + 1 : offset)..<min(offset + height, lineCount)
        guard !lines.isEmpty else { return [] }
        var rows: [IndexPath] = []
        rows.reserveCapacity(lines.count)
        var section = self.section(containingLine: lines.lowerBound)
        for line in lines {
            while starts[section + 1] <= line { section += 1 }
            let row = line - starts[section] - (sections[section].title == nil ? 0 : 1)
            if row >= 0 { rows.append(IndexPath(item: row, section: section)) }
        }
        return rows
    }

    /// The sections whose headers a viewport shows (the sticky one included).
    /// - Complexity: O(h + log s) for a viewport of h lines.
    func visibleHeaders(offset: Int, height: Int) -> [Int] {
        let lines = offset..<min(offset + height, lineCount)
        guard !lines.isEmpty else { return [] }
        var headers = stickySection(offset: offset, height: height).map { [$0] } ?? []
        var section = self.section(containingLine: lines.lowerBound)
        while section < sections.count, starts[section] < lines.upperBound {
            if let line = headerLine(ofSection: section), lines.contains(line) { headers.append(section) }
            section += 1
        }
        return headers
    }

    /// The offset nearest to `offset` that shows content line `line` with `margin` lines of
    /// context above and below it where the content allows, and clear of a sticky header.
    ///
    /// The margin shrinks in small viewports so that the conditions can always hold; the
    /// result is clamped to `0...maxOffset(height:)`, which keeps the line visible.
    /// - Complexity: O(1).
    func offset(showing line: Int, from offset: Int, height: Int, margin: Int) -> Int {
        guard height > 0 else { return 0 }
        let reserve = height >= 2 ? 1 : 0
        let margin = max(0, min(margin, (height - 1 - reserve) / 2))
        let lowest = line - (height - 1 - margin)
        let highest = line - margin - reserve
        let result = min(max(min(max(offset, lowest), highest), 0), maxOffset(height: height))
        guard showsRowWithoutHeader(offset: result, height: height) else { return result }
        // One line up brings the row's own header back (stuck or in place), unless the line
        // would fall off the bottom; one line down starts the view at the next header instead.
        if result > 0, line <= result - 1 + height - 1 - margin {
            return result - 1
        }
        return line > result ? result + 1 : result
    }

    /// True when the top line shows a titled section's row with no header for it: the row
    /// is its section's last and the next line is already the next header, so no header sticks.
    private func showsRowWithoutHeader(offset: Int, height: Int) -> Bool {
        guard height >= 2, (0..<lineCount).contains(offset), case .row(let path) = content(atLine: offset) else {
            return false
        }
        return sections[path.section].title != nil && stickySection(offset: offset, height: height) == nil
    }
}

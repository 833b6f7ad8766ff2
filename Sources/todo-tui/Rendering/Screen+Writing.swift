extension Screen {
    /// What `write` does with text wider than its space.
    enum Overflow: Sendable {
        /// Cut at the limit.
        case clip
        /// End in "…" at the last column of the space when text is left over.
        case ellipsis
    }

    /// Writes text on one row from `column`, inert and clipped, and returns the columns used.
    ///
    /// The text is drawn as `InertText` glyphs (controls, bidi controls and zero-width runs made
    /// visible) in `style`, into the columns from `column` up to `column + maxWidth` and the right
    /// edge, whichever comes first:
    /// - a wide character is never split: when only its first column is left, that column gets
    ///   a space in `style` and drawing stops;
    /// - with `.ellipsis`, text that does not fit ends with "…" in the last column it reaches
    ///   (the character there, narrow or wide, gives way to it);
    /// - `column` may be negative (a row sliding in from the left): what falls left of column 0
    ///   is skipped, and a wide character straddling column 0 leaves a space there;
    /// - a row outside the screen draws nothing.
    /// Cells the text does not reach keep their content. A wide character that is partly
    /// overwritten loses its other half too, which becomes a space in its old style.
    ///
    /// - Parameters:
    ///   - text: any text; it is not trusted.
    ///   - row: the row, from 0.
    ///   - column: the first column; may be negative or beyond the right edge.
    ///   - style: the style of every cell written.
    ///   - maxWidth: at most this many columns from `column`; `nil` means up to the right edge.
    ///   - overflow: `.clip` or `.ellipsis`.
    /// - Returns: the number of on-screen columns written, from `max(column, 0)` to the last
    ///   cell written, padding and "…" included; 0 when nothing is visible.
    /// - Complexity: O(w + c) for the w columns written and c columns skipped left of the
    ///   screen; characters beyond the limit are not read (one look-ahead decides the "…").
    @discardableResult
    mutating func write<Text: StringProtocol>(
        _ text: Text,
        row: Int,
        column: Int,
        style: CellStyle = .plain,
        maxWidth: Int? = nil,
        overflow: Overflow = .clip
    ) -> Int {
        let start = max(column, 0)
        let end = limit(from: column, maxWidth: maxWidth)
        guard (0..<rows).contains(row), start < end else {
            return 0
        }
        var x = column
        var lastGlyphStart: Int?
        for glyph in InertText.glyphs(text) {
            if x + glyph.width > end {
                x =
                    overflow == .ellipsis
                    ? placeEllipsis(row: row, at: x, end: end, lastGlyphStart: lastGlyphStart, style: style)
                    : padSplitCharacter(row: row, at: x, end: end, style: style)
                break
            }
            if x >= 0 {
                put(glyph, row: row, column: x, style: style)
                lastGlyphStart = x
            } else if x + glyph.width > 0 {
                put(.space, row: row, column: 0, style: style)
            }
            x += glyph.width
        }
        return max(0, x - start)
    }

    /// Fills columns of a row with spaces in `style` (a highlight bar, a cleared line).
    ///
    /// Columns outside the screen are ignored; a wide character cut by the range's edges loses
    /// its other half too.
    /// - Parameters:
    ///   - row: the row; nothing happens outside the screen.
    ///   - columns: the columns; `nil` fills the whole row.
    ///   - style: the style of the spaces.
    /// - Complexity: O(w) for the w columns filled.
    mutating func fill(row: Int, columns: Range<Int>? = nil, style: CellStyle = .plain) {
        guard (0..<rows).contains(row) else {
            return
        }
        for column in (columns ?? 0..<self.columns).clamped(to: 0..<self.columns) {
            put(.space, row: row, column: column, style: style)
        }
    }

    /// The column where drawing from `column` stops (exclusive).
    private func limit(from column: Int, maxWidth: Int?) -> Int {
        guard let maxWidth else {
            return columns
        }
        let (sum, overflowed) = column.addingReportingOverflow(max(0, maxWidth))
        return overflowed ? columns : min(columns, sum)
    }

    /// Stands in for a wide character that would be split at `end`: a space in its first column.
    /// - Returns: the column after the last one written.
    private mutating func padSplitCharacter(row: Int, at x: Int, end: Int, style: CellStyle) -> Int {
        guard x >= 0, x < end else {
            return x
        }
        put(.space, row: row, column: x, style: style)
        return x + 1
    }

    /// Puts "…" where text stops for lack of room at `x`: in the column left at `x` (before a
    /// wide character that does not fit), else over the last character written, a wide one
    /// leaving a space after the "…".
    /// - Returns: the column after the last one written.
    private mutating func placeEllipsis(row: Int, at x: Int, end: Int, lastGlyphStart: Int?, style: CellStyle) -> Int {
        if x >= 0, x < end {
            put(.ellipsis, row: row, column: x, style: style)
            return x + 1
        }
        guard let lastGlyphStart else {
            return x
        }
        put(.ellipsis, row: row, column: lastGlyphStart, style: style)
        if lastGlyphStart + 1 < x {
            put(.space, row: row, column: lastGlyphStart + 1, style: style)
        }
        return x
    }
}

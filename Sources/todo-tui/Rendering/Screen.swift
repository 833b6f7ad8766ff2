/// A picture of the whole terminal as a value: a grid of cells, and where the cursor is.
///
/// Everything the app shows is drawn into a `Screen` first (`write`, `fill`, `applyStyle` in
/// `Screen+Writing.swift`); a `Terminal` then presents it. Two screens are equal when every
/// cell (character, width, style) and the cursor are equal, which is what tests compare —
/// usually through `lines` and `styleMap` (`Screen+Text.swift`).
///
/// Invariants: `cells.count == rows * columns`; a continuation cell (the right half of a wide
/// character) always follows the lead cell of its character and has the same style; column 0
/// is never a continuation.
struct Screen: Equatable, Sendable {
    /// Number of rows.
    let rows: Int
    /// Number of columns.
    let columns: Int
    /// Where the terminal shows its cursor (the line editor's insertion point); `nil` hides it.
    var cursor: ScreenPosition?
    /// The cells, row after row.
    private(set) var cells: [Cell]

    /// A blank screen.
    /// - Complexity: O(rows × columns).
    init(rows: Int, columns: Int) {
        precondition(rows >= 0 && columns >= 0, "A screen size is not negative: \(rows)x\(columns).")
        self.rows = rows
        self.columns = columns
        self.cells = Array(repeating: .blank(), count: rows * columns)
    }

    /// A blank screen of `size`.
    /// - Complexity: O(rows × columns).
    init(size: TerminalSize) {
        self.init(rows: size.rows, columns: size.columns)
    }

    /// A screen of `cells` (row after row), or nil unless they keep a screen's invariants: as
    /// many as the size holds, widths 0–2, each wide character's lead followed by its
    /// continuation in the same style, and no continuation without its lead.
    /// - Complexity: O(rows × columns).
    init?(rows: Int, columns: Int, cells: [Cell], cursor: ScreenPosition?) {
        guard rows >= 0, columns >= 0, cells.count == rows * columns else { return nil }
        for (index, cell) in cells.enumerated() {
            let column = index % columns
            if cell.isContinuation {
                guard column > 0, cells[index - 1].width == 2, cells[index - 1].style == cell.style else { return nil }
            } else if cell.width == 2 {
                guard column + 1 < columns, cells[index + 1].isContinuation else { return nil }
            }
        }
        if let cursor, !(0..<rows).contains(cursor.row) || !(0...columns).contains(cursor.column) { return nil }
        self.rows = rows
        self.columns = columns
        self.cells = cells
        self.cursor = cursor
    }

    var size: TerminalSize { TerminalSize(rows: rows, columns: columns) }

    /// The cell at `row`, `column`; both must be inside the screen.
    subscript(row: Int, column: Int) -> Cell {
        precondition(contains(row: row, column: column), "Cell (\(row), \(column)) is outside a \(size) screen.")
        return cells[row * columns + column]
    }

    /// The cells of one row, left to right.
    /// - Complexity: O(1).
    func cells(inRow row: Int) -> ArraySlice<Cell> {
        precondition((0..<rows).contains(row), "Row \(row) is outside a \(size) screen.")
        return cells[row * columns..<(row + 1) * columns]
    }

    /// Whether the position is inside the screen.
    func contains(row: Int, column: Int) -> Bool {
        (0..<rows).contains(row) && (0..<columns).contains(column)
    }

    /// Blanks every cell and hides the cursor.
    /// - Complexity: O(rows × columns).
    mutating func clear() {
        cells = Array(repeating: .blank(), count: rows * columns)
        cursor = nil
    }

    /// Changes the style of cells already drawn, keeping their characters (a selection bar).
    ///
    /// The range is clipped to the screen and widened to whole wide characters, so both halves
    /// of a wide character always share a style.
    /// - Parameters:
    ///   - row: the row; nothing happens outside the screen.
    ///   - columns: the columns; `nil` means the whole row.
    ///   - change: applied to the style of each cell.
    /// - Complexity: O(w) for the w columns changed.
    mutating func applyStyle(row: Int, columns: Range<Int>? = nil, _ change: (inout CellStyle) -> Void) {
        guard (0..<rows).contains(row) else {
            return
        }
        var range = (columns ?? 0..<self.columns).clamped(to: 0..<self.columns)
        guard !range.isEmpty else {
            return
        }
        let base = row * self.columns
        if cells[base + range.lowerBound].isContinuation {
            range = (range.lowerBound - 1)..<range.upperBound
        }
        if cells[base + range.upperBound - 1].width == 2 {
            range = range.lowerBound..<(range.upperBound + 1)
        }
        for column in range {
            change(&cells[base + column].style)
        }
    }

    /// Stores one glyph, keeping wide characters whole: a wide character any of whose halves is
    /// overwritten loses the other half, which becomes a space in its old style.
    ///
    /// The building block of `write` and `fill`; the glyph must fit inside the screen.
    /// - Complexity: O(1).
    mutating func put(_ glyph: InertText.Glyph, row: Int, column: Int, style: CellStyle) {
        precondition(
            contains(row: row, column: column) && column + glyph.width <= columns,
            "A \(glyph.width)-column glyph does not fit at (\(row), \(column)) of a \(size) screen.")
        let index = row * columns + column
        unpair(at: index, column: column)
        if glyph.width == 2 {
            unpair(at: index + 1, column: column + 1)
            cells[index + 1] = .continuation(style)
        }
        cells[index] = Cell(character: glyph.character, width: glyph.width, style: style)
    }

    /// Before a cell is overwritten: blanks the other half of the wide character it belongs to.
    private mutating func unpair(at index: Int, column: Int) {
        let cell = cells[index]
        if cell.isContinuation, column > 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        } else if cell.width == 2, column + 1 < columns {
            cells[index + 1] = .blank(cell.style)
        }
    }
}

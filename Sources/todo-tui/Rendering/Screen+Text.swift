import TodoCore

extension Screen {
    /// The rows as text with trailing spaces trimmed, as `tmux capture-pane -p` prints them.
    ///
    /// A wide character appears once (its continuation cell adds nothing), so the display width
    /// of an untrimmed line is `columns`. Tests compare screens as these quoted lines.
    /// - Complexity: O(rows × columns).
    var lines: [String] {
        (0..<rows).map { line($0) }
    }

    /// One row as text.
    /// - Parameters:
    ///   - row: the row.
    ///   - trimmingTrailingSpaces: drop the spaces at the end (the default, as `lines` does).
    /// - Complexity: O(columns).
    func line(_ row: Int, trimmingTrailingSpaces: Bool = true) -> String {
        var text = ""
        for cell in cells(inRow: row) where !cell.isContinuation {
            text.append(cell.character)
        }
        return trimmingTrailingSpaces ? trimmed(text, blank: " ") : text
    }

    /// One string per row, one character per cell, telling each cell's attributes.
    ///
    /// "." plain, "R" reverse, "B" bold, "D" dim, "U" underline, "S" struck; a cell with several
    /// attributes shows the first of that list it has. Continuation cells repeat their wide
    /// character's letter, so each string has one character per column, trailing "." trimmed.
    /// - Complexity: O(rows × columns).
    var styleMap: [String] {
        symbolMap { cell in
            let attributes = cell.style.attributes
            let letters: [(CellStyle.Attributes, Character)] = [
                (.reverse, "R"), (.bold, "B"), (.dim, "D"), (.underline, "U"), (.struck, "S"),
            ]
            return letters.first { attributes.contains($0.0) }?.1 ?? "."
        }
    }

    /// One string per row, one character per cell, telling each cell's foreground colour.
    ///
    /// "." default, else a named colour's initial: "k" (black), "r", "g", "y", "b", "m", "c",
    /// "w"; "#" for any other colour. Same shape as `styleMap`.
    /// - Complexity: O(rows × columns).
    var colorMap: [String] {
        symbolMap { cell in
            switch cell.style.foreground {
            case .default: "."
            case .indexed(0): "k"
            case .indexed(let index) where index < 8: TerminalColor.names[Int(index)].first ?? "#"
            case .indexed, .rgb: "#"
            }
        }
    }

    private func symbolMap(_ symbol: (Cell) -> Character) -> [String] {
        (0..<rows).map { row in
            trimmed(String(cells(inRow: row).map(symbol)), blank: ".")
        }
    }

    private func trimmed(_ text: String, blank: Character) -> String {
        guard let last = text.lastIndex(where: { $0 != blank }) else {
            return ""
        }
        return String(text[...last])
    }
}

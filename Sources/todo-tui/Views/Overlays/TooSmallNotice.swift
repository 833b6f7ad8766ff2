/// What a window smaller than the app's minimum shows: the longest of a few wordings that fits,
/// wrapped at spaces over the rows there are, down to "!" in a single cell.
enum TooSmallNotice {
    /// The wordings, longest first; `size` is the window's, `minimum` the app's.
    static func wordings(size: TerminalSize, minimum: TerminalSize) -> [String] {
        let need = "\(minimum.columns)×\(minimum.rows)"
        return [
            "Terminal too small (\(size.columns)×\(size.rows)); need \(need).",
            "Too small; need \(need).",
            "Need \(need)",
            "Too small",
            "Small",
            "!",
        ]
    }

    /// The lines to show: the first wording that, wrapped at spaces into lines of at most
    /// `size.columns` columns, fits in `size.rows` rows; none for an empty window.
    /// - Complexity: O(length of the wordings).
    static func lines(size: TerminalSize, minimum: TerminalSize) -> [String] {
        guard size.rows > 0, size.columns > 0 else { return [] }
        for wording in wordings(size: size, minimum: minimum) {
            if let lines = wrapped(wording, width: size.columns), lines.count <= size.rows {
                return lines
            }
        }
        return []
    }

    /// Draws the notice from the top left.
    static func render(size: TerminalSize, minimum: TerminalSize, into screen: inout Screen) {
        for (row, line) in lines(size: size, minimum: minimum).enumerated() {
            screen.write(line, row: row, column: 0)
        }
    }

    /// `text` wrapped at spaces into lines of at most `width` columns; `nil` when a word is
    /// wider than that.
    private static func wrapped(_ text: String, width: Int) -> [String]? {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            guard InertText.width(of: word) <= width else { return nil }
            if line.isEmpty {
                line = String(word)
            } else if InertText.width(of: line) + 1 + InertText.width(of: word) <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty {
            lines.append(line)
        }
        return lines
    }
}

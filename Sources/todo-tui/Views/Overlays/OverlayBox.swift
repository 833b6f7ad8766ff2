/// A framed box of text lines drawn centred over the screen: the help and conflict overlays.
enum OverlayBox {
    /// Where a box's body was drawn: its first line's first column, and its width in columns.
    typealias BodyFrame = (origin: ScreenPosition, width: Int)

    /// Draws `body` in a box titled `title`, centred and clipped to the screen; lines too wide
    /// end in an ellipsis, lines beyond the height are left out.
    /// - Returns: where the body's first line was drawn and how wide the body is (for a caller
    ///   that styles lines of it further); nil when the screen has no room for a box.
    /// - Complexity: O(lines × width).
    @discardableResult
    static func render(title: String, body: [String], into screen: inout Screen) -> BodyFrame? {
        let innerWidth = min(
            screen.columns - 4, max(InertText.width(of: title), body.map { InertText.width(of: $0) }.max() ?? 0) + 2)
        let height = min(screen.rows, body.count + 2)
        guard innerWidth > 4, height > 2 else { return nil }
        let top = max(0, (screen.rows - height) / 2)
        let left = max(0, (screen.columns - innerWidth - 2) / 2)
        let frame = CellStyle(attributes: .bold)
        let rule = String(repeating: "─", count: innerWidth)
        screen.write("┌" + rule + "┐", row: top, column: left, style: frame)
        screen.write(title, row: top, column: left + 2, style: frame, maxWidth: innerWidth - 2)
        for (offset, line) in body.prefix(height - 2).enumerated() {
            let row = top + 1 + offset
            screen.fill(row: row, columns: left..<min(screen.columns, left + innerWidth + 2))
            screen.write("│", row: row, column: left, style: frame)
            screen.write(" " + line, row: row, column: left + 1, maxWidth: innerWidth, overflow: .ellipsis)
            screen.write("│", row: row, column: left + innerWidth + 1, style: frame)
        }
        screen.write("└" + rule + "┘", row: top + height - 1, column: left, style: frame)
        return (ScreenPosition(row: top + 1, column: left + 1), innerWidth)
    }
}

/// The key table (`?`), drawn in a box over the list.
enum HelpOverlay {
    /// Each line: keys, then what they do (DESIGN §4.3).
    static let lines: [(keys: String, action: String)] = [
        ("j k  ↓ ↑", "next / previous item"),
        ("g G  Home End", "first / last item"),
        ("PgDn PgUp", "page down / up"),
        ("a", "add a to-do (dated now)"),
        ("e  Enter", "edit the text"),
        ("d  Delete", "delete (u undoes)"),
        ("x  Space", "toggle done"),
        ("c", "cycle colour"),
        ("t", "change date: today, tomorrow, mon, +3d, 2025-01-31"),
        ("u  U  Ctrl-R", "undo / redo"),
        ("/", "filter as you type (Esc clears)"),
        ("o", "newest or oldest first"),
        ("?", "this help"),
        ("q  Ctrl-C", "quit (everything is saved)"),
    ]

    /// Draws the box centred, clipped to the screen.
    /// - Complexity: O(lines × width).
    static func render(into screen: inout Screen) {
        let keysWidth = lines.map { InertText.width(of: $0.keys) }.max() ?? 0
        let body = lines.map { $0.keys.padding(toLength: keysWidth, withPad: " ", startingAt: 0) + "   " + $0.action }
        let title = " Keys — any key closes "
        let innerWidth = min(screen.columns - 4, max(InertText.width(of: title), body.map { InertText.width(of: $0) }.max() ?? 0) + 2)
        let height = min(screen.rows, body.count + 2)
        guard innerWidth > 4, height > 2 else { return }
        let top = max(0, (screen.rows - height) / 2)
        let left = max(0, (screen.columns - innerWidth - 2) / 2)
        let frame = CellStyle(attributes: .bold)
        screen.write("┌" + String(repeating: "─", count: innerWidth) + "┐", row: top, column: left, style: frame)
        screen.write(title, row: top, column: left + 2, style: frame, maxWidth: innerWidth - 2)
        for (offset, line) in body.prefix(height - 2).enumerated() {
            let row = top + 1 + offset
            screen.fill(row: row, columns: left..<min(screen.columns, left + innerWidth + 2))
            screen.write("│", row: row, column: left, style: frame)
            screen.write(" " + line, row: row, column: left + 1, maxWidth: innerWidth, overflow: .ellipsis)
            screen.write("│", row: row, column: left + innerWidth + 1, style: frame)
        }
        screen.write("└" + String(repeating: "─", count: innerWidth) + "┘", row: top + height - 1, column: left, style: frame)
    }
}

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
        ("p", "cycle priority: none, low !, medium !!, high !!!"),
        ("#", "edit tags, space-separated (#work home)"),
        ("n", "edit notes: Enter new line, Ctrl-S saves, Esc cancels (asks if changed)"),
        ("t", "change date: today, tomorrow, mon, +3d, 2025-01-31"),
        ("u  U  Ctrl-R", "undo / redo"),
        ("/", "filter as you type (Esc clears)"),
        ("o", "order: oldest first, newest first (by priority within a day), by time"),
        ("W", "write the whole list to a new file"),
        ("S", "sync with the CalDAV server now (todo-tui sync setup)"),
        ("?", "this help"),
        ("Ctrl-Z", "suspend (fg resumes)"),
        ("q  Ctrl-C", "quit (everything is saved)"),
    ]

    /// How many lines of the table a window of `rows` rows shows at once (the box's frame
    /// takes two rows).
    static func visibleLines(rows: Int) -> Int {
        max(0, min(rows, lines.count + 2) - 2)
    }

    /// `firstLine` moved into the range that keeps the window's lines filled.
    static func clampedFirstLine(_ firstLine: Int, rows: Int) -> Int {
        min(max(0, firstLine), max(0, lines.count - visibleLines(rows: rows)))
    }

    /// Draws the box centred, clipped to the screen, from line `firstLine`: when the window
    /// cannot show every line, the title says which ones it shows and how to scroll.
    /// - Complexity: O(lines × width).
    static func render(into screen: inout Screen, firstLine: Int = 0) {
        let keysWidth = lines.map { InertText.width(of: $0.keys) }.max() ?? 0
        let body = lines.map { $0.keys.padding(toLength: keysWidth, withPad: " ", startingAt: 0) + "   " + $0.action }
        let visible = visibleLines(rows: screen.rows)
        let first = clampedFirstLine(firstLine, rows: screen.rows)
        guard visible < body.count else {
            OverlayBox.render(title: " Keys — any key closes ", body: body, into: &screen)
            return
        }
        // The longest title the box's top edge holds (OverlayBox's inner width, less a margin).
        let room = min(screen.columns - 4, (body.map { InertText.width(of: $0) }.max() ?? 0) + 2) - 2
        let range = "\(first + 1)–\(first + visible)"
        let titles = [
            " Keys \(range) of \(body.count) · j k PgDn PgUp scroll ",
            " Keys \(range) of \(body.count) · j k scroll ",
            " Keys \(range)/\(body.count) ",
            " Keys ",
        ]
        let title = titles.first { InertText.width(of: $0) <= room } ?? " Keys "
        OverlayBox.render(title: title, body: Array(body[first..<(first + visible)]), into: &screen)
    }
}

/// The key table (`?`), drawn in a box over the list.
enum HelpOverlay {
    /// Each line: keys, then what they do, from the key map.
    static let lines: [(keys: String, action: String)] = KeyMap.standard.lines.map { ($0.keysLabel, $0.action) }

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

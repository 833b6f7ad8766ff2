/// The key table (`?`), drawn in a box over the list: the keys in force, from the key map.
struct HelpOverlay {
    /// Each line: keys, then what they do; a line whose actions have no key says "(no key)".
    let lines: [(keys: String, action: String)]
    /// What the title says scrolls the table: the list's down, up, page-down and page-up keys.
    private let scrollKeys: (lines: String, pages: String)

    init(keys: KeyMap = .standard, editorKeys: EditorKeyMap = .standard) {
        lines = keys.lines.map { line in
            let label = line.keysLabel
            return (label.isEmpty ? "(no key)" : label, line.action(keys: keys, editorKeys: editorKeys))
        }
        let labels = { (commands: [BrowseCommand]) in commands.compactMap(keys.label).joined(separator: " ") }
        scrollKeys = (labels([.down, .up]), labels([.pageDown, .pageUp]))
    }

    /// How many lines of the table a window of `rows` rows shows at once (the box's frame
    /// takes two rows).
    func visibleLines(rows: Int) -> Int {
        max(0, min(rows, lines.count + 2) - 2)
    }

    /// `firstLine` moved into the range that keeps the window's lines filled.
    func clampedFirstLine(_ firstLine: Int, rows: Int) -> Int {
        min(max(0, firstLine), max(0, lines.count - visibleLines(rows: rows)))
    }

    /// Draws the box centred, clipped to the screen, from line `firstLine`: when the window
    /// cannot show every line, the title says which ones it shows and how to scroll.
    /// - Complexity: O(lines × width).
    func render(into screen: inout Screen, firstLine: Int = 0) {
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
        let scroll = [scrollKeys.lines, scrollKeys.pages].filter { !$0.isEmpty }.joined(separator: " ")
        let titles = [
            " Keys \(range) of \(body.count) · \(scroll) scroll ",
            " Keys \(range) of \(body.count) · \(scrollKeys.lines) scroll ",
            " Keys \(range)/\(body.count) ",
            " Keys ",
        ]
        let title = titles.first { InertText.width(of: $0) <= room } ?? " Keys "
        OverlayBox.render(title: title, body: Array(body[first..<(first + visible)]), into: &screen)
    }
}

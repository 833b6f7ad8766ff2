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
        ("Ctrl-Z", "suspend (fg resumes)"),
        ("q  Ctrl-C", "quit (everything is saved)"),
    ]

    /// Draws the box centred, clipped to the screen.
    /// - Complexity: O(lines × width).
    static func render(into screen: inout Screen) {
        let keysWidth = lines.map { InertText.width(of: $0.keys) }.max() ?? 0
        let body = lines.map { $0.keys.padding(toLength: keysWidth, withPad: " ", startingAt: 0) + "   " + $0.action }
        OverlayBox.render(title: " Keys — any key closes ", body: body, into: &screen)
    }
}

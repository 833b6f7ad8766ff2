/// The size of a terminal or screen in character cells.
struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    var rows: Int
    var columns: Int

    init(rows: Int, columns: Int) {
        precondition(rows >= 0 && columns >= 0, "A terminal size is not negative: \(rows)x\(columns).")
        self.rows = rows
        self.columns = columns
    }

    /// "80x24": columns first, as terminals and tmux write it.
    var description: String { "\(columns)x\(rows)" }
}

extension TodoApp {
    /// Keys while the key table is open: when it does not fit the window, the list's down, up,
    /// page-down and page-up keys (j/k, the arrows, PgDn/PgUp unless rebound) scroll it and any
    /// other key closes it; when it fits, any key closes it.
    func handleHelp(_ key: Key, firstLine: Int) -> [AppEffect] {
        let page = max(1, helpOverlay.visibleLines(rows: size.rows))
        guard page < helpOverlay.lines.count else {
            mode = .browse
            return []
        }
        let step: Int? =
            switch keys.command(for: key) {
            case .down: 1
            case .up: -1
            case .pageDown: page
            case .pageUp: -page
            default: nil
            }
        guard let step else {
            mode = .browse
            return []
        }
        mode = .help(firstLine: helpOverlay.clampedFirstLine(firstLine + step, rows: size.rows))
        return []
    }
}

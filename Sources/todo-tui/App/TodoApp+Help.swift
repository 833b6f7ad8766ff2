extension TodoApp {
    /// Keys while the key table is open: when it does not fit the window, j/k, the arrows and
    /// PgUp/PgDn scroll it and any other key closes it; when it fits, any key closes it.
    func handleHelp(_ key: Key, firstLine: Int) -> [AppEffect] {
        let page = max(1, HelpOverlay.visibleLines(rows: size.rows))
        guard page < HelpOverlay.lines.count else {
            mode = .browse
            return []
        }
        let step: Int? =
            switch key {
            case .character("j"), .down: 1
            case .character("k"), .up: -1
            case .pageDown: page
            case .pageUp: -page
            default: nil
            }
        guard let step else {
            mode = .browse
            return []
        }
        mode = .help(firstLine: HelpOverlay.clampedFirstLine(firstLine + step, rows: size.rows))
        return []
    }
}

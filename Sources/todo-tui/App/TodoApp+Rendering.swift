import Foundation
import TodoCore

extension TodoApp {
    /// Draws the whole screen: title bar, the table (or a hint when it is empty), and the status
    /// line, which becomes the line editor while typing; the help overlay on top.
    /// - Complexity: O(width × height) plus the table's visible rows.
    func render(into screen: inout Screen) {
        screen.clear()
        screen.cursor = nil
        guard size.rows >= Self.minimumSize.rows, size.columns >= Self.minimumSize.columns else {
            TooSmallNotice.render(size: size, minimum: Self.minimumSize, into: &screen)
            return
        }
        renderTitleBar(into: &screen)
        table.render(into: &screen, at: ScreenPosition(row: 1, column: 0))
        if controller.numberOfSections == 0 {
            renderEmptyHint(into: &screen)
        }
        renderBottomLine(into: &screen)
        switch mode {
        case .help(let firstLine):
            HelpOverlay.render(into: &screen, firstLine: firstLine)
        case .resolving(let conflicts):
            ConflictOverlay(conflicts: conflicts, titles: SectionTitleFormatter(calendar: calendar), today: now).render(into: &screen)
        case .browse, .editing, .filtering:
            break
        }
    }

    private func renderTitleBar(into screen: inout Screen) {
        let style = CellStyle(attributes: .reverse)
        screen.fill(row: 0, style: style)
        let count = (0..<controller.numberOfSections).reduce(0) { $0 + controller.numberOfItems(inSection: $1) }
        let order = (controller.fetchRequest.sortDescriptors.first?.ascending ?? true) ? "oldest first" : "newest first"
        var left = " todo-tui · \(count) to-do\(count == 1 ? "" : "s")"
        if !filterText.isEmpty {
            left += " matching \(filterText)"
        }
        // A narrow window keeps the count: the order, then the help hint, give way first.
        let leftWanted = min(InertText.width(of: left), Self.shortestTitleWidth)
        let right = ["\(order) · ? help ", "? help ", ""].first { size.columns - InertText.width(of: $0) - 1 >= leftWanted } ?? ""
        let rightWidth = InertText.width(of: right)
        let leftWidth = right.isEmpty ? size.columns : max(0, size.columns - rightWidth - 1)
        let used = screen.write(left, row: 0, column: 0, style: style, maxWidth: leftWidth, overflow: .ellipsis)
        if !right.isEmpty, used + rightWidth < size.columns {
            screen.write(right, row: 0, column: size.columns - rightWidth, style: style)
        }
    }

    private func renderEmptyHint(into screen: inout Screen) {
        let hint = filterText.isEmpty
            ? "No to-dos yet — press a to add one, ? for help"
            : "Nothing matches '\(filterText)' — Esc clears the filter"
        let row = 1 + max(0, (size.rows - 2) / 2 - 1)
        let width = InertText.width(of: hint)
        let column = max(0, (size.columns - width) / 2)
        screen.write(hint, row: row, column: column, style: CellStyle(attributes: .dim), overflow: .ellipsis)
    }

    private func renderBottomLine(into screen: inout Screen) {
        let row = size.rows - 1
        switch mode {
        case .editing(let editor, let purpose):
            let prompt = purpose.prompt
            let used = screen.write(prompt, row: row, column: 0, style: CellStyle(attributes: .bold))
            editor.render(into: &screen, row: row, column: used, width: size.columns - used)
            if let status {
                renderStatus(status, into: &screen, row: row - 1)
            }
        case .filtering(let editor):
            let used = screen.write("/", row: row, column: 0, style: CellStyle(attributes: .bold))
            editor.render(into: &screen, row: row, column: used, width: size.columns - used)
            if let status {
                renderStatus(status, into: &screen, row: row - 1)
            }
        case .browse, .help, .resolving:
            if let status {
                renderStatus(status, into: &screen, row: row)
            } else {
                let hints = isResolvingConflict ? ConflictChoice.hints : Self.keyHints
                screen.write(hints, row: row, column: 0, style: CellStyle(attributes: .dim), overflow: .ellipsis)
            }
        }
    }

    private func renderStatus(_ status: StatusMessage, into screen: inout Screen, row: Int) {
        let style = status.kind == .error ? CellStyle(foreground: .red, attributes: .bold) : CellStyle()
        screen.fill(row: row)
        screen.write(status.text, row: row, column: 0, style: style, overflow: .ellipsis)
    }

    /// The columns the title's count keeps before the order and help hint are dropped.
    static let shortestTitleWidth = 24

    static let keyHints = "a add  e edit  d delete  x done  t date  / filter  u undo  ? keys  q quit"
}

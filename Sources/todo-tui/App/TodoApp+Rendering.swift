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
            helpOverlay.render(into: &screen, firstLine: firstLine)
        case .resolving(let conflicts):
            ConflictOverlay(conflicts: conflicts, titles: titles, today: now).render(into: &screen)
        case .notes(let editor, let id, _):
            // Drawn after the bottom line, so the screen's cursor is the editor's.
            renderNotesEditor(editor, id: id, into: &screen)
        case .pickingList(let picker):
            renderListPicker(picker, into: &screen)
        case .browse, .editing, .filtering:
            break
        }
    }

    /// Day titles as the list's headers write them.
    var titles: SectionTitleFormatter {
        SectionTitleFormatter(calendar: calendar, format: configuration.dayTitles)
    }

    private func renderTitleBar(into screen: inout Screen) {
        let style = CellStyle(foreground: configuration.theme.color(.title), attributes: .reverse)
        screen.fill(row: 0, style: style)
        let count = table.layout.rowCount
        var left = " \(viewTitle ?? "todo-tui") · \(CountFormat.grouped(count)) to-do\(count == 1 ? "" : "s")"
        if !filterText.isEmpty {
            left += " matching \(filterText)"
        }
        // The right part gives way on a narrow screen, the position first, so that the count
        // keeps some room: a title never goes blank for want of space.
        let helpKey = keys.phrase(.help, "help").map { " · \($0) " } ?? " "
        let help = "\(listOrder.title)" + helpKey
        let sync = syncIndicator.map { $0 + " · " } ?? ""
        let rights =
            (positionIndicator.map { ["\($0) · " + sync + help, "\($0) · " + help] } ?? []) + [
                sync + help, help, String(helpKey.dropFirst(3)), "",
            ]
        let leftRoom = min(InertText.width(of: left), Self.leastTitleWidth)
        let right = rights.first { InertText.width(of: $0) + leftRoom + 1 <= size.columns } ?? ""
        let rightWidth = InertText.width(of: right)
        screen.write(
            left, row: 0, column: 0, style: style,
            maxWidth: max(0, size.columns - rightWidth - (right.isEmpty ? 0 : 1)), overflow: .ellipsis)
        if !right.isEmpty {
            screen.write(right, row: 0, column: size.columns - rightWidth, style: style)
        }
    }

    /// The columns of the title's left part ("todo-tui · 30 to-dos") kept before the right part
    /// is shortened.
    static let leastTitleWidth = 24

    /// "1,234 / 10,000": the selected row's place among the rows shown; nil when none is selected.
    /// - Complexity: O(1), so it costs nothing at any list size.
    var positionIndicator: String? {
        guard let path = table.selectedIndexPath, table.layout.contains(path) else { return nil }
        return
            "\(CountFormat.grouped(table.layout.rowNumber(of: path) + 1)) / "
            + "\(CountFormat.grouped(table.layout.rowCount))"
    }

    private func renderEmptyHint(into screen: inout Screen) {
        let ways = [keys.phrase(.add, "to add one").map { "press " + $0 }, keys.phrase(.help, "for help")]
            .compactMap { $0 }
        let hint =
            filterText.isEmpty
            ? "No to-dos yet" + (ways.isEmpty ? "" : " — " + ways.joined(separator: ", "))
            : "Nothing matches '\(filterText)'" + keys.suffix(.clearFilter, "clears the filter")
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
                renderWrappedStatus(status, into: &screen, above: row)
            }
        case .filtering(let editor):
            let used = screen.write("/", row: row, column: 0, style: CellStyle(attributes: .bold))
            editor.render(into: &screen, row: row, column: used, width: size.columns - used)
            if let status {
                renderWrappedStatus(status, into: &screen, above: row)
            }
        case .notes:
            if let status {
                renderStatus(status, into: &screen, row: row)
            } else {
                screen.write(
                    notesKeyHints, row: row, column: 0, style: CellStyle(attributes: .dim), overflow: .ellipsis)
            }
        case .pickingList(let picker):
            if let status {
                renderStatus(status, into: &screen, row: row)
            } else {
                screen.write(
                    pickerKeyHints(picker), row: row, column: 0, style: CellStyle(attributes: .dim), overflow: .ellipsis
                )
            }
        case .browse, .help, .resolving:
            if let status {
                renderStatus(status, into: &screen, row: row)
            } else if mode == .browse, let banner = alarmBanner {
                renderAlarmBanner(banner, into: &screen, row: row)
            } else {
                let hints = isResolvingConflict ? ConflictChoice.hints : keys.hints
                let used = isResolvingConflict ? 0 : renderRepeatWords(into: &screen, row: row)
                screen.write(hints, row: row, column: used, style: CellStyle(attributes: .dim), overflow: .ellipsis)
            }
        }
    }

    private func renderStatus(_ status: StatusMessage, into screen: inout Screen, row: Int) {
        let style =
            status.kind == .error
            ? CellStyle(foreground: configuration.theme.color(.error), attributes: .bold) : CellStyle()
        screen.fill(row: row)
        screen.write(status.text, row: row, column: 0, style: style, overflow: .ellipsis)
    }

    /// A message about the line being typed, in full: wrapped at spaces over as many lines above
    /// the editor as it needs (an error naming every accepted date form runs past one line),
    /// leaving the title bar; only what still does not fit is cut.
    private func renderWrappedStatus(_ status: StatusMessage, into screen: inout Screen, above editorRow: Int) {
        let lines = Self.wrap(status.text, width: size.columns, maxLines: max(1, editorRow - 1))
        for (index, line) in lines.enumerated() {
            renderStatus(
                StatusMessage(text: line, kind: status.kind), into: &screen, row: editorRow - lines.count + index)
        }
    }

    /// `text` broken at spaces into lines of at most `width` columns (a longer word is cut by
    /// the line's ellipsis), at most `maxLines` of them; the last takes the rest.
    static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if current.isEmpty || InertText.width(of: candidate) <= width || lines.count == maxLines - 1 {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        lines.append(current)
        return lines
    }

    /// The line under the notes editor: its keys in force, by the standard map
    /// "Enter new line  Ctrl-S save  Esc cancel  arrows Home End Ctrl-A/E/K/U/W edit".
    var notesKeyHints: String {
        let editor = configuration.editorKeys
        guard editor != .standard else { return Self.standardNotesKeyHints }
        let named: [(EditorCommand, String)] = [(.newLine, "new line"), (.save, "save"), (.cancel, "cancel")]
        return named.compactMap { command, word in editor.label(command).map { "\($0) \(word)" } }.joined(
            separator: "  ")
    }

    static let standardNotesKeyHints = "Enter new line  Ctrl-S save  Esc cancel  arrows Home End Ctrl-A/E/K/U/W edit"
}

import Foundation
import TodoCore

extension TodoApp {
    /// The narrowest the picker's box is drawn, so that a name can be typed in it.
    static let pickerWidth = 32

    /// Draws the list picker in a box over the list: the line that narrows the lists and the
    /// lists (a window around the selection when they do not fit), each after a `■` in its
    /// colour and with its number of to-dos (counts the context keeps: O(1) a row); the selected
    /// one in reverse. Naming and confirming a deletion draw their line or question instead.
    /// - Complexity: O(lists × width).
    func renderListPicker(_ picker: ListPicker, into screen: inout Screen) {
        let lists = currentLists
        let name = { (id: UUID) in lists.first { $0.id == id }?.name ?? "" }
        let pad = { (text: String) in
            text + String(repeating: " ", count: max(0, Self.pickerWidth - InertText.width(of: text)))
        }
        switch picker.stage {
        case .naming(let editor, let renaming):
            let title = renaming.map { " Rename '\(name($0))' " } ?? " New list "
            guard let box = OverlayBox.render(title: title, body: [pad("Name: ")], into: &screen) else { return }
            let used = InertText.width(of: " Name: ")
            editor.render(
                into: &screen, row: box.origin.row, column: box.origin.column + used, width: box.width - used)
        case .confirmingDelete(let id, let count):
            let todos = "\(CountFormat.grouped(count)) to-do\(count == 1 ? "" : "s")"
            let undo = keys.label(.undo).map { " (\($0) undoes)" } ?? ""
            let enter = configuration.editorKeys.label(.submit) ?? "submit"
            OverlayBox.render(
                title: " Delete '\(name(id))'? ",
                body: [
                    "Its \(todos) \(count == 1 ? "goes" : "go") with it\(undo).",
                    "\(enter) deletes; any other key keeps it.",
                ], into: &screen)
        case .choosing:
            renderChoosing(picker, lists: lists, pad: pad, into: &screen)
        }
    }

    private func renderChoosing(
        _ picker: ListPicker, lists: [TodoList], pad: (String) -> String, into screen: inout Screen
    ) {
        let entries = picker.entries(lists: lists)
        let current = picker.current(in: entries)
        let room = max(1, size.rows - 5)
        let selectedIndex = current.flatMap { entries.firstIndex(of: $0) } ?? 0
        let first = max(0, min(selectedIndex - room / 2, entries.count - room))
        let shown = Array(entries[first..<min(entries.count, first + room)])
        let line = { (entry: ListPicker.Entry) -> (text: String, color: TodoColor?) in
            switch entry {
            case .all:
                (Self.counted("  " + Self.allListsTitle, (try? self.context.count(for: FetchRequest())) ?? 0), nil)
            case .list(let id):
                (
                    Self.counted(
                        "■ " + (lists.first { $0.id == id }?.name ?? ""), (try? self.context.count(inList: id)) ?? 0),
                    lists.first { $0.id == id }?.color ?? .default
                )
            }
        }
        var body = [pad("Find: ")] + shown.map { line($0).text }
        if shown.isEmpty { body.append("No list matches.") }
        let title: String
        if case .move(let id) = picker.purpose, let item = try? context.item(with: id) {
            title = " Move '\(item.text)' to "
        } else {
            title = " Lists "
        }
        guard let box = OverlayBox.render(title: title, body: body, into: &screen) else { return }
        for (offset, entry) in shown.enumerated() {
            let row = box.origin.row + 1 + offset
            guard row < screen.rows else { break }
            let (text, color) = line(entry)
            let selected = entry == current
            let base = CellStyle(attributes: selected ? .reverse : [])
            if selected {
                screen.write(
                    " " + text + String(repeating: " ", count: box.width), row: row, column: box.origin.column,
                    style: base, maxWidth: box.width)
            }
            if let color {
                var swatch = base
                swatch.foreground = configuration.theme.color(of: color)
                screen.write("■", row: row, column: box.origin.column + 1, style: swatch)
            }
        }
        let used = InertText.width(of: " Find: ")
        picker.query.render(
            into: &screen, row: box.origin.row, column: box.origin.column + used, width: box.width - used)
    }

    /// A picker line: `label`, then `count` to-dos right-aligned to the picker's width (after one
    /// space at least).
    static func counted(_ label: String, _ count: Int) -> String {
        let number = CountFormat.grouped(count)
        let gap = max(1, pickerWidth - InertText.width(of: label) - InertText.width(of: number))
        return label + String(repeating: " ", count: gap) + number
    }

    /// The line under the picker: its keys in force ("Enter open  Ctrl-N new  …  Esc close").
    func pickerKeyHints(_ picker: ListPicker) -> String {
        let editor = configuration.editorKeys
        let named: [(EditorCommand, String)]
        switch picker.stage {
        case .choosing:
            let choose = picker.purpose == .open ? "open" : "move there"
            named = [
                (.submit, choose), (.newList, "new"), (.renameList, "rename"), (.deleteList, "delete"),
                (.cancel, "close"),
            ]
        case .naming: named = [(.submit, "save"), (.cancel, "back")]
        case .confirmingDelete: named = [(.submit, "delete")]
        }
        let hints = named.compactMap { command, word in editor.label(command).map { "\($0) \(word)" } }
        return ((picker.stage == .choosing ? ["type to find"] : []) + hints).joined(separator: "  ")
    }
}

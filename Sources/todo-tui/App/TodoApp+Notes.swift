import Foundation
import TodoCore

extension TodoApp {
    /// Keys while the notes editor is open. Ctrl-S validates the notes and pushes them into the
    /// list's context through the editor's scratch pad, as Enter does for the line editor. Esc
    /// closes at once when nothing changed; on changed notes it asks, so that a stray Esc (or the
    /// start of an arrow key's sequence read alone) loses no typing: Esc again discards, Ctrl-S
    /// saves, any other key goes on editing (and is applied). The keys are the editors' in force
    /// (`cancel`, `save`).
    func handleNotes(_ key: Key, editor: inout NotesEditor, id: UUID, confirmingDiscard: Bool) -> [AppEffect] {
        if confirmingDiscard, configuration.editorKeys.command(for: key, in: .notes) == .cancel {
            closeEditor(.info("Notes not changed"))
            return []
        }
        switch editor.handle(key, keys: configuration.editorKeys) {
        case .edited, .ignored:
            mode = .notes(editor, id, confirmingDiscard: false)
            return []
        case .cancelled where editor.hasChanges:
            mode = .notes(editor, id, confirmingDiscard: true)
            status = .info(discardNotesQuestion)
            return []
        case .cancelled:
            closeEditor(nil)
            return []
        case .saved(let text):
            return saveNotes(text, editor: editor, id: id)
        }
    }

    /// Asked when Esc (`cancel`) is pressed on changed notes.
    var discardNotesQuestion: String {
        let editor = configuration.editorKeys
        let choices = [editor.label(.cancel).map { "\($0) discards" }, editor.label(.save).map { "\($0) saves" }]
        return "Discard your changes to the notes? "
            + (choices.compactMap { $0 } + ["any other key goes on editing."]).joined(separator: ", ")
    }

    private func saveNotes(_ text: String, editor: NotesEditor, id: UUID) -> [AppEffect] {
        guard let scratch = editorContext else {
            preconditionFailure("an open editor has a scratch context")
        }
        do {
            let valid = try TodoItem.validatedNotes(text)
            try scratch.update(id) { $0.notes = valid }
            let edited = try scratch.item(with: id)?.text ?? ""
            let outcome = valid.isEmpty ? "removed" : "saved"
            return pushEditor("Notes of '\(edited)' \(outcome)" + keys.suffix(.undo, "to undo"))
        } catch let error as ItemError {
            mode = .notes(editor, id, confirmingDiscard: false)
            status = .error(error.description)
            return []
        } catch {
            closeEditor(.error("\(error)"))
            return []
        }
    }

    /// Draws the notes editor over the list: a framed area under the title bar, titled with the
    /// item's text and the keys that leave it.
    func renderNotesEditor(_ editor: NotesEditor, id: UUID, into screen: inout Screen) {
        let top = 1, height = max(3, size.rows - 2)
        let width = size.columns
        let frame = CellStyle(attributes: .bold)
        for row in top..<min(size.rows - 1, top + height) {
            screen.fill(row: row)
        }
        let text = controller.indexPath(forItemWithID: id).map { controller.item(at: $0).text } ?? ""
        let rule = String(repeating: "─", count: max(0, width - 2))
        screen.write("┌" + rule + "┐", row: top, column: 0, style: frame)
        screen.write(
            " Notes: \(text)\(notesTitleKeys)", row: top, column: 2, style: frame,
            maxWidth: max(0, width - 4), overflow: .ellipsis)
        let bottom = min(size.rows - 2, top + height - 1)
        for row in (top + 1)..<bottom {
            screen.write("│", row: row, column: 0, style: frame)
            screen.write("│", row: row, column: width - 1, style: frame)
        }
        screen.write("└" + rule + "┘", row: bottom, column: 0, style: frame)
        editor.render(into: &screen, top: top + 1, left: 2, width: max(0, width - 4), height: max(0, bottom - top - 1))
    }

    /// The notes box title's keys: " · Ctrl-S saves · Esc cancels " by the standard map.
    private var notesTitleKeys: String {
        let editor = configuration.editorKeys
        return [editor.label(.save).map { " · \($0) saves" }, editor.label(.cancel).map { " · \($0) cancels" }]
            .compactMap { $0 }.joined() + " "
    }
}
